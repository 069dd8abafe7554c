import { and, count, eq, inArray, not, sql } from 'drizzle-orm'
import type { OrderStatus } from '@tp/api'
import { messages } from '@tp/api'
import { normaliseCouponCode } from '@tp/domain'
import type { Executor } from '../../db/client'
import { coupons, orders, type CouponRow } from '../../db/schema'
import { AppError } from '../../lib/errors'

// A coupon's usage limit counts the orders holding one of its uses (`orders.is_coupon_reserved`).
// A use is reserved when an order is made with the coupon, and given back when the order expires,
// fails or is refunded; an order paid after that takes one again, if one is left. Every taking
// happens with the coupon's row locked (SELECT ... FOR UPDATE), so two orders can never count the
// same last use, whatever the timing: the limit holds across connections and server processes.

/** Moves that give the order's use back: the order will not be paid (or its money went back). */
const releasingStatuses: readonly OrderStatus[] = ['expired', 'failed', 'refunded']
/** Moves that need the use held: money was taken at the coupon's price. */
const holdingStatuses: readonly OrderStatus[] = ['paid', 'provisioning', 'fulfilled']

/** Refused when an order must hold a use of its coupon and none is left (other orders hold them). */
export class CouponUsedUp extends AppError {
  constructor() {
    super('ORDER_NOT_PAYABLE', { message: messages.orders.couponUsedUpMeanwhile })
  }
}

/** The coupon with this code, its row locked until the transaction ends when `isLocked`. */
export async function findCoupon(
  db: Executor,
  code: string,
  options: { isLocked?: boolean } = {},
): Promise<CouponRow | undefined> {
  const query = db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normaliseCouponCode(code)))
  const [row] = options.isLocked ? await query.for('update') : await query
  return row
}

/**
 * The uses of a coupon taken (reserved by orders in play, paid or not). For a buyer about to
 * order (`buyerId`), the uses their own unpaid orders hold do not count: ordering gives them back
 * (releaseOwnPendingUses), so the price they are shown is the price they will be charged.
 */
export async function couponUses(
  db: Executor,
  couponId: string,
  options: { buyerId?: string | null } = {},
): Promise<number> {
  if (!options.buyerId) return (await couponUsesOf(db, [couponId])).get(couponId) ?? 0
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.couponId, couponId),
        eq(orders.isCouponReserved, true),
        not(and(eq(orders.userId, options.buyerId), eq(orders.status, 'pending'))!),
      ),
    )
  return row?.n ?? 0
}

/** The uses taken of each coupon. */
export async function couponUsesOf(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ couponId: orders.couponId, n: count() })
    .from(orders)
    .where(and(inArray(orders.couponId, ids), eq(orders.isCouponReserved, true)))
    .groupBy(orders.couponId)
  return new Map(rows.flatMap((row) => (row.couponId ? [[row.couponId, row.n] as const] : [])))
}

/**
 * A buyer placing a new order with a limited coupon gives up the uses their own unpaid orders
 * hold (they went back to checkout: the new order is the one they mean to pay). Should one of
 * those older orders be paid after all, it takes a use again if one is left, or goes to review.
 * Call with the coupon's row locked.
 */
export async function releaseOwnPendingUses(
  db: Executor,
  coupon: CouponRow,
  userId: string,
): Promise<void> {
  if (coupon.maxUses === null) return
  // an order being moved right now (its row locked: a payment arriving) keeps its use, and this
  // never waits for it (that move may be waiting for the coupon's row, which is held here)
  const own = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.couponId, coupon.id),
        eq(orders.userId, userId),
        eq(orders.status, 'pending'),
        eq(orders.isCouponReserved, true),
      ),
    )
    .for('update', { skipLocked: true })
  if (own.length === 0) return
  await db
    .update(orders)
    .set({ isCouponReserved: false, updatedAt: sql`now()` })
    .where(
      inArray(
        orders.id,
        own.map((order) => order.id),
      ),
    )
}

/** Takes a use of the coupon for an order; false when none is left. Locks the coupon's row. */
async function takeUse(db: Executor, couponId: string): Promise<boolean> {
  const [coupon] = await db
    .select({ maxUses: coupons.maxUses })
    .from(coupons)
    .where(eq(coupons.id, couponId))
    .for('update')
  if (!coupon) return false
  return coupon.maxUses === null || (await couponUses(db, couponId)) < coupon.maxUses
}

/**
 * What an order's move to `to` does to its coupon use, inside the move's transaction (the order's
 * row locked): the change to write with the move. A move that takes money at the coupon's price
 * (to paid, provisioning, fulfilled) throws CouponUsedUp when the order holds no use and none is
 * left; a move to review takes one if it can (the order may yet be approved).
 */
export async function couponUseOnMove(
  db: Executor,
  order: { couponId: string | null; isCouponReserved: boolean },
  to: OrderStatus,
): Promise<{ isCouponReserved?: boolean }> {
  if (order.couponId === null) return {}
  if (order.isCouponReserved) {
    return releasingStatuses.includes(to) ? { isCouponReserved: false } : {}
  }
  if (holdingStatuses.includes(to)) {
    if (!(await takeUse(db, order.couponId))) throw new CouponUsedUp()
    return { isCouponReserved: true }
  }
  if (to === 'under_review' && (await takeUse(db, order.couponId))) {
    return { isCouponReserved: true }
  }
  return {}
}
