import { and, eq } from 'drizzle-orm'
import { messages } from '@tp/api'
import type { AppContext } from '../../context'
import { challenges, orders, payments, tradingAccounts, type OrderRow } from '../../db/schema'
import { PayPalError, PayPalUnavailable } from '../../integrations/paypal/paypal'
import { sendEmailJob } from '../../jobs/send-email'
import { AppError } from '../../lib/errors'
import { endAccount } from '../accounts/end-account'
import { findUserById } from '../users/find-user'
import { recordAudit } from '../access/access-policy'
import { orderNumber } from './order-dto'
import { refundEmail } from './order-emails'
import { moveOrder, type OrderEventSource } from './order-status'

// A refunded order: the money goes back (through PayPal for a card; by hand for crypto, which
// OxaPay's white-label API cannot send back), the order is marked refunded with an audit row, the
// accounts it bought are closed (positions closed at market, trading off, history kept) and the
// buyer is told. PayPal may also report a refund made in its dashboard, or a chargeback: the same
// use-case then runs without sending money again.

/** Orders whose money can be refunded; 'provisioning' waits until the account exists. */
const refundable: readonly OrderRow['status'][] = ['paid', 'fulfilled', 'failed', 'under_review']

export async function refundOrder(
  ctx: AppContext,
  orderId: string,
  input: {
    source: OrderEventSource
    /** why, and for crypto how the coins went back (e.g. the transaction hash) */
    note?: string
    /** PayPal already returned the money (a refund in its dashboard, a chargeback) */
    isRefundedByProvider?: boolean
  },
): Promise<OrderRow> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) throw new AppError('NOT_FOUND', { message: 'No such order.' })
  if (order.status === 'refunded') {
    // a refund whose accounts were not all closed (the process died midway, or a next stage was
    // provisioned after it) is finished now
    await closeAccountsOfRefund(ctx, order, input.source)
    if (input.isRefundedByProvider) return order
    throw new AppError('ORDER_NOT_REFUNDABLE', { message: messages.orders.alreadyRefunded })
  }
  if (!refundable.includes(order.status)) {
    throw new AppError('ORDER_NOT_REFUNDABLE', {
      message:
        order.status === 'provisioning'
          ? messages.orders.refundWhileProvisioning
          : messages.orders.notRefundable,
    })
  }
  const note = input.note?.trim() || undefined
  let detail = note ?? 'refunded'
  if (!input.isRefundedByProvider) {
    if (order.method === 'crypto') {
      if (!note) {
        throw new AppError('VALIDATION_FAILED', {
          message: messages.orders.cryptoRefundNoteRequired,
          details: [{ path: 'note', message: messages.orders.cryptoRefundNoteRequired }],
        })
      }
      detail = `crypto refund sent by hand: ${note}`
    } else {
      detail = await refundThroughPayPal(ctx, order, note)
    }
  }

  const refunded = await moveOrder(ctx.db, orderId, 'refunded', { source: input.source, detail })
  if (!refunded) {
    const [current] = await ctx.db.select().from(orders).where(eq(orders.id, orderId))
    return current ?? order
  }
  // a money event: in the audit log whoever started it (decision 0036; an admin's refund has
  // its own entry with the admin and the note)
  await recordAudit(ctx, {
    actor: null,
    action: 'order.refunded',
    targetType: 'order',
    targetId: orderId,
    reason: note ?? `Refunded (${input.source})`,
    details: {
      source: input.source,
      detail,
      totalCents: refunded.total,
      currency: refunded.currency,
      method: refunded.method,
      userId: refunded.userId,
      isRefundedByProvider: input.isRefundedByProvider ?? false,
    },
  })
  const closed = await closeAccountsOfRefund(ctx, refunded, input.source, { isFirst: true })
  ctx.logger.info({ orderId, source: input.source, closedAccounts: closed }, 'order refunded')
  return refunded
}

