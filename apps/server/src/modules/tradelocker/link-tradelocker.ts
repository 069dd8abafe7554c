import type { LinkTradeLockerBody, LinkTradeLockerResult } from '@tp/api/tradelocker'
import { decimalToCents } from '@tp/domain/trades'
import { eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradeLockerAccounts, tradeLockerLinks } from '../../db/schema'
import type { Caller } from '../access/authenticate'
import { consumeAttempt } from '../auth/rate-limit'
import { toTradeLockerLink, tradeLockerAppError, tradeLockerClientOf } from './tradelocker-links'

/**
 * Links a trader's TradeLocker login (or signs it in again): the password goes to TradeLocker's
 * /auth/jwt/token once and is not kept; the tokens are stored sealed. Answers the link and the
 * login's accounts (all-accounts) for the trader to choose which to import.
 */
export async function linkTradeLocker(
  ctx: AppContext,
  caller: Caller & { ip: string },
  body: LinkTradeLockerBody,
): Promise<LinkTradeLockerResult> {
  await consumeAttempt(ctx, 'tradelocker-link', { ip: caller.ip, email: `user:${caller.userId}` })
  const client = tradeLockerClientOf(ctx)
  let tokens
  let accounts
  try {
    tokens = await client.login(body.accountType, {
      email: body.email,
      password: body.password,
      server: body.server,
    })
    accounts = await client.allAccounts(body.accountType, tokens.accessToken)
  } catch (error) {
    throw tradeLockerAppError(error)
  }
  const now = ctx.clock.now()
  const sealed = {
    accessTokenSealed: ctx.secrets.seal(tokens.accessToken),
    refreshTokenSealed: ctx.secrets.seal(tokens.refreshToken),
    accessExpiresAt: tokens.expireDate,
    status: 'active' as const,
    lastError: null,
    lastRefreshedAt: now,
  }
  const [link] = await ctx.db
    .insert(tradeLockerLinks)
    .values({
      userId: caller.userId,
      email: body.email.toLowerCase(),
      server: body.server,
      accountType: body.accountType,
      createdAt: now,
      ...sealed,
    })
    .onConflictDoUpdate({
      target: [
        tradeLockerLinks.userId,
        tradeLockerLinks.accountType,
        tradeLockerLinks.server,
        tradeLockerLinks.email,
      ],
      set: { ...sealed, createdAt: sql`${tradeLockerLinks.createdAt}` },
    })
    .returning()
  const imported = await ctx.db
    .select()
    .from(tradeLockerAccounts)
    .where(eq(tradeLockerAccounts.linkId, link!.id))
  const importedIds = new Set(imported.map((account) => account.tradeLockerId))
  ctx.logger.info(
    { userId: caller.userId, server: body.server, accountType: body.accountType },
    'TradeLocker login linked',
  )
  return {
    link: toTradeLockerLink(link!, imported),
    available: accounts.map((account) => ({
      id: account.id,
      accNum: account.accNum,
      name: account.name,
      currency: account.currency,
      status: account.status,
      balance: decimalToCents(account.balance) / 100,
      isImported: importedIds.has(account.id),
    })),
  }
}
