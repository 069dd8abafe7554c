import { and, eq, sql } from 'drizzle-orm'
import { checkoutMessages, type paypalCaptureResponseSchema } from '@tp/api'
import type { z } from 'zod'
import { centsToDecimalString, challengeTypeLabels } from '@tp/domain'
import type { AppContext } from '../../context'
import {
  orders,
  payments,
  tradingAccounts,
  type OrderRow,
  type PaymentRow,
  type TradingAccountRow,
} from '../../db/schema'
import {
  isPayPalOrderPaid,
  PayPalDeclined,
  PayPalError,
  PayPalUnavailable,
  type PayPal,
  type PayPalOrder,
} from '../../integrations/paypal/paypal'
import { assertOrderAccess } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { AppError } from '../../lib/errors'
import { confirmOrderPaid, fulfilOrderJob } from '../orders/confirm-payment'
import { moveOrder, type OrderEventSource } from '../orders/order-status'
import { refundOrder } from '../orders/refund-order'
import { orderNumber } from '../orders/order-dto'
import { payableOrder, type PaymentTarget } from './payable-order'

// Card payments through PayPal Orders v2 (contracts/integrations.md section 1): the server creates
// the PayPal order for the amount it priced, captures it when the buyer approved, and believes a
// payment only when PayPal's own order says COMPLETED for exactly that amount.

/** A PayPal refusal as spec 7's buttons read it: details[0].issue and description, debug_id. */
export class PayPalRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      code: string
      message: string
      details: { path: string; issue: string; description: string }[]
      debug_id?: string
    },
  ) {
    super(body.message)
  }
}

function refusal(error: PayPalError, prefix: string, status: number, code: string): PayPalRefusal {
  const issue = error.issue ?? error.errorName
  const description = error.description ?? ''
  return new PayPalRefusal(status, {
    code,
    message: `${prefix} ${description}`.trim(),
    details: [{ path: 'paypal', issue, description }],
    ...(error.debugId ? { debug_id: error.debugId } : {}),
  })
}

function paypalOf(ctx: AppContext): PayPal {
  if (!ctx.payments.paypal) throw new AppError('PAYMENT_UNAVAILABLE')
  return ctx.payments.paypal
}

export async function createPayPalPayment(
  ctx: AppContext,
  caller: Caller,
  target: PaymentTarget,
): Promise<{ id: string; order: OrderRow }> {
  const paypal = paypalOf(ctx)
  const order = await payableOrder(ctx, caller, target, 'card')
  const [existing] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.provider, 'paypal')))
  if (existing) return { id: existing.reference, order }
  let created: { id: string }
  try {
    created = await paypal.createOrder({
      paymentId: order.id,
      amountCents: order.total,
      currency: 'USD',
      description: `${challengeTypeLabels[order.challengeType]} $${order.sizeK}K challenge, order ${orderNumber(order)}`,
      // one PayPal order per order, however often the buttons ask
      requestId: `create:${order.id}`,
    })
  } catch (error) {
    if (error instanceof PayPalUnavailable)
      throw new AppError('PAYMENT_UNAVAILABLE', { cause: error })
    if (error instanceof PayPalError) {
      throw refusal(error, checkoutMessages.paypalCreateFailed, 502, 'PAYMENT_FAILED')
    }
    throw error
  }
  await ctx.db
    .insert(payments)
    .values({
      orderId: order.id,
      provider: 'paypal',
      reference: created.id,
      status: 'created',
      amount: order.total,
    })
    .onConflictDoNothing()
  return { id: created.id, order }
}

async function paymentOf(
  ctx: AppContext,
  reference: string,
): Promise<{ payment: PaymentRow; order: OrderRow } | null> {
  const [row] = await ctx.db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.provider, 'paypal'), eq(payments.reference, reference)))
  return row ?? null
}

/**
 * What PayPal's order says, applied: paid for exactly our amount -> the order is paid (once);
 * completed for another amount -> a person looks at it. Anything else changes nothing.
 */
export async function applyPayPalOrder(
  ctx: AppContext,
  payment: PaymentRow,
  order: OrderRow,
  paypalOrder: PayPalOrder,
  source: OrderEventSource,
): Promise<void> {
  const captureStatus = paypalOrder.capture?.status?.toLowerCase()
  await ctx.db
    .update(payments)
    .set({
      status: captureStatus ?? paypalOrder.status.toLowerCase(),
      payerName: paypalOrder.payer?.fullName ?? payment.payerName,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, payment.id))
  // the money went back: refunded in PayPal's dashboard, or a chargeback
  if (captureStatus === 'refunded' || captureStatus === 'reversed') {
    if (order.status !== 'pending' && order.status !== 'expired' && order.status !== 'refunded') {
      await refundOrder(ctx, order.id, {
        source,
        note: `PayPal reports the capture ${captureStatus}`,
        isRefundedByProvider: true,
      })
    }
    return
  }
  if (isPayPalOrderPaid(paypalOrder, { amountCents: order.total, currency: 'USD' })) {
    await confirmOrderPaid(ctx, order.id, { source, detail: `PayPal ${paypalOrder.id}` })
  } else if (paypalOrder.status === 'COMPLETED' && captureStatus === 'completed') {
    await moveOrder(
      ctx.db,
      order.id,
      'under_review',
      { source, detail: `PayPal ${paypalOrder.id}` },
      {
        reviewReason: `PayPal captured ${paypalOrder.capture?.amount?.value ?? '?'} for an order of ${order.total} cents`,
      },
    )
  }
}

