import { flowOf, toUsdCents, type Flow } from './conversion'
import { getInstrument, type Instrument } from './instruments'
import { closingPrice, quoteOf, type QuoteBook, type Side } from './quotes'

/** What the P/L maths needs of a position: prices in points, volume in hundredths of a lot. */
export interface PositionTerms {
  readonly symbol: string
  readonly side: Side
  readonly volume: number
  readonly openPrice: number
}

/**
 * Profit in USD cents of closing `volume` at `closePrice` (points), MetaTrader style:
 * (close - open) x volume x contract size for a buy, (open - close) x ... for a sell, in the
 * profit currency, then converted (conversion.ts) and rounded once to the cent.
 */
export function profitAt(
  instrument: Instrument,
  side: Side,
  volume: number,
  openPrice: number,
  closePrice: number,
  quotes: QuoteBook,
): number {
  const units = (side === 'buy' ? closePrice - openPrice : openPrice - closePrice) * volume
  return toUsdCents(instrument, units, 1, flowOf(units), quotes)
}

/**
 * Floating profit of an open position at the current quotes: what closing it now would realise
 * (a buy closes at the bid, a sell at the ask). The hot path of live risk: one map lookup for
 * the instrument, one or two for quotes, integer arithmetic.
 */
export function positionProfit(position: PositionTerms, quotes: QuoteBook): number {
  const instrument = getInstrument(position.symbol)
  const close = closingPrice(position.side, quoteOf(quotes, position.symbol))
  return profitAt(instrument, position.side, position.volume, position.openPrice, close, quotes)
}

/**
 * USD cents one pip is worth for `volume`. By default for a pip against the position (a debit):
 * the figure a trader sizes risk with. For USD-quoted instruments both flows are equal.
 */
export function pipValue(
  instrument: Instrument,
  volume: number,
  quotes: QuoteBook,
  flow: Flow = 'debit',
): number {
  return toUsdCents(instrument, instrument.pipPoints * volume, 1, flow, quotes)
}
