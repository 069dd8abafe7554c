import { getPlanPolicy } from '../../src/plans'
import {
  getInstrument,
  parsePrice,
  parseVolume,
  type OpenPosition,
  type Quote,
  type QuoteBook,
  type Side,
} from '../../src/trading'

export const at = (iso: string): number => Date.parse(iso)

/** The plan policy accounts are sold with (1:30 standard, 50 lots, 80% / 50%). */
export const policy = getPlanPolicy('twoPhase.phase1')

/** Points of a decimal price of `symbol`. */
export function price(symbol: string, text: string): number {
  const points = parsePrice(getInstrument(symbol), text)
  if (points === null) throw new Error(`bad price ${text} for ${symbol}`)
  return points
}

export function lots(text: string): number {
  const units = parseVolume(text)
  if (units === null) throw new Error(`bad volume ${text}`)
  return units
}

export function quote(symbol: string, bid: string, ask: string): Quote {
  return { bid: price(symbol, bid), ask: price(symbol, ask) }
}

/** A quote book from decimal bid/ask pairs: book({ EURUSD: ['1.08350', '1.08352'] }). */
export function book(entries: Record<string, readonly [string, string]>): QuoteBook {
  return new Map(
    Object.entries(entries).map(([symbol, [bid, ask]]) => [symbol, quote(symbol, bid, ask)]),
  )
}

let nextId = 1
export function position(
  symbol: string,
  side: Side,
  volume: string,
  openPrice: string,
  swapCents = 0,
  id = `p${nextId++}`,
): OpenPosition {
  return {
    id,
    symbol,
    side,
    volume: lots(volume),
    openPrice: price(symbol, openPrice),
    swap: swapCents,
  }
}
