import { and, eq, gt, isNull } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { passwordResetTokens, refreshTokens, users } from '../../db/schema'
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
  await ctx.db.transaction(async (tx) => {
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
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, spent.userId), isNull(refreshTokens.revokedAt)))
  })
}
