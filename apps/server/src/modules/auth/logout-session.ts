import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { refreshTokens } from '../../db/schema'
import { hashToken } from '../../lib/crypto'
import { revokeFamily } from './refresh-session'

/**
 * Signs out the session the refresh token belongs to. Answers the same for an unknown token:
 * signing out must always succeed from the browser's point of view.
 */
export async function logoutSession(ctx: AppContext, refreshToken: string): Promise<void> {
  const [stored] = await ctx.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
    .limit(1)
  if (stored) await revokeFamily(ctx, stored.familyId)
}
