import type { quotesResponseSchema } from '@tp/api'
import { instrumentSymbolSchema, marketStatus, type InstrumentSymbol } from '@tp/domain'
import type { z } from 'zod'
import type { AppContext } from '../../context'

/** The platform's symbols the terminal knows (the instrument catalogue of @tp/domain). */
async function knownSymbols(ctx: AppContext): Promise<InstrumentSymbol[]> {
  return (await ctx.trading.platform.listSymbols()).flatMap(({ symbol }) => {
    const known = instrumentSymbolSchema.safeParse(symbol)
    return known.success ? [known.data] : []
  })
}

/**
 * The latest quote of every instrument, and whether its market is open by the firm's calendar
 * (the hours the app's order checks use, whatever the platform). The calendar's answers are
 * cached per symbol until its next open or close (@tp/domain marketStatus).
 */
export async function getMarketQuotes(
  ctx: AppContext,
): Promise<z.infer<typeof quotesResponseSchema>> {
  const nowMs = ctx.clock.now().getTime()
  const symbols = await knownSymbols(ctx)
  const quotes = await ctx.trading.platform.listQuotes({ symbols })
  return {
    quotes: quotes.map((quote) => ({
      symbol: quote.symbol as InstrumentSymbol,
      bid: quote.bid,
      ask: quote.ask,
      t: quote.tMs,
    })),
    markets: symbols.map((symbol) => {
      const status = marketStatus(symbol, nowMs)
      return {
        symbol,
        isOpen: status.isOpen,
        nextOpenAt: status.isOpen ? null : isoString(status.nextOpen),
        nextCloseAt:
          status.nextClose === null || !status.isOpen ? null : isoString(status.nextClose),
      }
    }),
  }
}

/** ISO strings of the few instants markets open or close at, made once each. */
const isoStrings = new Map<number, string>()

function isoString(tMs: number): string {
  let iso = isoStrings.get(tMs)
  if (iso === undefined) {
    if (isoStrings.size >= 1_000) isoStrings.clear()
    iso = new Date(tMs).toISOString()
    isoStrings.set(tMs, iso)
  }
  return iso
}