/**
 * Closes every account a refunded order bought that still trades (its first stage and any later
 * one) and emails the buyer: always after the refund itself, and again only when an account was
 * left open (after a crash, or a next stage provisioned after the refund). Idempotent.
 */
async function closeAccountsOfRefund(
  ctx: AppContext,
  order: OrderRow,
  source: OrderEventSource,
  options: { isFirst?: boolean } = {},
): Promise<number> {
  const accounts = await ctx.db
    .select({ id: tradingAccounts.id })
    .from(tradingAccounts)
    .innerJoin(challenges, eq(challenges.id, tradingAccounts.challengeId))
    .where(eq(challenges.orderId, order.id))
  const nowMs = ctx.clock.now().getTime()
  const closed: string[] = []
  for (const account of accounts) {
    const ended = await endAccount(ctx, account.id, {
      status: 'closed',
      closeReason: 'refund',
      nowMs,
    })
    if (ended) {
      closed.push(ended.row.login ?? '')
      ctx.trading.hub.accountEvent(account.id, 'trading-disabled', messages.trading.closedRefund)
    }
  }
  if (!options.isFirst && closed.length === 0) return 0
  if (!options.isFirst) {
    ctx.logger.warn({ orderId: order.id, source, closed }, 'refunded order: accounts closed late')
  }
  const user = await findUserById(ctx.db, order.userId)
  if (user) {
    await ctx.jobs.enqueue(
      sendEmailJob,
      refundEmail(user.email, {
        number: orderNumber(order),
        total: order.total,
        method: order.method,
        closedLogins: closed.filter(Boolean),
        appUrl: ctx.env.APP_URL,
      }),
    )
  }
  return closed.length
}

/** Orders refunded whose bought accounts still trade: the sweep finishes them. */
export async function findUnfinishedRefunds(ctx: AppContext): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ id: orders.id })
    .from(orders)
    .innerJoin(challenges, eq(challenges.orderId, orders.id))
    .innerJoin(tradingAccounts, eq(tradingAccounts.challengeId, challenges.id))
    .where(and(eq(orders.status, 'refunded'), eq(tradingAccounts.status, 'active')))
    .limit(100)
  return rows.map((row) => row.id)
}

/** Refunds the order's PayPal capture in full; the text of the audit row. */
async function refundThroughPayPal(
  ctx: AppContext,
  order: OrderRow,
  note: string | undefined,
): Promise<string> {
  const paypal = ctx.payments.paypal
  if (!paypal) throw new AppError('PAYMENT_UNAVAILABLE')
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.provider, 'paypal')))
  if (!payment) {
    throw new AppError('ORDER_NOT_REFUNDABLE', { message: messages.orders.noCapture })
  }
  try {
    const paypalOrder = await paypal.getOrder(payment.reference)
    const capture = paypalOrder.capture
    if (!capture) throw new AppError('ORDER_NOT_REFUNDABLE', { message: messages.orders.noCapture })
    const refund = await paypal.refundCapture(capture.id, {
      // one refund per order, however often an admin clicks
      requestId: `refund:${order.id}`,
      ...(note ? { noteToPayer: note } : {}),
    })
    if (refund.status !== 'COMPLETED' && refund.status !== 'PENDING') {
      throw new AppError('PAYMENT_FAILED', {
        message: `PayPal did not refund the payment (${refund.status}).`,
      })
    }
    return `PayPal refund ${refund.id ?? '(refunded before)'} of capture ${capture.id}${note ? `: ${note}` : ''}`
  } catch (error) {
    if (error instanceof AppError) throw error
    if (error instanceof PayPalUnavailable) {
      throw new AppError('PAYMENT_UNAVAILABLE', { cause: error })
    }
    if (error instanceof PayPalError) {
      throw new AppError('PAYMENT_FAILED', {
        message: `PayPal refused the refund: ${error.issue ?? error.errorName}.`,
        cause: error,
      })
    }
    throw error
  }
}
