import type { TradeLedger } from './build-trade-ledger'
import { requireInstant } from './parse-iso-instant'
import { centsToAmount, isWinningResult, percent2dp } from './trade-result'

/** The account figures the platform reports; analytics never infers them from trades. */
export interface AccountFigures {
  balance: number
  equity: number
}

/** Summary cards of the dashboard (spec 2.12, section 3 "Total stats"). */
export interface TotalStats {
  balance: number
  equity: number
  /** sum of closed trades' results */
  profit: number
  /** sum of results of trades closed in the current trading day (the spec's "Profit/Today") */
  todayProfit: number
  /** trades closed in the current trading day */
  todayTrades: number
  /** winning share of today's closed trades in percent, 2 decimals (spec 3's todayWinRate) */
  todayWinRate: number
  /** closed trades */
  totalTrades: number
  winTrades: number
  /** mean holding time of closed trades, whole milliseconds */
  avgHoldTime: number
  /** winTrades / totalTrades in percent, 2 decimals */
  successRate: number
}

export function computeTotalStats(
  ledger: TradeLedger,
  account: AccountFigures,
  now: string,
): TotalStats {
  const today = ledger.dayCalendar.dayAt(requireInstant(now, 'now'))
  const { count, resultCents, openMs, closeMs } = ledger
  let profit = 0
  let todayProfit = 0
  let todayTrades = 0
  let todayWins = 0
  let winTrades = 0
  let holdMs = 0
  for (let i = 0; i < count; i++) {
    const result = resultCents[i]!
    profit += result
    const close = closeMs[i]!
    // Number(boolean) adds without a branch, which random wins and losses would mispredict
    const isWin = Number(isWinningResult(result))
    if (close >= today.startMs && close < today.endMs) {
      todayProfit += result
      todayTrades++
      todayWins += isWin
    }
    winTrades += isWin
    holdMs += close - openMs[i]!
  }
  return {
    balance: account.balance,
    equity: account.equity,
    profit: centsToAmount(profit),
    todayProfit: centsToAmount(todayProfit),
    todayTrades,
    todayWinRate: percent2dp(todayWins, todayTrades),
    totalTrades: count,
    winTrades,
    avgHoldTime: count === 0 ? 0 : Math.round(holdMs / count),
    successRate: percent2dp(winTrades, count),
  }
}
