import { describe, expect, it } from 'vitest'
import { verdictSchema } from '../../src'
import { judge, snap, trade } from './support'

// The examples of contracts/evaluation-engine.md, verbatim.
const exampleRules = {
  initialBalance: 100000,
  dayReset: { timeZone: 'America/New_York', time: '17:00' },
  profitTarget: { percent: 10, basis: 'balance', requireFlat: true },
  dailyLoss: { percent: 6, of: 'initial', anchor: 'balance', action: 'breach' },
  maxLoss: { percent: 12, mode: 'trailing-eod-balance', lockAtInitial: true },
  minTradingDays: 5,
  tradingDay: 'opened',
  bestDayPercent: null,
} as const

const exampleHistory = {
  snapshots: [
    { t: '2026-03-02T09:00:00Z', balance: 100000, equity: 100000 },
    { t: '2026-03-02T11:30:00Z', balance: 100000, equity: 99120.5 },
  ],
  trades: [
    {
      id: '1',
      symbol: 'EURUSD',
      side: 'buy',
      volume: 1.0,
      openTime: '2026-03-02T09:05:00Z',
      closeTime: '2026-03-02T12:00:00Z',
      openPrice: 1.0835,
      closePrice: 1.0861,
      profit: 260,
      commission: -7,
      swap: 0,
    },
  ],
} as const

const exampleVerdict = {
  status: 'passed',
  breach: null,
  passedAt: '2026-03-09T15:00:00Z',
  days: [
    {
      date: '2026-03-02',
      anchor: 100000,
      dailyFloor: 94000,
      maxFloor: 88000,
      minEquity: 99120.5,
      closedProfit: 253,
      traded: true,
      paused: false,
    },
  ],
  objectives: {
    profitTarget: { target: 110000, value: 110250, met: true },
    minTradingDays: { required: 5, value: 5, met: true },
    bestDay: { limitPercent: null, valuePercent: 31.2, met: true },
  },
} as const

describe('the contract example', () => {
  it('prints the example row verbatim: the 12:00 close after the last snapshot fills its day', () => {
    const verdict = judge(exampleRules, structuredClone(exampleHistory) as never)

    expect(verdictSchema.parse(verdict)).toEqual(verdict)
    // 09:00Z is 04:00 in New York: the day that started Sunday 17:00, named Monday 2026-03-02.
    // The trade opened at 09:05 (a trading day) and closes at 12:00, after the last snapshot
    // (11:30) but within the day: the evaluation is still active, so its last row shows the
    // whole day and the trade's result (260 - 7) is in it, exactly as the contract prints it.
    expect(verdict.days).toEqual(exampleVerdict.days)
    expect(verdict).toMatchObject({ status: 'active', breach: null, passedAt: null })
    expect(verdict.objectives).toEqual({
      // judged at the last snapshot (11:30): balance 100000, one trading day
      profitTarget: { target: 110000, value: 100000, met: false },
      minTradingDays: { required: 5, value: 1, met: false },
      // from the rows: 253 of 253
      bestDay: { limitPercent: null, valuePercent: 100, met: true },
    })
  })

  it('reaches the example verdict when the example history goes on to a pass', () => {
    const history = {
      snapshots: [
        ...exampleHistory.snapshots,
        snap('2026-03-02T12:00:00Z', 100253),
        snap('2026-03-03T16:00:00Z', 103451),
        snap('2026-03-04T16:00:00Z', 105951),
        snap('2026-03-05T16:00:00Z', 108250),
        snap('2026-03-06T20:00:00Z', 108250, 109000),
        // Monday 11:00 in New York (EDT since Sunday): the last trade closes and the account is flat
        snap('2026-03-09T15:00:00Z', 110250),
        snap('2026-03-09T16:00:00Z', 90000),
      ],
      trades: [
        ...exampleHistory.trades,
        trade('2', '2026-03-03T14:00:00Z', '2026-03-03T16:00:00Z', 3200, { commission: -2 }),
        trade('3', '2026-03-04T14:00:00Z', '2026-03-04T16:00:00Z', 2500),
        trade('4', '2026-03-05T14:00:00Z', '2026-03-05T16:00:00Z', 2299),
        trade('5', '2026-03-06T14:00:00Z', '2026-03-09T15:00:00Z', 2000),
      ],
    }

    const verdict = judge(exampleRules, history as never)

    expect(verdict.status).toBe(exampleVerdict.status)
    expect(verdict.breach).toBe(exampleVerdict.breach)
    expect(verdict.passedAt).toBe(exampleVerdict.passedAt)
    expect(verdict.objectives).toEqual(exampleVerdict.objectives)
    expect(verdict.days[0]).toEqual(exampleVerdict.days[0])
    // one row per day from the first snapshot to the pass (the later collapse is ignored)
    expect(verdict.days.map((d) => d.date)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
    ])
  })
})
