import { expect, it } from 'vitest'
import { judge, rulebook, snap, trade } from '../support'

// A 40% best-day rule: the target is reached on the third day, but one day made 75% of the
// profit. The pass waits until enough later profit brings that day under 40%.
const rules = rulebook({
  profitTarget: { percent: 8, basis: 'balance', requireFlat: true },
  dailyLoss: { percent: 5, of: 'initial', anchor: 'max-balance-equity', action: 'breach' },
  maxLoss: { percent: 10, mode: 'trailing-eod-balance', lockAtInitial: true },
  minTradingDays: 3,
  bestDayPercent: 40,
})
const dailyProfits: [string, number][] = [
  ['2026-03-02', 6000],
  ['2026-03-03', 1000],
  ['2026-03-04', 1000], // 8000 total: target met, best day 75%
  ['2026-03-05', 2000], // 10000: 60%
  ['2026-03-06', 2000], // 12000: 50%
  ['2026-03-09', 3000], // 15000: 40% -> passes
  ['2026-03-10', 3000],
]
let balance = 100000
const history = {
  snapshots: [
    snap('2026-03-02T14:00:00Z', 100000),
    ...dailyProfits.map(([date, profit]) => snap(`${date}T18:00:00Z`, (balance += profit))),
  ],
  trades: dailyProfits.map(([date, profit], i) =>
    trade(String(i), `${date}T15:00:00Z`, `${date}T18:00:00Z`, profit),
  ),
}

it('delays the pass until the best day is at most 40% of the total profit', () => {
  const verdict = judge(rules, history)

  expect(verdict.passedAt).toBe('2026-03-09T18:00:00Z')
  expect(verdict.objectives).toEqual({
    profitTarget: { target: 108000, value: 115000, met: true },
    minTradingDays: { required: 3, value: 6, met: true },
    bestDay: { limitPercent: 40, valuePercent: 40, met: true },
  })
})

it('passes on the day the target is reached when there is no best-day rule', () => {
  const verdict = judge({ ...rules, bestDayPercent: null }, history)
  expect(verdict.passedAt).toBe('2026-03-04T18:00:00Z')
  expect(verdict.objectives.bestDay).toEqual({ limitPercent: null, valuePercent: 75, met: true })
})
