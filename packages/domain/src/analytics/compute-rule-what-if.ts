import { challengeTypeLabels, type AccountSizeK } from '../plans/catalogue'
import { currentRulebookVersion, getRulebook } from '../plans/rulebooks'
import { parsePlanKey, planKeys, stageLabels, type PlanKey } from '../plans/stages'
import type { HistoryInput } from '../rules/history'
import { replayHistory } from '../rules/incremental-evaluator'
import type { Breach, VerdictStatus } from '../rules/verdict'
import { amountToCents } from './trade-result'

export type WhatIfRuleKey = 'dailyLoss' | 'maxLoss' | 'profitTarget' | 'minTradingDays' | 'bestDay'

export interface WhatIfRule {
  key: WhatIfRuleKey
  /** false: the plan has no such rule */
  applies: boolean
  /** a loss rule: never breached; an objective: met */
  held: boolean
}

export type BreachInCents = Breach

/** A verdict's breach with its amounts in cents. */
export function breachInCents(breach: Breach | null): BreachInCents | null {
  return (
    breach && {
      ...breach,
      equity: amountToCents(breach.equity),
      floor: amountToCents(breach.floor),
    }
  )
}

/** The verdict one plan of the catalogue would have given the same trading. */
export interface WhatIfVerdict {
  planKey: PlanKey
  /** "Two Phase · Phase 1" */
  label: string
  status: VerdictStatus
  /** the first breach (the evaluation ends there) with its equity and floor in cents, or null */
  breach: BreachInCents | null
  passedAt: string | null
  rules: WhatIfRule[]
}

/**
 * Rule what-if (issue 12 item 7): the account's history (snapshots and trades, as the evaluation
 * ledger holds them or as built from a statement) judged under every plan of the catalogue at the
 * account's size, by the evaluator the live risk monitor runs (replayHistory).
 */
export function computeRuleWhatIf(
  history: HistoryInput,
  sizeK: AccountSizeK,
  version: string = currentRulebookVersion,
): WhatIfVerdict[] {
  return planKeys.map((planKey) => {
    const rules = getRulebook(planKey, version, sizeK)
    const verdict = replayHistory(rules, history).verdict()
    const { challenge, stage } = parsePlanKey(planKey)
    const breachedBy = verdict.breach?.rule ?? null
    const { objectives } = verdict
    return {
      planKey,
      label: `${challengeTypeLabels[challenge]} · ${stageLabels[stage]}`,
      status: verdict.status,
      breach: breachInCents(verdict.breach),
      passedAt: verdict.passedAt,
      rules: [
        { key: 'dailyLoss', applies: rules.dailyLoss !== null, held: breachedBy !== 'dailyLoss' },
        { key: 'maxLoss', applies: rules.maxLoss !== null, held: breachedBy !== 'maxLoss' },
        {
          key: 'profitTarget',
          applies: rules.profitTarget !== null,
          held: objectives.profitTarget.met,
        },
        {
          key: 'minTradingDays',
          applies: rules.minTradingDays > 0,
          held: objectives.minTradingDays.met,
        },
        { key: 'bestDay', applies: rules.bestDayPercent !== null, held: objectives.bestDay.met },
      ],
    }
  })
}
