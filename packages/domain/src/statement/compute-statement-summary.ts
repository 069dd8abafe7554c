import {
  averageAmount,
  centsToAmount,
  isWinningResult,
  percent2dp,
  ratio2dp,
} from '../analytics/trade-result'
import type { StatementSummary } from './statement-report'

/** One closed trade as the summary sees it: MT4 closed row or MT5 exit deal. */
export interface ClosingResult {
  /** profit + swap + commission (+ taxes/fees), in cents */
  resultCents: number
  /** the closed position was a sell (MT5: the exit deal is a buy) */
  isShort: boolean
}

/** A balance curve in cents: the starting balance and the balance after each step. */
export interface BalanceCurve {
  startCents: number
  pointsCents: readonly number[]
}

/**
 * MetaTrader's summary statistics (contracts/statement-report.md "Definitions") from the closing
 * results in close order and the balance curve. Sums are exact integer cents; ratios round
 * half-up to 2 decimals.
 */
export function computeStatementSummary(
  results: readonly ClosingResult[],
  curve: BalanceCurve,
): StatementSummary {
  let grossProfit = 0
  let grossLoss = 0
  let profitTrades = 0
  let shortTrades = 0
  let shortWins = 0
  let largestProfit = 0
  let largestLoss = 0
  for (const { resultCents, isShort } of results) {
    const isWin = isWinningResult(resultCents)
    if (isWin) {
      grossProfit += resultCents
      profitTrades++
      if (resultCents > largestProfit) largestProfit = resultCents
    } else {
      grossLoss += resultCents
      if (resultCents < largestLoss) largestLoss = resultCents
    }
    if (isShort) {
      shortTrades++
      if (isWin) shortWins++
    }
  }
  const totalTrades = results.length
  const lossTrades = totalTrades - profitTrades
  const longTrades = totalTrades - shortTrades
  const longWins = profitTrades - shortWins
  const net = grossProfit + grossLoss
  const runs = findRuns(results)
  const drawdowns = measureDrawdowns(curve)

  return {
    totalNetProfit: centsToAmount(net),
    grossProfit: centsToAmount(grossProfit),
    grossLoss: centsToAmount(grossLoss),
    profitFactor: grossLoss === 0 ? null : ratio2dp(grossProfit, -grossLoss),
    expectedPayoff: averageAmount(net, totalTrades),
    absoluteDrawdown: centsToAmount(drawdowns.absolute),
    maximalDrawdown: centsToAmount(drawdowns.maximal),
    maximalDrawdownPercent:
      drawdowns.maximalPeak > 0 ? percent2dp(drawdowns.maximal, drawdowns.maximalPeak) : 0,
    relativeDrawdownPercent: drawdowns.relativePercent,
    relativeDrawdown: centsToAmount(drawdowns.relative),
    totalTrades,
    shortTrades,
    shortTradesWonPercent: percent2dp(shortWins, shortTrades),
    longTrades,
    longTradesWonPercent: percent2dp(longWins, longTrades),
    profitTrades,
    lossTrades,
    largestProfitTrade: centsToAmount(largestProfit),
    largestLossTrade: centsToAmount(largestLoss),
    averageProfitTrade: averageAmount(grossProfit, profitTrades),
    averageLossTrade: averageAmount(grossLoss, lossTrades),
    maxConsecutiveWins: runs.longestWins.count,
    maxConsecutiveWinsAmount: centsToAmount(runs.longestWins.sum),
    maxConsecutiveLosses: runs.longestLosses.count,
    maxConsecutiveLossesAmount: centsToAmount(runs.longestLosses.sum),
    maximalConsecutiveProfit: centsToAmount(runs.richestWins.sum),
    maximalConsecutiveProfitCount: runs.richestWins.count,
    maximalConsecutiveLoss: centsToAmount(runs.costliestLosses.sum),
    maximalConsecutiveLossCount: runs.costliestLosses.count,
  }
}

interface Run {
  count: number
  sum: number
}

/**
 * Runs of wins and of losses in close order. "Maximum consecutive" is the longest run (on a tie
 * in length, the one with the larger amount); "maximal consecutive" is the run with the largest
 * amount (on a tie, the longer one). Terminal exports never showed a tie that tells these
 * tie-breaks apart; they are the reading that best fits the labels.
 */
function findRuns(results: readonly ClosingResult[]) {
  const longestWins: Run = { count: 0, sum: 0 }
  const richestWins: Run = { count: 0, sum: 0 }
  const longestLosses: Run = { count: 0, sum: 0 }
  const costliestLosses: Run = { count: 0, sum: 0 }
  let current: Run & { isWin: boolean } = { count: 0, sum: 0, isWin: true }

  const close = () => {
    if (current.count === 0) return
    if (current.isWin) {
      if (isLonger(current, longestWins, 1)) Object.assign(longestWins, pick(current))
      if (isLarger(current, richestWins, 1)) Object.assign(richestWins, pick(current))
    } else {
      if (isLonger(current, longestLosses, -1)) Object.assign(longestLosses, pick(current))
      if (isLarger(current, costliestLosses, -1)) Object.assign(costliestLosses, pick(current))
    }
  }
  for (const { resultCents } of results) {
    const isWin = isWinningResult(resultCents)
    if (current.count > 0 && current.isWin !== isWin) {
      close()
      current = { count: 0, sum: 0, isWin }
    }
    current.isWin = isWin
    current.count++
    current.sum += resultCents
  }
  close()
  return { longestWins, richestWins, longestLosses, costliestLosses }
}

const pick = (run: Run): Run => ({ count: run.count, sum: run.sum })

/** sign: +1 for wins (more is larger), -1 for losses (more negative is larger) */
function isLonger(run: Run, best: Run, sign: 1 | -1): boolean {
  return run.count > best.count || (run.count === best.count && sign * run.sum > sign * best.sum)
}

function isLarger(run: Run, best: Run, sign: 1 | -1): boolean {
  if (best.count === 0) return true
  return sign * run.sum > sign * best.sum || (run.sum === best.sum && run.count > best.count)
}

/**
 * Drawdowns on the balance curve (contract definitions). Absolute: start - lowest point when
 * below the start. Maximal: the largest fall in money from a running peak to a later trough,
 * with its peak for the percentage. Relative: the largest fall in percent of its peak, with its
 * money amount; it can come from a different peak than the maximal one.
 */
function measureDrawdowns({ startCents, pointsCents }: BalanceCurve) {
  let peak = startCents
  let lowest = startCents
  let maximal = 0
  let maximalPeak = 0
  let relative = 0
  let relativePeak = 0
  for (const point of pointsCents) {
    if (point < lowest) lowest = point
    if (point > peak) {
      peak = point
      continue
    }
    const fall = peak - point
    if (fall > maximal) {
      maximal = fall
      maximalPeak = peak
    }
    if (peak > 0 && fall > 0 && (relative === 0 || isSteeper(fall, peak, relative, relativePeak))) {
      relative = fall
      relativePeak = peak
    }
  }
  return {
    absolute: Math.max(0, startCents - lowest),
    maximal,
    maximalPeak,
    relative,
    relativePercent: percent2dp(relative, relativePeak),
  }
}

/** fall/peak > otherFall/otherPeak, cross-multiplied in BigInt: cents products pass 2^53. */
function isSteeper(fall: number, peak: number, otherFall: number, otherPeak: number): boolean {
  return BigInt(fall) * BigInt(otherPeak) > BigInt(otherFall) * BigInt(peak)
}
