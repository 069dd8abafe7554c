import { describe, expect, it } from 'vitest'
import { computeAnalysisStats, computeObjectives } from '../../src/analytics'
import { rulebookSchema, type DayRow, type Rulebook, type Verdict } from '../../src/rules'

const phase1: Rulebook = rulebookSchema.parse({
  initialBalance: 100_000,
  dayReset: { timeZone: 'America/New_York', time: '17:00' },
  profitTarget: { percent: 10, basis: 'balance', requireFlat: true },
  dailyLoss: { percent: 6, of: 'initial', anchor: 'max-balance-equity', action: 'breach' },
  maxLoss: { percent: 12, mode: 'trailing-eod-balance', lockAtInitial: true },
  minTradingDays: 5,
  tradingDay: 'opened',
})

const day = (fields: Partial<DayRow> & Pick<DayRow, 'date'>): DayRow => ({
  anchor: 100_000,
  dailyFloor: 94_000,
  maxFloor: 88_000,
  minEquity: 100_000,
  closedProfit: 0,
  traded: true,
  paused: false,
  ...fields,
})

/** Two days in: up 1,500, the worst moment 4,000 below Tuesday's anchor of 101,000. */
const activeVerdict: Verdict = {
  status: 'active',
  breach: null,
  passedAt: null,
  days: [
    day({ date: '2026-03-02', minEquity: 98_500, closedProfit: 1_000 }),
    day({
      date: '2026-03-03',
      anchor: 101_000,
      dailyFloor: 95_000,
      maxFloor: 89_000,
      minEquity: 97_000,
    }),
  ],
  objectives: {
    profitTarget: { target: 110_000, value: 101_500, met: false },
    minTradingDays: { required: 5, value: 2, met: false },
    bestDay: { limitPercent: null, valuePercent: 66.67, met: true },
  },
}

describe('objectives table', () => {
  it('shows an account in progress: targets not met yet, limits not broken', () => {
    expect(computeObjectives(phase1, activeVerdict)).toEqual([
      { key: 'profitTarget', unit: 'amount', target: 10_000, result: 1_500, state: 'inProgress' },
      { key: 'minTradingDays', unit: 'days', target: 5, result: 2, state: 'inProgress' },
      // worst day: 4,000 of the 100,000 initial balance
      { key: 'dailyLoss', unit: 'percent', target: 6, result: 4, state: 'passed' },
      // floor 89,000 + allowance 12,000 - equity 97,000 = 4,000 of the allowance used
      { key: 'maxLoss', unit: 'percent', target: 12, result: 4, state: 'passed' },
    ])
  })

  it('marks the broken limit and the unmet goals failed when the verdict failed', () => {
    const failed: Verdict = {
      ...activeVerdict,
      status: 'failed',
      breach: { rule: 'dailyLoss', t: '2026-03-03T15:00:00Z', equity: 95_000, floor: 95_000 },
      days: [
        ...activeVerdict.days,
        day({
          date: '2026-03-04',
          anchor: 101_000,
          dailyFloor: 95_000,
          maxFloor: 89_000,
          minEquity: 95_000,
        }),
      ],
    }
    const states = Object.fromEntries(
      computeObjectives(phase1, failed).map((r) => [r.key, [r.state, r.result]]),
    )
    expect(states).toEqual({
      profitTarget: ['failed', 1_500],
      minTradingDays: ['failed', 2],
      dailyLoss: ['failed', 6],
      maxLoss: ['passed', 6],
    })
  })

  it('marks goals passed when the verdict passed', () => {
    const passed: Verdict = {
      ...activeVerdict,
      status: 'passed',
      passedAt: '2026-03-09T15:00:00Z',
      objectives: {
        ...activeVerdict.objectives,
        profitTarget: { target: 110_000, value: 110_250.5, met: true },
        minTradingDays: { required: 5, value: 5, met: true },
      },
    }
    expect(computeObjectives(phase1, passed).slice(0, 2)).toEqual([
      { key: 'profitTarget', unit: 'amount', target: 10_000, result: 10_250.5, state: 'passed' },
      { key: 'minTradingDays', unit: 'days', target: 5, result: 5, state: 'passed' },
    ])
  })

  it("measures a daily loss 'of anchor' against each day's own anchor", () => {
    const ofAnchor: Rulebook = { ...phase1, dailyLoss: { ...phase1.dailyLoss!, of: 'anchor' } }
    const row = computeObjectives(ofAnchor, activeVerdict).find((r) => r.key === 'dailyLoss')
    expect(row?.result).toBe(3.96) // 4,000 / 101,000
  })

  it('lists only the rules that are on: a funded account has a best-day rule and no target', () => {
    const funded: Rulebook = {
      ...phase1,
      profitTarget: null,
      minTradingDays: 0,
      bestDayPercent: 40,
    }
    const verdict: Verdict = {
      ...activeVerdict,
      objectives: {
        ...activeVerdict.objectives,
        bestDay: { limitPercent: 40, valuePercent: 66.67, met: false },
      },
    }
    expect(computeObjectives(funded, verdict).map((r) => r.key)).toEqual([
      'dailyLoss',
      'maxLoss',
      'bestDay',
    ])
    expect(computeObjectives(funded, verdict).at(-1)).toEqual({
      key: 'bestDay',
      unit: 'percent',
      target: 40,
      result: 66.67,
      state: 'inProgress',
    })
  })
})

describe('analysis stats (status table)', () => {
  it('states the plan and its limits as the rulebook sets them', () => {
    const stats = computeAnalysisStats(
      phase1,
      activeVerdict,
      {
        challengeType: 'twoPhase',
        platform: 'mt5',
        accountSize: 100_000,
        start: '2026-03-02T14:00:00Z',
        end: null,
      },
      '2026-03-04T12:00:00Z',
    )
    expect(stats).toEqual({
      status: 'active',
      challengeType: 'twoPhase',
      start: '2026-03-02T14:00:00Z',
      end: null,
      accountSize: 100_000,
      platform: 'mt5',
      updated: '2026-03-04T12:00:00Z',
      minTradingDays: 5,
      dailyLossLimit: 6,
      maxDrawDown: 12,
      profitTarget: 10_000,
    })
  })
})
