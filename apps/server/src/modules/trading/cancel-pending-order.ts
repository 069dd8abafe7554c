import type { AccountState } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { findPendingOrder } from './open-trades'
import { readAccountState } from './read-account-state'
import { assertTradable, valueOf } from './trading-errors'

/** The owner cancels a pending order. */
export async function cancelPendingOrder(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; orderId: string },
): Promise<{ state: AccountState }> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'trade')
  const externalId = assertTradable(row)
  const order = await findPendingOrder(ctx, externalId, input.orderId)
  valueOf(await ctx.trading.platform.cancelOrder(externalId, order.id))
  return { state: await readAccountState(ctx, row.id) }
}
