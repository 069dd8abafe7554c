import { describe, expect, it } from 'vitest'
import { IncrementalEvaluator } from '../../src'
import { phaseOneRules } from './support'

const at = (iso: string) => Date.parse(iso)

// A rulebook version is validated once for all the accounts that share it (the live monitor
// starts or restores thousands): the evaluators share one frozen rulebook and one calendar.
describe('incremental evaluator: rulebooks validated once per content', () => {
  it('shares one validated, frozen rulebook and calendar between evaluators of equal rules', () => {
    const a = IncrementalEvaluator.start(phaseOneRules, at('2026-03-02T14:00:00Z'), 100000, 100000)
    const b = IncrementalEvaluator.start(
      structuredClone(phaseOneRules),
      at('2026-03-02T15:00:00Z'),
      100000,
      100000,
    )
    expect(b.rules).toBe(a.rules)
    expect(b.calendar).toBe(a.calendar)
    expect(Object.isFrozen(a.rules)).toBe(true)
    expect(Object.isFrozen(a.rules.dayReset)).toBe(true)
    // the caller's object is neither frozen nor kept
    expect(Object.isFrozen(phaseOneRules)).toBe(false)
  })

  it('still refuses an invalid rulebook, every time it is given', () => {
    const bad = { ...phaseOneRules, dayReset: { timeZone: 'Mars/Olympus', time: '17:00' } }
    for (let i = 0; i < 2; i++) {
      expect(() => IncrementalEvaluator.start(bad, at('2026-03-02T14:00:00Z'), 1, 1)).toThrow()
    }
  })

  it('restores a checkpoint to the same state, sharing the rulebook', () => {
    const live = IncrementalEvaluator.start(
      phaseOneRules,
      at('2026-03-02T14:00:00Z'),
      100000,
      100000,
    )
    live.tradeOpened('t1', at('2026-03-02T14:30:00Z'))
    live.snapshot(at('2026-03-02T23:00:00Z'), 100000, 97000)
    const state = JSON.parse(JSON.stringify(live.toState())) as unknown
    const restored = IncrementalEvaluator.restore(state)
    expect(restored.toState()).toEqual(live.toState())
    expect(restored.rules).toBe(live.rules)
    const badState = { ...(state as object), rules: { ...phaseOneRules, initialBalance: -1 } }
    expect(() => IncrementalEvaluator.restore(badState)).toThrow()
  })
})
