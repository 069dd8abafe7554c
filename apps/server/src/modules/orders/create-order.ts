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
 * apply is refused with the reason rather than silently dropped.
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
  const { summary, coupon } = await priceOrder(ctx, {
    challenge: selection.challenge,
    sizeK: selection.sizeK,
    addOns: selection.addOns,
    method: selection.method,
    couponCode: selection.coupon,
  })
  if (summary.coupon && !summary.coupon.isApplied) {
    throw new AppError('VALIDATION_FAILED', {
      message: summary.coupon.message,
      details: [{ path: 'coupon', message: summary.coupon.message }],
    })
  }
  return ctx.db.transaction(async (tx) => {
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
      detail: `priced at ${summary.total.cents} cents`,
    })
    return order!
  })
}
