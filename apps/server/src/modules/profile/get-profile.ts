import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { billingProfiles, profiles } from '../../db/schema'
import type { Caller } from '../access/authenticate'
import { resolveTargetUser } from '../users/resolve-target-user'
import { toUser } from '../users/user-dto'
import { toBillingProfile, toPublicProfile } from './profile-dto'

export async function getProfile(ctx: AppContext, caller: Caller, email: string | undefined) {
  const { target } = await resolveTargetUser(ctx, caller, email)
  const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.userId, target.id))
  const [billing] = await ctx.db
    .select()
    .from(billingProfiles)
    .where(eq(billingProfiles.userId, target.id))
  return {
    user: toUser(target),
    profile: toPublicProfile(target, profile),
    email: target.email,
    billing: billing ? toBillingProfile(target, billing) : null,
  }
}
