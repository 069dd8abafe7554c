import { formatMoney, type Money } from '@tp/domain/money'
import {
  accountSizeLabel,
  accountSizesK,
  baseFee,
  challengeTypeLabels,
  currentRulebookVersion,
  getPlanPolicy,
  getRulebook,
  prohibitedStrategyLabels,
  timeZoneName,
  tradingPlatformLabels,
  tradingPlatformShortLabels,
  tradingPlatforms,
  type ChallengeType,
  type PlanKey,
} from '@tp/domain/plans'
import { addOnSurchargePercent, cryptoDiscountPercent } from '@tp/domain/pricing'

// The numbers the public pages (FAQ, terms, about us) quote, read from the plan catalogue, the
// versioned rulebooks and policies and the price rules of @tp/domain: the same source the pricing
// page, the checkout and the evaluation engine use, so a page can never promise another number.

export interface StageFacts {
  /** percent of the starting balance; null: no profit target (funded) */
  profitTargetPercent: number | null
  dailyLossPercent: number | null
  maxLossPercent: number | null
  isMaxLossTrailing: boolean
  minTradingDays: number
}

export interface ChallengeFacts {
  label: string
  /** cheapest and dearest base fee with the account sizes they buy */
  feeRange: { from: Money; fromSize: string; to: Money; toSize: string }
  isNewsTradingAllowed: boolean
  newsBlackoutMinutes: number | null
  isWeekendHoldingAllowed: boolean
  /** share of the fee refunded with the first payout of the funded account; null: none */
  feeRefundPercent: number | null
  minTradingDaysBeforeFirstPayout: number
  minTradingDaysBetweenPayouts: number
  bestDayPercent: number
}

export interface PlanFacts {
  rulebookVersion: string
  platforms: { short: string; long: string }[]
  accountSizes: string[]
  twoPhase: ChallengeFacts & { phase1: StageFacts; phase2: StageFacts; funded: StageFacts }
  instantFund: ChallengeFacts & { funded: StageFacts }
  /** the same for every stage of the version (asserted when the facts are read) */
  dayReset: { time: string; timeZone: string }
  leverage: { max: number; standard: number }
  maxLotsPerForexOrder: number
  areExpertAdvisorsAllowed: boolean
  prohibitedStrategies: string[]
  marginCallPercent: number
  stopOutPercent: number
  inactivityDays: number
  maxTradingDays: number | null
  profitSplitPercent: { standard: number; withAddOn: number }
  payoutIntervalDays: { standard: number; withFastPayout: number }
  addOnSurchargePercent: { single: number; both: number }
  cryptoDiscountPercent: number
}

/** The facts of the plans sold with `version` (default: the version sold now). */
export function readPlanFacts(version: string = currentRulebookVersion): PlanFacts {
  const stage = (planKey: PlanKey): StageFacts => {
    const rules = getRulebook(planKey, version, accountSizesK[0])
    return {
      profitTargetPercent: rules.profitTarget?.percent ?? null,
      dailyLossPercent: rules.dailyLoss?.percent ?? null,
      maxLossPercent: rules.maxLoss?.percent ?? null,
      isMaxLossTrailing: rules.maxLoss !== null && rules.maxLoss.mode !== 'static',
      minTradingDays: rules.minTradingDays,
    }
  }
  const challenge = (type: ChallengeType): ChallengeFacts => {
    const policy = getPlanPolicy(`${type}.funded`, version)
    const first = accountSizesK[0]
    const last = accountSizesK[accountSizesK.length - 1]!
    return {
      label: challengeTypeLabels[type],
      feeRange: {
        from: baseFee(type, first),
        fromSize: accountSizeLabel(first),
        to: baseFee(type, last),
        toSize: accountSizeLabel(last),
      },
      isNewsTradingAllowed: policy.isNewsTradingAllowed,
      newsBlackoutMinutes: policy.newsBlackoutMinutes,
      isWeekendHoldingAllowed: policy.isWeekendHoldingAllowed,
      feeRefundPercent: policy.feeRefundPercent,
      minTradingDaysBeforeFirstPayout: policy.payout?.minTradingDaysBeforeFirstPayout ?? 0,
      minTradingDaysBetweenPayouts: policy.payout?.minTradingDaysBetweenPayouts ?? 0,
      bestDayPercent: policy.payout?.bestDayPercent ?? 0,
    }
  }
  const common = getPlanPolicy('twoPhase.phase1', version)
  const { dayReset } = getRulebook('twoPhase.phase1', version, accountSizesK[0])
  return {
    rulebookVersion: version,
    platforms: tradingPlatforms.map((platform) => ({
      short: tradingPlatformShortLabels[platform],
      long: tradingPlatformLabels[platform],
    })),
    accountSizes: accountSizesK.map(accountSizeLabel),
    twoPhase: {
      ...challenge('twoPhase'),
      phase1: stage('twoPhase.phase1'),
      phase2: stage('twoPhase.phase2'),
      funded: stage('twoPhase.funded'),
    },
    instantFund: { ...challenge('instantFund'), funded: stage('instantFund.funded') },
    dayReset: { time: dayReset.time, timeZone: timeZoneName(dayReset.timeZone) },
    leverage: { ...common.leverage },
    maxLotsPerForexOrder: common.maxLotsPerForexOrder,
    areExpertAdvisorsAllowed: common.areExpertAdvisorsAllowed,
    prohibitedStrategies: common.prohibitedStrategies.map((s) => prohibitedStrategyLabels[s]),
    marginCallPercent: common.marginCallPercent,
    stopOutPercent: common.stopOutPercent,
    inactivityDays: common.inactivityDays,
    maxTradingDays: common.maxTradingDays,
    profitSplitPercent: { ...common.profitSplitPercent },
    payoutIntervalDays: { ...common.payoutIntervalDays },
    addOnSurchargePercent: { ...addOnSurchargePercent },
    cryptoDiscountPercent,
  }
}

// ---- words shared by the pages -------------------------------------------------------------------

export const money = (amount: Money): string => formatMoney(amount, { showCents: false })
export const days = (n: number): string => (n === 1 ? '1 day' : `${n} days`)
export const minutes = (n: number): string => (n === 1 ? '1 minute' : `${n} minutes`)

export function joinWords(words: readonly string[], last = 'and'): string {
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`
}

export function feeRangeText(facts: ChallengeFacts): string {
  const { from, fromSize, to, toSize } = facts.feeRange
  return `from ${money(from)} for ${fromSize} to ${money(to)} for ${toSize}`
}
