import { roundMulDiv } from './exact'
import type { Instrument } from './instruments'
import { quoteOf, type QuoteBook } from './quotes'

/**
 * Which way money flows: a credit is owed to the trader (a gain, a positive swap), a debit is
 * owed by the trader (a loss, a negative swap, margin held).
 */
export type Flow = 'credit' | 'debit'

/**
 * USD cents of an amount in the instrument's profit currency, rounded once to the cent, half
 * away from zero. The amount is `units` x valuation / divisor, where units are points x volume
 * units (x nights, for swaps); see Instrument.valuation.
 *
 * The conversion pair's side is the one a dealer would use to settle the amount in USD: a credit
 * is converted at the side giving fewer dollars, a debit at the side giving more (profit in JPY
 * is divided by the USDJPY ask, a loss by the bid; GBP is multiplied by the GBPUSD bid for a
 * profit, the ask for a loss). This is MetaTrader 5's "tick value profit / tick value loss".
 */
export function toUsdCents(
  instrument: Instrument,
  units: number,
  divisor: number,
  flow: Flow,
  quotes: QuoteBook,
): number {
  const { num, den } = instrument.valuation
  const conversion = instrument.usdConversion
  if (conversion === null) return roundMulDiv(units, num, 1, den, divisor)
  const rate = quoteOf(quotes, conversion.symbol)
  if (conversion.isDivide) {
    // a smaller divisor gives more dollars: credits use the ask, debits the bid
    return roundMulDiv(units, num, 1, den, divisor, flow === 'credit' ? rate.ask : rate.bid)
  }
  return roundMulDiv(units, num, flow === 'credit' ? rate.bid : rate.ask, den, divisor)
}

/** The flow of a signed amount: gains and zero are credits, losses debits. */
export function flowOf(units: number): Flow {
  return units >= 0 ? 'credit' : 'debit'
}
