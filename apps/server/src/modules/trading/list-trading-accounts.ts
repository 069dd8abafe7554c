import type { OwnedTradingAccountDto } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { toOwnedTradingAccountDto } from '../accounts/account-dto'
import { listAccountsOf } from '../accounts/find-account'

/** The caller's own trading accounts, with their credentials. */
export async function listTradingAccounts(
  ctx: AppContext,
  caller: Caller,
): Promise<{ accounts: OwnedTradingAccountDto[] }> {
  const rows = await listAccountsOf(ctx, caller.userId)
  return { accounts: rows.map((row) => toOwnedTradingAccountDto(ctx, row)) }
}
