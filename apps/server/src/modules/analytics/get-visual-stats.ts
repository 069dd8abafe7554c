import type { MetaStatsVisualStatsResponse } from '@tp/api'
import { computeVisualStats } from '@tp/domain'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { toCents } from './analytics-figures'
import { loadLedgerAnalytics } from './load-account-analytics'

/**
 * POST /api/metaStats/visual-stats: the profitability half-donut (won/lost, win rate), the hourly
 * profit/loss area and the weekly won/lost bars (spec 2.12/3).
 */
export async function getVisualStats(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; email?: string | undefined },
): Promise<MetaStatsVisualStatsResponse> {
  const { row, source } = await loadLedgerAnalytics(ctx, caller, input)
  // the whole answer once per version, frozen: its JSON is made once too (the route's
  // sharedAnswerSerializerCompiler)
  return source.view('visual-stats-answer', (ledger) => {
    const stats = computeVisualStats(ledger)
    const views = {
      won_lost: stats.won_lost,
      trades_by_week: stats.trades_by_week.map((day) => ({
        name: day.name,
        wonProfit: toCents(day.wonProfit),
        lostProfit: toCents(day.lostProfit),
      })),
      trades_by_hour: stats.trades_by_hour.map((hour) => ({
        hour: hour.hour,
        wonProfit: toCents(hour.wonProfit),
        lostProfit: toCents(hour.lostProfit),
      })),
    }
    return Object.freeze({
      data: { accountId: row.id, currency: 'USD' as const, version: source.version, ...views },
    })
  })
}
