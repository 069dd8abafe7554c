import type { QuoteDto } from '@tp/api'

type Listener = () => void

/**
 * The latest quote of each symbol, outside React: the stream writes every message straight in,
 * and each reader (a symbol row, the ticket, the chart) subscribes to what it shows, so a tick
 * re-renders only those. Snapshots are immutable: a symbol's quote object changes only when the
 * symbol moved, the book only when something did.
 */
export class QuoteStore {
  private readonly quotes = new Map<string, QuoteDto>()
  private book: ReadonlyMap<string, QuoteDto> = new Map()
  private readonly listeners = new Set<Listener>()

  /** Applies quotes; one older than the one held (a late REST seed) is ignored. */
  apply(quotes: readonly QuoteDto[]): void {
    let hasChanged = false
    for (const quote of quotes) {
      const held = this.quotes.get(quote.symbol)
      if (held && held.t > quote.t) continue
      this.quotes.set(quote.symbol, quote)
      hasChanged = true
    }
    if (!hasChanged) return
    this.book = new Map(this.quotes)
    for (const listener of this.listeners) listener()
  }

  get(symbol: string): QuoteDto | undefined {
    return this.quotes.get(symbol)
  }

  /** Every quote held: what the domain's conversions read (QuoteBook). */
  getBook(): ReadonlyMap<string, QuoteDto> {
    return this.book
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }
}
