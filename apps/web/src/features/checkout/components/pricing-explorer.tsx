import { ArrowRight } from 'lucide-react'
import { useId, useState } from 'react'
import {
  accountSizeLabel,
  accountSizesK,
  challengeTypeLabels,
  challengeTypes,
  cryptoDiscountPercent,
  firstPlanKey,
  formatMoney,
  noAddOns,
  parsePlanKey,
  tradingPlatformLabels,
  tradingPlatforms,
  usdFromDollars,
  type ChallengeType,
  type Stage,
} from '@tp/domain'
import { PageHeader } from '@/components/page-header'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { getErrorMessage } from '@/lib/api-client'
import { cn } from '@/lib/utils'
import { usePricingQuote } from '../api/get-pricing-quote'
import { useStartChallenge } from '../hooks/use-start-challenge'
import { defaultSelection } from '../utils/selection'
import { ChoiceGroup } from './choice-group'
import { PlanRulesTabs } from './plan-rules-tabs'

const firstStage = (challenge: ChallengeType): Stage => parsePlanKey(firstPlanKey(challenge)).stage
const defaultSizeIndex = accountSizesK.indexOf(defaultSelection.sizeK)

/**
 * The pricing explorer of spec 2.5: challenge type, platform, account size (by its index) and
 * the stage tabs, with the price the server quotes (GET /api/pricing/quote) and every rule.
 */
export function PricingExplorer() {
  const sizeInputId = useId()
  const [challenge, setChallenge] = useState<ChallengeType>(defaultSelection.challenge)
  const [platform, setPlatform] = useState(defaultSelection.platform)
  const [sizeIndex, setSizeIndex] = useState(defaultSizeIndex)
  const [stage, setStage] = useState<Stage>(() => firstStage(defaultSelection.challenge))
  const sizeK = accountSizesK[sizeIndex] ?? defaultSelection.sizeK
  const quote = usePricingQuote({ challenge, sizeK, addOns: noAddOns, method: 'card' })
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
              choices={challengeTypes.map((value) => ({
                value,
                label: challengeTypeLabels[value],
              }))}
              value={challenge}
              onChange={(next) => {
                setChallenge(next)
                setStage(firstStage(next))
              }}
            />
            <ChoiceGroup
              legend="Platform"
              choices={tradingPlatforms.map((value) => ({
                value,
                label: tradingPlatformLabels[value],
              }))}
              value={platform}
              onChange={setPlatform}
            />
            <div className="grid gap-3">
              <div className="flex items-baseline justify-between gap-2">
                <Label htmlFor={sizeInputId}>Account size</Label>
                <span className="text-lg font-bold">${accountSizeLabel(sizeK)}</span>
              </div>
              <input
                id={sizeInputId}
                type="range"
                min={0}
                max={accountSizesK.length - 1}
                step={1}
                value={sizeIndex}
                aria-valuetext={`$${accountSizeLabel(sizeK)}`}
                onChange={(event) => setSizeIndex(Number(event.target.value))}
                className="w-full accent-primary"
              />
              <div aria-hidden className="flex justify-between text-[11px] text-muted-foreground">
                {accountSizesK.map((size) => (
                  <span key={size}>{accountSizeLabel(size)}</span>
                ))}
              </div>
            </div>
            <div className="grid gap-1 rounded-lg border border-border bg-surface-2 p-4">
              <p className="text-xs text-muted-foreground">
                {challengeTypeLabels[challenge]} · ${accountSizeLabel(sizeK)} ·{' '}
                {tradingPlatformLabels[platform]}
              </p>
              {quote.data ? (
                <div
                  role="status"
                  className={cn('grid gap-1', quote.isPlaceholderData && 'opacity-60')}
                >
                  <p className="text-3xl font-bold">
                    <span className="sr-only">Price: </span>
                    {formatMoney(usdFromDollars(quote.data.total))}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    One-time fee. Pay with crypto and save {cryptoDiscountPercent}%.
                  </p>
                </div>
              ) : quote.isError ? (
                <Alert variant="error">
                  <p>{getErrorMessage(quote.error)}</p>
                  <Button variant="link" onClick={() => void quote.refetch()}>
                    Try again
                  </Button>
                </Alert>
              ) : (
                <div role="status">
                  <span className="sr-only">Loading the price</span>
                  <Skeleton className="h-9 w-32" />
                </div>
              )}
              <Button
                className="mt-3"
                onClick={() => startChallenge({ challenge, platform, sizeK })}
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
            <PlanRulesTabs
              challenge={challenge}
              sizeK={sizeK}
              stage={stage}
              onStageChange={setStage}
              variant="full"
            />
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
