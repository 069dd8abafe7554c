import { z } from 'zod'

/**
 * A price quote in integer points (price x 10^digits): the bid a trader sells at and the ask a
 * trader buys at. Every price in the trading maths is in points.
 */
export interface Quote {
  readonly bid: number
  readonly ask: number
}

/** A quote of a symbol at an instant (ms since the epoch). */
export interface Tick extends Quote {
  readonly symbol: string
  readonly tMs: number
}

/** The latest quote of each symbol, as the server holds them. */
export type QuoteBook = ReadonlyMap<string, Quote>

export const sides = ['buy', 'sell'] as const
export type Side = (typeof sides)[number]
export const sideSchema = z.enum(sides)

export class MissingQuoteError extends Error {
  constructor(readonly symbol: string) {
    super(`no quote for ${symbol}`)
    this.name = 'MissingQuoteError'
  }
}

export function quoteOf(quotes: QuoteBook, symbol: string): Quote {
  const quote = quotes.get(symbol)
  if (quote === undefined) throw new MissingQuoteError(symbol)
  return quote
}

/** A buy opens at the ask, a sell at the bid. */
export function openingPrice(side: Side, quote: Quote): number {
  return side === 'buy' ? quote.ask : quote.bid
}

/** A buy closes by selling at the bid, a sell by buying back at the ask. */
export function closingPrice(side: Side, quote: Quote): number {
  return side === 'buy' ? quote.bid : quote.ask
}

export function oppositeSide(side: Side): Side {
  return side === 'buy' ? 'sell' : 'buy'
}
