import { z } from 'zod'
import type { ChallengeType } from './catalogue'

/** Stages of a challenge (spec 2.3 tabs; decisions.md lifecycle). Each stage is its own account. */
export const stages = ['phase1', 'phase2', 'funded'] as const
export type Stage = (typeof stages)[number]
export const stageLabels: Readonly<Record<Stage, string>> = {
  phase1: 'Phase 1',
  phase2: 'Phase 2',
  funded: 'Funded',
}

export const stagesByChallenge = {
  twoPhase: ['phase1', 'phase2', 'funded'],
  instantFund: ['funded'],
} as const satisfies Record<ChallengeType, readonly Stage[]>

/** `challenge.stage`: the key of a stage's rulebook and policy. */
export const planKeys = [
  'twoPhase.phase1',
  'twoPhase.phase2',
  'twoPhase.funded',
  'instantFund.funded',
] as const
export type PlanKey = (typeof planKeys)[number]
export const planKeySchema = z.enum(planKeys)

export function isPlanKey(value: unknown): value is PlanKey {
  return planKeys.includes(value as PlanKey)
}

export function stagesOf(challenge: ChallengeType): readonly Stage[] {
  return stagesByChallenge[challenge]
}

export function toPlanKey(challenge: ChallengeType, stage: Stage): PlanKey {
  const key = `${challenge}.${stage}`
  if (!isPlanKey(key)) throw new RangeError(`${challenge} has no ${stage} stage`)
  return key
}

export function parsePlanKey(key: PlanKey): { challenge: ChallengeType; stage: Stage } {
  if (!isPlanKey(key)) throw new RangeError(`unknown plan key: ${String(key)}`)
  const [challenge, stage] = key.split('.') as [ChallengeType, Stage]
  return { challenge, stage }
}

/** The stage a newly bought challenge starts in (and the chooser's default tab). */
export function firstPlanKey(challenge: ChallengeType): PlanKey {
  const [first] = stagesOf(challenge)
  if (first === undefined) throw new RangeError(`unknown challenge type: ${String(challenge)}`)
  return toPlanKey(challenge, first)
}

/** The stage provisioned after passing `key`; null for a funded account, which never "passes". */
export function nextPlanKey(key: PlanKey): PlanKey | null {
  const { challenge, stage } = parsePlanKey(key)
  const order = stagesOf(challenge)
  const next = order[order.indexOf(stage) + 1]
  return next === undefined ? null : toPlanKey(challenge, next)
}

export function isFundedPlanKey(key: PlanKey): boolean {
  return parsePlanKey(key).stage === 'funded'
}
