import { ArrowRight } from 'lucide-react'
import { useId, useState } from 'react'
import {
  accountSizeLabel,
  baseFee,
  challengeTypeLabels,
  firstPlanKey,
  formatMoney,
  parsePlanKey,
  tradingPlatformLabels,
  type ChallengeType,
  type OrderSelection,
  type Stage,
} from '@tp/domain'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import { getCheckoutSelection } from '../hooks/use-checkout-selection'
import { useStartChallenge } from '../hooks/use-start-challenge'
import { checkSelection, defaultSelection } from '../utils/selection'
import { PlanRulesTabs } from './plan-rules-tabs'
import { SelectionFields } from './selection-fields'

export type AccountChooserProps = {
  /** The button's text: 'START' on the landing page, 'Create' in the modal (spec 2.3). */
  submitLabel?: string
  /** Called once Create stored the selection, before the page changes (the modal closes). */
  onCreated?: (selection: OrderSelection) => void
  /** wide: steps beside the rules (pages); stacked: one column (dialogs, narrow columns) */
  layout?: 'wide' | 'stacked'
  className?: string
}

/** What the chooser opens with: the stored selection where there is one, else spec 4's defaults. */
function initialSelection(): OrderSelection {
  const stored = getCheckoutSelection()
  return {
    challenge: stored.challenge ?? defaultSelection.challenge,
    platform: stored.platform ?? defaultSelection.platform,
    sizeK: stored.sizeK ?? defaultSelection.sizeK,
  }
}

const firstStage = (challenge: ChallengeType): Stage => parsePlanKey(firstPlanKey(challenge)).stage

/**
 * The account chooser of spec 2.3: step 1 challenge type, step 2 platform, then the account size,
 * the rules of each stage in tabs, and Create/START, which stores the selection and opens
 * checkout (or sign-in first). Changing the challenge type resets the rules to its first stage.
 */
export function AccountChooser({
  submitLabel = 'START',
  onCreated,
  layout = 'wide',
  className,
}: AccountChooserProps) {
  const [selection, setSelection] = useState(initialSelection)
  const [stage, setStage] = useState<Stage>(() => firstStage(selection.challenge))
  const startChallenge = useStartChallenge()
  const feeId = useId()
  const fee = baseFee(selection.challenge, selection.sizeK)

  function create() {
    const check = checkSelection(selection)
    if (!check.ok) {
      toast.error(check.message)
      return
    }
    onCreated?.(check.selection)
    startChallenge(check.selection)
  }

  return (
    <div
      className={cn(
        'grid min-w-0 gap-6',
        layout === 'wide' && 'lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-10',
        className,
      )}
    >
      <SelectionFields
        value={selection}
        onChallengeChange={(challenge) => {
          setSelection((previous) => ({ ...previous, challenge }))
          setStage(firstStage(challenge))
        }}
        onPlatformChange={(platform) => setSelection((previous) => ({ ...previous, platform }))}
        onSizeChange={(sizeK) => setSelection((previous) => ({ ...previous, sizeK }))}
      />
      <div className="grid min-w-0 content-start gap-5">
        <PlanRulesTabs
          challenge={selection.challenge}
          sizeK={selection.sizeK}
          stage={stage}
          onStageChange={setStage}
        />
        <div className="flex flex-wrap items-end justify-between gap-4 rounded-lg border border-border bg-surface-2 p-4">
          <div className="grid gap-1">
            <p className="text-xs text-muted-foreground">
              {challengeTypeLabels[selection.challenge]} · ${accountSizeLabel(selection.sizeK)} ·{' '}
              {tradingPlatformLabels[selection.platform]}
            </p>
            <p id={feeId} className="text-2xl font-bold">
              {formatMoney(fee)}
            </p>
            <p className="text-xs text-muted-foreground">One-time evaluation fee</p>
          </div>
          <Button size="lg" onClick={create} aria-describedby={feeId} className="w-full sm:w-auto">
            {submitLabel}
            <ArrowRight aria-hidden className="size-4" />
          </Button>
        </div>
      </div>
    </div>
  )
}
