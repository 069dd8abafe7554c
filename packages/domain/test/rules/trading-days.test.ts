import { describe, expect, it } from 'vitest'
import { dayRow, judge, rulebook, snap, trade } from './support'

// New York 17:00 resets. 15:00Z is 10:00 (EST): the day named after that date.
const target = { percent: 1, basis: 'balance' as const, requireFlat: false }
const snapshots = [
  snap('2026-03-03T14:00:00Z', 100000),
  snap('2026-03-03T20:00:00Z', 101000),
  snap('2026-03-04T20:00:00Z', 101000),
  snap('2026-03-05T20:00:00Z', 101000),
]
const trades = [
  trade('1', '2026-03-03T15:00:00Z', '2026-03-03T16:00:00Z', 1000),
  trade('2', '2026-03-03T17:00:00Z', '2026-03-03T18:00:00Z'), // same day again: counts once
  trade('3', '2026-03-04T15:00:00Z', '2026-03-05T15:00:00Z'), // held over the reset
  trade('4', '2026-03-05T15:00:00Z', '2026-03-05T16:00:00Z'),
]

describe('trading days', () => {
  it('"opened": a day counts when a trade was opened on it', () => {
    const rules = rulebook({ profitTarget: target, minTradingDays: 3, tradingDay: 'opened' })
    const verdict = judge(rules, { snapshots, trades })
    expect(verdict.passedAt).toBe('2026-03-05T20:00:00Z')
    expect(verdict.objectives.minTradingDays).toEqual({ required: 3, value: 3, met: true })
    expect(verdict.days.map((d) => d.traded)).toEqual([true, true, true])
  })

  it('"opened-and-closed": a trade held over the reset does not make a trading day', () => {
    const rules = rulebook({
      profitTarget: target,
      minTradingDays: 3,
      tradingDay: 'opened-and-closed',
    })
    const verdict = judge(rules, { snapshots, trades })
    expect(verdict.status).toBe('active')
    expect(verdict.objectives.minTradingDays).toEqual({ required: 3, value: 2, met: false })
    expect(dayRow(verdict, '2026-03-04').traded).toBe(false)
  })

  it('counts only trades opened at or before the snapshot being judged', () => {
    const rules = rulebook({ profitTarget: target, minTradingDays: 2, tradingDay: 'opened' })
    const verdict = judge(rules, {
      snapshots: [
        snap('2026-03-03T14:00:00Z', 100000),
        snap('2026-03-03T20:00:00Z', 101000),
        snap('2026-03-04T14:59:59Z', 101000),
        snap('2026-03-04T15:00:00Z', 101000),
      ],
      trades: [trades[0]!, trade('5', '2026-03-04T15:00:00Z', null)],
    })
    // the second day's trade opens at 15:00:00, so the snapshot one second before cannot pass
    expect(verdict.passedAt).toBe('2026-03-04T15:00:00Z')
  })

  it('"opened-and-closed" counts the day only once its trade has closed', () => {
    const rules = rulebook({
      profitTarget: target,
      minTradingDays: 1,
      tradingDay: 'opened-and-closed',
    })
    const verdict = judge(rules, {
      snapshots: [
        snap('2026-03-03T14:00:00Z', 100000),
        snap('2026-03-03T15:30:00Z', 101000),
        snap('2026-03-03T16:30:00Z', 101000),
      ],
      trades: [trade('1', '2026-03-03T15:00:00Z', '2026-03-03T16:00:00Z', 1000)],
    })
    expect(verdict.passedAt).toBe('2026-03-03T16:30:00Z')
  })

  it('puts a trade held overnight on the day it opened for trading days, and its profit on the day it closed', () => {
    const verdict = judge(rulebook({ tradingDay: 'opened' }), {
      snapshots: [snap('2026-03-03T14:00:00Z', 100000), snap('2026-03-04T16:00:00Z', 100500)],
      trades: [trade('1', '2026-03-03T15:00:00Z', '2026-03-04T15:00:00Z', 500)],
    })
    expect(verdict.days.map((d) => [d.date, d.traded, d.closedProfit])).toEqual([
      ['2026-03-03', true, 0],
      ['2026-03-04', false, 500],
    ])
  })

  it('"opened-and-closed": a close exactly at the reset belongs to the next day', () => {
    const history = (closeTime: string) => ({
      snapshots: [snap('2026-03-03T14:00:00Z', 100000), snap('2026-03-04T15:00:00Z', 100100)],
      // opened Tuesday 16:00 New York (EST); the day ends at 17:00 = 22:00Z
      trades: [trade('1', '2026-03-03T21:00:00Z', closeTime, 100)],
    })
    const rules = rulebook({ tradingDay: 'opened-and-closed', minTradingDays: 1 })

    const atReset = judge(rules, history('2026-03-03T22:00:00Z'))
    expect(atReset.objectives.minTradingDays).toEqual({ required: 1, value: 0, met: false })
    expect(atReset.days.map((d) => [d.date, d.traded, d.closedProfit])).toEqual([
      ['2026-03-03', false, 0],
      ['2026-03-04', false, 100],
    ])

    const justBefore = judge(rules, history('2026-03-03T21:59:59Z'))
    expect(justBefore.objectives.minTradingDays).toEqual({ required: 1, value: 1, met: true })
    expect(justBefore.days.map((d) => [d.date, d.traded, d.closedProfit])).toEqual([
      ['2026-03-03', true, 100],
      ['2026-03-04', false, 0],
    ])
  })
})
