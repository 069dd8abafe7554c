import { and, eq, gt, inArray, lt } from 'drizzle-orm'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { orders, payments } from '../../db/schema'
import { defineJob } from '../../jobs/job-runner'
import { fulfilOrderJob } from '../orders/confirm-payment'
import { reconcileOxaPay } from './crypto-checkout'
import { applyPayPalOrder } from './paypal-checkout'

// Provider notifications are hints (decision 0008, documenso's rule): a verified webhook or
// callback only queues this job, which reads the payment back from the provider and applies what
// the provider says. Duplicates and late or out-of-order notifications therefore change nothing
// that has not really changed.

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
    const [row] = await ctx.db
      .select({ payment: payments, order: orders })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.provider, 'paypal'), eq(payments.reference, reference)))
    if (!row) return
    await applyPayPalOrder(ctx, row.payment, row.order, await paypal.getOrder(reference), source)
  },
})

/**
 * The safety net, every minute: crypto sessions still open are read back (a lost callback never
 * loses a payment), and paid orders whose fulfilment is not finished get it queued again (after
 * a crash between the payment and the job). Both are idempotent.
 */
export async function sweepPayments(
  ctx: AppContext,
): Promise<{ checked: number; requeued: number }> {
  const now = ctx.clock.now()
  const open = await ctx.db
    .select({ reference: payments.reference })
    .from(payments)
    .where(
      and(
        eq(payments.provider, 'oxapay'),
        inArray(payments.status, ['new', 'waiting', 'paying']),
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
  return { checked: open.length, requeued: stuck.length }
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
