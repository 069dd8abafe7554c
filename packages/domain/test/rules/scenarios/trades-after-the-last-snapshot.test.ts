import { describe, expect, it } from 'vitest'
import { dayRow, judge, rulebook, snap, trade } from '../support'

// A history that runs out of snapshots (status "active") shows its last day whole: the trades
// that close (or open) after the last snapshot but before that day's reset count in the rows
// and in the best day, never in judging. A pass or a breach ends the evaluation at its snapshot.
// New York, 17:00 reset: the day 2026-03-02 runs from 2026-03-01T22:00Z to 2026-03-02T22:00Z.

const target = { percent: 1, basis: 'balance' as const, requireFlat: false }

describe('an active evaluation: trades after the last snapshot', () => {
  it("counts a trade closing after the last snapshot within the day in that day's row", () => {
    const verdict = judge(rulebook({ profitTarget: target, minTradingDays: 2 }), {
      snapshots: [
        snap('2026-03-02T14:00:00Z', 100000),
        snap('2026-03-02T16:00:00Z', 100000, 99800),
      ],
      trades: [
        // opened before the last snapshot, closed after it (the contract's own example, in small)
        trade('1', '2026-03-02T14:30:00Z', '2026-03-02T18:00:00Z', 500, {
          commission: -5,
          swap: -1.5,
        }),
        // opened and closed after it, one millisecond before the reset
        trade('2', '2026-03-02T19:00:00Z', '2026-03-02T21:59:59.999Z', 100),
      ],
    })

    expect(verdict).toMatchObject({ status: 'active', breach: null, passedAt: null })
    expect(verdict.days).toEqual([
      {
        date: '2026-03-02',
        anchor: 100000,
        dailyFloor: null,
        maxFloor: null,
        minEquity: 99800,
        closedProfit: 593.5, // 500 - 5 - 1.5 + 100
        traded: true,
        paused: false,
      },
    ])
    // judged at the last snapshot (16:00): its balance, the one trade opened by then
    expect(verdict.objectives.profitTarget).toEqual({ target: 101000, value: 100000, met: false })
    expect(verdict.objectives.minTradingDays).toEqual({ required: 2, value: 1, met: false })
    // from the printed rows
    expect(verdict.objectives.bestDay).toEqual({ limitPercent: null, valuePercent: 100, met: true })
  })

  it('marks the day traded for a trade opened after the last snapshot, without counting it as judged', () => {
    const verdict = judge(rulebook({ minTradingDays: 1 }), {
      snapshots: [snap('2026-03-02T14:00:00Z', 100000), snap('2026-03-02T16:00:00Z', 100000)],
      trades: [trade('1', '2026-03-02T17:00:00Z', null)],
    })

    expect(verdict.status).toBe('active')
    expect(dayRow(verdict, '2026-03-02')).toMatchObject({ closedProfit: 0, traded: true })
    // the contract: trading days count only trades opened at or before the judged snapshot
    expect(verdict.objectives.minTradingDays).toEqual({ required: 1, value: 0, met: false })
  })

  it('"opened-and-closed": a trade closing after the last snapshot within its day makes it traded', () => {
    const verdict = judge(rulebook({ tradingDay: 'opened-and-closed' }), {
      snapshots: [snap('2026-03-02T14:00:00Z', 100000), snap('2026-03-02T16:00:00Z', 100000)],
      trades: [trade('1', '2026-03-02T15:00:00Z', '2026-03-02T20:00:00Z', 40)],
    })

    expect(dayRow(verdict, '2026-03-02')).toMatchObject({ closedProfit: 40, traded: true })
    expect(verdict.objectives.minTradingDays.value).toBe(0)
  })

  it('does not count a trade closing at the reset or in the next day (beyond the last row)', () => {
    const verdict = judge(rulebook({ tradingDay: 'opened-and-closed' }), {
      snapshots: [snap('2026-03-02T14:00:00Z', 100000), snap('2026-03-02T16:00:00Z', 100000)],
      trades: [
        trade('1', '2026-03-02T15:00:00Z', '2026-03-02T22:00:00Z', 300), // exactly at the reset
        trade('2', '2026-03-02T15:30:00Z', '2026-03-03T10:00:00Z', 200),
        trade('3', '2026-03-02T23:00:00Z', '2026-03-02T23:30:00Z', 100), // all of it the next day
      ],
    })

    // no row for 2026-03-03: rows run from the first to the last snapshot
    expect(verdict.days.map((d) => d.date)).toEqual(['2026-03-02'])
    expect(dayRow(verdict, '2026-03-02')).toMatchObject({ closedProfit: 0, traded: false })
    expect(verdict.objectives.bestDay).toEqual({
      limitPercent: null,
      valuePercent: null,
      met: true,
    })
  })

  it('never passes on a trade after the last snapshot: the target is judged at a snapshot', () => {
    const rules = rulebook({ profitTarget: { ...target, requireFlat: true } })
    const verdict = judge(rules, {
      snapshots: [
        snap('2026-03-02T14:00:00Z', 100000),
        snap('2026-03-02T16:00:00Z', 101000, 101100),
      ],
      trades: [
        trade('1', '2026-03-02T14:30:00Z', '2026-03-02T15:00:00Z', 1000),
        // open at 16:00 (not flat there); it closes at 18:00, after the last snapshot
        trade('2', '2026-03-02T15:30:00Z', '2026-03-02T18:00:00Z', 200),
      ],
    })

    expect(verdict).toMatchObject({ status: 'active', breach: null, passedAt: null })
    expect(dayRow(verdict, '2026-03-02').closedProfit).toBe(1200)
    expect(verdict.objectives.profitTarget).toEqual({ target: 101000, value: 101000, met: false })
  })

  it('never fails on a trade after the last snapshot: a best-day limit breached by it only prints', () => {
    const rules = rulebook({ profitTarget: target, bestDayPercent: 50 })
    const verdict = judge(rules, {
      snapshots: [
        snap('2026-03-02T14:00:00Z', 100000),
        snap('2026-03-03T14:00:00Z', 100400),
        snap('2026-03-04T14:00:00Z', 100800),
      ],
      trades: [
        trade('1', '2026-03-02T15:00:00Z', '2026-03-02T16:00:00Z', 400),
        trade('2', '2026-03-03T15:00:00Z', '2026-03-03T16:00:00Z', 400),
        // after the last snapshot, within its day (2026-03-04 ends at 22:00Z)
        trade('3', '2026-03-04T15:00:00Z', '2026-03-04T16:00:00Z', 1200),
      ],
    })

    expect(verdict.status).toBe('active')
    expect(verdict.days.map((d) => d.closedProfit)).toEqual([400, 400, 1200])
    expect(verdict.objectives.bestDay).toEqual({ limitPercent: 50, valuePercent: 60, met: false })
  })
})

