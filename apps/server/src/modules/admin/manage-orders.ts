import { desc, eq } from 'drizzle-orm'
import type { OrderStatus } from '@tp/api'
import type { AppContext } from '../../context'
import { orders, users } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { confirmOrderPaid, fulfilOrderJob } from '../orders/confirm-payment'
import { toOrderDto } from '../orders/order-dto'
import { moveOrder } from '../orders/order-status'
import { latestPayments } from '../orders/list-orders'
import { loadOrderFor, recordAudit } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { refundOrder } from '../orders/refund-order'

export async function listOrdersForAdmin(ctx: AppContext, status: OrderStatus | undefined) {
  const rows = await ctx.db
    .select({ order: orders, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(status ? eq(orders.status, status) : undefined)
    .orderBy(desc(orders.createdAt))
    .limit(500)
  const paymentsByOrder = await latestPayments(
    ctx,
    rows.map((row) => row.order.id),
  )
  return rows.map(({ order, email }) => ({
    ...toOrderDto(order, paymentsByOrder.get(order.id) ?? null),
    userEmail: email,
    provisioningError: order.provisioningError,
    reviewReason: order.reviewReason,
  }))
}

/** An order under review: the money is fine (fulfil it) or not (reject it; refunds happen outside). */
export async function reviewOrder(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  decision: 'fulfil' | 'reject',
  note: string,
) {
  const order = await loadOrderFor(ctx, caller, orderId, 'manage')
  if (order.status !== 'under_review') {
    throw new AppError('ORDER_NOT_PAYABLE', {
      message: 'Only an order under review can be decided.',
    })
  }
  const detail = `admin: ${note}`
  await recordAudit(ctx, {
    actor: caller,
    action: `order.review-${decision}`,
    targetType: 'order',
    targetId: orderId,
    reason: note,
  })
  if (decision === 'fulfil') await confirmOrderPaid(ctx, orderId, { source: 'admin', detail })
  else await moveOrder(ctx.db, orderId, 'failed', { source: 'admin', detail })
}

/** A paid order whose account is not there yet: provisioning again (it is idempotent). */
export async function retryOrder(ctx: AppContext, caller: Caller, orderId: string, reason: string) {
  const order = await loadOrderFor(ctx, caller, orderId, 'manage')
  if (
    !(['paid', 'provisioning', 'failed'] as OrderStatus[]).includes(order.status) ||
    !order.paidAt
  ) {
    throw new AppError('ORDER_NOT_PAYABLE', {
      message: 'Only a paid order without its account can be retried.',
    })
  }
  if (order.status === 'failed')
    await moveOrder(ctx.db, orderId, 'provisioning', {
      source: 'admin',
      detail: `retry: ${reason}`,
    })
  await recordAudit(ctx, {
    actor: caller,
    action: 'order.retry',
    targetType: 'order',
    targetId: orderId,
    reason,
  })
  await ctx.jobs.enqueue(fulfilOrderJob, { orderId })
}

/** An admin's refund: the money back (PayPal) or noted (crypto), the order's accounts closed. */
export async function refundOrderAsAdmin(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  note: string,
) {
  await loadOrderFor(ctx, caller, orderId, 'manage')
  await refundOrder(ctx, orderId, { source: 'admin', note })
  await recordAudit(ctx, {
    actor: caller,
    action: 'order.refund',
    targetType: 'order',
    targetId: orderId,
    reason: note,
  })
}
