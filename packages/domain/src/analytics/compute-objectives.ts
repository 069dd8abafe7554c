import { percentOf, usd } from '../money'
import type { ChallengeType, PlanRuleKey, TradingPlatform } from '../plans'
import type { Rulebook, Verdict, VerdictStatus } from '../rules'
import { amountToCents, centsToAmount, percent2dp } from './trade-result'

/** What the dashboard knows about the account besides its rules and verdict. */
export interface ChallengeAccountInfo {
  challengeType: ChallengeType
  platform: TradingPlatform
  /** starting balance in account currency */
  accountSize: number
  /** ISO instants */
  start: string
  end: string | null
}

/** The Status table of the dashboard (spec 2.12; section 3 "Analysis stats"). */
export interface AnalysisStats {
  status: VerdictStatus
  challengeType: ChallengeType
  start: string
  end: string | null
  accountSize: number
  platform: TradingPlatform
  /** when these figures were computed (the `now` passed in) */
  updated: string
  minTradingDays: number
  /** percent, null when the rule is off */
  dailyLossLimit: number | null
  /** percent, null when the rule is off */
  maxDrawDown: number | null
  /** amount of profit to reach, null when there is no target (funded accounts) */
  profitTarget: number | null
}

export type ObjectiveKey = Extract<
  PlanRuleKey,
  'profitTarget' | 'minTradingDays' | 'dailyLoss' | 'maxLoss' | 'bestDay'
>
export type ObjectiveState = 'passed' | 'failed' | 'inProgress'

/**
 * One row of the Objectives table (Trading Objectives / Results / Summary). Labels come from the
 * plan's rule texts by `key`; `target` and `result` are in `unit`.
 */
export interface ObjectiveRow {
  key: ObjectiveKey
  unit: 'amount' | 'days' | 'percent'
  target: number
  /** where the account stands; null before there is anything to measure */
  result: number | null
  state: ObjectiveState
}

export function computeAnalysisStats(
  rulebook: Rulebook,
  verdict: Verdict,
  account: ChallengeAccountInfo,
  now: string,
): AnalysisStats {
  return {
    status: verdict.status,
    challengeType: account.challengeType,
    start: account.start,
    end: account.end,
    accountSize: account.accountSize,
    platform: account.platform,
    updated: now,
    minTradingDays: rulebook.minTradingDays,
    dailyLossLimit: rulebook.dailyLoss?.percent ?? null,
    maxDrawDown: rulebook.maxLoss?.percent ?? null,
    profitTarget: rulebook.profitTarget
      ? centsToAmount(profitTargetCents(rulebook, rulebook.profitTarget.percent))
      : null,
  }
}

/**
 * The objectives of the rules that are on, judged by the verdict (the engine is the only judge;
 * nothing here re-evaluates a rule). Limits (daily loss, max loss) show how much of the allowance
 * the worst day used, in the rule's own percent, so "result >= target" reads as a breach.
 */
export function computeObjectives(rulebook: Rulebook, verdict: Verdict): ObjectiveRow[] {
  const rows: ObjectiveRow[] = []
  const isFailed = verdict.status === 'failed'
  const goalState = (isMet: boolean): ObjectiveState =>
    isMet ? 'passed' : isFailed ? 'failed' : 'inProgress'
  const limitState = (rule: 'dailyLoss' | 'maxLoss'): ObjectiveState =>
    verdict.breach?.rule === rule ? 'failed' : 'passed'
  const initialCents = amountToCents(rulebook.initialBalance)

  if (rulebook.profitTarget) {
    const { value, met } = verdict.objectives.profitTarget
    rows.push({
      key: 'profitTarget',
      unit: 'amount',
      target: centsToAmount(profitTargetCents(rulebook, rulebook.profitTarget.percent)),
      result: centsToAmount(amountToCents(value) - initialCents),
      state: goalState(met),
    })
  }
  if (rulebook.minTradingDays > 0) {
    const { required, value, met } = verdict.objectives.minTradingDays
    rows.push({
      key: 'minTradingDays',
      unit: 'days',
      target: required,
      result: value,
      state: goalState(met),
    })
  }
  if (rulebook.dailyLoss) {
    const { of } = rulebook.dailyLoss
    const worst = maxOver(verdict.days, (day) => {
      const anchorCents = amountToCents(day.anchor)
      const lossCents = anchorCents - amountToCents(day.minEquity)
      return usedPercent(lossCents, of === 'initial' ? initialCents : anchorCents)
    })
    rows.push({
      key: 'dailyLoss',
      unit: 'percent',
      target: rulebook.dailyLoss.percent,
      result: worst,
      state: limitState('dailyLoss'),
    })
  }
  if (rulebook.maxLoss) {
    const allowanceCents = percentOf(usd(initialCents), rulebook.maxLoss.percent).cents
    const worst = maxOver(verdict.days, (day) =>
      day.maxFloor === null
        ? null
        : usedPercent(
            amountToCents(day.maxFloor) + allowanceCents - amountToCents(day.minEquity),
            initialCents,
          ),
    )
    rows.push({
      key: 'maxLoss',
      unit: 'percent',
      target: rulebook.maxLoss.percent,
      result: worst,
      state: limitState('maxLoss'),
    })
  }
  const { limitPercent, valuePercent, met } = verdict.objectives.bestDay
  if (limitPercent !== null) {
    rows.push({
      key: 'bestDay',
      unit: 'percent',
      target: limitPercent,
      result: valuePercent,
      state: goalState(met),
    })
  }
  return rows
}

/** The profit to reach: percent of the initial balance, to the cent (the rule texts' rounding). */
function profitTargetCents(rulebook: Rulebook, percent: number): number {
  return percentOf(usd(amountToCents(rulebook.initialBalance)), percent).cents
}

/** loss / base in percent (2 decimals, never below 0); null when there is no base. */
function usedPercent(lossCents: number, baseCents: number): number | null {
  if (baseCents <= 0) return null
  return percent2dp(Math.max(0, lossCents), baseCents)
}

function maxOver<T>(items: readonly T[], value: (item: T) => number | null): number | null {
  let max: number | null = null
  for (const item of items) {
    const v = value(item)
    if (v !== null && (max === null || v > max)) max = v
  }
  return max
}
