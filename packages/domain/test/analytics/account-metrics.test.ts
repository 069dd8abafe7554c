import { describe, expect, it } from 'vitest'
import {
  computeAccountMetrics,
  computeEquityCurve,
  computeRuleWhatIf,
  historyFromClosedTrades,
} from '../../src/analytics'
import { getRulebook } from '../../src/plans'
import type { HistoryInput } from '../../src/rules'
import { closedTrade } from './trades'

// v1 plans at 10K: daily loss 6% of the initial balance (600) under an anchor of the larger of
// balance and equity at the 17:00 New York reset (22:00 UTC in early March), maximum loss 12%
// (1,200) trailing the end-of-day balance, locked at the initial balance.
const phase1 = getRulebook('twoPhase.phase1', 'v1', 10)

/** Five days (Mon 2 - Fri 6 March 2026), each one trade 15:00-16:00 UTC for +150. */
function fiveWinningDays(): HistoryInput {
  const snapshots = [{ t: '2026-03-02T14:00:00Z', balance: 10_000, equity: 10_000 }]
  const trades = []
  for (let d = 0; d < 5; d++) {
    const date = `2026-03-0${2 + d}`
    trades.push(
      closedTrade({ openTime: `${date}T15:00:00Z`, closeTime: `${date}T16:00:00Z`, profit: 150 }),
    )
    const balance = 10_000 + 150 * (d + 1)
    snapshots.push({ t: `${date}T16:00:00Z`, balance, equity: balance })
  }
  return { snapshots, trades }
}

describe('equity curve with the floors as they moved', () => {
  it('reads the daily and max floors in force at each snapshot from the evaluator', () => {
    const curve = computeEquityCurve(phase1, {
      snapshots: [
        { t: '2026-03-02T14:00:00Z', balance: 10_000, equity: 10_000 },
        { t: '2026-03-02T15:30:00Z', balance: 10_000, equity: 10_100 },
        { t: '2026-03-02T16:00:00Z', balance: 10_150, equity: 10_150 },
        // next trading day: anchor 10,150 -> daily floor 9,550; high-water 10,150 -> max 8,950
        { t: '2026-03-03T14:00:00Z', balance: 10_150, equity: 10_150 },
      ],
      trades: [
        closedTrade({
          openTime: '2026-03-02T15:00:00Z',
          closeTime: '2026-03-02T16:00:00Z',
          profit: 150,
        }),
      ],
    })
    expect(curve.points.map((p) => [p.balance, p.equity, p.dailyFloor, p.maxFloor])).toEqual(
      [
        [10_000, 10_000, 9_400, 8_800],
        [10_000, 10_100, 9_400, 8_800],
        [10_150, 10_150, 9_400, 8_800],
        [10_150, 10_150, 9_550, 8_950],
      ].map((row) => row.map((dollars) => dollars * 100)),
    )
    expect(curve).toMatchObject({ status: 'active', breach: null, passedAtMs: null })
  })

  it('marks the breach and draws nothing after it', () => {
    const history = fiveWinningDays()
    history.snapshots.splice(1, 0, { t: '2026-03-02T15:30:00Z', balance: 10_000, equity: 9_390 })
    const curve = computeEquityCurve(phase1, history)
    expect(curve.status).toBe('failed')
    expect(curve.breach).toMatchObject({
      rule: 'dailyLoss',
      t: '2026-03-02T15:30:00Z',
      equity: 939_000,
      floor: 940_000,
      tMs: Date.parse('2026-03-02T15:30:00Z'),
    })
    expect(curve.points.at(-1)!.tMs).toBe(Date.parse('2026-03-02T15:30:00Z'))
    expect(curve.points).toHaveLength(2)
  })

  it('thins a long curve for drawing but keeps the lowest equity and both ends', () => {
    const snapshots = Array.from({ length: 3_000 }, (_, k) => ({
      t: new Date(Date.parse('2026-03-02T14:00:00Z') + k * 1_000).toISOString(),
      balance: 10_000,
      equity: k === 1_777 ? 9_700 : 10_000 + (k % 7),
    }))
    const curve = computeEquityCurve(phase1, { snapshots, trades: [] }, 100)
    expect(curve.snapshotCount).toBe(3_000)
    expect(curve.points.length).toBeLessThanOrEqual(100)
    expect(curve.points[0]!.tMs).toBe(Date.parse(snapshots[0]!.t))
    expect(curve.points.at(-1)!.tMs).toBe(Date.parse(snapshots.at(-1)!.t))
    expect(curve.points.some((p) => p.equity === 970_000)).toBe(true)
  })
})

