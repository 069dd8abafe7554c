import { eq } from 'drizzle-orm'
import { checkoutMessages } from '@tp/api'
import {
  currentRulebookVersion,
  type AccountSizeK,
  type ChallengeType,
  type PaymentMethod,
  type TradingPlatform,
} from '@tp/domain'
import type { AppContext } from '../../context'
import { billingProfiles, orderEvents, orders, type OrderRow } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { Caller } from '../access/authenticate'
import { resolveTargetUser } from '../users/resolve-target-user'
import { findCoupon, releaseOwnPendingUses } from './coupon-uses'
import { priceOrder, toSummaryDto } from './price-order'

export type OrderSelection = {
  challenge: ChallengeType
  platform: TradingPlatform
  sizeK: AccountSizeK
  addOns: { profitSplit100: boolean; fastPayout: boolean }
  method: PaymentMethod
  coupon?: string | null | undefined
}

/**
 * An order, priced here from the plan table (decisions.md: a price sent by a browser is never
 * read). The buyer's billing profile must be saved first (spec 5), and a coupon that does not
 * apply is refused with the reason rather than silently dropped. An order made with a coupon
 * holds one of its uses from now on (coupon-uses.ts): a coupon whose uses are all held by other
 * orders is refused as used up.
 */
export async function createOrder(
  ctx: AppContext,
  userId: string,
  selection: OrderSelection,
): Promise<OrderRow> {
  const [billing] = await ctx.db
    .select({ userId: billingProfiles.userId })
    .from(billingProfiles)
    .where(eq(billingProfiles.userId, userId))
  if (!billing) {
    throw new AppError('VALIDATION_FAILED', {
      message: checkoutMessages.billingRequired,
      details: [{ path: 'billing', message: checkoutMessages.billingRequired }],
    })
  }
  return ctx.db.transaction(async (tx) => {
    // the coupon's row stays locked until this order is in: orders with the same coupon are
    // made one after another, each counting the uses the ones before it took
    const code = selection.coupon?.trim() || null
    const locked = code ? await findCoupon(tx, code, { isLocked: true }) : undefined
    if (locked) await releaseOwnPendingUses(tx, locked, userId)
    const { summary, coupon } = await priceOrder(
      ctx,
      {
        challenge: selection.challenge,
        sizeK: selection.sizeK,
        addOns: selection.addOns,
        method: selection.method,
        couponCode: selection.coupon,
      },
      tx,
    )
    if (summary.coupon && !summary.coupon.isApplied) {
      // unknown, inactive, expired, used up (messages.orders.coupon)...: said, never dropped
      throw new AppError('VALIDATION_FAILED', {
        message: summary.coupon.message,
        details: [{ path: 'coupon', message: summary.coupon.message }],
      })
    }
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        challengeType: selection.challenge,
        platform: selection.platform,
        sizeK: selection.sizeK,
        addOns: { ...summary.addOns },
        method: selection.method,
        couponId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        isCouponReserved: coupon !== null,
        summary: toSummaryDto(summary),
        total: summary.total.cents,
        rulebookVersion: currentRulebookVersion,
      })
      .returning()
    await tx.insert(orderEvents).values({
      orderId: order!.id,
      fromStatus: null,
      toStatus: 'pending',
      source: 'checkout',
      detail: coupon
        ? `priced at ${summary.total.cents} cents, a use of coupon ${coupon.code} reserved`
        : `priced at ${summary.total.cents} cents`,
    })
    return order!
  })
}

/**
 * POST /api/orders: an order for the caller. A body `email` (spec 7) must be the caller's own:
 * even an admin places orders only for themselves.
 */
export async function createOrderFor(
  ctx: AppContext,
  caller: Caller,
  body: OrderSelection & { email?: string | undefined },
): Promise<OrderRow> {
  const { target } = await resolveTargetUser(ctx, caller, body.email)
  if (target.id !== caller.userId) throw new AppError('EMAIL_MISMATCH')
  return createOrder(ctx, caller.userId, {
    challenge: body.challenge,
    platform: body.platform,
    sizeK: body.sizeK,
    addOns: body.addOns,
    method: body.method,
    coupon: body.coupon,
  })
}
