import type { AppContext } from '../../context'
import { loadAccountFor } from '../access/access-policy'
import type { Caller } from '../access/authenticate'

/** Stops the account's scripted path (if any) and gives the account back to the market. */
export async function stopPricePath(
  ctx: AppContext,
  caller: Caller,
  accountId: string,
): Promise<void> {
  const row = await loadAccountFor(ctx, caller, accountId, 'manage')
  if (row.externalId) ctx.trading.simulated?.clearAccountQuotes(row.externalId)
}
