import { describe, expect, it } from 'vitest'
import { judge, rulebook, snap, trade } from './support'

const start = snap('2026-03-03T14:00:00Z', 100000)

describe('profit target', () => {
  it('"balance" basis: floating profit above the target does not pass, closed profit does', () => {
    const rules = rulebook({ profitTarget: { percent: 10, basis: 'balance', requireFlat: false } })
    const verdict = judge(rules, {
      snapshots: [
        start,
        snap('2026-03-03T15:00:00Z', 100000, 111000),
        snap('2026-03-03T16:00:00Z', 110000, 110000),
      ],
    })
    expect(verdict.passedAt).toBe('2026-03-03T16:00:00Z')
    expect(verdict.objectives.profitTarget).toEqual({ target: 110000, value: 110000, met: true })
  })

  it('"equity" basis: passes on floating profit when the account need not be flat', () => {
    const rules = rulebook({ profitTarget: { percent: 10, basis: 'equity', requireFlat: false } })
    const verdict = judge(rules, {
      snapshots: [start, snap('2026-03-03T15:00:00Z', 100000, 110000)],
      trades: [trade('1', '2026-03-03T14:30:00Z', null)],
    })
    expect(verdict).toMatchObject({ status: 'passed', passedAt: '2026-03-03T15:00:00Z' })
  })

  it('"equity" basis with requireFlat: waits until no trade is open', () => {
    const rules = rulebook({ profitTarget: { percent: 10, basis: 'equity', requireFlat: true } })
    const verdict = judge(rules, {
      snapshots: [
        start,
        snap('2026-03-03T15:00:00Z', 100000, 110500),
        snap('2026-03-03T16:00:00Z', 110500, 110500),
      ],
      trades: [trade('1', '2026-03-03T14:30:00Z', '2026-03-03T16:00:00Z', 10500)],
    })
    // the trade closing at 16:00 is no longer open at 16:00
    expect(verdict.passedAt).toBe('2026-03-03T16:00:00Z')
  })

  it('"balance" basis with requireFlat: a trade opened at the very instant of the snapshot is open', () => {
    const rules = rulebook({ profitTarget: { percent: 10, basis: 'balance', requireFlat: true } })
    const verdict = judge(rules, {
      snapshots: [
        start,
        snap('2026-03-03T15:00:00Z', 110000),
        snap('2026-03-03T16:00:00Z', 110000),
      ],
      trades: [trade('1', '2026-03-03T15:00:00Z', '2026-03-03T15:30:00Z')],
    })
    expect(verdict.passedAt).toBe('2026-03-03T16:00:00Z')
  })

  it('"balance" basis without requireFlat: an open trade does not hold the pass back', () => {
    const rules = rulebook({ profitTarget: { percent: 10, basis: 'balance', requireFlat: false } })
    const verdict = judge(rules, {
      snapshots: [start, snap('2026-03-03T15:00:00Z', 110000, 109000)],
      trades: [trade('1', '2026-03-03T14:30:00Z', null)],
    })
    expect(verdict.passedAt).toBe('2026-03-03T15:00:00Z')
  })

  it('ignores every snapshot after the pass', () => {
    const rules = rulebook({
      profitTarget: { percent: 10, basis: 'balance', requireFlat: false },
      maxLoss: { percent: 10, mode: 'static', lockAtInitial: false },
    })
    const verdict = judge(rules, {
      snapshots: [start, snap('2026-03-03T15:00:00Z', 110000), snap('2026-03-04T15:00:00Z', 50000)],
    })
    expect(verdict).toMatchObject({ status: 'passed', breach: null })
    expect(verdict.days.map((d) => d.date)).toEqual(['2026-03-03'])
  })

  it('is never met when null: a funded account stays active however much it makes', () => {
    const verdict = judge(rulebook(), {
      snapshots: [start, snap('2026-03-04T15:00:00Z', 500000)],
    })
    expect(verdict).toMatchObject({ status: 'active', passedAt: null })
    expect(verdict.objectives.profitTarget).toEqual({ target: null, value: 500000, met: false })
  })

  it('computes the target exactly and prints it to the cent', () => {
    const rules = rulebook({
      initialBalance: 12345.67,
      profitTarget: { percent: 5, basis: 'balance', requireFlat: false },
    })
    const history = (balance: number) => ({
      snapshots: [snap('2026-03-03T14:00:00Z', 12345.67), snap('2026-03-03T15:00:00Z', balance)],
    })
    // 12345.67 x 1.05 = 12962.9535 exactly
    expect(judge(rules, history(12962.9535)).status).toBe('passed')
    expect(judge(rules, history(12962.953499)).status).toBe('active')
    expect(judge(rules, history(12962.95)).objectives.profitTarget.target).toBe(12962.95)
  })
})
