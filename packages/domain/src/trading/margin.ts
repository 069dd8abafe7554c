import type { PlanPolicy } from '../plans'
import { toUsdCents } from './conversion'
import { getInstrument, type Instrument } from './instruments'
import type { QuoteBook } from './quotes'
import type { PositionTerms } from './profit'

/**
 * The leverage an instrument trades at: the account's for forex, capped by the asset class
 * otherwise (metals and indices 1:20, crypto 1:2; see assetClassTerms).
 */
export function effectiveLeverage(instrument: Instrument, accountLeverage: number): number {
  assertLeverage(accountLeverage)
  return instrument.leverageCap === null
    ? accountLeverage
    : Math.min(accountLeverage, instrument.leverageCap)
}

/** Whether an account may be given this leverage under its plan (1:N, N a whole number). */
export function isLeverageAllowed(leverage: number, policy: Pick<PlanPolicy, 'leverage'>): boolean {
  return Number.isSafeInteger(leverage) && leverage >= 1 && leverage <= policy.leverage.max
}

/**
 * Margin in USD cents to hold `volume` at `price` (points): volume x contract size x price /
 * leverage in the profit currency (MetaTrader's "CFD leverage" formula, which for forex equals
 * lots x contract size / leverage in the base currency), converted as a debit, rounded to the cent.
 */
export function requiredMargin(
  instrument: Instrument,
  volume: number,
  price: number,
  accountLeverage: number,
  quotes: QuoteBook,
): number {
  const leverage = effectiveLeverage(instrument, accountLeverage)
  return toUsdCents(instrument, price * volume, leverage, 'debit', quotes)
}

/**
 * Margin of one open position: at its open price, converted at the current rate (so a USD-quoted
 * position holds the same margin from open to close).
 */
export function positionMargin(
  position: PositionTerms,
  accountLeverage: number,
  quotes: QuoteBook,
): number {
  const instrument = getInstrument(position.symbol)
  return requiredMargin(instrument, position.volume, position.openPrice, accountLeverage, quotes)
}

/**
 * Margin of a hedging account: per symbol, the larger of the buy side's and the sell side's
 * margins (each position's margin rounded to the cent first), summed over symbols. Opposite
 * positions in one symbol offset each other's risk, so the smaller leg holds no extra margin.
 */
export function accountMargin(
  positions: readonly PositionTerms[],
  accountLeverage: number,
  quotes: QuoteBook,
): number {
  if (positions.length === 0) return 0
  const sides = new Map<string, { buy: number; sell: number }>()
  for (const position of positions) {
    const margin = positionMargin(position, accountLeverage, quotes)
    const symbolSides = sides.get(position.symbol)
    if (symbolSides) symbolSides[position.side] += margin
    else sides.set(position.symbol, { buy: 0, sell: 0, [position.side]: margin })
  }
  let total = 0
  for (const { buy, sell } of sides.values()) total += Math.max(buy, sell)
  return total
}

function assertLeverage(leverage: number): void {
  if (!Number.isSafeInteger(leverage) || leverage < 1) {
    throw new RangeError(`leverage is a whole number 1:N, got ${leverage}`)
  }
}
