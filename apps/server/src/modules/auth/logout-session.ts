import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { refreshTokens } from '../../db/schema'
import { hashToken } from '../../lib/crypto'
import { endSession } from '../access/sessions'

/**
 * Signs out: the session of the refresh token (or, without one, of the access token that called)
 * ends, so its access token stops working at once. Answers the same for an unknown token:
 * signing out must always succeed from the browser's point of view.
 */
export async function logoutSession(
  ctx: AppContext,
  input: { refreshToken?: string | undefined; sessionId?: string | undefined },
): Promise<void> {
  let sessionId = input.sessionId
  if (input.refreshToken) {
    const [stored] = await ctx.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(input.refreshToken)))
      .limit(1)
    if (stored) sessionId = stored.familyId
  }
  if (sessionId) await endSession(ctx, sessionId, 'sign-out')
}
