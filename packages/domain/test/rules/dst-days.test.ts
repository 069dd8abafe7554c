import { describe, expect, it } from 'vitest'
import { dayRow, judge, rulebook, snap, trade } from './support'

const daily = {
  percent: 5,
  of: 'initial' as const,
  anchor: 'balance' as const,
  action: 'breach' as const,
}

describe('evaluation across DST changes', () => {
  it('New York 17:00, fall back: the 25-hour day "11-01" keeps a 16:30 EST trade', () => {
    // 21:30Z is 17:30 EDT on Saturday 10-31 (day "11-01" already) and 16:30 EST on Sunday 11-01
    const verdict = judge(rulebook({ dailyLoss: daily }), {
      snapshots: [
        snap('2026-10-30T15:00:00Z', 100000),
        snap('2026-10-31T21:30:00Z', 100200),
        snap('2026-11-01T21:30:00Z', 100400),
        snap('2026-11-01T22:30:00Z', 100600),
      ],
      trades: [
        trade('1', '2026-10-31T21:15:00Z', '2026-10-31T21:25:00Z', 200),
        trade('2', '2026-11-01T21:15:00Z', '2026-11-01T21:25:00Z', 200),
      ],
    })
    expect(verdict.days.map((d) => [d.date, d.closedProfit, d.anchor])).toEqual([
      ['2026-10-30', 0, 100000],
      ['2026-10-31', 0, 100000],
      ['2026-11-01', 400, 100000], // Saturday 17:00 EDT to Sunday 17:00 EST
      ['2026-11-02', 0, 100400], // anchored on the last snapshot before 22:00Z
    ])
    expect(verdict.objectives.minTradingDays.value).toBe(1)
  })

  it('Europe/London 00:30: days keep their own date through BST starting and ending', () => {
    const rules = rulebook({
      dayReset: { timeZone: 'Europe/London', time: '00:30' },
      dailyLoss: daily,
    })
    const spring = judge(rules, {
      snapshots: [
        snap('2026-03-28T12:00:00Z', 100000),
        snap('2026-03-29T23:20:00Z', 100000), // 00:20 BST Monday: still day "03-29"
        snap('2026-03-29T23:40:00Z', 101000), // 00:40 BST Monday: day "03-30"
      ],
    })
    expect(spring.days.map((d) => d.date)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30'])
    expect(dayRow(spring, '2026-03-30')).toMatchObject({ anchor: 100000, minEquity: 101000 })

    const autumn = judge(rules, {
      snapshots: [
        snap('2026-10-24T12:00:00Z', 100000),
        snap('2026-10-25T23:45:00Z', 99000), // 23:45 GMT Sunday: day "10-25" runs to 00:30Z
        snap('2026-10-26T00:30:00Z', 98000), // the reset instant: anchors day "10-26"
      ],
    })
    expect(autumn.days.map((d) => [d.date, d.anchor, d.dailyFloor])).toEqual([
      ['2026-10-24', 100000, 95000],
      ['2026-10-25', 100000, 95000],
      ['2026-10-26', 98000, 93000],
    ])
  })
})
