import type { Trade } from '../trades/trade'
import { buildTradeLedger, type LedgerOptions } from './build-trade-ledger'
import { computeTotalStats, type AccountFigures, type TotalStats } from './compute-total-stats'
import { computeVisualStats, type VisualStats } from './compute-visual-stats'
import { computeVisualTrades, type ProfitPeriod, type VisualTrades } from './compute-visual-trades'
import { listRecentTrades, type RecentTrade } from './list-recent-trades'

export interface TradeAnalyticsInput extends LedgerOptions {
  account: AccountFigures
  /** the clock reading the figures are for (ISO instant); analytics never reads a clock */
  now: string
  period: ProfitPeriod
  recentTradesLimit: number
}

/** Every trade view of the dashboard at once, over one ledger built once. */
export interface TradeAnalytics {
  totalStats: TotalStats
  visualStats: VisualStats
  visualTrades: VisualTrades
  recentTrades: RecentTrade[]
}

export function computeTradeAnalytics(
  trades: readonly Trade[],
  input: TradeAnalyticsInput,
): TradeAnalytics {
  const ledger = buildTradeLedger(trades, input)
  return {
    totalStats: computeTotalStats(ledger, input.account, input.now),
    visualStats: computeVisualStats(ledger),
    visualTrades: computeVisualTrades(ledger, input.period, input.now),
    recentTrades: listRecentTrades(ledger, input.recentTradesLimit),
  }
}
