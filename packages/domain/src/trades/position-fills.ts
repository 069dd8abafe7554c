import Decimal from 'decimal.js'
import type { ClosedTrade } from './trade'

/**
 * A filled order of a broker's order history that belongs to a position (TradeLocker's
 * ordersHistory, contracts/integrations.md 5.3): quantities in lots, prices and quantities as the
 * broker sent them (decimal strings are kept exact), times in ms.
 */
export type PositionFill = {
  orderId: string
  positionId: string
  symbol: string
  side: 'buy' | 'sell'
  /** filled quantity in lots */
  qty: string
  /** average fill price */
  price: string
  timeMs: number
}

/**
 * Closed trades from filled orders grouped by position (decision 0044): the position's side is
 * its first fill's; it is closed once the opposite fills add up to the opening ones exactly.
 * Open and close prices are the quantity-weighted averages of each side; the profit is
 * (close - open) x lots x the instrument's lot size (units per lot), negated for a sell, rounded
 * to the cent. Commission and swap are not in an order history: they stay 0. Positions still
 * open come back apart, to be grouped again with later fills, and so do closed ones whose
 * instrument's lot size the broker did not give (`lotSizeOf` null): no profit is guessed.
 */
export function closedTradesFromFills(
  fills: readonly PositionFill[],
  lotSizeOf: (symbol: string) => string | number | null,
): { trades: ClosedTrade[]; openFills: PositionFill[] } {
  const byPosition = new Map<string, PositionFill[]>()
  for (const fill of fills) {
    const list = byPosition.get(fill.positionId)
    if (list) list.push(fill)
    else byPosition.set(fill.positionId, [fill])
  }
  const trades: ClosedTrade[] = []
  const openFills: PositionFill[] = []
  for (const [positionId, list] of byPosition) {
    const sorted = [...list].sort(
      (a, b) => a.timeMs - b.timeMs || a.orderId.localeCompare(b.orderId),
    )
    const first = sorted[0]!
    const entries = sorted.filter((fill) => fill.side === first.side)
    const exits = sorted.filter((fill) => fill.side !== first.side)
    const sum = (items: PositionFill[], value: (fill: PositionFill) => Decimal) =>
      items.reduce((total, fill) => total.plus(value(fill)), new Decimal(0))
    const entryQty = sum(entries, (fill) => new Decimal(fill.qty))
    const exitQty = sum(exits, (fill) => new Decimal(fill.qty))
    const lotSize = lotSizeOf(first.symbol)
    if (exits.length === 0 || !entryQty.equals(exitQty) || entryQty.isZero() || lotSize === null) {
      openFills.push(...sorted)
      continue
    }
    const entryNotional = sum(entries, (fill) => new Decimal(fill.price).times(fill.qty))
    const exitNotional = sum(exits, (fill) => new Decimal(fill.price).times(fill.qty))
    const direction = first.side === 'buy' ? 1 : -1
    const profit = exitNotional
      .minus(entryNotional)
      .times(direction)
      .times(new Decimal(lotSize))
      .toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN)
    const last = sorted[sorted.length - 1]!
    trades.push({
      id: positionId,
      symbol: first.symbol,
      side: first.side,
      volume: entryQty.toNumber(),
      openTime: new Date(first.timeMs).toISOString(),
      closeTime: new Date(last.timeMs).toISOString(),
      openPrice: entryNotional.dividedBy(entryQty).toDecimalPlaces(10).toNumber(),
      closePrice: exitNotional.dividedBy(exitQty).toDecimalPlaces(10).toNumber(),
      profit: profit.toNumber(),
      commission: 0,
      swap: 0,
    })
  }
  trades.sort((a, b) => a.closeTime.localeCompare(b.closeTime) || a.id.localeCompare(b.id))
  return { trades, openFills }
}

/** A broker's decimal amount (string or number) in cents, rounded half to even, exactly. */
export function decimalToCents(value: string | number): number {
  const cents = new Decimal(typeof value === 'string' ? value.trim() : value)
    .times(100)
    .toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN)
  if (!cents.isFinite()) throw new RangeError(`not an amount: ${String(value)}`)
  return cents.toNumber()
}
