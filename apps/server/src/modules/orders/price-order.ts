import type { OrderSummaryDto } from '@tp/api'
import {
  describeCouponValue,
  quoteOrder,
  type AccountSizeK,
  type ChallengeType,
  type CouponDefinition,
  type OrderSummary,
  type PaymentMethod,
} from '@tp/domain'
import type { AppContext } from '../../context'
import type { Executor } from '../../db/client'
import type { CouponRow } from '../../db/schema'
import { couponUses, findCoupon } from './coupon-uses'

// Every price the app shows or charges comes from here: the domain's quoteOrder with the coupon
// looked up in the database (and its uses counted: coupon-uses.ts). The browser's own price is
// never read.

export type PricingInput = {
  challenge: ChallengeType
  sizeK: AccountSizeK
  addOns: { profitSplit100: boolean; fastPayout: boolean }
  method: PaymentMethod
  couponCode?: string | null | undefined
  /** the signed-in buyer, whose own unpaid orders' coupon uses go back when they order */
  buyerId?: string | null | undefined
}

export function toCouponDefinition(row: CouponRow): CouponDefinition {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    expiresAt: row.expiresAt,
    maxUses: row.maxUses,
    isActive: row.isActive,
    challenges: row.challenges,
    minimumSubtotalCents: row.minimumSubtotalCents,
  } as CouponDefinition
}

/** The order's summary; through `db`, the caller's transaction when ordering (coupon locked). */
export async function priceOrder(
  ctx: AppContext,
  input: PricingInput,
  db: Executor = ctx.db,
): Promise<{ summary: OrderSummary; coupon: CouponRow | null }> {
  const code = input.couponCode?.trim() || null
  const coupon = code ? ((await findCoupon(db, code)) ?? null) : null
  const summary = quoteOrder({
    challenge: input.challenge,
    sizeK: input.sizeK,
    addOns: input.addOns,
    method: input.method,
    coupon: coupon ? toCouponDefinition(coupon) : null,
    couponCode: code,
    couponUses: coupon ? await couponUses(db, coupon.id, { buyerId: input.buyerId }) : 0,
    now: ctx.clock.now(),
  })
  return { summary, coupon: summary.coupon?.isApplied ? coupon : null }
}

export function toSummaryDto(summary: OrderSummary): OrderSummaryDto {
  const coupon = summary.coupon
  return {
    challenge: summary.challenge,
    sizeK: summary.sizeK,
    addOns: { ...summary.addOns },
    method: summary.method,
    base: summary.base.cents,
    addOnPercent: summary.addOnPercent,
    addOnAmount: summary.addOnAmount.cents,
    subtotal: summary.subtotal.cents,
    couponDiscount: summary.couponDiscount.cents,
    cryptoDiscount: summary.cryptoDiscount.cents,
    discount: summary.discount.cents,
    total: summary.total.cents,
    currency: 'USD',
    coupon:
      coupon === null
        ? null
        : coupon.isApplied
          ? { code: coupon.code, isApplied: true, message: describeCouponValue(coupon) }
          : { code: coupon.code, isApplied: false, message: coupon.message },
    lines: summary.lines.map((line) => ({
      kind: line.kind,
      label: line.label,
      amount: line.amount.cents,
      text: line.text,
    })),
  }
}
