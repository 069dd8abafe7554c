import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import Decimal from 'decimal.js'
import { InvalidEvaluationInputError, evaluate, toMicros } from '../../src'
import { judge, rulebook, snap, trade } from './support'

describe('exact arithmetic', () => {
  it('adds 0.1 and 0.2 to exactly 0.3', () => {
    const verdict = judge(rulebook(), {
      snapshots: [snap('2026-03-03T14:00:00Z', 100000), snap('2026-03-03T20:00:00Z', 100000.3)],
      trades: [
        trade('1', '2026-03-03T15:00:00Z', '2026-03-03T16:00:00Z', 0.1),
        trade('2', '2026-03-03T15:00:00Z', '2026-03-03T16:00:00Z', 0.2),
      ],
    })
    expect(verdict.days[0]!.closedProfit).toBe(0.3)
    expect(verdict.objectives.bestDay.valuePercent).toBe(100)
  })

  it('breaches on a floor that binary floating point would put a hair lower', () => {
    // 6% below an anchor of 100000.3 is 94000.282 exactly; 100000.3 * 0.94 in floats is 94000.28199999999
    expect(100000.3 * 0.94).not.toBe(94000.282)
    const rules = rulebook({
      initialBalance: 100000.3,
      dailyLoss: { percent: 6, of: 'anchor', anchor: 'balance', action: 'breach' },
    })
    const verdict = judge(rules, {
      snapshots: [
        snap('2026-03-03T14:00:00Z', 100000.3),
        snap('2026-03-03T15:00:00Z', 100000.3, 94000.282),
      ],
    })
    expect(verdict.breach).toMatchObject({ rule: 'dailyLoss', equity: 94000.28, floor: 94000.28 })
  })

  it('keeps a floor exact when the percentage has many decimals', () => {
    // 33.333333% of 100000 = 33333.333 -> floor 66666.667 exactly
    const rules = rulebook({
      maxLoss: { percent: 33.333333, mode: 'static', lockAtInitial: false },
    })
    const history = (equity: number) => ({
      snapshots: [
        snap('2026-03-03T14:00:00Z', 100000),
        snap('2026-03-03T15:00:00Z', 100000, equity),
      ],
    })
    expect(judge(rules, history(66666.667)).status).toBe('failed')
    expect(judge(rules, history(66666.667001)).status).toBe('active')
  })

  it('refuses amounts it cannot hold exactly, naming them', () => {
    const input = {
      snapshots: [snap('2026-03-03T14:00:00Z', 100000, 0.1 + 0.2)],
    }
    expect(() => evaluate(rulebook(), input)).toThrow(InvalidEvaluationInputError)
    expect(() => evaluate(rulebook(), input)).toThrow(
      'history.snapshots[0].equity: must have at most 6 decimal places',
    )
  })

  it('converts any amount of up to 6 decimals to micro-units exactly (checked against decimal.js)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 }),
        fc.integer({ min: 0, max: 6 }),
        (anyMicros, decimals) => {
          // an amount below 1e9 written with `decimals` decimals, as JSON would carry it
          const step = 10 ** (6 - decimals)
          const text = new Decimal(anyMicros - (anyMicros % step)).dividedBy(1_000_000).toFixed()
          expect(toMicros(Number(text))).toBe(new Decimal(text).times(1_000_000).toNumber())
        },
      ),
      { numRuns: 2000 },
    )
    expect(toMicros(0.1 + 0.2)).toBeNaN()
    expect(toMicros(1e-7)).toBeNaN()
    expect(toMicros(1e9)).toBeNaN()
  })
})
