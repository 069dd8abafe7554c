import { describe, expect, it } from 'vitest'
import {
  computeStatementSummary,
  type ClosingResult,
} from '../../src/statement/compute-statement-summary'

/** results in dollars (close order); longs unless marked short */
const results = (...amounts: number[]): ClosingResult[] =>
  amounts.map((a) => ({ resultCents: Math.round(a * 100), isShort: false }))

/** a balance curve that starts at `start` and adds each result */
function curveOf(start: number, trades: readonly ClosingResult[]) {
  let balance = Math.round(start * 100)
  return {
    startCents: balance,
    pointsCents: trades.map((t) => (balance += t.resultCents)),
  }
}

const summarize = (start: number, trades: ClosingResult[]) =>
  computeStatementSummary(trades, curveOf(start, trades))

describe('statement summary (MetaTrader definitions)', () => {
  it('counts a zero result as a winning trade', () => {
    const s = summarize(1000, results(0, -5, 0))
    expect(s).toMatchObject({
      profitTrades: 2,
      lossTrades: 1,
      averageProfitTrade: 0,
      longTradesWonPercent: 66.67,
      maxConsecutiveWins: 1,
    })
  })

  it('has no profit factor without a losing trade', () => {
    expect(summarize(1000, results(10, 20)).profitFactor).toBeNull()
  })

  it('sums exactly: ten results of 0.10 net 1.00, not 0.9999999999999999', () => {
    const s = summarize(1000, results(...Array<number>(10).fill(0.1), -0.3))
    expect(s.grossProfit).toBe(1)
    expect(s.totalNetProfit).toBe(0.7)
  })

  it('rounds ratios half up to 2 decimals', () => {
    // 81.94 / 36.20 = 2.2635..., 45.74 / 10 = 4.574, 0.125 expected payoff rounds to 0.13
    expect(summarize(1000, results(81.94, -36.2)).profitFactor).toBe(2.26)
    expect(summarize(1000, results(0.25, 0)).expectedPayoff).toBe(0.13)
  })

  it('splits won percentages by the closed position side', () => {
    const trades: ClosingResult[] = [
      { resultCents: 100, isShort: true },
      { resultCents: -100, isShort: true },
      { resultCents: 100, isShort: false },
    ]
    expect(summarize(1000, trades)).toMatchObject({
      shortTrades: 2,
      shortTradesWonPercent: 50,
      longTrades: 1,
      longTradesWonPercent: 100,
    })
  })

  it('takes the relative drawdown from a different peak than the maximal one when steeper', () => {
    // 100 -> 50: -50 (50% of 100); later 1000 -> 900: -100 (10% of 1000)
    const s = summarize(100, results(-50, 950, -100))
    expect(s).toMatchObject({
      absoluteDrawdown: 50,
      maximalDrawdown: 100,
      maximalDrawdownPercent: 10,
      relativeDrawdown: 50,
      relativeDrawdownPercent: 50,
    })
  })

  it('has no absolute drawdown when the curve never goes below its start', () => {
    const s = summarize(1000, results(50, -20, 30))
    expect(s.absoluteDrawdown).toBe(0)
    expect(s.maximalDrawdown).toBe(20)
  })

  it('tells the longest run (with its sum) from the largest run (with its count)', () => {
    const s = summarize(1000, results(1, 1, 1, -5, 40, -1, -1, -1, 2, -30))
    expect(s).toMatchObject({
      maxConsecutiveWins: 3,
      maxConsecutiveWinsAmount: 3,
      maximalConsecutiveProfit: 40,
      maximalConsecutiveProfitCount: 1,
      maxConsecutiveLosses: 3,
      maxConsecutiveLossesAmount: -3,
      maximalConsecutiveLoss: -30,
      maximalConsecutiveLossCount: 1,
    })
  })

  it('breaks a tie in run length by the larger amount', () => {
    const s = summarize(1000, results(0.2, 0, -1, 0.9, 1.5))
    expect(s).toMatchObject({ maxConsecutiveWins: 2, maxConsecutiveWinsAmount: 2.4 })
  })

  it('reports zeros for a statement without trades', () => {
    const s = summarize(1000, [])
    expect(s).toMatchObject({
      totalTrades: 0,
      totalNetProfit: 0,
      profitFactor: null,
      expectedPayoff: 0,
      absoluteDrawdown: 0,
      maximalDrawdown: 0,
      relativeDrawdownPercent: 0,
      maxConsecutiveWins: 0,
      maximalConsecutiveLoss: 0,
    })
  })
})
