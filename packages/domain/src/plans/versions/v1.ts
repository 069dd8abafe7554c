import type { PlanKey } from '../stages'
import type { PlanPolicy, StageDefinition, StageRulebook } from '../policy'

// Version 1 of the plans: decisions.md "Rulebooks of the product's plans", as first sold.
// Never edit a published version: accounts are bound to it. Add versions/v2.ts instead.

// What every stage is judged by: the forex day, the 6% daily and 12% trailing maximum loss.
const guardRails = {
  dayReset: { timeZone: 'America/New_York', time: '17:00' },
  dailyLoss: { percent: 6, of: 'initial', anchor: 'max-balance-equity', action: 'breach' },
  maxLoss: { percent: 12, mode: 'trailing-eod-balance', lockAtInitial: true },
  tradingDay: 'opened',
  // the best-day rule of funded accounts is a payout condition, not a pass objective
  bestDayPercent: null,
} as const satisfies Partial<StageRulebook>

const phaseRules = (profitTargetPercent: number): StageRulebook => ({
  ...guardRails,
  profitTarget: { percent: profitTargetPercent, basis: 'balance', requireFlat: true },
  minTradingDays: 5,
})

// A funded account never passes (no profit target); its minimum days are the payout minimum,
// and the engine reports progress towards it on the dashboard.
const fundedRules = (minTradingDaysBeforeFirstPayout: number): StageRulebook => ({
  ...guardRails,
  profitTarget: null,
  minTradingDays: minTradingDaysBeforeFirstPayout,
})

const commonPolicy = {
  leverage: { max: 50, standard: 30 },
  maxLotsPerForexOrder: 50,
  areExpertAdvisorsAllowed: true,
  prohibitedStrategies: ['hft', 'martingale', 'grid'],
  marginCallPercent: 80,
  stopOutPercent: 50,
  inactivityDays: 30,
  maxTradingDays: null,
  profitSplitPercent: { standard: 90, withAddOn: 100 },
  payoutIntervalDays: { standard: 14, withFastPayout: 7 },
} as const satisfies Partial<PlanPolicy>

const twoPhasePolicy = {
  ...commonPolicy,
  isNewsTradingAllowed: true,
  newsBlackoutMinutes: null,
  isWeekendHoldingAllowed: true,
  feeRefundPercent: 100,
} as const satisfies Omit<PlanPolicy, 'payout'>

const instantFundPolicy = {
  ...commonPolicy,
  isNewsTradingAllowed: false,
  newsBlackoutMinutes: 2,
  isWeekendHoldingAllowed: false,
  feeRefundPercent: null,
} as const satisfies Omit<PlanPolicy, 'payout'>

const bestDayPercentAtPayout = 40
const minTradingDaysBetweenPayouts = 5
const instantFirstPayoutDays = 3

export const v1: Readonly<Record<PlanKey, StageDefinition>> = {
  'twoPhase.phase1': { rules: phaseRules(10), policy: { ...twoPhasePolicy, payout: null } },
  'twoPhase.phase2': { rules: phaseRules(5), policy: { ...twoPhasePolicy, payout: null } },
  'twoPhase.funded': {
    rules: fundedRules(minTradingDaysBetweenPayouts),
    policy: {
      ...twoPhasePolicy,
      payout: {
        bestDayPercent: bestDayPercentAtPayout,
        minTradingDaysBeforeFirstPayout: minTradingDaysBetweenPayouts,
        minTradingDaysBetweenPayouts,
      },
    },
  },
  'instantFund.funded': {
    rules: fundedRules(instantFirstPayoutDays),
    policy: {
      ...instantFundPolicy,
      payout: {
        bestDayPercent: bestDayPercentAtPayout,
        minTradingDaysBeforeFirstPayout: instantFirstPayoutDays,
        minTradingDaysBetweenPayouts,
      },
    },
  },
}
