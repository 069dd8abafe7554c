import { tradeLockerMessages, type TradeLockerAccountType } from '@tp/api/tradelocker'
import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradeLockerLinks } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { Caller } from '../access/authenticate'
import { rotateTradeLockerTokens } from './rotate-tradelocker-tokens'

/**
 * POST /api/tradelocker/refresh (spec 7): the refresh token must be the one of one of the
 * caller's own links on that environment (identity from the caller's token, never the body);
 * TradeLocker rotates both tokens, the link keeps the new ones, the caller gets them.
 */
export async function refreshTradeLockerToken(
  ctx: AppContext,
  caller: Caller,
  body: { refreshToken: string; accountType: TradeLockerAccountType },
): Promise<{ newAccessToken: string; newRefreshToken: string }> {
  const links = await ctx.db
    .select({ id: tradeLockerLinks.id, status: tradeLockerLinks.status })
    .from(tradeLockerLinks)
    .where(
      and(
        eq(tradeLockerLinks.userId, caller.userId),
        eq(tradeLockerLinks.accountType, body.accountType),
      ),
    )
  for (const link of links) {
    const outcome = await rotateTradeLockerTokens(ctx, link.id, body.refreshToken)
    if (outcome.result === 'not-this-token') continue
    if (outcome.result === 'needs-login') {
      throw new AppError('VALIDATION_FAILED', { message: tradeLockerMessages.needsLogin })
    }
    return {
      newAccessToken: outcome.tokens.accessToken,
      newRefreshToken: outcome.tokens.refreshToken,
    }
  }
  throw new AppError('VALIDATION_FAILED', {
    message: tradeLockerMessages.refreshRefused,
    details: [{ path: 'refreshToken', message: tradeLockerMessages.refreshRefused }],
  })
}
