import { formatMoney, percentOf, subtractMoney, addMoney, type Money } from '../money'
import type { DailyLossRule, MaxLossRule, Rulebook } from '../rules'
import type { AddOns } from './add-ons'
import {
  accountBalance,
  tradingPlatformShortLabels,
  tradingPlatforms,
  type AccountSizeK,
} from './catalogue'
import {
  payoutIntervalDaysFor,
  profitSplitPercentFor,
  prohibitedStrategyLabels,
  type PlanPolicy,
} from './policy'
import { currentRulebookVersion, getPlanPolicy, getRulebook } from './rulebooks'
import { parsePlanKey, stageLabels, type PlanKey } from './stages'

// The words every page uses for a stage's rules (chooser tabs, pricing explorer, trading-rules
// page, FAQ, dashboard objectives, checkout). Built from the versioned rulebook and policy, so a
// number can never disagree with what the engine judges.

export type PlanRuleKey =
  | 'profitTarget'
  | 'dailyLoss'
  | 'maxLoss'
  | 'minTradingDays'
  | 'maxTradingDays'
  | 'bestDay'
  | 'profitSplit'
  | 'payoutInterval'
  | 'refundableFee'
  | 'newsTrading'
  | 'weekendHolding'
  | 'leverage'
  | 'maxLots'
  | 'expertAdvisors'
  | 'prohibitedStrategies'
  | 'marginCall'
  | 'inactivity'
  | 'dayReset'
  | 'platforms'

export interface PlanRuleText {
  key: PlanRuleKey
  /** e.g. "Profit Target" */
  label: string
  /** e.g. "10% ($10,000)" */
  value: string
  /** one or two sentences explaining the rule to a trader */
  detail: string
}

export interface DescribePlanRulesOptions {
  /** the account's rulebook version; defaults to the version sold now */
  version?: string
  /** the add-ons bought: profit split and payout interval then show the account's own values */
  addOns?: AddOns
}

