import { expect, it } from 'vitest'
import { judge, phaseOneRules, snap } from '../support'

// Phase 1: max loss 12% trailing the end-of-day balance, locked at the initial balance. Once
// the closing balance passes 112000 the floor stops at 100000 for good: the trader may then lose
// everything above the starting balance, but not a cent of it. (The daily-loss rule is left out
// so that the max-loss floor alone is judged.)
const rules = { ...phaseOneRules, dailyLoss: null }
const history = {
  snapshots: [
    snap('2026-03-03T14:00:00Z', 100000),
    snap('2026-03-03T21:00:00Z', 108000), // closes day "03-03" at 108000: floor 96000
    snap('2026-03-04T21:00:00Z', 115000), // closes "03-04" at 115000: floor would be 103000
    snap('2026-03-05T21:00:00Z', 120000), // would be 108000
    snap('2026-03-06T15:00:00Z', 120000, 100000.01),
    snap('2026-03-06T16:00:00Z', 120000, 100000),
  ],
}

it('stops a trailing floor at the initial balance and breaches only on touching it', () => {
  const verdict = judge(rules, history)

  expect(verdict.days.map((d) => [d.date, d.maxFloor])).toEqual([
    ['2026-03-03', 88000],
    ['2026-03-04', 96000],
    ['2026-03-05', 100000],
    ['2026-03-06', 100000],
  ])
  expect(verdict.breach).toEqual({
    rule: 'maxLoss',
    t: '2026-03-06T16:00:00Z',
    equity: 100000,
    floor: 100000,
  })
})

it('without the lock, the same floor keeps trailing and the account fails earlier', () => {
  const unlocked = {
    ...rules,
    maxLoss: { percent: 12, mode: 'trailing-eod-balance' as const, lockAtInitial: false },
  }
  const verdict = judge(unlocked, history)
  expect(verdict.days.at(-1)).toMatchObject({ date: '2026-03-06', maxFloor: 108000 })
  expect(verdict.breach).toMatchObject({ t: '2026-03-06T15:00:00Z', floor: 108000 })
})
