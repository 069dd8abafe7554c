import { describe, expect, it } from 'vitest'
import { describePlanRules, getPlanPolicy, getRulebook, type PlanRuleText } from '@tp/domain/plans'
import { buildRuleCards, buildRuleRows, planConditionKeys, type DescribeRules } from './rule-cards'

const valuesOf = (cards: ReturnType<typeof buildRuleCards>, key: string) =>
  cards.flatMap((card) => card.rows).find((row) => row.key === key)?.values ?? []

describe('trading-rules cards', () => {
  it('are the seven cards of spec 9.5 with the rulebooks’ numbers', () => {
    const cards = buildRuleCards(100)
    expect(cards.map((card) => card.title)).toEqual([
      'Leverage & Margin',
      'Daily Drawdown',
      'Total Drawdown',
      'Prohibited Strategies',
      'Maximum Lot Size',
      'Profit Target & Best Day',
      'Trading Days & Inactivity',
    ])
    const phase1 = getRulebook('twoPhase.phase1', 'v1', 100)
    const policy = getPlanPolicy('twoPhase.phase1')
    const [daily] = valuesOf(cards, 'dailyLoss')
    expect(daily).toMatchObject({ appliesTo: 'All plans', isAllPlans: true })
    expect(daily!.value).toBe(
      `${phase1.dailyLoss!.percent}% ($${((phase1.initialBalance * phase1.dailyLoss!.percent) / 100).toLocaleString('en-US')})`,
    )
    expect(valuesOf(cards, 'maxLoss')[0]!.value).toContain(`${phase1.maxLoss!.percent}%`)
    expect(valuesOf(cards, 'leverage')[0]!.value).toContain(`1:${policy.leverage.max}`)
    expect(valuesOf(cards, 'maxLots')[0]!.value).toContain(`${policy.maxLotsPerForexOrder} lots`)
    expect(valuesOf(cards, 'inactivity')[0]!.value).toBe(`${policy.inactivityDays} days`)
    expect(valuesOf(cards, 'marginCall')[0]!.value).toBe(
      `${policy.marginCallPercent}% / ${policy.stopOutPercent}%`,
    )
  })

  it('show each plan’s value where the plans differ', () => {
    const cards = buildRuleCards(10)
    const targets = valuesOf(cards, 'profitTarget')
    expect(targets.map((value) => value.appliesTo)).toEqual([
      'Two Phase · Phase 1',
      'Two Phase · Phase 2',
      'Two Phase · Funded, Instant Funding · Funded',
    ])
    expect(targets.map((value) => value.value)).toEqual(
      (['twoPhase.phase1', 'twoPhase.phase2', 'twoPhase.funded'] as const).map(
        (planKey) =>
          describePlanRules(planKey, 10).find((rule) => rule.key === 'profitTarget')!.value,
      ),
    )
    const news = buildRuleRows(10, planConditionKeys).find((row) => row.key === 'newsTrading')!
    expect(news.values.map((value) => [value.appliesTo, value.value])).toEqual([
      ['Two Phase · Phase 1, Two Phase · Phase 2, Two Phase · Funded', 'Allowed'],
      ['Instant Funding · Funded', 'Not allowed'],
    ])
  })

  it('follow the rule texts they are given: a changed rulebook changes the card', () => {
    const changed: DescribeRules = (planKey, sizeK) =>
      describePlanRules(planKey, sizeK).map((rule): PlanRuleText =>
        rule.key === 'dailyLoss' && planKey === 'instantFund.funded'
          ? { ...rule, value: '4% ($4,000)' }
          : rule,
      )
    const daily = valuesOf(buildRuleCards(100, changed), 'dailyLoss')
    expect(daily.map((value) => value.isAllPlans)).toEqual([false, false])
    expect(daily.at(-1)).toMatchObject({
      appliesTo: 'Instant Funding · Funded',
      value: '4% ($4,000)',
    })
  })
})
