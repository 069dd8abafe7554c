import { eq } from 'drizzle-orm'
import type { BillingProfileInput } from '@tp/api'
import type { AppContext } from '../../context'
import { billingProfiles, users } from '../../db/schema'
import type { Caller } from '../access/authenticate'
import { AppError } from '../../lib/errors'
import { resolveTargetUser } from '../users/resolve-target-user'
import { toBillingProfile } from './profile-dto'

/**
 * Saves the billing profile (spec 3). It is locked once saved (spec 4): later changes are
 * refused, except by an admin (e.g. on a support request).
 */
export async function putBillingProfile(
  ctx: AppContext,
  caller: Caller,
  input: BillingProfileInput,
) {
  const { target, isCallerAdmin } = await resolveTargetUser(ctx, caller, input.email)
  const now = ctx.clock.now()
  const { email: _email, ...fields } = input
  return ctx.db.transaction(async (tx) => {
    const insert = tx
      .insert(billingProfiles)
      .values({ userId: target.id, ...fields, lockedAt: now, updatedAt: now })
    // the first save wins atomically; after it only an admin may change the profile, and the
    // lock time stays that of the first save
    const [saved] = isCallerAdmin
      ? await insert
          .onConflictDoUpdate({
            target: billingProfiles.userId,
            set: { ...fields, updatedAt: now },
          })
          .returning()
      : await insert.onConflictDoNothing({ target: billingProfiles.userId }).returning()
    if (!saved) throw new AppError('BILLING_LOCKED')
    const [user] = await tx
      .update(users)
      .set({ phone: fields.phone, updatedAt: now })
      .where(eq(users.id, target.id))
      .returning()
    return {
      updatedProfile: toBillingProfile(user!, saved),
      user: { email: user!.email, phone: user!.phone },
    }
  })
}
