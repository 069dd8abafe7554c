import { and, eq, gt, isNull } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { passwordResetTokens, users } from '../../db/schema'
import { sendEmailJob } from '../../jobs/send-email'
import { endUserSessions } from '../access/sessions'
import { findUserById } from '../users/find-user'
import { isoMinute, passwordChangedEmail } from './auth-emails'
import { AppError } from '../../lib/errors'
import { hashToken } from '../../lib/crypto'
import { hashPassword } from '../../lib/passwords'
import { assertPasswordNotBreached } from '../../lib/breached-passwords'
import { consumeAttempt, recordFailure } from './rate-limit'

/**
 * Sets a new password with a reset token: valid once, within its hour. Every other reset token
 * of the user and every session is ended, so whoever knew the old password is out.
 *
 * Rate limited like sign-in (docs/decisions/0009-rate-limits.md): every attempt counts against
 * the IP, and invalid tokens count as failures of that IP. The token is checked before the new
 * password is hashed, so a wrong token costs no argon2 hash; a password refused as breached
 * leaves the token unspent, for another try.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; password: string },
  ip: string,
) {
  await consumeAttempt(ctx, 'reset-password', { ip })
  const now = ctx.clock.now()
  const isUsable = and(
    eq(passwordResetTokens.tokenHash, hashToken(input.token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  )
  const [usable] = await ctx.db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(isUsable)
  if (!usable) {
    await recordFailure(ctx, 'reset-password', { ip })
    throw new AppError('RESET_TOKEN_INVALID')
  }
  await assertPasswordNotBreached(input.password, 'password')
  const passwordHash = await hashPassword(input.password)
  const userId = await ctx.db.transaction(async (tx) => {
    // spent here, conditionally: of two resets racing with one token, one wins
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(isUsable)
      .returning({ userId: passwordResetTokens.userId })
    if (!spent) throw new AppError('RESET_TOKEN_INVALID')
    await tx
      .update(users)
      .set({ passwordHash, emailVerified: true, updatedAt: now })
      .where(and(eq(users.id, spent.userId), eq(users.status, 'active')))
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)))
    return spent.userId
  })
  await endUserSessions(ctx, userId, 'password-reset')
  const user = await findUserById(ctx.db, userId)
  if (user) {
    await ctx.jobs.enqueue(
      sendEmailJob,
      passwordChangedEmail(user.email, {
        appUrl: ctx.env.APP_URL,
        how: 'reset',
        atIso: isoMinute(now),
      }),
    )
  }
}
