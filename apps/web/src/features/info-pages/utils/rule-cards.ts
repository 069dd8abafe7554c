import {
  challengeTypeLabels,
  describePlanRules,
  parsePlanKey,
  planKeys,
  stageLabels,
  type AccountSizeK,
  type PlanKey,
  type PlanRuleKey,
  type PlanRuleText,
} from '@tp/domain/plans'

// The seven cards of the trading-rules page (spec 9.5), each made of rule texts the domain words
// from the versioned rulebooks and policies (describePlanRules): the numbers are the ones the
// engine and the trading checks use. Where the plans differ, a rule lists its value per plan.

export type RuleCardId =
  | 'leverage'
  | 'daily-drawdown'
  | 'total-drawdown'
  | 'prohibited-strategies'
  | 'lot-size'
  | 'profit-target'
  | 'trading-days'

export interface RuleCardDefinition {
  id: RuleCardId
  title: string
  ruleKeys: readonly PlanRuleKey[]
}

export const ruleCardDefinitions: readonly RuleCardDefinition[] = [
  { id: 'leverage', title: 'Leverage & Margin', ruleKeys: ['leverage', 'marginCall'] },
  { id: 'daily-drawdown', title: 'Daily Drawdown', ruleKeys: ['dailyLoss'] },
  { id: 'total-drawdown', title: 'Total Drawdown', ruleKeys: ['maxLoss'] },
  {
    id: 'prohibited-strategies',
    title: 'Prohibited Strategies',
    ruleKeys: ['prohibitedStrategies', 'expertAdvisors'],
  },
  { id: 'lot-size', title: 'Maximum Lot Size', ruleKeys: ['maxLots'] },
  { id: 'profit-target', title: 'Profit Target & Best Day', ruleKeys: ['profitTarget', 'bestDay'] },
  {
    id: 'trading-days',
    title: 'Trading Days & Inactivity',
    ruleKeys: ['minTradingDays', 'inactivity'],
  },
]

export interface RuleValue {
  /** "All plans", or the plans this value applies to, e.g. "Two Phase · Phase 1" */
  appliesTo: string
  isAllPlans: boolean
  value: string
  detail: string
}

export interface RuleRow {
  key: PlanRuleKey
  label: string
  values: RuleValue[]
}

export interface RuleCard {
  id: RuleCardId
  title: string
  rows: RuleRow[]
}

export type DescribeRules = (planKey: PlanKey, sizeK: AccountSizeK) => PlanRuleText[]

export function planKeyLabel(planKey: PlanKey): string {
  const { challenge, stage } = parsePlanKey(planKey)
  return `${challengeTypeLabels[challenge]} · ${stageLabels[stage]}`
}

/** The cards for one account size (amounts in dollars depend on it). */
export function buildRuleCards(
  sizeK: AccountSizeK,
  describe: DescribeRules = (planKey, size) => describePlanRules(planKey, size),
): RuleCard[] {
  return ruleCardDefinitions.map((card) => ({
    id: card.id,
    title: card.title,
    rows: buildRuleRows(sizeK, card.ruleKeys, describe),
  }))
}

/** The rules beyond the seven cards where the plans differ most (news, weekend, payouts). */
export const planConditionKeys: readonly PlanRuleKey[] = [
  'newsTrading',
  'weekendHolding',
  'maxTradingDays',
  'profitSplit',
  'payoutInterval',
  'refundableFee',
  'dayReset',
  'platforms',
]

/** One row per rule key, its value per group of plans that share it. */
export function buildRuleRows(
  sizeK: AccountSizeK,
  keys: readonly PlanRuleKey[],
  describe: DescribeRules = (planKey, size) => describePlanRules(planKey, size),
): RuleRow[] {
  const textsByPlan = planKeys.map((planKey) => ({ planKey, texts: describe(planKey, sizeK) }))
  return keys.flatMap((key): RuleRow[] => {
    const perPlan = textsByPlan.flatMap(({ planKey, texts }) => {
      const text = texts.find((candidate) => candidate.key === key)
      return text ? [{ planKey, text }] : []
    })
    if (perPlan.length === 0) return []
    // plans with the same value (and explanation) share one line
    const groups = new Map<string, { planKeys: PlanKey[]; text: PlanRuleText }>()
    for (const { planKey, text } of perPlan) {
      const id = `${text.value}\u0000${text.detail}`
      const group = groups.get(id)
      if (group) group.planKeys.push(planKey)
      else groups.set(id, { planKeys: [planKey], text })
    }
    const isAllPlans = groups.size === 1 && perPlan.length === planKeys.length
    return [
      {
        key,
        label: perPlan[0]!.text.label,
        values: [...groups.values()].map(({ planKeys: groupKeys, text }) => ({
          appliesTo: isAllPlans ? 'All plans' : groupKeys.map(planKeyLabel).join(', '),
          isAllPlans,
          value: text.value,
          detail: text.detail,
        })),
      },
    ]
  })
}
