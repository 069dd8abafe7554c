import { useQuery } from '@tanstack/react-query'
import { barsResponseSchema } from '@tp/api'
import type { Timeframe } from '@tp/domain'
import { api } from '@/lib/api-client'
import { tradingQueryKeys } from './query-keys'

// GET /api/market/bars?symbol=EURUSD&timeframe=M5&limit=300 -> { symbol, timeframe, bars }
// Candles of the bid, oldest first, prices in points; the chart extends the last one live.

export const CHART_BAR_LIMIT = 300

export function getBars(symbol: string, timeframe: Timeframe, signal?: AbortSignal) {
  const query = new URLSearchParams({ symbol, timeframe, limit: String(CHART_BAR_LIMIT) })
  return api.get(`/market/bars?${query.toString()}`, barsResponseSchema, { signal })
}

export function useBars(symbol: string, timeframe: Timeframe) {
  return useQuery({
    queryKey: tradingQueryKeys.bars(symbol, timeframe),
    queryFn: ({ signal }) => getBars(symbol, timeframe, signal),
    // the live candle moves on from the history: coming back to a chart loads it again
    staleTime: 0,
    gcTime: 60_000,
  })
}
