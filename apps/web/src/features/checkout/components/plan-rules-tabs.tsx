import {
  describePlanRules,
  stageLabels,
  stagesOf,
  toPlanKey,
  type AccountSizeK,
  type ChallengeType,
  type Stage,
} from '@tp/domain'
import { StageRulesTabs } from './stage-rules-tabs'

type PlanRulesTabsProps = {
  challenge: ChallengeType
  sizeK: AccountSizeK
  stage: Stage
  onStageChange: (stage: Stage) => void
  /** compact: the spec 9.2 rows; full: every rule with its explanation */
  variant?: 'compact' | 'full'
  className?: string
}

/**
 * Tabs Phase 1, Phase 2 and Funded for Two Phase, only Funded for Instant Funding (spec 2.3), each
 * showing that stage's rules worded by the domain from the rulebook the engine judges.
 */
export function PlanRulesTabs({
  challenge,
  sizeK,
  stage,
  onStageChange,
  variant = 'compact',
  className,
}: PlanRulesTabsProps) {
  const stages = stagesOf(challenge).map((candidate) => ({
    stage: candidate,
    label: stageLabels[candidate],
    rules: describePlanRules(toPlanKey(challenge, candidate), sizeK),
  }))
  return (
    <StageRulesTabs
      stages={stages}
      stage={stage}
      onStageChange={onStageChange}
      variant={variant}
      className={className}
    />
  )
}
