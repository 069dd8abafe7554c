import { eq } from 'drizzle-orm'
import type { Session } from '@tp/api'
import type { AppContext } from '../../context'
import { users, type UserRow } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { verifyAgainstNothing, verifyPassword } from '../../lib/passwords'
import { clearFailures, consumeAttempt, recordFailure } from './rate-limit'
import { findUserByEmail } from '../users/find-user'
import { isAdminEmail } from '../users/is-admin-email'
import { startSession } from './start-session'

/** ADMIN_EMAILS applies from the next sign-in, without a migration or a restart. */
export async function applyAdminList(ctx: AppContext, user: UserRow): Promise<UserRow> {
  if (user.role === 'admin' || !isAdminEmail(ctx.env, user.email)) return user
  const [promoted] = await ctx.db
    .update(users)
    .set({ role: 'admin', updatedAt: ctx.clock.now() })
    .where(eq(users.id, user.id))
    .returning()
  return promoted ?? user
}

export async function loginUser(
  ctx: AppContext,
  input: { email: string; password: string },
  ip: string,
): Promise<Session> {
  // every attempt counts against the IP: over its limit, not even the right password gets in
  await consumeAttempt(ctx, 'login', { ip })
  const user = await findUserByEmail(ctx.db, input.email)
  // the same work and the same answer whether the email is unknown or the password wrong
  const isPasswordRight = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password)
  const subject = { ip, email: input.email }
  if (!user || !isPasswordRight) {
    // failures count per email and IP: 429 past the limit, and failures from elsewhere never
    // lock the owner out (docs/decisions/0009-rate-limits.md)
    await recordFailure(ctx, 'login', subject)
    throw new AppError('INVALID_CREDENTIALS')
  }
  await clearFailures(ctx, 'login', subject)
  if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED')
  return startSession(ctx, await applyAdminList(ctx, user))
}
