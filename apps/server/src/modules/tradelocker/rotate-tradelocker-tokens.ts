import { tradeLockerMessages } from '@tp/api/tradelocker'
import { timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradeLockerLinks, type TradeLockerLinkRow } from '../../db/schema'
import {
  TradeLockerError,
  type TradeLockerTokens,
} from '../../integrations/tradelocker/tradelocker-client'
import { AppError } from '../../lib/errors'
import { tradeLockerAppError, tradeLockerClientOf } from './tradelocker-links'

export type RotationOutcome =
  | { result: 'rotated'; tokens: TradeLockerTokens; link: TradeLockerLinkRow }
  /** TradeLocker refused the refresh token (used, expired or revoked): the link needs a sign-in */
  | { result: 'needs-login' }
  /** `expected` was given and is not the link's refresh token */
  | { result: 'not-this-token' }

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Rotates a link's tokens through TradeLocker's /auth/jwt/refresh (decision 0044). The link's row
 * is locked for the call, so the 30-minute job and the refresh route never both spend the same
 * refresh token (TradeLocker accepts each one once). A refusal clears the tokens and marks the
 * link needs-login with the reason the trader is shown; other failures leave the link as it was.
 */
export async function rotateTradeLockerTokens(
  ctx: AppContext,
  linkId: string,
  expected?: string,
): Promise<RotationOutcome> {
  const client = tradeLockerClientOf(ctx)
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(tradeLockerLinks)
      .where(eq(tradeLockerLinks.id, linkId))
      .for('update')
    if (!row || row.status !== 'active' || !row.refreshTokenSealed) return { result: 'needs-login' }
    const current = ctx.secrets.open(row.refreshTokenSealed)
    if (expected !== undefined && !sameText(current, expected)) return { result: 'not-this-token' }
    let tokens: TradeLockerTokens
    try {
      tokens = await client.refresh(row.accountType, current)
    } catch (error) {
      if (!(error instanceof TradeLockerError) || error.kind !== 'credentials') {
        throw tradeLockerAppError(error)
      }
      await tx
        .update(tradeLockerLinks)
        .set({
          status: 'needs-login',
          accessTokenSealed: null,
          refreshTokenSealed: null,
          accessExpiresAt: null,
          lastError: tradeLockerMessages.needsLogin,
        })
        .where(eq(tradeLockerLinks.id, row.id))
      ctx.logger.warn({ linkId: row.id }, 'TradeLocker refused a refresh: the link needs a sign-in')
      return { result: 'needs-login' }
    }
    const [link] = await tx
      .update(tradeLockerLinks)
      .set({
        accessTokenSealed: ctx.secrets.seal(tokens.accessToken),
        refreshTokenSealed: ctx.secrets.seal(tokens.refreshToken),
        accessExpiresAt: tokens.expireDate,
        lastRefreshedAt: ctx.clock.now(),
        lastError: null,
      })
      .where(eq(tradeLockerLinks.id, row.id))
      .returning()
    return { result: 'rotated', tokens, link: link! }
  })
}

/** A link's access token, rotated first when it ends within 2 minutes; needs-login otherwise. */
export async function accessTokenOf(ctx: AppContext, link: TradeLockerLinkRow): Promise<string> {
  const isFresh =
    link.status === 'active' &&
    link.accessTokenSealed !== null &&
    link.accessExpiresAt !== null &&
    link.accessExpiresAt.getTime() - ctx.clock.now().getTime() > 2 * 60_000
  if (isFresh) return ctx.secrets.open(link.accessTokenSealed!)
  const outcome = await rotateTradeLockerTokens(ctx, link.id)
  if (outcome.result !== 'rotated') {
    throw new AppError('VALIDATION_FAILED', { message: tradeLockerMessages.needsLogin })
  }
  return outcome.tokens.accessToken
}