describe('rule what-if under each plan of the catalogue', () => {
  it('passes Phase 2 (5% in 5 days) on the fifth day; Phase 1 (10%) is still running', () => {
    const verdicts = computeRuleWhatIf(fiveWinningDays(), 10)
    const byPlan = Object.fromEntries(verdicts.map((v) => [v.planKey, v]))
    expect(verdicts.map((v) => v.planKey)).toEqual([
      'twoPhase.phase1',
      'twoPhase.phase2',
      'twoPhase.funded',
      'instantFund.funded',
    ])
    expect(byPlan['twoPhase.phase2']).toMatchObject({
      label: 'Two Phase · Phase 2',
      status: 'passed',
      passedAt: '2026-03-06T16:00:00Z',
      breach: null,
    })
    expect(byPlan['twoPhase.phase1']!.status).toBe('active')
    expect(byPlan['twoPhase.phase1']!.rules).toEqual([
      { key: 'dailyLoss', applies: true, held: true },
      { key: 'maxLoss', applies: true, held: true },
      { key: 'profitTarget', applies: true, held: false },
      { key: 'minTradingDays', applies: true, held: true },
      { key: 'bestDay', applies: false, held: true },
    ])
    expect(byPlan['instantFund.funded']!.rules[2]).toEqual({
      key: 'profitTarget',
      applies: false,
      held: false,
    })
  })

  it('names the first breach and its moment under every plan', () => {
    const history = fiveWinningDays()
    history.snapshots.splice(1, 0, { t: '2026-03-02T15:30:00Z', balance: 10_000, equity: 9_390 })
    for (const verdict of computeRuleWhatIf(history, 10)) {
      expect(verdict.status).toBe('failed')
      expect(verdict.breach).toEqual({
        rule: 'dailyLoss',
        t: '2026-03-02T15:30:00Z',
        equity: 939_000,
        floor: 940_000,
      })
      expect(verdict.rules.find((r) => r.key === 'dailyLoss')!.held).toBe(false)
      expect(verdict.rules.find((r) => r.key === 'maxLoss')!.held).toBe(true)
    }
  })
})

describe('account metrics (the page data object)', () => {
  it('composes trades in close order, daily results pointing into them, drawdown, what-if', () => {
    const history = fiveWinningDays()
    history.snapshots.splice(2, 0, { t: '2026-03-02T18:00:00Z', balance: 10_150, equity: 10_150 })
    history.trades!.push(
      closedTrade({
        openTime: '2026-03-02T16:30:00Z',
        closeTime: '2026-03-02T17:00:00Z',
        profit: -50,
      }),
    )
    const metrics = computeAccountMetrics({ rules: phase1, history, sizeK: 10 })
    expect(metrics.trades.map((t) => [t.closeTime, t.result])).toEqual([
      ['2026-03-02T16:00:00Z', 15_000],
      ['2026-03-02T17:00:00Z', -5_000],
      ['2026-03-03T16:00:00Z', 15_000],
      ['2026-03-04T16:00:00Z', 15_000],
      ['2026-03-05T16:00:00Z', 15_000],
      ['2026-03-06T16:00:00Z', 15_000],
    ])
    expect(metrics.breakdowns.daily[0]).toMatchObject({
      date: '2026-03-02',
      trades: 2,
      result: 10_000,
      tradeIndexes: [0, 1],
    })
    expect(metrics.metrics).toMatchObject({ trades: 6, profitFactor: 15, sharpe: null })
    expect(metrics.maxDrawdown).toEqual({ amount: 0, percent: 0 })
    expect(metrics.whatIf).toHaveLength(4)
    expect(computeAccountMetrics({ rules: phase1, history, sizeK: null }).whatIf).toBeNull()
  })

  it('a statement (closed trades only) becomes a history of closed balances', () => {
    const trades = [
      closedTrade({
        openTime: '2026-03-02T15:00:00Z',
        closeTime: '2026-03-02T16:00:00Z',
        profit: -300,
      }),
      closedTrade({
        openTime: '2026-03-02T15:10:00Z',
        closeTime: '2026-03-02T16:00:00Z',
        profit: -20,
      }),
      closedTrade({
        openTime: '2026-03-03T15:00:00Z',
        closeTime: '2026-03-03T16:00:00Z',
        profit: 500,
      }),
    ] as Parameters<typeof historyFromClosedTrades>[0]
    const history = historyFromClosedTrades(trades, 10_000)
    expect(history.snapshots).toEqual([
      { t: '2026-03-02T14:59:59.000Z', balance: 10_000, equity: 10_000 },
      { t: '2026-03-02T16:00:00.000Z', balance: 9_680, equity: 9_680 },
      { t: '2026-03-03T16:00:00.000Z', balance: 10_180, equity: 10_180 },
    ])
    const metrics = computeAccountMetrics({ rules: phase1, history, sizeK: 10 })
    expect(metrics.maxDrawdown).toEqual({ amount: 32_000, percent: 3.2 })
    expect(metrics.initialBalance).toBe(1_000_000)
  })
})
