import type { AccountState, PendingOrderDto, PlaceOrderInput, PositionDto } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { toOrderDto, toPositionDto } from '../accounts/account-state'
import { assertNotPausedForPayout } from '../payouts/payout-pause'
import { assertFirmOrder } from './firm-checks'
import { instrumentOf, pricePoints, volumeUnits } from './parse-trade-input'
import { readAccountState } from './read-account-state'
import { assertTradable, tradingRejected } from './trading-errors'

/**
 * The owner places a market order (filled at once) or a pending order. The firm's rules (market
 * hours, the plan's lot cap) are checked here first; the platform then checks what is its own
 * (prices, stops, margin) and fills.
 */
export async function placeOrder(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string } & PlaceOrderInput,
): Promise<{ position: PositionDto | null; order: PendingOrderDto | null; state: AccountState }> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'trade')
  const externalId = assertTradable(row)
  const instrument = instrumentOf(input.symbol)
  const volume = volumeUnits(input.volume)
  const request = {
    symbol: instrument.symbol,
    type: input.type,
    volume,
    // a market order's price is refused by the platform's checks, with their message
    price: pricePoints(instrument, 'price', input.price),
    stopLoss: pricePoints(instrument, 'stopLoss', input.stopLoss),
    takeProfit: pricePoints(instrument, 'takeProfit', input.takeProfit),
  }
  assertFirmOrder(ctx, row, externalId, instrument, volume)
  // firm policy: no new orders while a payout request of the account is under review
  await assertNotPausedForPayout(ctx, row.id)
  const result = await ctx.trading.platform.placeOrder(externalId, request)
  if (!result.ok) throw tradingRejected(result.issues)
  return {
    position: result.position ? toPositionDto(result.position) : null,
    order: result.order ? toOrderDto(result.order) : null,
    state: await readAccountState(ctx, row.id),
  }
}
