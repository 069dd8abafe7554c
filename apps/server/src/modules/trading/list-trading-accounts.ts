import type { TradingAccountDto } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { toTradingAccountDto } from '../accounts/account-dto'
import { listAccountsOf } from '../accounts/find-account'

/** The caller's own trading accounts (their passwords: get-trading-credentials.ts). */
export async function listTradingAccounts(
  ctx: AppContext,
  caller: Caller,
): Promise<{ accounts: TradingAccountDto[] }> {
  const rows = await listAccountsOf(ctx, caller.userId)
  return { accounts: rows.map((row) => toTradingAccountDto(ctx, row)) }
}
