import { describe, expect, it } from 'vitest'
import { buildRulebook, equityAlertLevels } from '../../src'
import { rebaseRulebook } from '../../src/payouts/rebase'

// The equity alarm levels a platform's trackers are set to (decision 0048): the rulebook's own
// percentages of its initial balance, in cents, following a re-base.

describe('equityAlertLevels', () => {
  it('reads the daily loss, max loss and profit target from the rulebook', () => {
    const rules = buildRulebook('twoPhase.phase1', 100)
    const levels = equityAlertLevels(rules)
    expect(levels).toEqual({
      dailyLossCents: Math.floor(rules.initialBalance * rules.dailyLoss!.percent),
      maxLossCents: Math.floor(rules.initialBalance * rules.maxLoss!.percent),
      profitTargetCents: Math.floor(rules.initialBalance * rules.profitTarget!.percent),
    })
    expect(levels.maxLossCents).toBeGreaterThan(levels.dailyLossCents!)
  })

  it('moves with a re-based rulebook and is null where a rule is off', () => {
    const rules = { ...buildRulebook('twoPhase.phase1', 100), profitTarget: null }
    const rebased = rebaseRulebook(rules, 10_250_033)
    const levels = equityAlertLevels(rebased)
    expect(levels.profitTargetCents).toBeNull()
    // 102,500.33 x 12%, exact, rounded down to the cent
    expect(rules.maxLoss!.percent).toBe(12)
    expect(levels.maxLossCents).toBe(1_230_003)
  })
})
