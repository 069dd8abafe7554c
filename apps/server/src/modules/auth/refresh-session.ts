import { and, eq, isNull } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { refreshTokens } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { hashToken } from '../../lib/crypto'
import { findUserById } from '../users/find-user'
import { endSession } from '../access/sessions'
import { issueTokens } from './start-session'

/**
 * Rotation: a refresh token is spent by its first use and the next one is issued in the same
 * family. A spent token presented again means two parties hold the session (a copied token),
 * so the whole family is revoked and both must sign in again (docs/decisions/0007).
 */
export async function refreshSession(
  ctx: AppContext,
  refreshToken: string,
): Promise<{ token: string; refreshToken: string }> {
  const now = ctx.clock.now()
  const [stored] = await ctx.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
    .limit(1)
  if (!stored || stored.revokedAt) throw new AppError('INVALID_REFRESH_TOKEN')
  if (stored.usedAt) {
    ctx.logger.warn({ userId: stored.userId, familyId: stored.familyId }, 'refresh token reused')
    await endSession(ctx, stored.familyId, 'refresh-token-reuse')
    throw new AppError('INVALID_REFRESH_TOKEN')
  }
  if (stored.expiresAt <= now) throw new AppError('INVALID_REFRESH_TOKEN')

  const user = await findUserById(ctx.db, stored.userId)
  if (!user || user.status !== 'active') throw new AppError('INVALID_REFRESH_TOKEN')

  return ctx.db.transaction(async (tx) => {
    // spending is conditional, so of two concurrent refreshes with one token only one wins
    const spent = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.id, stored.id),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ id: refreshTokens.id })
    if (spent.length === 0) throw new AppError('INVALID_REFRESH_TOKEN')
    return issueTokens(ctx, tx, user, stored.familyId)
  })
}
