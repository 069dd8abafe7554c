import type { AccountState } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { findPendingOrder } from './open-trades'
import { instrumentOf, pricePoints } from './parse-trade-input'
import { readAccountState } from './read-account-state'
import { assertTradable, valueOf } from './trading-errors'

/** The owner moves a pending order's price, stop loss and take profit. */
export async function modifyPendingOrder(
  ctx: AppContext,
  caller: Caller,
  input: {
    accountId: string
    orderId: string
    price: string
    stopLoss: string | null
    takeProfit: string | null
  },
): Promise<{ state: AccountState }> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'trade')
  const externalId = assertTradable(row)
  const order = await findPendingOrder(ctx, externalId, input.orderId)
  const instrument = instrumentOf(order.symbol)
  valueOf(
    await ctx.trading.platform.modifyOrder(externalId, order.id, {
      price: pricePoints(instrument, 'price', input.price),
      stopLoss: pricePoints(instrument, 'stopLoss', input.stopLoss),
      takeProfit: pricePoints(instrument, 'takeProfit', input.takeProfit),
    }),
  )
  return { state: await readAccountState(ctx, row.id) }
}
