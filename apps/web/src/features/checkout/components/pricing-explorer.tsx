import { ArrowRight } from 'lucide-react'
import { useId, useState } from 'react'
import type { ChallengeType, Stage, TradingPlatform } from '@tp/domain'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { useStartChallenge } from '../hooks/use-start-challenge'
import type { PricingTable } from '../utils/pricing-table'
import { ChoiceGroup } from './choice-group'
import { StageRulesTabs } from './stage-rules-tabs'

/**
 * The pricing explorer of spec 2.5: challenge type, platform, account size (by its index) and
 * the stage tabs, with the one-time fee and every rule. Its figures come as `table`
 * (buildPricingTable, computed from @tp/domain where the page renders: at build time for the
 * prerendered page, decision 0029), so the browser runs no plan maths.
 */
export function PricingExplorer({ table }: { table: PricingTable }) {
  const sizeInputId = useId()
  const [challenge, setChallenge] = useState<ChallengeType>(table.defaults.challenge)
  const [platform, setPlatform] = useState<TradingPlatform>(table.defaults.platform)
  const [sizeIndex, setSizeIndex] = useState(table.defaults.sizeIndex)
  const challengeRow =
    table.challenges.find((row) => row.value === challenge) ?? table.challenges[0]!
  const [stage, setStage] = useState<Stage>(challengeRow.stages[0]!.stage)
  const size = table.sizes[sizeIndex] ?? table.sizes[table.defaults.sizeIndex]!
  const fee = table.fees[challengeRow.value][sizeIndex]
  const platformLabel = table.platforms.find((row) => row.value === platform)?.label ?? platform
  const stages = challengeRow.stages.map((row) => ({
    stage: row.stage,
    label: row.label,
    rules: row.rules.map((rule, index) => ({
      ...rule,
      value: row.values[sizeIndex]?.[index] ?? '',
      detail: row.details[sizeIndex]?.[index] ?? '',
    })),
  }))
  const startChallenge = useStartChallenge()

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <PageHeader
        title="Pricing"
        description="Explore every plan: pick a challenge, a platform and an account size to see its price and rules."
      />
      <div className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start">
        <Card>
          <CardContent className="grid gap-6 pt-5 sm:pt-6">
            <ChoiceGroup
              legend="Challenge type"
              choices={table.challenges.map(({ value, label }) => ({ value, label }))}
              value={challenge}
              onChange={(next) => {
                setChallenge(next)
                const row = table.challenges.find((candidate) => candidate.value === next)
                if (row) setStage(row.stages[0]!.stage)
              }}
            />
            <ChoiceGroup
              legend="Platform"
              choices={table.platforms.map(({ value, label }) => ({ value, label }))}
              value={platform}
              onChange={setPlatform}
            />
            <div className="grid gap-3">
              <div className="flex items-baseline justify-between gap-2">
                <Label htmlFor={sizeInputId}>Account size</Label>
                <span className="text-lg font-bold">${size.label}</span>
              </div>
              <input
                id={sizeInputId}
                type="range"
                min={0}
                max={table.sizes.length - 1}
                step={1}
                value={sizeIndex}
                aria-valuetext={`$${size.label}`}
                onChange={(event) => setSizeIndex(Number(event.target.value))}
                className="w-full accent-primary"
              />
              <div aria-hidden className="flex justify-between text-[11px] text-muted-foreground">
                {table.sizes.map((row) => (
                  <span key={row.sizeK}>{row.label}</span>
                ))}
              </div>
            </div>
            <div className="grid gap-1 rounded-lg border border-border bg-surface-2 p-4">
              <p className="text-xs text-muted-foreground">
                {challengeRow.label} · ${size.label} · {platformLabel}
              </p>
              <div role="status" className="grid gap-1">
                <p className="text-3xl font-bold">
                  <span className="sr-only">Price: </span>
                  {fee}
                </p>
                <p className="text-xs text-muted-foreground">
                  One-time fee. Pay with crypto and save {table.cryptoDiscountPercent}%.
                </p>
              </div>
              <Button
                className="mt-3"
                onClick={() => startChallenge({ challenge, platform, sizeK: size.sizeK })}
              >
                Start Challenge
                <ArrowRight aria-hidden className="size-4" />
              </Button>
            </div>
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Rules</CardTitle>
          </CardHeader>
          <CardContent>
            <StageRulesTabs stages={stages} stage={stage} onStageChange={setStage} variant="full" />
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
