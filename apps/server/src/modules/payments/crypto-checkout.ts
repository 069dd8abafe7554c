import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import { checkoutMessages, findCryptoCurrency, type CryptoSession } from '@tp/api'
import type { AppContext } from '../../context'
import { orders, payments, type PaymentRow } from '../../db/schema'
import { isOxaPayError, type OxaPayPayment } from '../../integrations/oxapay/oxapay'
import type { Caller } from '../access/authenticate'
import { AppError } from '../../lib/errors'
import { findUserById } from '../users/find-user'
import { confirmOrderPaid } from '../orders/confirm-payment'
import { orderNumber, toCryptoSession } from '../orders/order-dto'
import { moveOrder, noteOrder, type OrderEventSource } from '../orders/order-status'
import { payableOrder, type PaymentTarget } from './payable-order'

// Crypto payments through OxaPay's white-label API (contracts/integrations.md section 2): the
// server opens a payment session for the amount it priced; a payment is believed only when
// OxaPay's own record (read back, whatever the callback said) is paid for exactly that amount.
// Late or short payments are never dropped: the order goes to review (contract 2.5 pitfall).

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message, details: [{ path, message }] })
}

export async function createCryptoPayment(
  ctx: AppContext,
  caller: Caller,
  input: PaymentTarget & { currency: string; network?: string | null | undefined },
): Promise<CryptoSession> {
  if (!ctx.payments.oxapay.isEnabled) throw new AppError('PAYMENT_UNAVAILABLE')
  const coin = findCryptoCurrency(input.currency)
  if (!coin) throw invalid('currency', 'This currency is not accepted.')
  const network = input.network
    ? coin.networks.find(
        (candidate) => candidate.code.toLowerCase() === input.network!.toLowerCase(),
      )
    : coin.networks[0]
  if (!network) throw invalid('network', `${coin.symbol} is not accepted on that network.`)
  const order = await payableOrder(ctx, caller, input, 'crypto')
  const user = await findUserById(ctx.db, order.userId)
  let session
  try {
    session = await ctx.payments.oxapay.createWhiteLabelPayment({
      amountCents: order.total,
      currency: 'USD',
      payCurrency: coin.symbol,
      ...(coin.hasNetworkChoice ? { network: network.code } : {}),
      lifetimeMinutes: ctx.env.OXAPAY_LIFETIME_MINUTES,
      orderId: order.id,
      email: user?.email ?? '',
      description: `Order ${orderNumber(order)}`,
      callbackUrl: `${ctx.payments.callbackBaseUrl}/api/payment/oxapay/callback`,
    })
  } catch (error) {
    if (isOxaPayError(error)) {
      ctx.logger.warn({ err: error, orderId: order.id }, 'OxaPay: session not created')
      if (error.kind === 'validation')
        throw invalid(error.field ?? 'currency', checkoutMessages.cryptoCreateFailed)
      throw new AppError('PAYMENT_FAILED', {
        message: checkoutMessages.cryptoCreateFailed,
        cause: error,
      })
    }
    throw error
  }
  if (session.amountCents !== order.total) {
    throw new AppError('PAYMENT_FAILED', { message: checkoutMessages.cryptoCreateFailed })
  }
  const [payment] = await ctx.db
    .insert(payments)
    .values({
      orderId: order.id,
      provider: 'oxapay',
      reference: session.trackId,
      status: 'waiting',
      amount: order.total,
      payCurrency: session.payCurrency,
      payAmount: session.payAmount,
      network: session.network,
      address: session.address,
      memo: session.memo,
      qrCodeUrl: session.qrCodeUrl,
      expiresAt: session.expiresAt,
    })
    .returning()
  return toCryptoSession(order, payment!)
}

/**
 * OxaPay's record of a payment, applied (callbacks, polls and the sweep all end here):
 * paid for the order's amount -> paid (once); paid late (after the order expired), short
 * (underpaid), or expired with money received -> under review; expired with nothing -> the
 * session is over and the buyer may open another.
 */
export async function applyOxaPayPayment(
  ctx: AppContext,
  payment: PaymentRow,
  info: OxaPayPayment,
  source: OrderEventSource,
): Promise<void> {
  const status = info.status ?? 'unknown'
  await ctx.db
    .update(payments)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id))
  const detail = `OxaPay ${info.trackId}: ${info.rawStatus}`
  const review = (reason: string) =>
    moveOrder(ctx.db, payment.orderId, 'under_review', { source, detail }, { reviewReason: reason })
  if (status === 'paid' || status === 'manual_accept') {
    if (info.amountCents === payment.amount) {
      const { order, isNew } = await confirmOrderPaid(ctx, payment.orderId, { source, detail })
      if (!isNew && order && !['paid', 'provisioning', 'fulfilled'].includes(order.status)) {
        await review(`paid after the order became ${order.status}`)
      }
    } else {
      await review(
        `OxaPay reports ${info.amount} ${info.currency} for an order of ${payment.amount} cents`,
      )
    }
  } else if (status === 'underpaid') {
    await review('underpaid: less than the amount due arrived')
  } else if (status === 'expired' && info.txs.length > 0) {
    await review('expired with a payment received: it arrived late')
  } else if (status === null || status === 'unknown') {
    ctx.logger.warn({ trackId: info.trackId, raw: info.rawStatus }, 'OxaPay: unknown status')
  }
  const hasMoney =
    status === 'paid' ||
    status === 'manual_accept' ||
    status === 'underpaid' ||
    (status === 'expired' && info.txs.length > 0)
  if (hasMoney) await noteExtraPayment(ctx, payment, info, source)
}

/** Statuses of a payment whose money arrived (in full or not). */
const moneyStatuses = ['paid', 'manual_accept', 'underpaid']

/**
 * Money that arrived on a second payment session of an order another payment already paid (the
 * buyer went back and paid again, or paid two open sessions): the order keeps its account, and
 * the admins are told on the order, so the extra money is refunded rather than kept unnoticed.
 * The order's first payment with money (by when it was opened) is the one that counts.
 */
async function noteExtraPayment(
  ctx: AppContext,
  payment: PaymentRow,
  info: OxaPayPayment,
  source: OrderEventSource,
): Promise<void> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, payment.orderId))
  if (!order || !['paid', 'provisioning', 'fulfilled', 'refunded'].includes(order.status)) return
  const [first] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        or(inArray(payments.status, moneyStatuses), eq(payments.id, payment.id)),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(1)
  if (!first || first.id === payment.id) return
  // the same words each time (a later callback of this payment adds nothing)
  const note = `money arrived on a second payment of this order (OxaPay ${info.trackId}): refund it`
  if (await noteOrder(ctx.db, order.id, note, { source })) {
    ctx.logger.warn(
      { orderId: order.id, trackId: info.trackId, amount: info.amount, currency: info.currency },
      'OxaPay: money on a second payment of a paid order',
    )
  }
}

/** Reads the payment back from OxaPay and applies it. */
export async function reconcileOxaPay(ctx: AppContext, trackId: string, source: OrderEventSource) {
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'oxapay'), eq(payments.reference, trackId)))
  if (!payment) return null
  const info = await ctx.payments.oxapay.getPayment(trackId)
  if (info.orderId !== null && info.orderId !== payment.orderId) {
    ctx.logger.error({ trackId }, 'OxaPay: the payment names another order')
    return payment
  }
  await applyOxaPayPayment(ctx, payment, info, source)
  const [updated] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id))
  return updated!
}

export async function orderOfPayment(ctx: AppContext, payment: PaymentRow) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, payment.orderId))
  return order!
}