export async function capturePayPalPayment(ctx: AppContext, caller: Caller, reference: string) {
  const paypal = paypalOf(ctx)
  const found = await paymentOf(ctx, reference)
  if (!found) throw new AppError('NOT_FOUND', { message: 'No such PayPal order.' })
  assertOrderAccess(caller, found.order, 'pay')
  const { payment, order } = found
  let result: PayPalOrder
  try {
    result = await paypal.captureOrder(reference, {
      requestId: `capture:${reference}:${payment.declines}`,
    })
  } catch (error) {
    if (error instanceof PayPalDeclined) {
      await ctx.db
        .update(payments)
        .set({ declines: sql`${payments.declines} + 1`, status: 'declined', updatedAt: sql`now()` })
        .where(eq(payments.id, payment.id))
      throw refusal(error, checkoutMessages.paypalCaptureFailed, 422, 'PAYMENT_DECLINED')
    }
    if (!(error instanceof PayPalError)) throw error
    // a capture racing another (20 buttons at once) or a repeat: PayPal's order tells the truth
    let current: PayPalOrder | null = null
    try {
      current = await paypal.getOrder(reference)
    } catch {
      current = null
    }
    if (!current || current.status !== 'COMPLETED') {
      if (error instanceof PayPalUnavailable)
        throw new AppError('PAYMENT_UNAVAILABLE', { cause: error })
      throw refusal(error, checkoutMessages.paypalCaptureFailed, 422, 'PAYMENT_FAILED')
    }
    result = current
  }
  await applyPayPalOrder(ctx, payment, order, result, 'capture')
  const [updated] = await ctx.db.select().from(orders).where(eq(orders.id, order.id))
  return { paypalOrder: result, order: updated! }
}

/** Paid, and the account is on its way or there: spec 7's `payment/orders/{orderID}/create`. */
const paidStatuses: readonly OrderRow['status'][] = ['paid', 'provisioning', 'fulfilled']

/**
 * The account a PayPal order bought (spec 7's `create` row, which the card screen calls after the
 * capture). It never creates anything itself: an order PayPal has not marked paid is read back
 * first, and a paid order whose fulfilment stalled is queued again (fulfilment is idempotent).
 */
export async function paypalFulfilment(
  ctx: AppContext,
  caller: Caller,
  reference: string,
): Promise<{ order: OrderRow; account: TradingAccountRow | null }> {
  const found = await paymentOf(ctx, reference)
  if (!found) throw new AppError('NOT_FOUND', { message: 'No such PayPal order.' })
  assertOrderAccess(caller, found.order, 'pay')
  let order = found.order
  if (order.status === 'pending') {
    const paypal = paypalOf(ctx)
    let current: PayPalOrder
    try {
      current = await paypal.getOrder(reference)
    } catch (error) {
      if (error instanceof PayPalError) throw new AppError('PAYMENT_UNAVAILABLE', { cause: error })
      throw error
    }
    await applyPayPalOrder(ctx, found.payment, order, current, 'poll')
    const [reread] = await ctx.db.select().from(orders).where(eq(orders.id, order.id))
    order = reread ?? order
  }
  if (!paidStatuses.includes(order.status)) {
    throw new AppError('ORDER_NOT_PAYABLE', {
      message:
        order.status === 'pending'
          ? checkoutMessages.orderNotPaid
          : checkoutMessages.orderNotPayable,
    })
  }
  if (order.status !== 'fulfilled') {
    const stalledSince = ctx.clock.now().getTime() - 30_000
    if (order.updatedAt.getTime() < stalledSince) {
      await ctx.jobs.enqueue(fulfilOrderJob, { orderId: order.id })
    }
    return { order, account: null }
  }
  const [account] = order.accountId
    ? await ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, order.accountId))
    : []
  return { order, account: account ?? null }
}

/** Spec 7's capture answer: what the card screen reads (captures[0], the payer's name). */
export function toCaptureResponse(
  paypalOrder: PayPalOrder,
  order: OrderRow,
): z.output<typeof paypalCaptureResponseSchema> {
  const capture = paypalOrder.capture
  const [given, ...rest] = (paypalOrder.payer?.fullName ?? '').split(' ')
  return {
    id: paypalOrder.id,
    status: paypalOrder.status,
    orderId: order.id,
    purchase_units: [
      {
        payments: {
          captures: capture
            ? [
                {
                  id: capture.id,
                  status: capture.status,
                  amount: {
                    currency_code: capture.amount?.currencyCode ?? 'USD',
                    value: capture.amount?.value ?? centsToDecimalString(order.total),
                  },
                },
              ]
            : [],
        },
      },
    ],
    payer: {
      name: {
        given_name: paypalOrder.payer?.givenName ?? given ?? '',
        surname: paypalOrder.payer?.surname ?? rest.join(' '),
      },
    },
  }
}
