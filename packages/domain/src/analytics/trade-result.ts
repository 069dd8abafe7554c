import Decimal from 'decimal.js'
import type { Trade } from '../trades/trade'

/**
 * Money in the analytics is integer cents: sums of any number of trades stay exact (JS numbers
 * hold integers exactly up to 2^53 cents, ~90 trillion), and only the final figure is turned
 * back into an amount. Inputs are amounts "exact to the cent in practice" (trades/trade.ts), so
 * rounding each one to the nearest cent removes binary noise (0.1 * 100 = 10.000000000000002)
 * without changing its value.
 */
export function amountToCents(amount: number): number {
  return Math.round(amount * 100)
}

export function centsToAmount(cents: number): number {
  return cents / 100
}

/** A trade's result as MetaTrader defines it: profit + commission + swap (contract definitions). */
export function tradeResultCents(trade: Pick<Trade, 'profit' | 'commission' | 'swap'>): number {
  return amountToCents(trade.profit) + amountToCents(trade.commission) + amountToCents(trade.swap)
}

/**
 * The one definition of a winning trade, used by the dashboard and by statement summaries
 * alike: a result of exactly zero counts as a win, as MetaTrader counts it (contracts/
 * statement-report.md), so our win rate matches the one traders see in their terminal.
 */
export function isWinningResult(resultCents: number): boolean {
  return resultCents >= 0
}

/** numerator / denominator rounded half-up to 2 decimals; 0 when the denominator is 0. */
export function ratio2dp(numerator: number, denominator: number): number {
  if (denominator === 0) return 0
  return new Decimal(numerator)
    .div(denominator)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toNumber()
}

/** part / whole in percent, rounded half-up to 2 decimals; 0 when the whole is 0. */
export function percent2dp(part: number, whole: number): number {
  if (whole === 0) return 0
  return new Decimal(part)
    .times(100)
    .div(whole)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toNumber()
}

/** cents / count as an amount rounded half-up to the cent; 0 when the count is 0. */
export function averageAmount(totalCents: number, count: number): number {
  if (count === 0) return 0
  return new Decimal(totalCents)
    .div(count)
    .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
    .div(100)
    .toNumber()
}
