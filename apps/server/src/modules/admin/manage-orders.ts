import { desc, eq } from 'drizzle-orm'
import type { OrderStatus } from '@tp/api'
import type { AppContext } from '../../context'
import { orders, users } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { confirmOrderPaid, fulfilOrderJob } from '../orders/confirm-payment'
import { toOrderDto } from '../orders/order-dto'
import { moveOrder } from '../orders/order-status'
import { latestPayments } from '../orders/routes'

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
  orderId: string,
  decision: 'fulfil' | 'reject',
  note: string | undefined,
) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) throw new AppError('NOT_FOUND', { message: 'No such order.' })
  if (order.status !== 'under_review') {
    throw new AppError('ORDER_NOT_PAYABLE', {
      message: 'Only an order under review can be decided.',
    })
  }
  const detail = note ? `admin: ${note}` : 'admin decision'
  if (decision === 'fulfil') await confirmOrderPaid(ctx, orderId, { source: 'admin', detail })
  else await moveOrder(ctx.db, orderId, 'failed', { source: 'admin', detail })
}

/** A paid order whose account is not there yet: provisioning again (it is idempotent). */
export async function retryOrder(ctx: AppContext, orderId: string) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) throw new AppError('NOT_FOUND', { message: 'No such order.' })
  if (
    !(['paid', 'provisioning', 'failed'] as OrderStatus[]).includes(order.status) ||
    !order.paidAt
  ) {
    throw new AppError('ORDER_NOT_PAYABLE', {
      message: 'Only a paid order without its account can be retried.',
    })
  }
  if (order.status === 'failed')
    await moveOrder(ctx.db, orderId, 'provisioning', { source: 'admin', detail: 'retry' })
  await ctx.jobs.enqueue(fulfilOrderJob, { orderId })
}
