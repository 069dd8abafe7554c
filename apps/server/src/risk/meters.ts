import { warningLevels, type LossMeter, type RuleMeters, type WarningLevel } from '@tp/api'
import type { IncrementalEvaluator } from '@tp/domain'

// The trader's rule meters: the floors in force with the distance to each, profit-target progress,
// trading days and the next reset, read from the live evaluator (exact floors, rounded to the cent
// only here, for display) and the account's latest equity.

const toCents = (dollars: number) => Math.round(dollars * 100)
const twoDecimals = (value: number) => Math.round(value * 100) / 100
const clampPercent = (value: number) => Math.min(100, Math.max(0, twoDecimals(value)))

export function warningFor(usedPercent: number): WarningLevel {
  let level: WarningLevel = 0
  for (const step of warningLevels) if (usedPercent >= step) level = step
  return level
}

function lossMeter(floorDollars: number, allowanceCents: number, equityCents: number): LossMeter {
  return lossMeterInCents(toCents(floorDollars), allowanceCents, equityCents)
}

function lossMeterInCents(floor: number, allowanceCents: number, equityCents: number): LossMeter {
  const distance = equityCents - floor
  const usedPercent =
    allowanceCents > 0 ? clampPercent(((allowanceCents - distance) / allowanceCents) * 100) : 0
  return {
    floor,
    distance,
    allowance: allowanceCents,
    usedPercent,
    warning: warningFor(usedPercent),
  }
}

export function computeMeters(
  evaluator: IncrementalEvaluator,
  equityCents: number,
  balanceCents: number,
  nowMs: number,
): RuleMeters {
  const rules = evaluator.rules
  const initialCents = toCents(rules.initialBalance)
  const day = evaluator.currentDay
  const objectives = evaluator.objectives()
  const dailyFloor = evaluator.dailyFloor
  const maxFloor = evaluator.maxFloor
  const dailyAllowance =
    rules.dailyLoss === null
      ? 0
      : Math.round(
          ((rules.dailyLoss.of === 'anchor' ? toCents(day.anchor) : initialCents) *
            rules.dailyLoss.percent) /
            100,
        )
  const maxAllowance =
    rules.maxLoss === null ? 0 : Math.round((initialCents * rules.maxLoss.percent) / 100)
  const target = rules.profitTarget
  const targetCents = target === null ? null : toCents(objectives.profitTarget.target!)
  const targetValue = target?.basis === 'equity' ? equityCents : balanceCents
  return {
    status: evaluator.status,
    day: day.date,
    dayReset: { ...rules.dayReset },
    nextResetAt: new Date(nowMs + evaluator.msToNextReset(nowMs)).toISOString(),
    dailyLoss: dailyFloor === null ? null : lossMeter(dailyFloor, dailyAllowance, equityCents),
    maxLoss: maxFloor === null ? null : lossMeter(maxFloor, maxAllowance, equityCents),
    profitTarget:
      target === null || targetCents === null
        ? null
        : {
            target: targetCents,
            value: targetValue,
            progressPercent: clampPercent(
              ((targetValue - initialCents) / (targetCents - initialCents)) * 100,
            ),
            basis: target.basis,
            requireFlat: target.requireFlat,
            met: objectives.profitTarget.met,
          },
    tradingDays: { ...objectives.minTradingDays },
    passedAt: evaluator.passedAt,
  }
}

/**
 * Meters taken earlier (as an account ended) against its figures now: the closes that end an
 * account (a breach, a pass, a refund) move its balance after the meters were taken, and the
 * trader must see the balance it ended with. Floors, allowances and verdicts stay as they were.
 */
export function withFinalFigures(
  meters: RuleMeters,
  equityCents: number,
  balanceCents: number,
  initialCents: number,
): RuleMeters {
  const loss = (meter: LossMeter | null) =>
    meter === null ? null : lossMeterInCents(meter.floor, meter.allowance, equityCents)
  const target = meters.profitTarget
  const value = target?.basis === 'equity' ? equityCents : balanceCents
  return {
    ...meters,
    dailyLoss: loss(meters.dailyLoss),
    maxLoss: loss(meters.maxLoss),
    profitTarget:
      target === null
        ? null
        : {
            ...target,
            value,
            progressPercent:
              target.target === initialCents
                ? target.progressPercent
                : clampPercent(((value - initialCents) / (target.target - initialCents)) * 100),
          },
  }
}
