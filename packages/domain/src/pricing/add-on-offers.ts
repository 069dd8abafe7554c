import {
  addOnLabels,
  currentRulebookVersion,
  getPlanPolicy,
  toPlanKey,
  type ChallengeType,
} from '../plans'
import type { AddOnToggleKey } from './add-on-toggles'
import { addOnSurchargePercent } from './price-rules'

export interface AddOnOffer {
  key: AddOnToggleKey
  label: string
  /** surcharge on the base fee */
  surchargePercent: number
  description: string
}

/**
 * The checkout's add-on switches with their prices and what they change, worded from the funded
 * account's policy so the promise matches what payouts will do.
 */
export function describeAddOnOffers(
  challenge: ChallengeType,
  version: string = currentRulebookVersion,
): AddOnOffer[] {
  const policy = getPlanPolicy(toPlanKey(challenge, 'funded'), version)
  const { single, both } = addOnSurchargePercent
  return [
    {
      key: 'profitSplit100',
      label: addOnLabels.profitSplit100,
      surchargePercent: single,
      description: `Keep ${policy.profitSplitPercent.withAddOn}% of your profit instead of ${policy.profitSplitPercent.standard}%.`,
    },
    {
      key: 'fastPayout',
      label: addOnLabels.fastPayout,
      surchargePercent: single,
      description: `Request payouts every ${policy.payoutIntervalDays.withFastPayout} days instead of ${policy.payoutIntervalDays.standard}.`,
    },
    {
      key: 'both',
      label: 'Both Add-ons',
      surchargePercent: both,
      description: `${addOnLabels.profitSplit100} and ${addOnLabels.fastPayout} for +${both}% instead of +${single * 2}%.`,
    },
  ]
}
