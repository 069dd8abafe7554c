import type { PlanRuleKey, PlanRuleText, Stage } from '@tp/domain'
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

type StageRulesTabsProps = {
  /** each stage's rules, worded (by describePlanRules, here or at build time) */
  stages: readonly { stage: Stage; label: string; rules: readonly PlanRuleText[] }[]
  stage: Stage
  onStageChange: (stage: Stage) => void
  variant?: 'compact' | 'full'
  className?: string
}

/** The stage tabs with the rules they are given: what PlanRulesTabs and the pricing page show. */
export function StageRulesTabs({
  stages,
  stage,
  onStageChange,
  variant = 'compact',
  className,
}: StageRulesTabsProps) {
  const current = stages.some((candidate) => candidate.stage === stage) ? stage : stages[0]!.stage
  return (
    <Tabs
      value={current}
      onValueChange={(next) => onStageChange(next as Stage)}
      className={cn('min-w-0', className)}
    >
      <TabsList aria-label="Plan stages">
        {stages.map((candidate) => (
          <TabsTrigger key={candidate.stage} value={candidate.stage}>
            {candidate.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {stages.map((candidate) => {
        const rules = candidate.rules.filter(
          (rule) => variant === 'full' || compactRuleKeys.has(rule.key),
        )
        return (
          <TabsContent key={candidate.stage} value={candidate.stage}>
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
