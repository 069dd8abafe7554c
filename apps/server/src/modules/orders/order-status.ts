import { eq, sql } from 'drizzle-orm'
import type { OrderStatus } from '@tp/api'
import type { Transactional } from '../../db/client'
import { orderEvents, orders, type OrderRow } from '../../db/schema'
import { couponUseOnMove } from './coupon-uses'

// The order's life, as a table of allowed moves. Every move is one conditional UPDATE (it happens
// only from an allowed status, so two racing confirmations cannot both win) plus an audit row,
// and settles the order's coupon use in the same transaction (coupon-uses.ts): given back when
// the order expires, fails or is refunded, taken again when it is paid after that.

const allowedFrom: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: [],
  // a payment confirmed: from a waiting order, or an admin's approval of one under review
  paid: ['pending', 'under_review', 'expired'],
  provisioning: ['paid', 'failed'],
  fulfilled: ['provisioning', 'paid'],
  failed: ['pending', 'provisioning', 'under_review'],
  expired: ['pending'],
  refunded: ['under_review', 'paid', 'failed', 'fulfilled'],
  // late or incomplete money (OxaPay), or anything a person must look at
  under_review: ['pending', 'expired'],
}

export type OrderEventSource =
  'checkout' | 'capture' | 'webhook' | 'callback' | 'poll' | 'job' | 'admin' | 'sweep'

/**
 * Moves an order to `to` if its status allows it. Returns the updated row, or null when the order
 * was not in a status that allows the move (someone else moved it first). Throws CouponUsedUp
 * (nothing changed) when a move to paid, provisioning or fulfilled needs a use of the order's
 * coupon that it gave back and other orders have taken since.
 */
export async function moveOrder(
  db: Transactional,
  orderId: string,
  to: OrderStatus,
  event: { source: OrderEventSource; detail?: string },
  changes: Partial<
    Pick<OrderRow, 'paidAt' | 'fulfilledAt' | 'accountId' | 'reviewReason' | 'provisioningError'>
  > = {},
): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    // the row is locked: the status read is the one moved from, racing moves wait their turn
    const [current] = await tx
      .select({
        status: orders.status,
        couponId: orders.couponId,
        isCouponReserved: orders.isCouponReserved,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
    if (!current || !allowedFrom[to].includes(current.status)) return null
    const couponUse = await couponUseOnMove(tx, current, to)
    const [updated] = await tx
      .update(orders)
      .set({ ...changes, ...couponUse, status: to, updatedAt: sql`now()` })
      .where(eq(orders.id, orderId))
      .returning()
    await tx.insert(orderEvents).values({
      orderId,
      fromStatus: current.status,
      toStatus: to,
      source: event.source,
      detail: event.detail ?? null,
    })
    return updated ?? null
  })
}

/**
 * Notes something a person must look at on an order whose status stays as it is (money that
 * arrived for an order already paid, say): the note joins the order's review reason, which the
 * admin orders table shows, and an audit row records it. A note already there is not repeated.
 */
export async function noteOrder(
  db: Transactional,
  orderId: string,
  note: string,
  event: { source: OrderEventSource },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: orders.status, reviewReason: orders.reviewReason })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
    if (!current || current.reviewReason?.includes(note)) return false
    await tx
      .update(orders)
      .set({
        reviewReason: current.reviewReason ? `${current.reviewReason}; ${note}` : note,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, orderId))
    await tx.insert(orderEvents).values({
      orderId,
      fromStatus: current.status,
      toStatus: current.status,
      source: event.source,
      detail: note,
    })
    return true
  })
}
