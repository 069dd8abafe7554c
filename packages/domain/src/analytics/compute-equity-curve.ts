import { replayHistory } from '../rules/incremental-evaluator'
import type { HistoryInput } from '../rules/history'
import type { RulebookInput } from '../rules/rulebook'
import type { Breach } from '../rules/verdict'
import { breachInCents, type BreachInCents } from './compute-rule-what-if'
import { parseInstant } from '../rules/instants'

/** One point of the account's curve with the floors in force at that moment (cents). */
export interface CurvePoint {
  tMs: number
  balance: number
  equity: number
  /** the daily-loss floor in force (null: the rulebook has none) */
  dailyFloor: number | null
  /** the max-loss floor in force (null: the rulebook has none) */
  maxFloor: number | null
}

export interface EquityCurve {
  points: CurvePoint[]
  /** how many snapshots the history held (points may be fewer, see MAX_CURVE_POINTS) */
  snapshotCount: number
  status: 'active' | 'passed' | 'failed'
  /** the breach (equity and floor in cents), with its instant in ms */
  breach: (BreachInCents & { tMs: number }) | null
  passedAtMs: number | null
}

/** A chart draws no more than this many points; the evaluation keeps every snapshot. */
export const MAX_CURVE_POINTS = 1500

/**
 * The balance and equity curve of an evaluation history with the daily-loss and max-loss floors
 * as they moved, read from the same incremental evaluator the live risk monitor runs, fed the
 * history by `replayHistory` (so the floors are the ones the account was judged by), with the
 * breach or pass moment. A long history is thinned to MAX_CURVE_POINTS for drawing: each run of
 * consecutive snapshots keeps its lowest equity (the danger is never thinned away), and the
 * first, last, breach and pass points are always kept.
 */
export function computeEquityCurve(
  rules: RulebookInput,
  history: HistoryInput,
  maxPoints: number = MAX_CURVE_POINTS,
): EquityCurve {
  const all: CurvePoint[] = []
  const evaluator = replayHistory(rules, history, (e, tMs) => {
    if (all.length > 0 && e.status !== 'active' && all.at(-1)!.tMs >= markOf(e)) return
    all.push({
      tMs,
      balance: toCents(e.balanceNow),
      equity: toCents(e.equityNow),
      dailyFloor: e.dailyFloor === null ? null : toCents(e.dailyFloor),
      maxFloor: e.maxFloor === null ? null : toCents(e.maxFloor),
    })
  })
  const breach = evaluator.breach
  const passedAt = evaluator.passedAt
  const breachMs = breach ? parseInstant(breach.t) : null
  const passedAtMs = passedAt ? parseInstant(passedAt) : null
  const points = thin(all, maxPoints, new Set([breachMs, passedAtMs]))
  return {
    points,
    snapshotCount: all.length,
    status: evaluator.status,
    breach: breach && { ...breachInCents(breach)!, tMs: breachMs! },
    passedAtMs,
  }
}

function markOf(e: { breach: Breach | null; passedAt: string | null }): number {
  if (e.breach) return parseInstant(e.breach.t)
  if (e.passedAt) return parseInstant(e.passedAt)
  return Infinity
}

function toCents(amount: number): number {
  return Math.round(amount * 100)
}

function thin(points: CurvePoint[], maxPoints: number, keep: Set<number | null>): CurvePoint[] {
  if (points.length <= maxPoints) return points
  const last = points.length - 1
  const size = Math.ceil((points.length - 2) / Math.max(1, maxPoints - 4))
  const kept = new Set<number>([0, last])
  for (let start = 1; start < last; start += size) {
    let lowest = start
    for (let i = start; i < Math.min(start + size, last); i++) {
      if (points[i]!.equity < points[lowest]!.equity) lowest = i
      if (keep.has(points[i]!.tMs)) kept.add(i)
    }
    kept.add(lowest)
  }
  return [...kept].sort((a, b) => a - b).map((i) => points[i]!)
}
