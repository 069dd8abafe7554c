import { expect, it } from 'vitest'
import { judge, phaseOneRules, rulebook, snap, trade } from '../support'

// One account's history, judged under two firms' rulebooks. Phase 1 anchors the daily loss on
// max(balance, equity) at the reset and trails the max loss; the other firm anchors on the
// balance with a static max loss and pauses the day instead of failing. The overnight swing
// fails the first and only pauses a day for the second, which then passes.
const history = {
  snapshots: [
    snap('2026-03-02T14:00:00Z', 100000),
    snap('2026-03-02T21:00:00Z', 101000, 106500), // floating profit into the reset
    snap('2026-03-03T15:00:00Z', 101000, 100400), // given back overnight
    snap('2026-03-03T17:00:00Z', 101000),
    ...['04', '05', '06'].map((d, i) => snap(`2026-03-${d}T18:00:00Z`, 104000 + i * 3000)),
  ],
  trades: [
    trade('1', '2026-03-02T15:00:00Z', '2026-03-03T17:00:00Z', 1000),
    ...['04', '05', '06'].map((d, i) =>
      trade(`d${i}`, `2026-03-${d}T15:00:00Z`, `2026-03-${d}T17:00:00Z`, 3000),
    ),
  ],
}

it('fails the account under phase 1 on the overnight swing', () => {
  const verdict = judge(phaseOneRules, history)
  expect(verdict.status).toBe('failed')
  expect(verdict.breach).toEqual({
    rule: 'dailyLoss',
    t: '2026-03-03T15:00:00Z',
    equity: 100400,
    floor: 100500, // 106500 - 6000
  })
})

it('passes the same account under a balance-anchored, pausing rulebook', () => {
  const otherFirm = rulebook({
    profitTarget: { percent: 10, basis: 'balance', requireFlat: true },
    dailyLoss: { percent: 5, of: 'anchor', anchor: 'balance', action: 'pause' },
    maxLoss: { percent: 10, mode: 'static', lockAtInitial: false },
    minTradingDays: 4,
  })
  const verdict = judge(otherFirm, history)
  expect(verdict.status).toBe('passed')
  expect(verdict.passedAt).toBe('2026-03-06T18:00:00Z')
  expect(verdict.days.map((d) => d.dailyFloor)).toEqual([95000, 95950, 95950, 98800, 101650])
  expect(verdict.days.some((d) => d.paused)).toBe(false)
})
