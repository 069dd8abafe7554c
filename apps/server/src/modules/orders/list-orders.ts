import { desc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { AppContext } from '../../context'
import { preparedPerDatabase } from '../../db/prepared'
import { orders, payments, type PaymentRow } from '../../db/schema'
import { assertOrderAccess } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { AppError } from '../../lib/errors'
import { toOrderDto } from './order-dto'

/** The caller's orders with the latest payment attempt of each beside it: one round trip. */
const ordersOfUser = preparedPerDatabase((db) => {
  const latest = alias(payments, 'latest_payment')
  return db
    .select({ order: orders, payment: latest })
    .from(orders)
    .leftJoin(
      latest,
      eq(
        latest.id,
        sql`(select ${payments.id} from ${payments} where ${payments.orderId} = ${orders.id}
          order by ${payments.createdAt} desc limit 1)`,
      ),
    )
    .where(eq(orders.userId, sql.placeholder('userId')))
    .orderBy(desc(orders.createdAt))
    .prepare('tp_orders_of_user')
})

/**
 * The caller's orders, newest first, each with its latest payment attempt. The rows are served by
 * the read cache while it holds the user's (decision 0028: any change of an order or a payment of
 * theirs drops them first).
 */
export async function listOrdersOf(ctx: AppContext, caller: Caller) {
  let rows = ctx.reads.orders.get(caller.userId)
  if (!rows) {
    const readGeneration = ctx.reads.orders.beginRead()
    rows = await ordersOfUser(ctx.db).execute({ userId: caller.userId })
    ctx.reads.orders.store(caller.userId, rows, readGeneration)
  }
  return rows.map((row) => toOrderDto(row.order, row.payment))
}

/** One order the caller may read (their own; an admin any). */
export async function getOrder(ctx: AppContext, caller: Caller, orderId: string) {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId))
  if (!row) throw new AppError('NOT_FOUND', { message: 'No such order.' })
  assertOrderAccess(caller, row, 'read')
  const paymentsByOrder = await latestPayments(ctx, [row.id])
  return toOrderDto(row, paymentsByOrder.get(row.id) ?? null)
}

/** The latest payment attempt of each order. */
export async function latestPayments(
  ctx: AppContext,
  orderIds: string[],
): Promise<Map<string, PaymentRow>> {
  if (orderIds.length === 0) return new Map()
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(payments.createdAt)
  return new Map(rows.map((row) => [row.orderId, row]))
}
