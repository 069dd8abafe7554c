import { describe, expect, it } from 'vitest'
import type { MaxLossMode } from '../../src'
import { dayRow, judge, rulebook, snap } from './support'

// Day "2026-03-03": closed gains to 106000, with an equity spike to 109000 on the way.
const dayOne = [
  snap('2026-03-03T14:00:00Z', 100000),
  snap('2026-03-03T18:00:00Z', 103000, 109000),
  snap('2026-03-03T21:00:00Z', 106000),
]

// 5% of 100000 = 5000 allowance. [mode, lockAtInitial, floor on day one, floor on day two]
const cases: [MaxLossMode, boolean, number, number][] = [
  ['static', false, 95000, 95000],
  ['static', true, 95000, 95000],
  ['trailing-eod-balance', false, 95000, 101000], // 106000 closing balance - 5000
  ['trailing-eod-balance', true, 95000, 100000], // locked at the initial balance
  ['trailing-balance', false, 95000, 101000],
  ['trailing-balance', true, 95000, 100000],
  ['trailing-equity', false, 95000, 104000], // 109000 highest equity - 5000
  ['trailing-equity', true, 95000, 100000],
]

describe('max loss', () => {
  it.each(cases)(
    '%s (lockAtInitial %s): floor %d on day one, %d on day two, breached by touching it',
    (mode, lockAtInitial, dayOneFloor, dayTwoFloor) => {
      const rules = rulebook({ maxLoss: { percent: 5, mode, lockAtInitial } })
      const verdict = judge(rules, {
        snapshots: [
          ...dayOne,
          snap('2026-03-04T15:00:00Z', 106000, dayTwoFloor + 0.01),
          snap('2026-03-04T16:00:00Z', 106000, dayTwoFloor),
        ],
      })

      expect(dayRow(verdict, '2026-03-03').maxFloor).toBe(dayOneFloor)
      expect(dayRow(verdict, '2026-03-04').maxFloor).toBe(dayTwoFloor)
      expect(verdict.status).toBe('failed')
      expect(verdict.breach).toEqual({
        rule: 'maxLoss',
        t: '2026-03-04T16:00:00Z',
        equity: dayTwoFloor,
        floor: dayTwoFloor,
      })
    },
  )

  it('"trailing-equity" moves at once: a drop the same day is judged against the raised floor', () => {
    const rules = rulebook({
      maxLoss: { percent: 5, mode: 'trailing-equity', lockAtInitial: false },
    })
    const verdict = judge(rules, {
      snapshots: [...dayOne.slice(0, 2), snap('2026-03-03T19:00:00Z', 103000, 104000)],
    })
    expect(verdict.breach).toEqual({
      rule: 'maxLoss',
      t: '2026-03-03T19:00:00Z',
      equity: 104000,
      floor: 104000,
    })
    // the row shows the floor in force at the start of the day
    expect(verdict.days[0]!.maxFloor).toBe(95000)
  })

  it('"trailing-eod-balance" waits for the reset: the same drop within the day is no breach', () => {
    const rules = rulebook({
      maxLoss: { percent: 5, mode: 'trailing-eod-balance', lockAtInitial: false },
    })
    const verdict = judge(rules, {
      snapshots: [...dayOne, snap('2026-03-03T21:30:00Z', 106000, 100000)],
    })
    expect(verdict.status).toBe('active')
  })

  it('"trailing-eod-balance" takes the closing balance at the reset, not the day\'s highest balance', () => {
    const history = {
      snapshots: [
        snap('2026-03-03T14:00:00Z', 100000),
        snap('2026-03-03T17:00:00Z', 108000), // a win closed at noon
        snap('2026-03-03T21:00:00Z', 104000), // a loss closed before the reset: the closing balance
        snap('2026-03-04T15:00:00Z', 104000, 100000),
      ],
    }
    const endOfDay = judge(
      rulebook({ maxLoss: { percent: 5, mode: 'trailing-eod-balance', lockAtInitial: false } }),
      history,
    )
    expect(endOfDay.days.map((d) => d.maxFloor)).toEqual([95000, 99000]) // 104000 - 5000
    expect(endOfDay.status).toBe('active')

    // the same history trailing every balance seen keeps the noon high: 108000 - 5000
    const immediate = judge(
      rulebook({ maxLoss: { percent: 5, mode: 'trailing-balance', lockAtInitial: false } }),
      history,
    )
    expect(immediate.days.map((d) => d.maxFloor)).toEqual([95000, 103000])
    expect(immediate.breach).toEqual({
      rule: 'maxLoss',
      t: '2026-03-04T15:00:00Z',
      equity: 100000,
      floor: 103000,
    })
  })

  it('"trailing-balance" judges a snapshot against the floor its own balance raised', () => {
    const rules = rulebook({
      maxLoss: { percent: 5, mode: 'trailing-balance', lockAtInitial: false },
    })
    // a big win closed while another position is deep in loss
    const verdict = judge(rules, {
      snapshots: [dayOne[0]!, snap('2026-03-03T15:00:00Z', 110000, 104500)],
    })
    expect(verdict.breach).toMatchObject({ rule: 'maxLoss', floor: 105000, equity: 104500 })
  })

  it('never moves a trailing floor down after a losing day', () => {
    const rules = rulebook({
      maxLoss: { percent: 5, mode: 'trailing-eod-balance', lockAtInitial: false },
    })
    const verdict = judge(rules, {
      snapshots: [
        ...dayOne,
        snap('2026-03-04T21:00:00Z', 102000), // day two closes lower
        snap('2026-03-05T15:00:00Z', 102000),
      ],
    })
    expect(verdict.days.map((d) => d.maxFloor)).toEqual([95000, 101000, 101000])
  })

  it('starts trailing at the initial balance even when the account opens below it', () => {
    const rules = rulebook({
      maxLoss: { percent: 5, mode: 'trailing-balance', lockAtInitial: false },
    })
    const verdict = judge(rules, { snapshots: [snap('2026-03-03T14:00:00Z', 99000)] })
    expect(verdict.days[0]!.maxFloor).toBe(95000)
  })

  it('is off when null', () => {
    const verdict = judge(rulebook(), { snapshots: [snap('2026-03-03T14:00:00Z', 100000, 1)] })
    expect(verdict).toMatchObject({ status: 'active', breach: null })
    expect(verdict.days[0]!.maxFloor).toBeNull()
  })
})
