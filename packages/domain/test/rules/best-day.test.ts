import { describe, expect, it } from 'vitest'
import { judge, rulebook, snap, trade } from './support'

const target = { percent: 1, basis: 'balance' as const, requireFlat: false }

/** Closed profits on consecutive days from 2026-03-03 (one trade a day, 15:00Z = 10:00 New York). */
function historyOf(dailyProfits: number[]) {
  const dates = ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']
  let balance = 100000
  return {
    snapshots: [
      snap('2026-03-03T14:00:00Z', 100000),
      ...dailyProfits.map((p, i) => snap(`${dates[i]}T20:00:00Z`, (balance += p))),
    ],
    trades: dailyProfits.map((p, i) =>
      trade(String(i), `${dates[i]}T15:00:00Z`, `${dates[i]}T16:00:00Z`, p),
    ),
  }
}

describe('best day', () => {
  it('is compared after rounding to 2 decimals: 40.004% meets a 40% limit', () => {
    const rules = rulebook({ profitTarget: target, bestDayPercent: 40 })
    const verdict = judge(rules, historyOf([4000.4, 3000, 2999.6]))
    expect(verdict.objectives.bestDay).toEqual({ limitPercent: 40, valuePercent: 40, met: true })
    expect(verdict.passedAt).toBe('2026-03-05T20:00:00Z')
  })

  it('rounds half away from zero: 40.005% is 40.01% and fails a 40% limit', () => {
    const rules = rulebook({ profitTarget: target, bestDayPercent: 40 })
    const verdict = judge(rules, historyOf([4000.5, 3000, 2999.5]))
    expect(verdict.objectives.bestDay).toEqual({
      limitPercent: 40,
      valuePercent: 40.01,
      met: false,
    })
    expect(verdict.status).toBe('active')
  })

  it('divides by the net total, losing days included', () => {
    const verdict = judge(rulebook(), historyOf([600, -200]))
    expect(verdict.objectives.bestDay).toEqual({ limitPercent: null, valuePercent: 150, met: true })
  })

  it('is not met while the total closed profit is not positive', () => {
    const rules = rulebook({ bestDayPercent: 80 })
    expect(judge(rules, historyOf([-100, 100])).objectives.bestDay).toEqual({
      limitPercent: 80,
      valuePercent: null,
      met: false,
    })
    expect(judge(rulebook(), historyOf([-100])).objectives.bestDay).toEqual({
      limitPercent: null,
      valuePercent: null,
      met: true,
    })
  })
})
