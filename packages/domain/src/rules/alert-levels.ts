import { Dec, percentOf } from './amounts'
import type { Rulebook } from './rulebook'

/**
 * The loss and gain amounts at which a platform's own equity alarm should wake the firm (MetaApi's
 * risk-management trackers, decision 0048), in whole cents of the account currency, from the
 * rulebook in force (the plan's, or a funded account's re-based one):
 *
 * - dailyLoss: the daily loss allowance, `dailyLoss.percent` of the initial balance (a rule
 *   measured on the day's anchor is approximated by the initial balance: the alarm is a signal to
 *   look now, the evaluator alone judges);
 * - maxLoss: the maximum loss allowance, `maxLoss.percent` of the initial balance;
 * - profitTarget: `profitTarget.percent` of the initial balance.
 *
 * null where the rulebook has no such rule. Exact decimals, rounded down to the cent so an alarm
 * never comes later than the rule.
 */
export type EquityAlertLevels = {
  dailyLossCents: number | null
  maxLossCents: number | null
  profitTargetCents: number | null
}

export function equityAlertLevels(rules: Rulebook): EquityAlertLevels {
  const initial = new Dec(rules.initialBalance)
  const cents = (percent: number) =>
    percentOf(initial, percent).times(100).toDecimalPlaces(0, Dec.ROUND_DOWN).toNumber()
  return {
    dailyLossCents: rules.dailyLoss ? cents(rules.dailyLoss.percent) : null,
    maxLossCents: rules.maxLoss ? cents(rules.maxLoss.percent) : null,
    profitTargetCents: rules.profitTarget ? cents(rules.profitTarget.percent) : null,
  }
}
