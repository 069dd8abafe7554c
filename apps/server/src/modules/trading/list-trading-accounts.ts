import type { TradingAccountDto } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { toCachedAccountRow } from '../access/read-cache'
import { toTradingAccountDto } from '../accounts/account-dto'
import { listAccountsOf } from '../accounts/find-account'

/**
 * The caller's own trading accounts (their passwords: get-trading-credentials.ts), from the read
 * cache while it holds the caller's list (decision 0040: dropped by any change of one of them, a
 * new one or one moved away, whoever makes it).
 */
export async function listTradingAccounts(
  ctx: AppContext,
  caller: Caller,
): Promise<{ accounts: TradingAccountDto[] }> {
  let rows = ctx.reads.accountLists.get(caller.userId)
  if (!rows) {
    const readGeneration = ctx.reads.accountLists.beginRead()
    const read = (await listAccountsOf(ctx, caller.userId)).map(toCachedAccountRow)
    rows = Object.freeze(read)
    ctx.reads.storeAccountList(caller.userId, rows, readGeneration)
  }
  return { accounts: rows.map((row) => toTradingAccountDto(ctx, row)) }
}
