import { describe, expect, it } from 'vitest'
import { dayRow, judge, rulebook, snap } from './support'

// New York 17:00 resets: 2026-03-03 21:00Z is 16:00 on Tuesday (day "2026-03-03"), 22:00Z the
// reset, and 2026-03-04 15:00Z belongs to day "2026-03-04".
const dayOneStart = snap('2026-03-03T14:00:00Z', 100000)
const dayOneClose = snap('2026-03-03T21:00:00Z', 104000, 101000) // closed gains, open loss

type Of = 'initial' | 'anchor'
type Anchor = 'balance' | 'equity' | 'max-balance-equity'

// 5% daily loss; the day-two anchor is taken from dayOneClose (balance 104000, equity 101000)
const cases: [Of, Anchor, number, number][] = [
  ['initial', 'balance', 104000, 99000],
  ['anchor', 'balance', 104000, 98800],
  ['initial', 'equity', 101000, 96000],
  ['anchor', 'equity', 101000, 95950],
  ['initial', 'max-balance-equity', 104000, 99000],
  ['anchor', 'max-balance-equity', 104000, 98800],
]

describe('daily loss', () => {
  describe.each(cases)('of %s, anchor %s', (of, anchor, expectedAnchor, expectedFloor) => {
    const history = {
      snapshots: [
        dayOneStart,
        dayOneClose,
        snap('2026-03-04T15:00:00Z', 104000, expectedFloor + 0.01),
        snap('2026-03-04T16:00:00Z', 104000, expectedFloor), // touches the floor
        snap('2026-03-05T15:00:00Z', 104000, expectedAnchor),
      ],
    }

    it('"breach": fails the account at the first snapshot touching the day\'s floor', () => {
      const rules = rulebook({ dailyLoss: { percent: 5, of, anchor, action: 'breach' } })
      const verdict = judge(rules, history)

      expect(dayRow(verdict, '2026-03-04')).toMatchObject({
        anchor: expectedAnchor,
        dailyFloor: expectedFloor,
        paused: false,
      })
      expect(verdict.status).toBe('failed')
      expect(verdict.breach).toEqual({
        rule: 'dailyLoss',
        t: '2026-03-04T16:00:00Z',
        equity: expectedFloor,
        floor: expectedFloor,
      })
      expect(verdict.days.at(-1)!.date).toBe('2026-03-04')
    })

    it('"pause": ends that day\'s trading only; the next day starts fresh', () => {
      const rules = rulebook({ dailyLoss: { percent: 5, of, anchor, action: 'pause' } })
      const verdict = judge(rules, history)

      expect(verdict.status).toBe('active')
      expect(verdict.breach).toBeNull()
      expect(dayRow(verdict, '2026-03-03').paused).toBe(false)
      expect(dayRow(verdict, '2026-03-04')).toMatchObject({
        dailyFloor: expectedFloor,
        paused: true,
      })
      // a new day, a new floor: day three's snapshot is well above it
      expect(dayRow(verdict, '2026-03-05').paused).toBe(false)
    })
  })

  it('anchors "max-balance-equity" on the equity when a floating profit makes it the larger', () => {
    const rules = rulebook({
      dailyLoss: { percent: 5, of: 'anchor', anchor: 'max-balance-equity', action: 'breach' },
    })
    const verdict = judge(rules, {
      snapshots: [
        dayOneStart,
        snap('2026-03-03T21:00:00Z', 100000, 103000),
        snap('2026-03-04T15:00:00Z', 100000, 98000),
      ],
    })
    expect(dayRow(verdict, '2026-03-04')).toMatchObject({ anchor: 103000, dailyFloor: 97850 })
    expect(verdict.status).toBe('active')
  })

  it('anchors the first day on the first snapshot, wherever the day it falls', () => {
    const rules = rulebook({
      dailyLoss: { percent: 5, of: 'anchor', anchor: 'equity', action: 'breach' },
    })
    const verdict = judge(rules, { snapshots: [snap('2026-03-03T14:00:00Z', 100000, 100500)] })
    expect(verdict.days).toEqual([
      expect.objectContaining({ date: '2026-03-03', anchor: 100500, dailyFloor: 95475 }),
    ])
  })

  it('anchors a day on a snapshot taken exactly at the reset, not on the one before', () => {
    const rules = rulebook({
      dailyLoss: { percent: 5, of: 'initial', anchor: 'balance', action: 'breach' },
    })
    const verdict = judge(rules, {
      snapshots: [
        dayOneStart,
        snap('2026-03-03T21:00:00Z', 101000),
        snap('2026-03-03T22:00:00Z', 102000), // the 17:00 reset instant
        snap('2026-03-04T15:00:00Z', 97000.01),
      ],
    })
    expect(dayRow(verdict, '2026-03-04')).toMatchObject({ anchor: 102000, dailyFloor: 97000 })
    expect(verdict.status).toBe('active')
  })

  it("gives a weekend without snapshots its rows, anchored on Friday's last snapshot", () => {
    const rules = rulebook({
      dailyLoss: { percent: 5, of: 'initial', anchor: 'balance', action: 'breach' },
    })
    const verdict = judge(rules, {
      snapshots: [
        snap('2026-03-06T14:00:00Z', 100000), // Friday
        snap('2026-03-06T21:00:00Z', 101000, 100700),
        snap('2026-03-09T14:00:00Z', 101000), // Monday
      ],
    })
    expect(verdict.days.map((d) => [d.date, d.anchor, d.dailyFloor, d.minEquity])).toEqual([
      ['2026-03-06', 100000, 95000, 100000],
      ['2026-03-07', 101000, 96000, 100700],
      ['2026-03-08', 101000, 96000, 100700],
      ['2026-03-09', 101000, 96000, 101000],
    ])
  })

  it('is off when null: no floor, no daily breach', () => {
    const verdict = judge(rulebook(), {
      snapshots: [dayOneStart, snap('2026-03-03T15:00:00Z', 100000, 50000)],
    })
    expect(verdict.status).toBe('active')
    expect(verdict.days[0]!.dailyFloor).toBeNull()
  })
})
