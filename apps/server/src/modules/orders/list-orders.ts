import { desc, eq, inArray } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { orders, payments, type PaymentRow } from '../../db/schema'
import { assertOrderAccess } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { AppError } from '../../lib/errors'
import { toOrderDto } from './order-dto'

/** The caller's orders, newest first, each with its latest payment attempt. */
export async function listOrdersOf(ctx: AppContext, caller: Caller) {
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(eq(orders.userId, caller.userId))
    .orderBy(desc(orders.createdAt))
  const paymentsByOrder = await latestPayments(
    ctx,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toOrderDto(row, paymentsByOrder.get(row.id) ?? null))
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
