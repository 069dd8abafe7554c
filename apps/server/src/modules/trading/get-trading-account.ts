import type { AccountState } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { loadAccountViewFor } from '../access/access-policy'
import { getAccountState } from '../accounts/account-state'

/** An account's figures, positions, orders, rule meters and breach evidence: owner or admin. */
export async function getTradingAccount(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string },
): Promise<AccountState> {
  const row = await loadAccountViewFor(ctx, caller, input.accountId, 'read')
  return getAccountState(ctx, row)
}
