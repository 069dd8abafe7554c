import { expect, it } from 'vitest'
import { dayRow, judge, rulebook, snap, trade } from '../support'

// New York springs forward on Sunday 2026-03-08: the 17:00 reset moves from 22:00Z to 21:00Z.
// Two trades at 21:30Z on Sunday and 20:30Z on Monday fall in the same trading day "03-09"
// (Sunday 17:00 EDT to Monday 17:00 EDT). Counting by UTC date, or with a fixed -05:00 offset,
// would make them two days.
const rules = rulebook({
  profitTarget: { percent: 1, basis: 'balance', requireFlat: true },
  minTradingDays: 2,
})
const history = {
  snapshots: [
    snap('2026-03-06T15:00:00Z', 100000),
    snap('2026-03-08T21:45:00Z', 100500),
    snap('2026-03-09T20:45:00Z', 101000),
  ],
  trades: [
    trade('sunday-evening', '2026-03-08T21:30:00Z', '2026-03-08T21:40:00Z', 500),
    trade('monday', '2026-03-09T20:30:00Z', '2026-03-09T20:40:00Z', 500),
  ],
}

it('counts trading days in the reset time zone across the spring-forward change', () => {
  const verdict = judge(rules, history)

  expect(verdict.days.map((d) => [d.date, d.traded])).toEqual([
    ['2026-03-06', false],
    ['2026-03-07', false],
    ['2026-03-08', false],
    ['2026-03-09', true],
  ])
  expect(dayRow(verdict, '2026-03-09').closedProfit).toBe(1000)
  expect(verdict.objectives.minTradingDays).toEqual({ required: 2, value: 1, met: false })
  expect(verdict.status).toBe('active')
})

it('counts a second day once a trade lands after the next EDT reset', () => {
  const later = {
    ...history,
    snapshots: [...history.snapshots, snap('2026-03-09T21:45:00Z', 101500)],
    trades: [
      ...history.trades,
      trade('monday-evening', '2026-03-09T21:10:00Z', '2026-03-09T21:20:00Z', 500),
    ],
  }
  const verdict = judge(rules, later)
  // 21:10Z on Monday is 17:10 EDT: day "03-10"
  expect(dayRow(verdict, '2026-03-10').traded).toBe(true)
  expect(verdict.passedAt).toBe('2026-03-09T21:45:00Z')
})
