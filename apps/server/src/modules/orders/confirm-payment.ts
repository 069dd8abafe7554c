import { eq } from 'drizzle-orm'
import { orderSummarySchema } from '@tp/api'
import { firstPlanKey, parsePlanKey, type AccountSizeK } from '@tp/domain'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { challenges, orders, type OrderRow } from '../../db/schema'
import { defineJob } from '../../jobs/job-runner'
import { sendEmailJob } from '../../jobs/send-email'
import { provisionStageAccount } from '../accounts/provision-account'
import { recordAudit } from '../access/access-policy'
import { findUserById } from '../users/find-user'
import { orderReceiptEmail } from './order-emails'
import { orderNumber } from './order-dto'
import { CouponUsedUp } from './coupon-uses'
import { moveOrder, type OrderEventSource } from './order-status'

// A payment confirmed, from wherever the news came first (the capture answer, a webhook, a
// callback, a poll, an admin): the order moves to paid exactly once (a locked, conditional move),
// and only the move that won queues the fulfilment and the receipt. Fulfilment itself is
// idempotent (one challenge per order, one account per challenge stage: decision 0015), so a
// repeated job, a restart or a retry never makes a second account.

export async function confirmOrderPaid(
  ctx: AppContext,
  orderId: string,
  event: { source: OrderEventSource; detail?: string },
): Promise<{ order: OrderRow | null; isNew: boolean }> {
  let paid: OrderRow | null
  try {
    paid = await moveOrder(ctx.db, orderId, 'paid', event, { paidAt: ctx.clock.now() })
  } catch (error) {
    // paid after it gave its coupon use back (it had expired), and others took every use since:
    // never a paid order beyond the coupon's limit; a person decides (refund, or charge the rest)
    if (!(error instanceof CouponUsedUp) || event.source === 'admin') throw error
    await moveOrder(ctx.db, orderId, 'under_review', event, {
      reviewReason: 'paid, but its coupon was used up by other orders in the meantime: refund it',
    })
    paid = null
  }
  if (!paid) {
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId))
    return { order: order ?? null, isNew: false }
  }
  // a money event: in the audit log whoever confirmed it (decision 0036), the cause its reason
  await recordAudit(ctx, {
    actor: null,
    action: 'order.paid',
    targetType: 'order',
    targetId: orderId,
    reason: event.detail
      ? `Payment confirmed: ${event.detail}`
      : `Payment confirmed (${event.source})`,
    details: {
      source: event.source,
      ...(event.detail ? { detail: event.detail } : {}),
      totalCents: paid.total,
      currency: paid.currency,
      method: paid.method,
      userId: paid.userId,
    },
  })
  await ctx.jobs.enqueue(fulfilOrderJob, { orderId })
  const user = await findUserById(ctx.db, paid.userId)
  if (user) {
    await ctx.jobs.enqueue(
      sendEmailJob,
      orderReceiptEmail(user.email, {
        number: orderNumber(paid),
        summary: orderSummarySchema.parse(paid.summary),
        platform: paid.platform,
        paidAt: paid.paidAt ?? ctx.clock.now(),
        appUrl: ctx.env.APP_URL,
      }),
    )
  }
  ctx.logger.info({ orderId, source: event.source }, 'order paid')
  return { order: paid, isNew: true }
}

/** The challenge an order bought (created once: the order id is unique on challenges). */
async function challengeOf(ctx: AppContext, order: OrderRow): Promise<string> {
  await ctx.db
    .insert(challenges)
    .values({
      userId: order.userId,
      challengeType: order.challengeType,
      sizeK: order.sizeK as AccountSizeK,
      platform: order.platform,
      addOns: order.addOns,
      rulebookVersion: order.rulebookVersion,
      orderId: order.id,
    })
    .onConflictDoNothing({ target: challenges.orderId })
  const [challenge] = await ctx.db
    .select({ id: challenges.id })
    .from(challenges)
    .where(eq(challenges.orderId, order.id))
  return challenge!.id
}

export async function fulfilOrder(ctx: AppContext, orderId: string): Promise<OrderRow | null> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId))
  if (!order || !['paid', 'provisioning'].includes(order.status)) return order ?? null
  await moveOrder(ctx.db, orderId, 'provisioning', { source: 'job' })
  try {
    const challengeId = await challengeOf(ctx, order)
    const stage = parsePlanKey(firstPlanKey(order.challengeType)).stage
    const account = await provisionStageAccount(ctx, { challengeId, stage })
    if (account.status === 'provisioning') throw new Error('the account is still being created')
    return await moveOrder(
      ctx.db,
      orderId,
      'fulfilled',
      { source: 'job', detail: `account ${account.login}` },
      { accountId: account.id, fulfilledAt: ctx.clock.now(), provisioningError: null },
    )
  } catch (error) {
    await ctx.db
      .update(orders)
      .set({
        provisioningError: error instanceof Error ? error.message.slice(0, 500) : String(error),
      })
      .where(eq(orders.id, orderId))
    throw error
  }
}

/** Fulfilment as a job: retried with backoff, resumed after a restart, shown to admins when stuck. */
export const fulfilOrderJob = defineJob({
  name: 'orders.fulfil',
  schema: z.object({ orderId: z.uuid() }),
  retryLimit: 12,
  retryDelaySeconds: 2,
  handle: async (ctx, { orderId }) => {
    await fulfilOrder(ctx, orderId)
  },
})
