import { describe, expect, it } from 'vitest'
import { judge, rulebook, snap } from './support'

const start = snap('2026-03-03T14:00:00Z', 100000)

describe('breaches', () => {
  it('counts touching a floor as a breach, a cent above as none', () => {
    const rules = rulebook({ maxLoss: { percent: 10, mode: 'static', lockAtInitial: false } })
    const above = judge(rules, {
      snapshots: [start, snap('2026-03-03T15:00:00Z', 100000, 90000.01)],
    })
    const touching = judge(rules, {
      snapshots: [start, snap('2026-03-03T15:00:00Z', 100000, 90000)],
    })
    expect(above.status).toBe('active')
    expect(touching.breach).toEqual({
      rule: 'maxLoss',
      t: '2026-03-03T15:00:00Z',
      equity: 90000,
      floor: 90000,
    })
  })

  it('names the rule whose floor is higher when one snapshot crosses both', () => {
    const dailyHigher = rulebook({
      dailyLoss: { percent: 5, of: 'initial', anchor: 'balance', action: 'breach' },
      maxLoss: { percent: 10, mode: 'static', lockAtInitial: false },
    })
    const maxHigher = rulebook({
      dailyLoss: { percent: 10, of: 'initial', anchor: 'balance', action: 'breach' },
      maxLoss: { percent: 5, mode: 'static', lockAtInitial: false },
    })
    const crash = { snapshots: [start, snap('2026-03-03T15:00:00Z', 100000, 80000)] }
    expect(judge(dailyHigher, crash).breach).toMatchObject({ rule: 'dailyLoss', floor: 95000 })
    expect(judge(maxHigher, crash).breach).toMatchObject({ rule: 'maxLoss', floor: 95000 })
  })

  it('names maxLoss when both floors are equal', () => {
    const rules = rulebook({
      dailyLoss: { percent: 6, of: 'initial', anchor: 'balance', action: 'breach' },
      maxLoss: { percent: 6, mode: 'static', lockAtInitial: false },
    })
    const verdict = judge(rules, {
      snapshots: [start, snap('2026-03-03T15:00:00Z', 100000, 94000)],
    })
    expect(verdict.breach).toMatchObject({ rule: 'maxLoss', floor: 94000 })
  })

  it('lets a crossed "pause" daily floor give way to a max-loss breach at the same snapshot', () => {
    const rules = rulebook({
      dailyLoss: { percent: 3, of: 'initial', anchor: 'balance', action: 'pause' },
      maxLoss: { percent: 5, mode: 'static', lockAtInitial: false },
    })
    const verdict = judge(rules, {
      snapshots: [start, snap('2026-03-03T15:00:00Z', 100000, 94000)],
    })
    expect(verdict.breach).toMatchObject({ rule: 'maxLoss', floor: 95000 })
    expect(verdict.days[0]!.paused).toBe(true)
  })

  it('fails a snapshot that both breaches and meets every objective', () => {
    const rules = rulebook({
      profitTarget: { percent: 10, basis: 'balance', requireFlat: false },
      maxLoss: { percent: 10, mode: 'trailing-balance', lockAtInitial: false },
    })
    // balance reaches the target while equity is at the floor the new balance sets
    const verdict = judge(rules, {
      snapshots: [start, snap('2026-03-03T15:00:00Z', 110000, 100000)],
    })
    expect(verdict).toMatchObject({ status: 'failed', passedAt: null })
    expect(verdict.objectives.profitTarget.met).toBe(true)
  })

  it('stops at the first breaching snapshot: later recoveries and days are ignored', () => {
    const rules = rulebook({ maxLoss: { percent: 10, mode: 'static', lockAtInitial: false } })
    const verdict = judge(rules, {
      snapshots: [
        start,
        snap('2026-03-03T15:00:00Z', 100000, 89000),
        snap('2026-03-03T16:00:00Z', 100000, 85000),
        snap('2026-03-04T16:00:00Z', 100000, 120000),
      ],
    })
    expect(verdict.breach).toMatchObject({ t: '2026-03-03T15:00:00Z', equity: 89000 })
    expect(verdict.days).toHaveLength(1)
    expect(verdict.days[0]!.minEquity).toBe(89000)
  })

  it('judges the very first snapshot too', () => {
    const rules = rulebook({ maxLoss: { percent: 10, mode: 'static', lockAtInitial: false } })
    const verdict = judge(rules, { snapshots: [snap('2026-03-03T14:00:00Z', 100000, 90000)] })
    expect(verdict.status).toBe('failed')
  })
})
