import { describe, expect, it } from 'vitest'
import { InvalidEvaluationInputError, parseEvaluationInput } from '../../src'
import { phaseOneRules, snap, trade } from './support'

const history = { snapshots: [snap('2026-03-03T14:00:00Z', 100000)], trades: [] }

function problems(input: unknown): string[] {
  try {
    parseEvaluationInput(input)
  } catch (error) {
    if (error instanceof InvalidEvaluationInputError) return error.message.split('\n')
    throw error
  }
  throw new Error('expected the input to be refused')
}

describe('evaluation input', () => {
  it('accepts the product rulebook and applies the optional defaults', () => {
    const { rules, history: parsed } = parseEvaluationInput({
      rules: { ...phaseOneRules, bestDayPercent: undefined },
      history: { snapshots: history.snapshots },
    })
    expect(rules.bestDayPercent).toBeNull()
    expect(parsed.trades).toEqual([])
  })

  it('names a bad mode by its path and lists the allowed values', () => {
    const rules = {
      ...phaseOneRules,
      maxLoss: { percent: 12, mode: 'trailing', lockAtInitial: true },
    }
    expect(problems({ rules, history })).toEqual([
      'rules.maxLoss.mode: must be one of static, trailing-eod-balance, trailing-balance, trailing-equity',
    ])
  })

  it('names snapshots out of time order', () => {
    const snapshots = [
      snap('2026-03-03T14:00:00Z', 100000),
      snap('2026-03-03T15:00:00Z', 100000),
      snap('2026-03-03T16:00:00Z', 100000),
      snap('2026-03-03T15:30:00Z', 100000),
    ]
    expect(problems({ rules: phaseOneRules, history: { snapshots } })).toEqual([
      'history.snapshots[3].t: snapshots must be in time order (each one after the previous)',
    ])
  })

  it('names missing fields, unknown fields and wrong types', () => {
    const { minTradingDays: _dropped, ...withoutDays } = phaseOneRules
    expect(
      problems({
        rules: { ...withoutDays, bestDayPercnt: 40, initialBalance: '100000' },
        history: { snapshots: [{ t: '2026-03-03 14:00', balance: 1, equity: null }] },
      }),
    ).toEqual([
      'rules.initialBalance: must be a number',
      'rules.minTradingDays: is required',
      'rules.bestDayPercnt: unknown field',
      'history.snapshots[0].t: must be an ISO-8601 time with a zone, e.g. 2026-03-02T09:00:00Z',
      'history.snapshots[0].equity: must be a number',
    ])
    expect(problems({ rules: phaseOneRules })).toEqual(['history: is required'])
    expect(problems([])).toEqual(['input: must be an object'])
  })

  it('refuses trades that make no sense on the timeline', () => {
    const trades = [
      trade('1', '2026-03-03T13:00:00Z', null),
      trade('2', '2026-03-03T15:00:00Z', '2026-03-03T14:30:00Z'),
      trade('2', '2026-03-03T15:00:00Z', null),
    ]
    expect(problems({ rules: phaseOneRules, history: { ...history, trades } })).toEqual([
      "history.trades[0].openTime: must be after the account's start (the first snapshot, 2026-03-03T14:00:00Z)",
      'history.trades[1].closeTime: must not be before openTime',
      'history.trades[2].id: duplicate trade id "2"',
    ])
  })

  it('refuses an unknown time zone and a percentage above 100', () => {
    const rules = {
      ...phaseOneRules,
      dayReset: { timeZone: 'America/Gotham', time: '17:00' },
      dailyLoss: { percent: 120, of: 'initial', anchor: 'balance', action: 'breach' },
    }
    expect(problems({ rules, history })).toEqual([
      'rules.dayReset.timeZone: must be an IANA time zone, e.g. America/New_York',
      'rules.dailyLoss.percent: must be at most 100',
    ])
  })
})
