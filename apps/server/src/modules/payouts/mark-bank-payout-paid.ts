import { payoutMessages } from '@tp/api/payouts'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { payouts } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { recordAudit } from '../access/access-policy'
import { assertAdmin, type Caller } from '../access/authenticate'
import { markPayoutPaid } from './settle-payout'

/** An admin marks an approved bank-wire payout paid, with the wire's reference (once, audited). */
export async function markBankPayoutPaid(
  ctx: AppContext,
  caller: Caller,
  payoutId: string,
  reference: string,
): Promise<void> {
  assertAdmin(caller)
  const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.id, payoutId))
  if (!payout) throw new AppError('NOT_FOUND', { message: payoutMessages.noSuchPayout })
  if (payout.methodKind !== 'bank') {
    throw new AppError('PAYOUT_CONFLICT', { message: payoutMessages.notBank })
  }
  const isPaid = await markPayoutPaid(ctx, payoutId, ['approved'], {
    reference,
    actorUserId: caller.userId,
  })
  if (!isPaid) throw new AppError('PAYOUT_CONFLICT', { message: payoutMessages.notReviewable })
  await recordAudit(ctx, {
    actor: caller,
    action: 'payout.mark-paid',
    targetType: 'payout',
    targetId: payoutId,
    reason: reference,
  })
}
