import { payoutMessages, type ReviewDecision } from '@tp/api/payouts'
import { and, eq, inArray } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { payouts } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { recordAudit } from '../access/access-policy'
import { assertAdmin, type Caller } from '../access/authenticate'
import { sendEmailJob } from '../../jobs/send-email'
import { findUserById } from '../users/find-user'
import { payoutRejectedEmail } from './payout-emails'
import { latestIdentityCheck, recordPayoutEvent } from './payout-records'
import { sendPayoutJob } from './send-payout'

/**
 * An admin decides a payout under review. Approve: only with the trader's identity approved;
 * exactly one approval wins (a conditional update), crypto goes out through the send job (keyed
 * by the payout), a bank wire waits for the admin to mark it paid with a reference. Reject: with a
 * reason the trader sees; trading resumes. Audited either way, with the admin's reason.
 */
export async function reviewPayout(
  ctx: AppContext,
  caller: Caller,
  payoutId: string,
  decision: ReviewDecision,
): Promise<void> {
  assertAdmin(caller)
  const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.id, payoutId))
  if (!payout) throw new AppError('NOT_FOUND', { message: payoutMessages.noSuchPayout })
  const now = ctx.clock.now()
  if (decision.decision === 'approve') {
    const identity = await latestIdentityCheck(ctx.db, payout.userId)
    if (identity?.status !== 'approved') {
      throw new AppError('PAYOUT_CONFLICT', { message: payoutMessages.identityNotApproved })
    }
    const won = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(payouts)
        .set({ status: 'approved', reviewedAt: now, reviewerId: caller.userId, updatedAt: now })
        .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'under_review')))
        .returning({ id: payouts.id })
      if (!row) return false
      await recordPayoutEvent(ctx, tx, payoutId, 'approved', { actorUserId: caller.userId })
      return true
    })
    if (!won) throw new AppError('PAYOUT_CONFLICT', { message: payoutMessages.notReviewable })
    await recordAudit(ctx, {
      actor: caller,
      action: 'payout.approve',
      targetType: 'payout',
      targetId: payoutId,
      reason: decision.reason,
    })
    if (payout.methodKind === 'crypto') await ctx.jobs.enqueue(sendPayoutJob, { payoutId })
    return
  }
  const won = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(payouts)
      .set({
        status: 'rejected',
        rejectionReason: decision.reason,
        reviewedAt: now,
        reviewerId: caller.userId,
        updatedAt: now,
      })
      .where(and(eq(payouts.id, payoutId), inArray(payouts.status, ['requested', 'under_review'])))
      .returning({ id: payouts.id })
    if (!row) return false
    await recordPayoutEvent(ctx, tx, payoutId, 'rejected', {
      actorUserId: caller.userId,
      note: decision.reason,
    })
    return true
  })
  if (!won) throw new AppError('PAYOUT_CONFLICT', { message: payoutMessages.notReviewable })
  await recordAudit(ctx, {
    actor: caller,
    action: 'payout.reject',
    targetType: 'payout',
    targetId: payoutId,
    reason: decision.reason,
  })
  const user = await findUserById(ctx.db, payout.userId)
  if (user) {
    await ctx.jobs.enqueue(
      sendEmailJob,
      payoutRejectedEmail(user.email, { reason: decision.reason, appUrl: ctx.env.APP_URL }),
    )
  }
}
