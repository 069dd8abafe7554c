import { tradeLockerMessages, type TradeLockerLink } from '@tp/api/tradelocker'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradeLockerAccounts } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { loadTradeLockerLinkFor } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { accessTokenOf } from './rotate-tradelocker-tokens'
import { syncLinkedAccount } from './sync-linked-account'
import { toTradeLockerLink, tradeLockerAppError, tradeLockerClientOf } from './tradelocker-links'

/** Imports the chosen accounts of the caller's link (ids from all-accounts) with their history. */
export async function importTradeLockerAccounts(
  ctx: AppContext,
  caller: Caller,
  linkId: string,
  accountIds: string[],
): Promise<TradeLockerLink> {
  const link = await loadTradeLockerLinkFor(ctx, caller, linkId, 'manage')
  const accessToken = await accessTokenOf(ctx, link)
  try {
    const offered = await tradeLockerClientOf(ctx).allAccounts(link.accountType, accessToken)
    const chosen = [...new Set(accountIds)].map((id) => {
      const account = offered.find((candidate) => candidate.id === id)
      if (!account) {
        throw new AppError('VALIDATION_FAILED', {
          message: tradeLockerMessages.unknownAccount,
          details: [{ path: 'accounts', message: tradeLockerMessages.unknownAccount }],
        })
      }
      return account
    })
    const existing = await ctx.db
      .select()
      .from(tradeLockerAccounts)
      .where(eq(tradeLockerAccounts.linkId, link.id))
    for (const account of chosen) {
      const row = existing.find((candidate) => candidate.tradeLockerId === account.id) ?? null
      await syncLinkedAccount(ctx, link, accessToken, account, row)
    }
  } catch (error) {
    throw tradeLockerAppError(error)
  }
  const accounts = await ctx.db
    .select()
    .from(tradeLockerAccounts)
    .where(eq(tradeLockerAccounts.linkId, link.id))
  return toTradeLockerLink(link, accounts)
}
