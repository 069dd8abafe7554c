import Decimal from 'decimal.js'
import type { TradeLedger } from './build-trade-ledger'
import { isWinningResult, ratio2dp } from './trade-result'

/** Sharpe and Sortino say little over a handful of trades: shown from this many closed trades on. */
export const MIN_TRADES_FOR_RATIOS = 30

export interface TradeExtreme {
  tradeId: string
  symbol: string
  result: number
}

/**
 * The MetaStats-class figures of an account's closed trades (issue 12 item 5). Money is integer
 * cents of the account currency (net results: profit + commission + swap).
 */
export interface TradeMetrics {
  trades: number
  wins: number
  losses: number
  /** gross profit / gross loss (2 dp); null with no losing trade */
  profitFactor: number | null
  /** the average result per trade (cents, rounded half-up) */
  expectancy: number
  averageWin: number
  /** the average losing result, negative */
  averageLoss: number
  best: TradeExtreme | null
  worst: TradeExtreme | null
  longestWinStreak: number
  longestLossStreak: number
  /**
   * Per-trade returns on the initial balance: mean / sample standard deviation (2 dp), not
   * annualised; null below MIN_TRADES_FOR_RATIOS trades (or with no spread of results).
   */
  sharpe: number | null
  /** mean / downside deviation (root mean square of the negative returns over all trades) */
  sortino: number | null
  /** the average result in R (result / money risked to the stop), 2 dp; null: no trade had a stop */
  averageR: number | null
  /** how many trades averageR was taken over */
  tradesWithStops: number
}

export interface TradeMetricsOptions {
  initialBalance: number
  /** the stop-loss price each trade was opened with, by trade id (where the source knows it) */
  stopLossById?: ReadonlyMap<string, number>
}

/**
 * One pass over the ledger (in close order: streaks follow the order trades closed). A result of
 * exactly zero is a win, as everywhere in the analytics (trade-result.ts).
 */
export function computeTradeMetrics(
  ledger: TradeLedger,
  options: TradeMetricsOptions,
): TradeMetrics {
  const order = closeOrder(ledger)
  let grossWin = 0
  let grossLoss = 0
  let wins = 0
  let bestIndex = -1
  let worstIndex = -1
  let streak = 0
  let longestWin = 0
  let longestLoss = 0
  for (const i of order) {
    const cents = ledger.resultCents[i]!
    if (isWinningResult(cents)) {
      wins += 1
      grossWin += cents
      streak = streak > 0 ? streak + 1 : 1
      longestWin = Math.max(longestWin, streak)
    } else {
      grossLoss -= cents
      streak = streak < 0 ? streak - 1 : -1
      longestLoss = Math.max(longestLoss, -streak)
    }
    if (bestIndex < 0 || cents > ledger.resultCents[bestIndex]!) bestIndex = i
    if (worstIndex < 0 || cents < ledger.resultCents[worstIndex]!) worstIndex = i
  }
  const n = ledger.count
  const losses = n - wins
  const { sharpe, sortino } = riskRatios(ledger, options.initialBalance)
  const r = averageRMultiple(ledger, options.stopLossById)
  return {
    trades: n,
    wins,
    losses,
    profitFactor: grossLoss === 0 ? null : ratio2dp(grossWin, grossLoss),
    expectancy: averageCents(grossWin - grossLoss, n),
    averageWin: averageCents(grossWin, wins),
    averageLoss: averageCents(-grossLoss, losses),
    best: extreme(ledger, bestIndex),
    worst: extreme(ledger, worstIndex),
    longestWinStreak: longestWin,
    longestLossStreak: longestLoss,
    sharpe,
    sortino,
    averageR: r.average,
    tradesWithStops: r.count,
  }
}

