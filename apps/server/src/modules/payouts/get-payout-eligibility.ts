import type { PayoutEligibilityDto } from '@tp/api/payouts'
import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradingAccounts, type TradingAccountRow } from '../../db/schema'
import { loadAccountFor } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { judgeAccountPayout } from './judge-account-payout'

export async function eligibilityDto(
  ctx: AppContext,
  row: TradingAccountRow,
): Promise<PayoutEligibilityDto> {
  const { eligibility, amount } = await judgeAccountPayout(ctx, row)
  return {
    accountId: row.id,
    isEligible: eligibility.isEligible,
    conditions: eligibility.conditions,
    nextEligibleAt:
      eligibility.nextEligibleAtMs === null
        ? null
        : new Date(eligibility.nextEligibleAtMs).toISOString(),
    amount: {
      profitCents: amount.profitCents,
      splitPercent: amount.splitPercent,
      traderShareCents: amount.traderShareCents,
      feeRefundCents: amount.feeRefundCents,
      totalCents: amount.totalCents,
    },
    isFirstPayout: eligibility.isFirstPayout,
  }
}

/** One account's payout eligibility now (owner or admin). */
export async function getPayoutEligibility(
  ctx: AppContext,
  caller: Caller,
  accountId: string,
): Promise<PayoutEligibilityDto> {
  const row = await loadAccountFor(ctx, caller, accountId, 'read')
  return eligibilityDto(ctx, row)
}

/** The caller's funded accounts (active), each with its eligibility now. */
export async function listFundedEligibility(
  ctx: AppContext,
  caller: Caller,
): Promise<PayoutEligibilityDto[]> {
  const rows = await ctx.db
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.userId, caller.userId), eq(tradingAccounts.stage, 'funded')))
  const live = rows.filter((row) => row.status === 'active')
  return Promise.all(live.map((row) => eligibilityDto(ctx, row)))
}
