import type { MetaStatsTotalStatsResponse } from '@tp/api'
import { computeTotalStats } from '@tp/domain'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { readAccountFigures, toCents } from './analytics-figures'
import { loadLedgerAnalytics } from './load-account-analytics'

/**
 * POST /api/metaStats/total-stats: the four summary cards (spec 2.12/3). The trades' figures are
 * computed once per version and trading day; balance and equity are the platform's now. The
 * account's ref suffices (a known account costs no query).
 */
export async function getTotalStats(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; email?: string | undefined },
): Promise<MetaStatsTotalStatsResponse> {
  const { row, source, now, todayKey } = await loadLedgerAnalytics(ctx, caller, input)
  const [figures, stats] = await Promise.all([
    readAccountFigures(ctx, row),
    source.view(`total-stats:${todayKey}`, (ledger) => {
      const stats = computeTotalStats(ledger, { balance: 0, equity: 0 }, now)
      return {
        profit: toCents(stats.profit),
        todayProfit: toCents(stats.todayProfit),
        todayTrades: stats.todayTrades,
        todayWinRate: stats.todayWinRate,
        totalTrades: stats.totalTrades,
        winTrades: stats.winTrades,
        avgHoldTime: stats.avgHoldTime,
        successRate: stats.successRate,
      }
    }),
  ])
  return {
    data: {
      data: {
        accountId: row.id,
        currency: 'USD',
        version: source.version,
        balance: figures.balance,
        equity: figures.equity,
        ...stats,
      },
    },
  }
}
