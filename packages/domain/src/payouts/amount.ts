import type { AddOns } from '../plans/add-ons'
import { profitSplitPercentFor } from '../plans/policy'
import { getPlanPolicy } from '../plans/rulebooks'
import { parsePlanKey, type PlanKey } from '../plans/stages'

export interface PayoutAmountInput {
  planKey: PlanKey
  rulebookVersion: string
  addOns: AddOns
  /** profit above the period's base, cents */
  profitCents: number
  isFirstPayout: boolean
  /** what the trader paid for the challenge (the order's total), cents */
  feePaidCents: number
}

export interface PayoutAmount {
  profitCents: number
  splitPercent: number
  /** profit x split, rounded down to the cent */
  traderShareCents: number
  /** the fee refunded with the first payout of a Two Phase funded account; 0 otherwise */
  feeRefundCents: number
  /** trader share + fee refund */
  totalCents: number
  /** what leaves the trading account: the whole profit (the firm keeps the rest of the split) */
  withdrawnCents: number
}

/**
 * The payout of a request (decisions.md): profit x split (90%, 100% with the add-on), plus the
 * fee refund on the first payout of a Two Phase funded account. Integer cents throughout; the
 * share rounds down to the cent (a fraction of a cent is never paid out).
 */
export function computePayoutAmount(input: PayoutAmountInput): PayoutAmount {
  if (!Number.isSafeInteger(input.profitCents) || input.profitCents < 0) {
    throw new RangeError(`profit must be whole non-negative cents, got ${input.profitCents}`)
  }
  const policy = getPlanPolicy(input.planKey, input.rulebookVersion)
  const splitPercent = profitSplitPercentFor(policy, input.addOns)
  const traderShareCents = Number((BigInt(input.profitCents) * BigInt(splitPercent)) / 100n)
  const { challenge, stage } = parsePlanKey(input.planKey)
  const isRefunded =
    input.isFirstPayout &&
    challenge === 'twoPhase' &&
    stage === 'funded' &&
    policy.feeRefundPercent !== null
  const feeRefundCents = isRefunded
    ? Number((BigInt(input.feePaidCents) * BigInt(policy.feeRefundPercent!)) / 100n)
    : 0
  return {
    profitCents: input.profitCents,
    splitPercent,
    traderShareCents,
    feeRefundCents,
    totalCents: traderShareCents + feeRefundCents,
    withdrawnCents: input.profitCents,
  }
}
