import { describe, expect, it } from 'vitest'
import { rulebookSchema } from '../../src/rules'
import {
  accountSizesK,
  buildRulebook,
  currentRulebookVersion,
  getPlanPolicy,
  getRulebook,
  payoutIntervalDaysFor,
  planKeys,
  profitSplitPercentFor,
  rulebookVersionSchema,
  rulebookVersions,
  type PlanKey,
} from '../../src/plans'

const everyRulebook = rulebookVersions.flatMap((version) =>
  planKeys.flatMap((planKey) => accountSizesK.map((sizeK) => ({ version, planKey, sizeK }))),
)

describe('versioned rulebooks', () => {
  it.each(everyRulebook.map((c) => [`${c.version} ${c.planKey} ${c.sizeK}K`, c] as const))(
    '%s is a valid engine rulebook, unchanged by the schema',
    (_name, { version, planKey, sizeK }) => {
      const rulebook = getRulebook(planKey, version, sizeK)
      expect(rulebookSchema.parse(rulebook)).toEqual(rulebook)
      expect(rulebook.initialBalance).toBe(sizeK * 1000)
    },
  )

  // decisions.md "Rulebooks of the product's plans"
  const expected: Record<PlanKey, { target: number | null; minDays: number }> = {
    'twoPhase.phase1': { target: 10, minDays: 5 },
    'twoPhase.phase2': { target: 5, minDays: 5 },
    'instantFund.funded': { target: null, minDays: 3 },
    'twoPhase.funded': { target: null, minDays: 5 },
  }

  it.each(planKeys)('%s carries the numbers of decisions.md', (planKey) => {
    const rulebook = buildRulebook(planKey, 100)
    const { target, minDays } = expected[planKey]
    expect(rulebook.profitTarget).toEqual(
      target === null ? null : { percent: target, basis: 'balance', requireFlat: true },
    )
    expect(rulebook.dailyLoss).toEqual({
      percent: 6,
      of: 'initial',
      anchor: 'max-balance-equity',
      action: 'breach',
    })
    expect(rulebook.maxLoss).toEqual({
      percent: 12,
      mode: 'trailing-eod-balance',
      lockAtInitial: true,
    })
    expect(rulebook.minTradingDays).toBe(minDays)
    expect(rulebook.tradingDay).toBe('opened')
    expect(rulebook.dayReset).toEqual({ timeZone: 'America/New_York', time: '17:00' })
    // best day is checked at the payout request, never as a pass objective
    expect(rulebook.bestDayPercent).toBeNull()
  })

  it('keeps v1 exactly as it was sold (accounts bound to v1 are judged by it forever)', () => {
    expect(getRulebook('twoPhase.phase1', 'v1', 100)).toEqual({
      initialBalance: 100000,
      dayReset: { timeZone: 'America/New_York', time: '17:00' },
      profitTarget: { percent: 10, basis: 'balance', requireFlat: true },
      dailyLoss: { percent: 6, of: 'initial', anchor: 'max-balance-equity', action: 'breach' },
      maxLoss: { percent: 12, mode: 'trailing-eod-balance', lockAtInitial: true },
      minTradingDays: 5,
      tradingDay: 'opened',
      bestDayPercent: null,
    })
    expect(getRulebook('instantFund.funded', 'v1', 5)).toEqual({
      initialBalance: 5000,
      dayReset: { timeZone: 'America/New_York', time: '17:00' },
      profitTarget: null,
      dailyLoss: { percent: 6, of: 'initial', anchor: 'max-balance-equity', action: 'breach' },
      maxLoss: { percent: 12, mode: 'trailing-eod-balance', lockAtInitial: true },
      minTradingDays: 3,
      tradingDay: 'opened',
      bestDayPercent: null,
    })
  })

  it('sells new accounts with the current version, which is registered', () => {
    expect(rulebookVersions).toContain(currentRulebookVersion)
    expect(rulebookVersions).toContain('v1')
    expect(buildRulebook('twoPhase.phase2', 50)).toEqual(
      getRulebook('twoPhase.phase2', currentRulebookVersion, 50),
    )
  })

  it('refuses a version it does not know rather than judging by other rules', () => {
    expect(() => getRulebook('twoPhase.phase1', 'v0', 100)).toThrow(/unknown rulebook version: v0/)
    expect(() => getRulebook('twoPhase.phase1', 'toString', 100)).toThrow(RangeError)
    expect(() => getPlanPolicy('twoPhase.funded', 'v999')).toThrow(RangeError)
    expect(rulebookVersionSchema.safeParse('v1').success).toBe(true)
    expect(rulebookVersionSchema.safeParse('v0').success).toBe(false)
  })

  it('hands out copies: changing one account rulebook cannot change the published version', () => {
    const rulebook = buildRulebook('twoPhase.phase1', 100)
    rulebook.profitTarget!.percent = 1
    rulebook.dayReset.time = '00:00'
    expect(buildRulebook('twoPhase.phase1', 100).profitTarget?.percent).toBe(10)
    expect(buildRulebook('twoPhase.phase1', 100).dayReset.time).toBe('17:00')
  })

  it('freezes the published policies', () => {
    const policy = getPlanPolicy('twoPhase.phase1')
    expect(() => {
      ;(policy.leverage as { max: number }).max = 100
    }).toThrow(TypeError)
    expect(getPlanPolicy('twoPhase.phase1').leverage.max).toBe(50)
  })
})

