import type { AnalyticsPeriod, MetaStatsVisualTradesResponse } from '@tp/api'
import { computeVisualTrades } from '@tp/domain'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { toCents, toVolumeUnits } from './analytics-figures'
import { loadLedgerAnalytics } from './load-account-analytics'

/**
 * POST /api/metaStats/visual-trades: total profit by position size, holding time, symbol and type,
 * and Total Trades Analysis over the month, week or year (`index`, spec 2.12/3/7).
 */
export async function getVisualTrades(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; email?: string | undefined; index: AnalyticsPeriod },
): Promise<MetaStatsVisualTradesResponse> {
  const { row, source, now, todayKey } = await loadLedgerAnalytics(ctx, caller, input)
  // the whole answer once per version, period and trading day, frozen: its JSON is made once too
  // (the route's sharedAnswerSerializerCompiler)
  return source.view(`visual-trades-answer:${input.index}:${todayKey}`, (ledger) => {
    const trades = computeVisualTrades(ledger, input.index, now)
    const views = {
      finalResult: trades.finalResult.map((bucket) => ({
        date: bucket.date,
        profit: toCents(bucket.profit),
        loss: toCents(bucket.loss),
      })),
      tradesByTimeRange: trades.tradesByTimeRange.map((range) => ({
        range: range.range,
        totalProfit: toCents(range.totalProfit),
      })),
      tradesBySymbol: trades.tradesBySymbol.map((symbol) => ({
        symbol: symbol.symbol,
        totalProfit: toCents(symbol.totalProfit),
      })),
      tradesByPositionSizes: trades.tradesByPositionSizes.map((size) => ({
        positionSize: toVolumeUnits(size.positionSize),
        totalProfit: toCents(size.totalProfit),
      })),
      tradesByType: trades.tradesByType.map((type) => ({
        type: type.type,
        tradeCount: type.tradeCount,
        totalProfit: toCents(type.totalProfit),
      })),
    }
    return Object.freeze({
      data: {
        accountId: row.id,
        currency: 'USD' as const,
        version: source.version,
        index: input.index,
        ...views,
      },
    })
  })
}
