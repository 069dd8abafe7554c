import {
  accountSizeLabel,
  accountSizesK,
  baseFee,
  challengeTypeLabels,
  challengeTypes,
  cryptoDiscountPercent,
  describePlanRules,
  formatMoney,
  stageLabels,
  stagesOf,
  toPlanKey,
  tradingPlatformLabels,
  tradingPlatforms,
  type AccountSizeK,
  type ChallengeType,
  type PlanRuleKey,
  type Stage,
  type TradingPlatform,
} from '@tp/domain'
import { defaultSelection } from './selection'

// The pricing explorer's figures, computed once from @tp/domain (the plans, their fees and the
// rulebooks' wording) where the page is rendered: at build time for the prerendered /pricing,
// which hands them to its island as props (decision 0029), so the browser runs none of the plan
// maths. Plain JSON: labels, formatted fees, and each stage's rules with a value per size.

export type StageRules = {
  stage: Stage
  label: string
  rules: { key: PlanRuleKey; label: string }[]
  /** values[sizeIndex][ruleIndex]: the rule's value for that account size */
  values: string[][]
  /** details[sizeIndex][ruleIndex]: its explanation, which may name amounts too */
  details: string[][]
}

export type PricingTable = {
  challenges: { value: ChallengeType; label: string; stages: StageRules[] }[]
  platforms: { value: TradingPlatform; label: string }[]
  sizes: { sizeK: AccountSizeK; label: string }[]
  /** fees[challenge][sizeIndex]: the one-time fee, by card, formatted */
  fees: Record<ChallengeType, string[]>
  cryptoDiscountPercent: number
  defaults: { challenge: ChallengeType; platform: TradingPlatform; sizeIndex: number }
}

function stageRules(challenge: ChallengeType, stage: Stage): StageRules {
  const planKey = toPlanKey(challenge, stage)
  const bySize = accountSizesK.map((sizeK) => describePlanRules(planKey, sizeK))
  const rules = bySize[0]!.map(({ key, label }) => ({ key, label }))
  const textOf = (sizeRules: (typeof bySize)[number], key: PlanRuleKey) =>
    sizeRules.find((candidate) => candidate.key === key)
  return {
    stage,
    label: stageLabels[stage],
    rules,
    values: bySize.map((sizeRules) =>
      rules.map((rule) => textOf(sizeRules, rule.key)?.value ?? ''),
    ),
    details: bySize.map((sizeRules) =>
      rules.map((rule) => textOf(sizeRules, rule.key)?.detail ?? ''),
    ),
  }
}

export function buildPricingTable(): PricingTable {
  return {
    challenges: challengeTypes.map((challenge) => ({
      value: challenge,
      label: challengeTypeLabels[challenge],
      stages: stagesOf(challenge).map((stage) => stageRules(challenge, stage)),
    })),
    platforms: tradingPlatforms.map((platform) => ({
      value: platform,
      label: tradingPlatformLabels[platform],
    })),
    sizes: accountSizesK.map((sizeK) => ({ sizeK, label: accountSizeLabel(sizeK) })),
    fees: Object.fromEntries(
      challengeTypes.map((challenge) => [
        challenge,
        accountSizesK.map((sizeK) => formatMoney(baseFee(challenge, sizeK))),
      ]),
    ) as Record<ChallengeType, string[]>,
    cryptoDiscountPercent,
    defaults: {
      challenge: defaultSelection.challenge,
      platform: defaultSelection.platform,
      sizeIndex: accountSizesK.indexOf(defaultSelection.sizeK),
    },
  }
}
