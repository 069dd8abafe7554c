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

/**
 * Sets a new password with a reset token: valid once, within its hour. Every other reset token
 * of the user and every session is ended, so whoever knew the old password is out.
 */
export async function resetPassword(ctx: AppContext, input: { token: string; password: string }) {
  const now = ctx.clock.now()
  const passwordHash = await hashPassword(input.password)
  const userId = await ctx.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
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
