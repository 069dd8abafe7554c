import type { barsResponseSchema } from '@tp/api'
import type { InstrumentSymbol, Timeframe } from '@tp/domain'
import type { z } from 'zod'
import type { AppContext } from '../../context'

/** Candles (bid) of a symbol and timeframe opening before `before` (default now), oldest first. */
export async function getMarketBars(
  ctx: AppContext,
  input: {
    symbol: InstrumentSymbol
    timeframe: Timeframe
    limit: number
    before?: number | undefined
  },
): Promise<z.infer<typeof barsResponseSchema>> {
  const bars = await ctx.trading.platform.getBars({
    symbol: input.symbol,
    timeframe: input.timeframe,
    limit: input.limit,
    beforeMs: input.before ?? ctx.clock.now().getTime() + 60_000,
  })
  return {
    symbol: input.symbol,
    timeframe: input.timeframe,
    bars: bars.map((bar) => ({
      t: bar.tMs,
      open: bar.open,
      high: bar.high,
      low: bar.low,
      close: bar.close,
    })),
  }
}
