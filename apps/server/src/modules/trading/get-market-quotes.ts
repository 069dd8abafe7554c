import type { quotesResponseSchema } from '@tp/api'
import {
  instrumentSymbolSchema,
  isMarketOpen,
  nextMarketClose,
  nextMarketOpen,
  type InstrumentSymbol,
} from '@tp/domain'
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
 * (the hours the app's order checks use, whatever the platform).
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
      const isOpen = isMarketOpen(symbol, nowMs)
      const nextClose = isOpen ? nextMarketClose(symbol, nowMs) : null
      return {
        symbol,
        isOpen,
        nextOpenAt: isOpen ? null : new Date(nextMarketOpen(symbol, nowMs)).toISOString(),
        nextCloseAt: nextClose === null ? null : new Date(nextClose).toISOString(),
      }
    }),
  }
}
