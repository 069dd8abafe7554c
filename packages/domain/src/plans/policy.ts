import type { Rulebook } from '../rules'
import type { AddOns } from './add-ons'

/**
 * The rules of a stage that the evaluation engine does not judge: trading-server limits,
 * conduct, and payout terms. Versioned with the rulebook (see versions/), so an account keeps
 * the policy it was sold with.
 */
export interface PlanPolicy {
  /** 1:N account leverage: the most a trader may choose and the default */
  leverage: { max: number; standard: number }
  maxLotsPerForexOrder: number
  isNewsTradingAllowed: boolean
  /** minutes before and after a high-impact event without trading; null when news trading is allowed */
  newsBlackoutMinutes: number | null
  /** when false, positions must be closed before the weekend */
  isWeekendHoldingAllowed: boolean
  areExpertAdvisorsAllowed: boolean
  prohibitedStrategies: readonly ProhibitedStrategy[]
  marginCallPercent: number
  stopOutPercent: number
  /** days without a trade after which the account is suspended */
  inactivityDays: number
  /** null: no time limit */
  maxTradingDays: number | null
  /** share of the fee refunded with the first payout of the funded account; null: not refundable */
  feeRefundPercent: number | null
  profitSplitPercent: { standard: number; withAddOn: number }
  payoutIntervalDays: { standard: number; withFastPayout: number }
  /** payout terms of a funded stage; null for evaluation phases */
  payout: PayoutPolicy | null
}

export interface PayoutPolicy {
  /** the best day's closed profit may be at most this share of the total, checked at the request */
  bestDayPercent: number
  minTradingDaysBeforeFirstPayout: number
  minTradingDaysBetweenPayouts: number
}

export const prohibitedStrategies = ['hft', 'martingale', 'grid'] as const
export type ProhibitedStrategy = (typeof prohibitedStrategies)[number]
export const prohibitedStrategyLabels: Readonly<Record<ProhibitedStrategy, string>> = {
  hft: 'HFT',
  martingale: 'martingale',
  grid: 'grid',
}

/** A stage's rulebook without its size: `initialBalance` is filled in per account size. */
export type StageRulebook = Omit<Rulebook, 'initialBalance'>

export interface StageDefinition {
  rules: StageRulebook
  policy: PlanPolicy
}

export function profitSplitPercentFor(policy: PlanPolicy, addOns: AddOns): number {
  return addOns.profitSplit100
    ? policy.profitSplitPercent.withAddOn
    : policy.profitSplitPercent.standard
}

export function payoutIntervalDaysFor(policy: PlanPolicy, addOns: AddOns): number {
  return addOns.fastPayout
    ? policy.payoutIntervalDays.withFastPayout
    : policy.payoutIntervalDays.standard
}
