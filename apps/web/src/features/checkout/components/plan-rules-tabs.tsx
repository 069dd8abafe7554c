import {
  describePlanRules,
  stageLabels,
  stagesOf,
  toPlanKey,
  type AccountSizeK,
  type ChallengeType,
  type PlanRuleKey,
  type Stage,
} from '@tp/domain'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { cn } from '@/lib/utils'

/** The rules of spec 9.2 the chooser shows; the full list is the pricing explorer's. */
const compactRuleKeys: ReadonlySet<PlanRuleKey> = new Set([
  'profitTarget',
  'dailyLoss',
  'maxLoss',
  'minTradingDays',
  'maxTradingDays',
  'bestDay',
  'profitSplit',
  'refundableFee',
  'newsTrading',
  'weekendHolding',
  'leverage',
  'expertAdvisors',
  'platforms',
])

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
  const stages = stagesOf(challenge)
  const current = stages.includes(stage) ? stage : stages[0]!
  return (
    <Tabs
      value={current}
      onValueChange={(next) => onStageChange(next as Stage)}
      className={cn('min-w-0', className)}
    >
      <TabsList aria-label="Plan stages">
        {stages.map((candidate) => (
          <TabsTrigger key={candidate} value={candidate}>
            {stageLabels[candidate]}
          </TabsTrigger>
        ))}
      </TabsList>
      {stages.map((candidate) => {
        const rules = describePlanRules(toPlanKey(challenge, candidate), sizeK).filter(
          (rule) => variant === 'full' || compactRuleKeys.has(rule.key),
        )
        return (
          <TabsContent key={candidate} value={candidate}>
            <dl className="grid gap-x-6 sm:grid-cols-2">
              {rules.map((rule) => (
                <div
                  key={rule.key}
                  className="grid gap-0.5 border-b border-border/60 py-2.5 last:border-0"
                >
                  <dt className="text-xs text-muted-foreground">{rule.label}</dt>
                  <dd className="text-sm font-semibold">{rule.value}</dd>
                  {variant === 'full' ? (
                    <dd className="text-xs text-muted-foreground">{rule.detail}</dd>
                  ) : null}
                </div>
              ))}
            </dl>
          </TabsContent>
        )
      })}
    </Tabs>
  )
}
