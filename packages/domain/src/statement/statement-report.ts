import type { ClosedTrade } from '../trades/trade'

export type StatementPlatform = 'MT4' | 'MT5'

/**
 * MetaTrader's own summary figures, recomputed from the trade and deal rows
 * (contracts/statement-report.md). Amounts and percentages are rounded to 2 decimals; losses
 * are negative (grossLoss <= 0, largestLossTrade <= 0, ...).
 */
export interface StatementSummary {
  totalNetProfit: number
  grossProfit: number
  grossLoss: number
  /** null when there is no losing trade */
  profitFactor: number | null
  expectedPayoff: number
  absoluteDrawdown: number
  maximalDrawdown: number
  maximalDrawdownPercent: number
  relativeDrawdownPercent: number
  relativeDrawdown: number
  totalTrades: number
  shortTrades: number
  shortTradesWonPercent: number
  longTrades: number
  longTradesWonPercent: number
  profitTrades: number
  lossTrades: number
  largestProfitTrade: number
  largestLossTrade: number
  averageProfitTrade: number
  averageLossTrade: number
  maxConsecutiveWins: number
  maxConsecutiveWinsAmount: number
  maxConsecutiveLosses: number
  maxConsecutiveLossesAmount: number
  maximalConsecutiveProfit: number
  maximalConsecutiveProfitCount: number
  maximalConsecutiveLoss: number
  maximalConsecutiveLossCount: number
}

/** What `engine report FILE` prints (contracts/statement-report.md "Output"). */
export interface StatementReport {
  platform: StatementPlatform
  account: { login: string; currency: string }
  summary: StatementSummary
  /** closed trades in the engine's trade format, in close order */
  trades: ClosedTrade[]
}
