import {
  accountSizeLabel,
  accountSizesK,
  baseFee,
  challengeTypeLabels,
  challengeTypes,
  formatMoney,
  tradingPlatformLabels,
  tradingPlatforms,
  type AccountSizeK,
  type ChallengeType,
  type TradingPlatform,
} from '@tp/domain'
import { cn } from '@/lib/utils'
import type { DraftSelection } from '../utils/selection'
import { ChoiceGroup } from './choice-group'

const challengeChoices = challengeTypes.map((challenge) => ({
  value: challenge,
  label: challengeTypeLabels[challenge],
}))
const platformChoices = tradingPlatforms.map((platform) => ({
  value: platform,
  label: tradingPlatformLabels[platform],
}))

type SelectionFieldsProps = {
  value: DraftSelection
  onChallengeChange: (challenge: ChallengeType) => void
  onPlatformChange: (platform: TradingPlatform) => void
  onSizeChange: (sizeK: AccountSizeK) => void
  /** grid columns of the seven sizes */
  sizeColumnsClassName?: string
  className?: string
}

/**
 * The steps of spec 2.3: 1 challenge type, 2 platform, then the account size with its fee (spec
 * 9.1, from the plan catalogue).
 */
export function SelectionFields({
  value,
  onChallengeChange,
  onPlatformChange,
  onSizeChange,
  sizeColumnsClassName = 'grid-cols-2 min-[420px]:grid-cols-4',
  className,
}: SelectionFieldsProps) {
  const { challenge } = value
  const sizeChoices = accountSizesK.map((sizeK) => ({
    value: sizeK,
    label: `$${accountSizeLabel(sizeK)}`,
    detail: challenge ? formatMoney(baseFee(challenge, sizeK)) : undefined,
  }))
  return (
    <div className={cn('grid gap-6', className)}>
      <ChoiceGroup
        legend="Step 1: Challenge type"
        choices={challengeChoices}
        value={value.challenge}
        onChange={onChallengeChange}
      />
      <ChoiceGroup
        legend="Step 2: Platform"
        choices={platformChoices}
        value={value.platform}
        onChange={onPlatformChange}
      />
      <ChoiceGroup
        legend="Account size"
        choices={sizeChoices}
        value={value.sizeK}
        onChange={onSizeChange}
        columnsClassName={sizeColumnsClassName}
      />
    </div>
  )
}