describe('plan policies (the rules the engine does not judge)', () => {
  it.each(planKeys)(
    '%s: leverage 1:50 (1:30 standard), 50 lots, 30 days inactivity, 90/100% split, 14/7 days',
    (planKey) => {
      const policy = getPlanPolicy(planKey, 'v1')
      expect(policy.leverage).toEqual({ max: 50, standard: 30 })
      expect(policy.maxLotsPerForexOrder).toBe(50)
      expect(policy.inactivityDays).toBe(30)
      expect(policy.profitSplitPercent).toEqual({ standard: 90, withAddOn: 100 })
      expect(policy.payoutIntervalDays).toEqual({ standard: 14, withFastPayout: 7 })
      expect(policy.maxTradingDays).toBeNull()
      expect(policy.areExpertAdvisorsAllowed).toBe(true)
      expect(policy.prohibitedStrategies).toEqual(['hft', 'martingale', 'grid'])
      expect([policy.marginCallPercent, policy.stopOutPercent]).toEqual([80, 50])
    },
  )

  it('allows news trading and weekend holding on Two Phase, funded included, but not on Instant Funding', () => {
    for (const planKey of ['twoPhase.phase1', 'twoPhase.phase2', 'twoPhase.funded'] as const) {
      const policy = getPlanPolicy(planKey)
      expect([
        policy.isNewsTradingAllowed,
        policy.isWeekendHoldingAllowed,
        policy.newsBlackoutMinutes,
      ]).toEqual([true, true, null])
    }
    const instant = getPlanPolicy('instantFund.funded')
    expect([
      instant.isNewsTradingAllowed,
      instant.isWeekendHoldingAllowed,
      instant.newsBlackoutMinutes,
    ]).toEqual([false, false, 2])
  })

  it('refunds the fee with the first payout on Two Phase only', () => {
    expect(getPlanPolicy('twoPhase.phase1').feeRefundPercent).toBe(100)
    expect(getPlanPolicy('twoPhase.funded').feeRefundPercent).toBe(100)
    expect(getPlanPolicy('instantFund.funded').feeRefundPercent).toBeNull()
  })

  it('checks the 40% best day and the minimum days at the payout request of funded accounts only', () => {
    expect(getPlanPolicy('twoPhase.phase1').payout).toBeNull()
    expect(getPlanPolicy('twoPhase.phase2').payout).toBeNull()
    expect(getPlanPolicy('instantFund.funded').payout).toEqual({
      bestDayPercent: 40,
      minTradingDaysBeforeFirstPayout: 3,
      minTradingDaysBetweenPayouts: 5,
    })
    expect(getPlanPolicy('twoPhase.funded').payout).toEqual({
      bestDayPercent: 40,
      minTradingDaysBeforeFirstPayout: 5,
      minTradingDaysBetweenPayouts: 5,
    })
  })

  it('keeps the funded rulebook minimum days equal to the first-payout minimum', () => {
    for (const planKey of ['twoPhase.funded', 'instantFund.funded'] as const) {
      expect(buildRulebook(planKey, 10).minTradingDays).toBe(
        getPlanPolicy(planKey).payout?.minTradingDaysBeforeFirstPayout,
      )
    }
  })

  it('raises the split to 100% and shortens the payout interval to 7 days with the add-ons', () => {
    const policy = getPlanPolicy('twoPhase.funded')
    expect(profitSplitPercentFor(policy, { profitSplit100: false, fastPayout: true })).toBe(90)
    expect(profitSplitPercentFor(policy, { profitSplit100: true, fastPayout: false })).toBe(100)
    expect(payoutIntervalDaysFor(policy, { profitSplit100: true, fastPayout: false })).toBe(14)
    expect(payoutIntervalDaysFor(policy, { profitSplit100: false, fastPayout: true })).toBe(7)
  })
})
