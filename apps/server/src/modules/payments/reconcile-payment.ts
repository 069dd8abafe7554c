import { and, eq, gt, inArray, lt } from 'drizzle-orm'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { orders, payments } from '../../db/schema'
import { defineJob } from '../../jobs/job-runner'
import { fulfilOrderJob } from '../orders/confirm-payment'
import { moveOrder } from '../orders/order-status'
import { findUnfinishedRefunds, refundOrder } from '../orders/refund-order'
import { reconcileOxaPay } from './crypto-checkout'
import { applyPayPalOrder } from './paypal-checkout'

// Provider notifications are hints (decision 0008, documenso's rule): a verified webhook or
// callback only queues this job, which reads the payment back from the provider and applies what
// the provider says. Duplicates and late or out-of-order notifications therefore change nothing
// that has not really changed.

/** A reconcile reference naming a PayPal capture (refund notices) rather than an order. */
export const CAPTURE_REFERENCE = 'capture:'

/** OxaPay statuses of a session money may still arrive for. */
const openCryptoStatuses = ['new', 'waiting', 'paying']

export const reconcilePaymentJob = defineJob({
  name: 'payments.reconcile',
  schema: z.object({
    provider: z.enum(['paypal', 'oxapay']),
    reference: z.string().min(1),
    source: z.enum(['webhook', 'callback', 'sweep']),
  }),
  retryLimit: 10,
  retryDelaySeconds: 3,
  handle: async (ctx, { provider, reference, source }) => {
    if (provider === 'oxapay') {
      await reconcileOxaPay(ctx, reference, source)
      return
    }
    const paypal = ctx.payments.paypal
    if (!paypal) return
    // a refund or a chargeback names the capture: its order is ours to read back
    let orderReference = reference
    if (reference.startsWith(CAPTURE_REFERENCE)) {
      const capture = await paypal.getCapture(reference.slice(CAPTURE_REFERENCE.length))
      if (!capture.orderId) return
      orderReference = capture.orderId
    }
    const [row] = await ctx.db
      .select({ payment: payments, order: orders })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.provider, 'paypal'), eq(payments.reference, orderReference)))
    if (!row) return
    await applyPayPalOrder(
      ctx,
      row.payment,
      row.order,
      await paypal.getOrder(orderReference),
      source,
    )
  },
})

/**
 * The safety net, every minute: crypto sessions still open are read back (a lost callback never
 * loses a payment), paid orders whose fulfilment is not finished get it queued again (after a
 * crash between the payment and the job), and refunded orders whose accounts still trade get
 * them closed. All idempotent.
 */
export async function sweepPayments(
  ctx: AppContext,
): Promise<{ checked: number; requeued: number; expired: number }> {
  const now = ctx.clock.now()
  const open = await ctx.db
    .select({ reference: payments.reference })
    .from(payments)
    .where(
      and(
        eq(payments.provider, 'oxapay'),
        inArray(payments.status, openCryptoStatuses),
        gt(payments.expiresAt, new Date(now.getTime() - 60 * 60_000)),
      ),
    )
  for (const { reference } of open) {
    await ctx.jobs.enqueue(reconcilePaymentJob, { provider: 'oxapay', reference, source: 'sweep' })
  }
  const stuck = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['paid', 'provisioning']),
        // untouched for a minute: whatever was working on it is gone
        lt(orders.updatedAt, new Date(now.getTime() - 60_000)),
      ),
    )
  for (const { id } of stuck) await ctx.jobs.enqueue(fulfilOrderJob, { orderId: id })
  // refunds whose accounts still trade (a crash midway, a next stage provisioned after it)
  for (const orderId of await findUnfinishedRefunds(ctx)) {
    await refundOrder(ctx, orderId, { source: 'sweep', isRefundedByProvider: true }).catch(
      (error: unknown) => ctx.logger.error({ err: error, orderId }, 'refund not finished'),
    )
  }
  const expired = await expireAbandonedOrders(ctx)
  return { checked: open.length, requeued: stuck.length, expired }
}

/**
 * Orders left pending for ORDER_EXPIRY_HOURS are expired, unless money may still be on its way:
 * a crypto session still open is left alone, and a PayPal order is read back first (a capture
 * whose answer was lost is paid, not expired). A late payment still finds an expired order: it
 * is then paid, or sent to review (order-status allows both moves).
 */
export async function expireAbandonedOrders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now()
  const cutoff = new Date(now.getTime() - ctx.env.ORDER_EXPIRY_HOURS * 3_600_000)
  const stale = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.createdAt, cutoff)))
    .limit(500)
  let expired = 0
  for (const order of stale) {
    const attempts = await ctx.db.select().from(payments).where(eq(payments.orderId, order.id))
    const isCryptoOpen = attempts.some(
      (payment) =>
        payment.provider === 'oxapay' &&
        openCryptoStatuses.includes(payment.status) &&
        (payment.expiresAt === null || payment.expiresAt > now),
    )
    if (isCryptoOpen) continue
    const paypal = ctx.payments.paypal
    let isReadBack = true
    for (const payment of attempts.filter((attempt) => attempt.provider === 'paypal')) {
      if (!paypal) continue
      try {
        await applyPayPalOrder(
          ctx,
          payment,
          order,
          await paypal.getOrder(payment.reference),
          'sweep',
        )
      } catch (error) {
        // PayPal unreachable: decide on the next sweep rather than expire a paid order
        ctx.logger.warn({ err: error, orderId: order.id }, 'PayPal order not read back')
        isReadBack = false
      }
    }
    if (!isReadBack) continue
    const hours = ctx.env.ORDER_EXPIRY_HOURS
    const moved = await moveOrder(ctx.db, order.id, 'expired', {
      source: 'sweep',
      detail: `not paid within ${hours} ${hours === 1 ? 'hour' : 'hours'}`,
    })
    if (moved) expired += 1
  }
  return expired
}

export const sweepPaymentsJob = defineJob({
  name: 'payments.sweep',
  schema: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 0,
  handle: async (ctx) => {
    await sweepPayments(ctx)
  },
})
