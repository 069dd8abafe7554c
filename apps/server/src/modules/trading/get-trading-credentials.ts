import type { TradingCredentials } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { toTradingCredentials } from '../accounts/account-dto'

/**
 * The account's login, server and passwords, unsealed on demand: its owner only ('trade' access,
 * so an admin gets 403). Account states and stream pushes never carry them.
 */
export async function getTradingCredentials(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string },
): Promise<TradingCredentials> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'trade')
  return toTradingCredentials(ctx, row)
}