/** A stage's rules as label/value/detail texts, in display order. */
export function describePlanRules(
  planKey: PlanKey,
  sizeK: AccountSizeK,
  options: DescribePlanRulesOptions = {},
): PlanRuleText[] {
  const version = options.version ?? currentRulebookVersion
  const rules = getRulebook(planKey, version, sizeK)
  const policy = getPlanPolicy(planKey, version)
  const balance = accountBalance(sizeK)
  const reset = `${rules.dayReset.time} ${timeZoneName(rules.dayReset.timeZone)}`
  const { stage } = parsePlanKey(planKey)

  const texts: PlanRuleText[] = [
    profitTargetText(rules, balance, stageLabels[stage]),
    dailyLossText(rules.dailyLoss, balance, reset),
    maxLossText(rules.maxLoss, balance),
    minTradingDaysText(rules, policy),
  ]
  if (policy.payout === null) {
    texts.push({
      key: 'maxTradingDays',
      label: 'Maximum Trading Days',
      value: policy.maxTradingDays === null ? 'Unlimited' : days(policy.maxTradingDays),
      detail:
        policy.maxTradingDays === null
          ? 'There is no time limit to pass.'
          : `Pass within ${days(policy.maxTradingDays)}.`,
    })
  } else {
    const limit = policy.payout.bestDayPercent
    texts.push({
      key: 'bestDay',
      label: 'Best Day Rule',
      value: `${limit}% of total profit`,
      detail: `When you request a payout, your most profitable day may account for at most ${limit}% of your total profit.`,
    })
  }
  texts.push(
    profitSplitText(policy, options.addOns),
    payoutIntervalText(policy, options.addOns),
    policy.feeRefundPercent === null
      ? {
          key: 'refundableFee',
          label: 'Refundable Fee',
          value: 'No',
          detail: 'The fee is not refundable.',
        }
      : {
          key: 'refundableFee',
          label: 'Refundable Fee',
          value: `${policy.feeRefundPercent}%`,
          detail: `${policy.feeRefundPercent}% of your fee is refunded with your first payout from the funded account.`,
        },
    policy.isNewsTradingAllowed
      ? {
          key: 'newsTrading',
          label: 'News Trading',
          value: 'Allowed',
          detail: 'You may trade through news events.',
        }
      : {
          key: 'newsTrading',
          label: 'News Trading',
          value: 'Not allowed',
          detail: `Do not open or close trades within ${minutes(policy.newsBlackoutMinutes ?? 0)} before or after a high-impact news event.`,
        },
    policy.isWeekendHoldingAllowed
      ? {
          key: 'weekendHolding',
          label: 'Weekend Holding',
          value: 'Allowed',
          detail: 'You may hold positions over the weekend.',
        }
      : {
          key: 'weekendHolding',
          label: 'Weekend Holding',
          value: 'Not allowed',
          detail: 'Close all positions before the market closes for the weekend.',
        },
    {
      key: 'leverage',
      label: 'Leverage',
      value: `Up to 1:${policy.leverage.max} (1:${policy.leverage.standard} standard)`,
      detail: `Accounts open with 1:${policy.leverage.standard} leverage; you may raise it up to 1:${policy.leverage.max}.`,
    },
    {
      key: 'maxLots',
      label: 'Maximum Lot Size',
      value: `${policy.maxLotsPerForexOrder} lots per forex order`,
      detail: `A single forex order may be at most ${policy.maxLotsPerForexOrder} lots.`,
    },
    {
      key: 'expertAdvisors',
      label: 'Expert Advisors',
      value: policy.areExpertAdvisorsAllowed ? 'Allowed' : 'Not allowed',
      detail: policy.areExpertAdvisorsAllowed
        ? 'You may trade with Expert Advisors (EAs).'
        : 'Expert Advisors (EAs) may not be used.',
    },
    {
      key: 'prohibitedStrategies',
      label: 'Prohibited Strategies',
      value: joinWords(policy.prohibitedStrategies.map((s) => prohibitedStrategyLabels[s])),
      detail: `${joinWords(policy.prohibitedStrategies.map((s) => prohibitedStrategyLabels[s]))} strategies are not allowed.`,
    },
    {
      key: 'marginCall',
      label: 'Margin Call / Stop-Out',
      value: `${policy.marginCallPercent}% / ${policy.stopOutPercent}%`,
      detail: `A margin call is issued at a margin level of ${policy.marginCallPercent}%; positions are closed from ${policy.stopOutPercent}%.`,
    },
    {
      key: 'inactivity',
      label: 'Inactivity',
      value: days(policy.inactivityDays),
      detail: `An account without a trade for ${days(policy.inactivityDays)} is suspended.`,
    },
    {
      key: 'dayReset',
      label: 'Daily Reset',
      value: reset,
      detail: `Trading days and the daily loss limit reset at ${reset} (midnight of MetaTrader server time).`,
    },
    {
      key: 'platforms',
      label: 'Platforms',
      value: joinWords(tradingPlatforms.map((p) => tradingPlatformShortLabels[p])),
      detail: `Trade on ${joinWords(tradingPlatforms.map((p) => tradingPlatformShortLabels[p]))}.`,
    },
  )
  return texts
}

function profitTargetText(rules: Rulebook, balance: Money, stageLabel: string): PlanRuleText {
  const target = rules.profitTarget
  if (target === null) {
    return {
      key: 'profitTarget',
      label: 'Profit Target',
      value: 'None',
      detail: 'Funded accounts have no profit target.',
    }
  }
  const amount = percentOf(balance, target.percent)
  const goal = formatMoney(addMoney(balance, amount), wholeDollars)
  const measured = target.basis === 'balance' ? 'a closed balance' : 'equity'
  const flat = target.requireFlat ? ' with no open position' : ''
  return {
    key: 'profitTarget',
    label: 'Profit Target',
    value: `${target.percent}% (${formatMoney(amount, wholeDollars)})`,
    detail: `Reach ${measured} of ${goal}${flat} to pass ${stageLabel}.`,
  }
}

function dailyLossText(rule: DailyLossRule | null, balance: Money, reset: string): PlanRuleText {
  if (rule === null) {
    return {
      key: 'dailyLoss',
      label: 'Daily Loss Limit',
      value: 'None',
      detail: 'There is no daily loss limit.',
    }
  }
  const anchor = {
    balance: 'your balance',
    equity: 'your equity',
    'max-balance-equity': 'the higher of your balance and equity',
  }[rule.anchor]
  const allowance =
    rule.of === 'initial'
      ? formatMoney(percentOf(balance, rule.percent), wholeDollars)
      : `${rule.percent}% of it`
  const consequence =
    rule.action === 'breach'
      ? 'Touching this limit fails the account.'
      : 'Touching this limit ends trading for the day.'
  return {
    key: 'dailyLoss',
    label: 'Daily Loss Limit',
    value: rule.of === 'initial' ? `${rule.percent}% (${allowance})` : `${rule.percent}%`,
    detail: `Your equity must stay above ${anchor} at the daily reset (${reset}) minus ${allowance}. ${consequence}`,
  }
}