describe('a passed or failed evaluation: unchanged, trades count up to its snapshot', () => {
  it('a pass at the last snapshot ignores a trade closing later that day', () => {
    const verdict = judge(rulebook({ profitTarget: target, minTradingDays: 1 }), {
      snapshots: [snap('2026-03-02T14:00:00Z', 100000), snap('2026-03-02T16:00:00Z', 101000)],
      trades: [
        trade('1', '2026-03-02T14:30:00Z', '2026-03-02T15:30:00Z', 1000),
        trade('2', '2026-03-02T16:30:00Z', '2026-03-02T17:00:00Z', -700),
      ],
    })

    expect(verdict).toMatchObject({ status: 'passed', passedAt: '2026-03-02T16:00:00Z' })
    expect(dayRow(verdict, '2026-03-02')).toMatchObject({ closedProfit: 1000, traded: true })
    expect(verdict.objectives.bestDay).toEqual({ limitPercent: null, valuePercent: 100, met: true })
  })

  it('a breach at the last snapshot ignores a trade closing later that day', () => {
    const dailyLoss = { percent: 5, of: 'initial', anchor: 'balance', action: 'breach' } as const
    const verdict = judge(rulebook({ dailyLoss }), {
      snapshots: [
        snap('2026-03-02T14:00:00Z', 100000),
        snap('2026-03-02T16:00:00Z', 100000, 95000),
      ],
      trades: [trade('1', '2026-03-02T15:00:00Z', '2026-03-02T18:00:00Z', -5100)],
    })

    expect(verdict.status).toBe('failed')
    expect(verdict.breach).toEqual({
      rule: 'dailyLoss',
      t: '2026-03-02T16:00:00Z',
      equity: 95000,
      floor: 95000,
    })
    expect(dayRow(verdict, '2026-03-02')).toMatchObject({ closedProfit: 0, traded: true })
    expect(verdict.objectives.bestDay.valuePercent).toBeNull()
  })

  it('a breach before the last snapshot ignores the later snapshots and trades of its day', () => {
    const dailyLoss = { percent: 5, of: 'initial', anchor: 'balance', action: 'breach' } as const
    const verdict = judge(rulebook({ dailyLoss }), {
      snapshots: [
        snap('2026-03-02T14:00:00Z', 100000),
        snap('2026-03-02T16:00:00Z', 100000, 94000),
        snap('2026-03-02T19:00:00Z', 100500),
      ],
      trades: [trade('1', '2026-03-02T15:00:00Z', '2026-03-02T18:00:00Z', 500)],
    })

    expect(verdict.breach?.t).toBe('2026-03-02T16:00:00Z')
    expect(dayRow(verdict, '2026-03-02')).toMatchObject({ minEquity: 94000, closedProfit: 0 })
  })
})
