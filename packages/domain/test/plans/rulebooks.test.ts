import { describe, expect, it } from 'vitest'
import { evaluate, rulebookSchema } from '../../src/rules'
import {
  accountSizesK,
  buildRulebook,
  currentRulebookVersion,
  getPayoutRulebook,
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

  it('judges a payout request by the funded rulebook with the 40% best day and the payout minimum days', () => {
    const instantFirst = getPayoutRulebook('instantFund.funded', 'v1', 25, { isFirstPayout: true })
    expect(rulebookSchema.parse(instantFirst)).toEqual(instantFirst)
    expect(instantFirst).toEqual({
      ...getRulebook('instantFund.funded', 'v1', 25),
      minTradingDays: 3,
      bestDayPercent: 40,
    })
    expect(
      getPayoutRulebook('instantFund.funded', 'v1', 25, { isFirstPayout: false }).minTradingDays,
    ).toBe(5)
    const rebased = getPayoutRulebook('twoPhase.funded', 'v1', 100, {
      isFirstPayout: false,
      initialBalance: 104250.5,
    })
    expect(rebased).toMatchObject({
      initialBalance: 104250.5,
      minTradingDays: 5,
      bestDayPercent: 40,
    })
    expect(rebased.maxLoss).toEqual(getRulebook('twoPhase.funded', 'v1', 100).maxLoss)
    expect(() => getPayoutRulebook('twoPhase.phase1', 'v1', 100, { isFirstPayout: true })).toThrow(
      /not a funded stage/,
    )
    expect(() => getPayoutRulebook('twoPhase.funded', 'v0', 100, { isFirstPayout: true })).toThrow(
      /unknown rulebook version/,
    )
  })

  it('refuses a payout whose best day is above 40% of the profit, and grants it at 40%', () => {
    const rules = getPayoutRulebook('instantFund.funded', 'v1', 10, { isFirstPayout: true })
    const day = (date: string, hour: number) => `${date}T${String(hour).padStart(2, '0')}:00:00Z`
    // three trading days (New York days named 03-03, 03-04, 03-05), closed profits N, 300, 300
    const history = (firstDayProfit: number) => {
      const profits = [firstDayProfit, 300, 300]
      const dates = ['2026-03-03', '2026-03-04', '2026-03-05']
      let balance = 10000
      const snapshots = [{ t: day('2026-03-03', 13), balance, equity: balance }]
      const trades = dates.map((date, i) => {
        balance += profits[i]!
        snapshots.push({ t: day(date, 16), balance, equity: balance })
        return {
          id: String(i + 1),
          symbol: 'EURUSD',
          side: 'buy' as const,
          volume: 1,
          openTime: day(date, 14),
          closeTime: day(date, 16),
          openPrice: 1.1,
          closePrice: 1.11,
          profit: profits[i]!,
        }
      })
      return { snapshots, trades }
    }

    const refused = evaluate(rules, history(401))
    expect(refused.status).toBe('active')
    expect(refused.objectives.minTradingDays).toEqual({ required: 3, value: 3, met: true })
    expect(refused.objectives.bestDay).toEqual({
      limitPercent: 40,
      valuePercent: 40.06, // 401 of 1001
      met: false,
    })

    const granted = evaluate(rules, history(400))
    expect(granted.objectives.bestDay).toEqual({ limitPercent: 40, valuePercent: 40, met: true })
  })

  it('raises the split to 100% and shortens the payout interval to 7 days with the add-ons', () => {
    const policy = getPlanPolicy('twoPhase.funded')
    expect(profitSplitPercentFor(policy, { profitSplit100: false, fastPayout: true })).toBe(90)
    expect(profitSplitPercentFor(policy, { profitSplit100: true, fastPayout: false })).toBe(100)
    expect(payoutIntervalDaysFor(policy, { profitSplit100: true, fastPayout: false })).toBe(14)
    expect(payoutIntervalDaysFor(policy, { profitSplit100: false, fastPayout: true })).toBe(7)
  })
})
