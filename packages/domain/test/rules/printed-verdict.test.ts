import { describe, expect, it } from 'vitest'
import { judge, rulebook, snap, trade } from './support'

// docs/decisions/0002: amounts print to 2 decimals, half away from zero; times print as UTC
// ISO-8601, milliseconds only when present, whatever offset the input was written with.
describe('the printed verdict', () => {
  it('rounds amounts to 2 decimals half away from zero, losses included, never printing -0', () => {
    const verdict = judge(rulebook({ initialBalance: 100000.125 }), {
      snapshots: [
        snap('2026-03-03T14:00:00Z', 100000.125),
        snap('2026-03-03T20:00:00Z', 100000.12, 99120.505),
        snap('2026-03-04T20:00:00Z', 100000.116, 100000.116),
      ],
      trades: [
        trade('1', '2026-03-03T15:00:00Z', '2026-03-03T16:00:00Z', -0.005), // day "03-03"
        trade('2', '2026-03-04T15:00:00Z', '2026-03-04T16:00:00Z', -0.004), // day "03-04"
      ],
    })
    expect(verdict.days.map((d) => [d.date, d.anchor, d.minEquity, d.closedProfit])).toEqual([
      ['2026-03-03', 100000.13, 99120.51, -0.01],
      ['2026-03-04', 100000.12, 100000.12, 0],
    ])
    expect(Object.is(verdict.days[1]!.closedProfit, -0)).toBe(false)
    expect(verdict.objectives.profitTarget.value).toBe(100000.12)
  })

  it('prints breach times in UTC with milliseconds only when the input had some', () => {
    const rules = rulebook({ maxLoss: { percent: 10, mode: 'static', lockAtInitial: false } })
    const verdict = judge(rules, {
      snapshots: [
        snap('2026-03-03T09:00:00-05:00', 100000),
        snap('2026-03-03T15:00:00.250+01:00', 100000, 90000),
      ],
    })
    expect(verdict.breach).toEqual({
      rule: 'maxLoss',
      t: '2026-03-03T14:00:00.250Z',
      equity: 90000,
      floor: 90000,
    })
  })

  it('prints passedAt in UTC and names days in the reset zone, whatever the input offsets', () => {
    const rules = rulebook({ profitTarget: { percent: 1, basis: 'balance', requireFlat: true } })
    const verdict = judge(rules, {
      // 09:00 in Tokyo on 4 March is 19:00 on 3 March in New York: day "2026-03-04"
      snapshots: [
        snap('2026-03-03T12:00:00+00:00', 100000),
        snap('2026-03-04T09:00:00+09:00', 101000),
      ],
    })
    expect(verdict.passedAt).toBe('2026-03-04T00:00:00Z')
    expect(verdict.days.map((d) => d.date)).toEqual(['2026-03-03', '2026-03-04'])
  })
})
