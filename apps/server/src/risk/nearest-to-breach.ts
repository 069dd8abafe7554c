import type { IncrementalEvaluator } from '@tp/domain'

// The admin's live risk view (decision 0038): the open accounts nearest to a breach, ranked by the
// smallest share of a loss rule's allowance left: (equity - floor) / allowance, for the daily-loss
// floor and the max-loss floor in force, whichever is nearer. Read on demand from the risk
// monitor's evaluators (nothing on the tick path): one pass over the accounts keeping only the
// `limit` nearest (a bounded, sorted selection: most accounts are refused by one comparison with
// the farthest kept), no sort of the whole population.
//
// The figures are the rule meters' (risk/meters.ts): floors rounded to the cent, the daily
// allowance a percent of the day's anchor or of the initial balance as the rule says, the max-loss
// allowance a percent of the initial balance; leftPercent has 2 decimals, the order uses the exact
// ratio (ties by account id, so the ranking is deterministic).

export type LossDistance = {
  floorCents: number
  distanceCents: number
  allowanceCents: number
  /** distance / allowance x 100, 2 decimals (<= 0 at or below the floor) */
  leftPercent: number
}

export type BreachDistance = {
  accountId: string
  balanceCents: number
  equityCents: number
  dailyLoss: LossDistance | null
  maxLoss: LossDistance | null
  nearest: 'dailyLoss' | 'maxLoss'
  leftPercent: number
}

/** What the ranking reads of a monitored account (risk-monitor.ts's MonitoredAccount). */
export type RankedAccount = {
  readonly accountId: string
  readonly isClosed: boolean
  readonly balanceNow: number
  readonly equityNow: number
  readonly evaluator: IncrementalEvaluator
}

const toCents = (dollars: number) => Math.round(dollars * 100)

/** The share of the allowance left, exactly (Infinity without an allowance: never nearest). */
function ratioOf(distanceCents: number, allowanceCents: number): number {
  return allowanceCents > 0 ? distanceCents / allowanceCents : Infinity
}

function distanceOf(floorCents: number, allowanceCents: number, equityCents: number): LossDistance {
  const distanceCents = equityCents - floorCents
  return {
    floorCents,
    distanceCents,
    allowanceCents,
    leftPercent:
      allowanceCents > 0 ? Math.round((distanceCents / allowanceCents) * 10_000) / 100 : 0,
  }
}

/** The nearest floor's exact ratio, or null when no loss rule applies (nothing to rank). */
function nearestRatio(
  evaluator: IncrementalEvaluator,
  equityCents: number,
): { ratio: number; daily: [number, number] | null; max: [number, number] | null } | null {
  const rules = evaluator.rules
  let ratio = Infinity
  let daily: [number, number] | null = null
  let max: [number, number] | null = null
  const dailyFloor = evaluator.dailyFloor
  if (rules.dailyLoss !== null && dailyFloor !== null) {
    const base =
      rules.dailyLoss.of === 'anchor'
        ? toCents(evaluator.currentDay.anchor)
        : toCents(rules.initialBalance)
    const allowance = Math.round((base * rules.dailyLoss.percent) / 100)
    const floor = toCents(dailyFloor)
    daily = [floor, allowance]
    ratio = Math.min(ratio, ratioOf(equityCents - floor, allowance))
  }
  const maxFloor = evaluator.maxFloor
  if (rules.maxLoss !== null && maxFloor !== null) {
    const allowance = Math.round((toCents(rules.initialBalance) * rules.maxLoss.percent) / 100)
    const floor = toCents(maxFloor)
    max = [floor, allowance]
    ratio = Math.min(ratio, ratioOf(equityCents - floor, allowance))
  }
  return daily === null && max === null ? null : { ratio, daily, max }
}

/**
 * The nearest floor's exact share of its allowance left, or NaN when no loss rule applies: what
 * the selection compares, for every open account, so it allocates nothing.
 */
function rankKey(evaluator: IncrementalEvaluator, equityCents: number): number {
  const rules = evaluator.rules
  let ratio = NaN
  if (rules.dailyLoss !== null) {
    const base =
      rules.dailyLoss.of === 'anchor'
        ? toCents(evaluator.currentDay.anchor)
        : toCents(rules.initialBalance)
    const allowance = Math.round((base * rules.dailyLoss.percent) / 100)
    ratio = ratioOf(equityCents - toCents(evaluator.dailyFloor!), allowance)
  }
  if (rules.maxLoss !== null) {
    const allowance = Math.round((toCents(rules.initialBalance) * rules.maxLoss.percent) / 100)
    const max = ratioOf(equityCents - toCents(evaluator.maxFloor!), allowance)
    ratio = Number.isNaN(ratio) ? max : Math.min(ratio, max)
  }
  return ratio
}

/**
 * The `limit` open accounts nearest to a floor, nearest first, and how many open accounts were
 * looked at.
 */
export function rankNearestToBreach(
  accounts: Iterable<RankedAccount>,
  limit: number,
): { monitored: number; accounts: BreachDistance[] } {
  // kept[i] sorted by (ratio, accountId) ascending; at most `limit`
  const kept: { ratio: number; account: RankedAccount }[] = []
  let monitored = 0
  for (const account of accounts) {
    if (account.isClosed) continue
    monitored++
    if (limit <= 0) continue
    const ratio = rankKey(account.evaluator, account.equityNow)
    if (Number.isNaN(ratio)) continue
    if (kept.length === limit) {
      const last = kept[kept.length - 1]!
      if (
        ratio > last.ratio ||
        (ratio === last.ratio && account.accountId > last.account.accountId)
      )
        continue
    }
    // insertion by binary search (the list is short)
    let lo = 0
    let hi = kept.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      const other = kept[mid]!
      const isBefore =
        other.ratio < ratio ||
        (other.ratio === ratio && other.account.accountId < account.accountId)
      if (isBefore) lo = mid + 1
      else hi = mid
    }
    kept.splice(lo, 0, { ratio, account })
    if (kept.length > limit) kept.pop()
  }
  return { monitored, accounts: kept.map(({ account }) => breachDistanceOf(account)!) }
}

/** One account's distances to its floors (null when no loss rule applies). */
export function breachDistanceOf(account: RankedAccount): BreachDistance | null {
  const equityCents = account.equityNow
  const found = nearestRatio(account.evaluator, equityCents)
  if (found === null) return null
  const dailyLoss = found.daily && distanceOf(found.daily[0], found.daily[1], equityCents)
  const maxLoss = found.max && distanceOf(found.max[0], found.max[1], equityCents)
  const isDailyNearest =
    dailyLoss !== null &&
    (maxLoss === null ||
      ratioOf(dailyLoss.distanceCents, dailyLoss.allowanceCents) <=
        ratioOf(maxLoss.distanceCents, maxLoss.allowanceCents))
  const nearest = isDailyNearest ? dailyLoss : maxLoss!
  return {
    accountId: account.accountId,
    balanceCents: account.balanceNow,
    equityCents,
    dailyLoss,
    maxLoss,
    nearest: isDailyNearest ? 'dailyLoss' : 'maxLoss',
    leftPercent: nearest.leftPercent,
  }
}
