import { RECENT_TRADES_LIMIT, type MetaStatsTradesResponse, type RecentTradeDto } from '@tp/api'
import { listRecentTrades } from '@tp/domain'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { toCents, toVolumeUnits } from './analytics-figures'
import { loadLedgerAnalytics } from './load-account-analytics'

/** POST /api/metaStats/trades: the most recently closed trades, newest first (spec 7). */
export async function listAccountTrades(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; email?: string | undefined },
): Promise<MetaStatsTradesResponse> {
  const { row, source } = await loadLedgerAnalytics(ctx, caller, input)
  // the whole answer once per version, frozen: its JSON is made once too (the route's
  // sharedAnswerSerializerCompiler)
  return source.view('trades-answer', (ledger) =>
    Object.freeze({
      data: {
        accountId: row.id,
        currency: 'USD' as const,
        version: source.version,
        trades: listRecentTrades(ledger, RECENT_TRADES_LIMIT).map((trade): RecentTradeDto => ({
          id: trade.id,
          symbol: trade.symbol,
          type: trade.type,
          volume: toVolumeUnits(trade.lots),
          // the ledger's prices are the platform's integer points
          openPrice: trade.openPrice,
          closePrice: trade.closePrice,
          profit: toCents(trade.profit),
          openTime: trade.openTime,
          closeTime: trade.closeTime,
        })),
      },
    }),
  )
}
