import { messages, type RuleMeters, type WarningLevel } from '@tp/api'

export type LossRule = 'dailyLoss' | 'maxLoss'
export const lossRules: readonly LossRule[] = ['dailyLoss', 'maxLoss']

/** The levels at which the terminal warns; 100 is the breach itself. */
export const warningSteps = [50, 80, 95] as const

export function ruleLabel(rule: LossRule): string {
  return messages.trading.ruleLabels[rule]
}

/** What the rule panel says next to a meter at its warning level (web-only copy). */
export function warningText(level: WarningLevel): string | null {
  if (level === 0) return null
  if (level === 100) return 'Limit reached'
  return `${level}% of the allowed loss used`
}

/** The toast when a level is crossed upwards. */
export function warningToastText(rule: LossRule, level: WarningLevel): string {
  return `${ruleLabel(rule)}: ${level}% of the allowed loss is used.`
}

export function warningLevels(meters: RuleMeters): Record<LossRule, WarningLevel> {
  return {
    dailyLoss: meters.dailyLoss?.warning ?? 0,
    maxLoss: meters.maxLoss?.warning ?? 0,
  }
}