function maxLossText(rule: MaxLossRule | null, balance: Money): PlanRuleText {
  if (rule === null) {
    return {
      key: 'maxLoss',
      label: 'Max Drawdown',
      value: 'None',
      detail: 'There is no maximum loss limit.',
    }
  }
  const allowance = percentOf(balance, rule.percent)
  const allowanceText = formatMoney(allowance, wholeDollars)
  const consequence = 'Touching this limit fails the account.'
  if (rule.mode === 'static') {
    return {
      key: 'maxLoss',
      label: 'Max Drawdown',
      value: `${rule.percent}% (${allowanceText})`,
      detail: `Your equity must stay above ${formatMoney(subtractMoney(balance, allowance), wholeDollars)}. ${consequence}`,
    }
  }
  const { high, moves } = {
    'trailing-eod-balance': {
      high: 'highest end-of-day balance',
      moves: 'only at the daily reset',
    },
    'trailing-balance': { high: 'highest balance', moves: 'as soon as your balance rises' },
    'trailing-equity': { high: 'highest equity', moves: 'as soon as your equity rises' },
  }[rule.mode]
  const lock = rule.lockAtInitial
    ? ` and stops at ${formatMoney(balance, wholeDollars)}, your starting balance`
    : ''
  return {
    key: 'maxLoss',
    label: 'Max Drawdown',
    value: `${rule.percent}% (${allowanceText}), trailing`,
    detail: `Your equity must stay above your ${high} minus ${allowanceText}. The limit moves up ${moves}${lock}. ${consequence}`,
  }
}

function minTradingDaysText(rules: Rulebook, policy: PlanPolicy): PlanRuleText {
  const counted =
    rules.tradingDay === 'opened'
      ? 'A day counts when you open a trade on it'
      : 'A day counts when you open and close a trade on it'
  const { time, timeZone } = rules.dayReset
  const dayRule = `${counted}; days run from ${time} to ${time} ${timeZoneName(timeZone)}.`
  const payout = policy.payout
  if (payout === null) {
    return {
      key: 'minTradingDays',
      label: 'Minimum Trading Days',
      value: days(rules.minTradingDays),
      detail: `Trade on at least ${days(rules.minTradingDays)} to pass. ${dayRule}`,
    }
  }
  const first = payout.minTradingDaysBeforeFirstPayout
  const between = payout.minTradingDaysBetweenPayouts
  const when =
    first === between
      ? `Trade on at least ${days(first)} before each payout.`
      : `Trade on at least ${days(first)} before your first payout and ${days(between)} between later payouts.`
  return {
    key: 'minTradingDays',
    label: 'Minimum Trading Days',
    value: days(first),
    detail: `${when} ${dayRule}`,
  }
}

function profitSplitText(policy: PlanPolicy, addOns: AddOns | undefined): PlanRuleText {
  const { standard, withAddOn } = policy.profitSplitPercent
  return {
    key: 'profitSplit',
    label: 'Profit Split',
    value: addOns
      ? `${profitSplitPercentFor(policy, addOns)}%`
      : `${standard}% (${withAddOn}% with add-on)`,
    detail: `You keep ${standard}% of the profit of your funded account; the ${withAddOn}% Profit Split add-on raises it to ${withAddOn}%.`,
  }
}

function payoutIntervalText(policy: PlanPolicy, addOns: AddOns | undefined): PlanRuleText {
  const { standard, withFastPayout } = policy.payoutIntervalDays
  return {
    key: 'payoutInterval',
    label: 'Payout Interval',
    value: addOns
      ? days(payoutIntervalDaysFor(policy, addOns))
      : `${days(standard)} (${days(withFastPayout)} with Fast Payout)`,
    detail: `Request a payout every ${days(standard)}; with the Fast Payout add-on, every ${days(withFastPayout)}.`,
  }
}

const wholeDollars = { showCents: false } as const

const days = (n: number): string => (n === 1 ? '1 day' : `${n} days`)
const minutes = (n: number): string => (n === 1 ? '1 minute' : `${n} minutes`)

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

/** "America/New_York" -> "New York time". */
export function timeZoneName(timeZone: string): string {
  const city = timeZone.split('/').at(-1) ?? timeZone
  return `${city.replace(/_/g, ' ')} time`
}
