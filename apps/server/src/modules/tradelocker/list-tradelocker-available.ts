import type { LinkTradeLockerResult } from '@tp/api/tradelocker'
import { decimalToCents } from '@tp/domain/trades'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradeLockerAccounts } from '../../db/schema'
import { loadTradeLockerLinkFor } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { accessTokenOf } from './rotate-tradelocker-tokens'
import { tradeLockerAppError, tradeLockerClientOf } from './tradelocker-links'

/** The accounts of the caller's TradeLocker login (all-accounts), each marked if imported. */
export async function listTradeLockerAvailable(
  ctx: AppContext,
  caller: Caller,
  linkId: string,
): Promise<LinkTradeLockerResult['available']> {
  const link = await loadTradeLockerLinkFor(ctx, caller, linkId, 'manage')
  const accessToken = await accessTokenOf(ctx, link)
  let offered
  try {
    offered = await tradeLockerClientOf(ctx).allAccounts(link.accountType, accessToken)
  } catch (error) {
    throw tradeLockerAppError(error)
  }
  const imported = await ctx.db
    .select({ id: tradeLockerAccounts.tradeLockerId })
    .from(tradeLockerAccounts)
    .where(eq(tradeLockerAccounts.linkId, link.id))
  const importedIds = new Set(imported.map((row) => row.id))
  return offered.map((account) => ({
    id: account.id,
    accNum: account.accNum,
    name: account.name,
    currency: account.currency,
    status: account.status,
    balance: decimalToCents(account.balance) / 100,
    isImported: importedIds.has(account.id),
  }))
}