/** Trade indexes by close time, then open time (the ledger keeps its source's order). */
export function closeOrder(ledger: TradeLedger): number[] {
  const order = Array.from({ length: ledger.count }, (_, i) => i)
  return order.sort(
    (a, b) =>
      ledger.closeMs[a]! - ledger.closeMs[b]! || ledger.openMs[a]! - ledger.openMs[b]! || a - b,
  )
}

function averageCents(totalCents: number, count: number): number {
  if (count === 0) return 0
  return new Decimal(totalCents).div(count).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber()
}

function extreme(ledger: TradeLedger, index: number): TradeExtreme | null {
  if (index < 0) return null
  const trade = ledger.trades[index]!
  return {
    tradeId: trade.id,
    symbol: trade.symbol,
    result: ledger.resultCents[index]!,
  }
}

function riskRatios(
  ledger: TradeLedger,
  initialBalance: number,
): { sharpe: number | null; sortino: number | null } {
  const n = ledger.count
  if (n < MIN_TRADES_FOR_RATIOS || !(initialBalance > 0)) return { sharpe: null, sortino: null }
  const base = new Decimal(initialBalance).times(100)
  const returns = Array.from(ledger.resultCents, (cents) => new Decimal(cents).div(base))
  const mean = returns.reduce((sum, x) => sum.plus(x), new Decimal(0)).div(n)
  let squares = new Decimal(0)
  let downside = new Decimal(0)
  for (const x of returns) {
    squares = squares.plus(x.minus(mean).pow(2))
    if (x.isNegative()) downside = downside.plus(x.pow(2))
  }
  const deviation = squares.div(n - 1).sqrt()
  const downsideDeviation = downside.div(n).sqrt()
  const round = (x: Decimal) => x.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber()
  return {
    sharpe: deviation.isZero() ? null : round(mean.div(deviation)),
    sortino: downsideDeviation.isZero() ? null : round(mean.div(downsideDeviation)),
  }
}

/**
 * R of a trade: its result over the money it risked to its stop. Profit is linear in the price
 * move, so the risk is |open - stop| / |close - open| x |profit| with no contract size needed;
 * trades without a stop, or closed at their open price, are left out.
 */
function averageRMultiple(
  ledger: TradeLedger,
  stops: ReadonlyMap<string, number> | undefined,
): { average: number | null; count: number } {
  if (!stops || stops.size === 0) return { average: null, count: 0 }
  let sum = new Decimal(0)
  let count = 0
  for (let i = 0; i < ledger.count; i++) {
    const trade = ledger.trades[i]!
    const stop = stops.get(trade.id)
    if (stop === undefined || trade.profit === 0) continue
    const move = new Decimal(trade.closePrice).minus(trade.openPrice).abs()
    const riskDistance = new Decimal(trade.openPrice).minus(stop).abs()
    if (move.isZero() || riskDistance.isZero()) continue
    const riskCents = riskDistance.div(move).times(Math.abs(trade.profit) * 100)
    sum = sum.plus(new Decimal(ledger.resultCents[i]!).div(riskCents))
    count += 1
  }
  if (count === 0) return { average: null, count: 0 }
  return { average: sum.div(count).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(), count }
}

export interface MaxDrawdown {
  /** the largest fall from a running peak, in cents */
  amount: number
  /** the largest fall from a running peak in percent of that peak (2 dp) */
  percent: number
}

/** Max drawdown over a curve in cents (each the peak-to-trough fall, money and percent). */
export function computeMaxDrawdown(valuesCents: readonly number[]): MaxDrawdown {
  let peak = -Infinity
  let worstCents = 0
  let worstPercent = new Decimal(0)
  for (const cents of valuesCents) {
    if (cents > peak) {
      peak = cents
      continue
    }
    const fall = peak - cents
    if (fall > worstCents) worstCents = fall
    if (peak > 0) {
      const percent = new Decimal(fall).times(100).div(peak)
      if (percent.gt(worstPercent)) worstPercent = percent
    }
  }
  return {
    amount: worstCents,
    percent: worstPercent.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
  }
}
