import { payoutMessages } from '@tp/api/payouts'
import { LATE_BONUS_CENTS } from '@tp/domain/payouts'
import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { payouts } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { recordAudit } from '../access/access-policy'
import { assertAdmin, type Caller } from '../access/authenticate'
import { sendEmailJob } from '../../jobs/send-email'
import { findUserById } from '../users/find-user'
import { lateBonusPaidEmail } from './payout-emails'
import { recordPayoutEvent } from './payout-records'

/**
 * An admin pays a late bonus that fell due after the payout's money left (owed by itself), with
 * the reference of that payment: once (a conditional update one caller wins), audited, on the
 * payout's timeline; the trader is emailed.
 */
export async function markLateBonusPaid(
  ctx: AppContext,
  caller: Caller,
  payoutId: string,
  reference: string,
): Promise<void> {
  assertAdmin(caller)
  const now = ctx.clock.now()
  const paid = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(payouts)
      .set({ lateBonusPaidAt: now, lateBonusReference: reference, updatedAt: now })
      .where(
        and(
          eq(payouts.id, payoutId),
          isNotNull(payouts.lateBonusOwedAt),
          isNull(payouts.lateBonusPaidAt),
        ),
      )
      .returning({ id: payouts.id, userId: payouts.userId })
    if (!row) return null
    await recordPayoutEvent(ctx, tx, payoutId, 'late_bonus_paid', {
      note: reference,
      actorUserId: caller.userId,
    })
    return row
  })
  if (!paid) {
    const [exists] = await ctx.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(eq(payouts.id, payoutId))
    if (!exists) throw new AppError('NOT_FOUND', { message: payoutMessages.noSuchPayout })
    throw new AppError('PAYOUT_CONFLICT', { message: payoutMessages.noOwedLateBonus })
  }
  await recordAudit(ctx, {
    actor: caller,
    action: 'payout.late-bonus-paid',
    targetType: 'payout',
    targetId: payoutId,
    reason: reference,
  })
  const user = await findUserById(ctx.db, paid.userId)
  if (user) {
    await ctx.jobs.enqueue(
      sendEmailJob,
      lateBonusPaidEmail(user.email, {
        bonusCents: LATE_BONUS_CENTS,
        reference,
        appUrl: ctx.env.APP_URL,
      }),
    )
  }
}
