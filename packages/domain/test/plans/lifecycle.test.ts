import { describe, expect, it } from 'vitest'
import {
  firstPlanKey,
  isFundedPlanKey,
  nextPlanKey,
  parsePlanKey,
  planKeySchema,
  stagesOf,
  toPlanKey,
} from '../../src/plans'

describe('challenge lifecycle', () => {
  it('takes Two Phase from phase 1 to phase 2 to funded, which has no next stage', () => {
    expect(firstPlanKey('twoPhase')).toBe('twoPhase.phase1')
    expect(nextPlanKey('twoPhase.phase1')).toBe('twoPhase.phase2')
    expect(nextPlanKey('twoPhase.phase2')).toBe('twoPhase.funded')
    expect(nextPlanKey('twoPhase.funded')).toBeNull()
  })

  it('starts Instant Funding funded, with no next stage', () => {
    expect(firstPlanKey('instantFund')).toBe('instantFund.funded')
    expect(nextPlanKey('instantFund.funded')).toBeNull()
  })

  it('shows the tabs of spec 2.3: Phase 1, Phase 2, Funded for Two Phase; Funded only for Instant Funding', () => {
    expect(stagesOf('twoPhase')).toEqual(['phase1', 'phase2', 'funded'])
    expect(stagesOf('instantFund')).toEqual(['funded'])
  })

  it('names stages by challenge and stage, and refuses stages a challenge does not have', () => {
    expect(toPlanKey('twoPhase', 'phase2')).toBe('twoPhase.phase2')
    expect(() => toPlanKey('instantFund', 'phase1')).toThrow(RangeError)
    expect(parsePlanKey('instantFund.funded')).toEqual({
      challenge: 'instantFund',
      stage: 'funded',
    })
    expect(planKeySchema.safeParse('instantFund.phase1').success).toBe(false)
  })

  it('knows which stages are funded', () => {
    expect(isFundedPlanKey('twoPhase.funded')).toBe(true)
    expect(isFundedPlanKey('instantFund.funded')).toBe(true)
    expect(isFundedPlanKey('twoPhase.phase2')).toBe(false)
  })
})
