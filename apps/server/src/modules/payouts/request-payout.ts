import { payoutMessages, type PayoutDto } from '@tp/api/payouts'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { payouts } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { loadAccountFor, recordAudit } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { judgeAccountPayout } from './judge-account-payout'
import { readAgreement } from './payout-agreement'
import { loadOwnPayoutMethod } from './payout-methods'
import { latestIdentityCheck, recordPayoutEvent, toPayoutDtos } from './payout-records'

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505')

/**
 * A trader asks for a payout of a funded account with a saved method: the eligibility is judged
 * again by the server (every unmet condition named), the identity check must have been submitted
 * (an admin approves it before the payout) and the agreement accepted. One open request per
 * account (a unique index decides a race); from now until it is paid or rejected the account
 * takes no new orders (payout-pause.ts).
 */
export async function requestPayout(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; methodId: string },
): Promise<PayoutDto> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'trade')
  const method = await loadOwnPayoutMethod(ctx, caller, input.methodId)
  const identity = await latestIdentityCheck(ctx.db, caller.userId)
  if (!identity)
    throw new AppError('PAYOUT_NOT_ELIGIBLE', { message: payoutMessages.identityRequired })
  if (identity.status === 'rejected') {
    throw new AppError('PAYOUT_NOT_ELIGIBLE', { message: payoutMessages.identityRejected })
  }
  const agreement = await readAgreement(ctx.db, caller.userId)
  if (!agreement.acceptedAt) {
    throw new AppError('PAYOUT_NOT_ELIGIBLE', { message: payoutMessages.agreementRequired })
  }
  const { eligibility, amount } = await judgeAccountPayout(ctx, row)
  if (!eligibility.isEligible) {
    const unmet = eligibility.conditions.filter((c) => !c.met)
    const isOpen = unmet.some((c) => c.key === 'noOpenRequest')
    throw new AppError(isOpen ? 'PAYOUT_CONFLICT' : 'PAYOUT_NOT_ELIGIBLE', {
      message: isOpen ? payoutMessages.openRequest : payoutMessages.notEligible,
      details: unmet.map((c) => ({ path: c.key, message: c.message })),
    })
  }
  const now = ctx.clock.now()
  const status = identity.status === 'approved' ? 'under_review' : 'requested'
  let payoutId: string
  try {
    payoutId = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(payouts)
        .values({
          userId: caller.userId,
          accountId: row.id,
          status,
          methodKind: method.kind,
          method: { label: method.label, details: method.details },
          profitCents: amount.profitCents,
          splitPercent: amount.splitPercent,
          traderShareCents: amount.traderShareCents,
          feeRefundCents: amount.feeRefundCents,
          withdrawnCents: amount.withdrawnCents,
          evidence: { conditions: eligibility.conditions, balanceCents: eligibility.profitCents },
          requestedAt: now,
          updatedAt: now,
        })
        .returning({ id: payouts.id })
      await recordPayoutEvent(ctx, tx, created!.id, 'requested', { actorUserId: caller.userId })
      if (status === 'under_review') {
        await recordPayoutEvent(ctx, tx, created!.id, 'under_review', {
          cause: 'Requested with the identity check approved: the request waits for its review',
        })
      }
      return created!.id
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PAYOUT_CONFLICT')
    throw error
  }
  await recordAudit(ctx, {
    actor: caller,
    action: 'payout.request',
    targetType: 'payout',
    targetId: payoutId,
    reason: 'Payout requested by the account owner',
    details: { accountId: row.id, totalCents: amount.totalCents },
  })
  const [created] = await ctx.db.select().from(payouts).where(eq(payouts.id, payoutId))
  const [dto] = await toPayoutDtos(ctx.db, [created!])
  return dto!
}
