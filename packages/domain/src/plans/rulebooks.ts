import { z } from 'zod'
import type { Rulebook } from '../rules'
import { accountBalanceDollars, type AccountSizeK } from './catalogue'
import type { PlanPolicy, StageDefinition } from './policy'
import { isPlanKey, type PlanKey } from './stages'
import { v1 } from './versions/v1'

/**
 * Every plan version ever sold, by id. An account stores the id it was sold with and is judged by
 * that version for life, so entries are append-only: a rule change is a new version.
 */
const registry = deepFreeze({ v1 } satisfies Record<
  string,
  Readonly<Record<PlanKey, StageDefinition>>
>)

export type RulebookVersion = keyof typeof registry
export const rulebookVersions = Object.keys(registry) as [RulebookVersion, ...RulebookVersion[]]
export const rulebookVersionSchema = z.enum(rulebookVersions)

/** The version new purchases are sold with. */
export const currentRulebookVersion: RulebookVersion = 'v1'

export function isRulebookVersion(value: unknown): value is RulebookVersion {
  return typeof value === 'string' && Object.hasOwn(registry, value)
}

/**
 * The engine rulebook (contracts/evaluation-engine.md) of one stage of one account size in one
 * version. Versions arrive as stored strings, so an unknown one is refused loudly rather than
 * silently judged by other rules.
 */
export function getRulebook(planKey: PlanKey, version: string, sizeK: AccountSizeK): Rulebook {
  const { rules } = stageDefinition(planKey, version)
  // a fresh copy: callers may not mutate the published version
  return {
    initialBalance: accountBalanceDollars(sizeK),
    dayReset: { ...rules.dayReset },
    profitTarget: rules.profitTarget && { ...rules.profitTarget },
    dailyLoss: rules.dailyLoss && { ...rules.dailyLoss },
    maxLoss: rules.maxLoss && { ...rules.maxLoss },
    minTradingDays: rules.minTradingDays,
    tradingDay: rules.tradingDay,
    bestDayPercent: rules.bestDayPercent,
  }
}

/** The rulebook a purchase made now is sold with. */
export function buildRulebook(planKey: PlanKey, sizeK: AccountSizeK): Rulebook {
  return getRulebook(planKey, currentRulebookVersion, sizeK)
}

export interface PayoutRulebookOptions {
  /** the first payout of the account (Instant Funding asks for fewer trading days before it) */
  isFirstPayout: boolean
  /**
   * The balance the period since the last payout started from (floors are re-based on the
   * balance after a payout, decisions.md); defaults to the account size.
   */
  initialBalance?: number
}

/**
 * The rulebook a payout request of a funded account is judged by (decisions.md: best day 40% at
 * the payout request, minimum trading days before the first payout and between payouts): the
 * funded stage's rulebook of that version with the payout's best-day limit and minimum days.
 * Replaying the period since the last payout through the engine with it gives the payout
 * objectives (`objectives.bestDay`, `objectives.minTradingDays`) and any breach; a funded
 * rulebook has no profit target, so the verdict itself stays "active".
 */
export function getPayoutRulebook(
  planKey: PlanKey,
  version: string,
  sizeK: AccountSizeK,
  options: PayoutRulebookOptions,
): Rulebook {
  const { payout } = stageDefinition(planKey, version).policy
  if (payout === null) throw new RangeError(`${planKey} has no payouts: it is not a funded stage`)
  const rulebook = getRulebook(planKey, version, sizeK)
  return {
    ...rulebook,
    initialBalance: options.initialBalance ?? rulebook.initialBalance,
    minTradingDays: options.isFirstPayout
      ? payout.minTradingDaysBeforeFirstPayout
      : payout.minTradingDaysBetweenPayouts,
    bestDayPercent: payout.bestDayPercent,
  }
}

/** The non-engine rules (leverage, conduct, payout terms) of a stage in a version. */
export function getPlanPolicy(
  planKey: PlanKey,
  version: string = currentRulebookVersion,
): Readonly<PlanPolicy> {
  return stageDefinition(planKey, version).policy
}

function stageDefinition(planKey: PlanKey, version: string): Readonly<StageDefinition> {
  if (!isRulebookVersion(version)) throw new RangeError(`unknown rulebook version: ${version}`)
  if (!isPlanKey(planKey)) throw new RangeError(`unknown plan key: ${String(planKey)}`)
  return registry[version][planKey]
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}
