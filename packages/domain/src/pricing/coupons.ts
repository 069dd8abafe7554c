import { z } from 'zod'
import {
  ceilToWholeDollar,
  formatMoney,
  maxMoney,
  scaleUpToWholeDollar,
  subtractMoney,
  usd,
  type Money,
} from '../money'
import { challengeTypeSchema, type ChallengeType } from '../plans'
import { orderMessages } from './messages'
import { minimumOrderTotal } from './price-rules'

/** Codes are compared case-insensitively: stored and looked up upper-case, trimmed. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase()
}

export const couponCodeSchema = z
  .string()
  .trim()
  .min(3, { message: 'A coupon code has at least 3 characters.' })
  .max(32, { message: 'A coupon code has at most 32 characters.' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'A coupon code may use letters, digits, - and _ only.' })
  .transform(normaliseCouponCode)

/** The largest fixed discount a coupon may give, in cents ($1,000,000.00; stored as an integer). */
export const MAX_FIXED_COUPON_CENTS = 100_000_000
/** The largest usage limit a coupon may have (stored as an integer). */
export const MAX_COUPON_USES = 1_000_000_000

/** An instant a coupon stores: from 1970 to 9999 (ISO allows a year 0, which the store has not). */
const instantSchema = z
  .union([z.date(), z.iso.datetime({ offset: true }).transform((text) => new Date(text))])
  .refine((date) => date.getTime() >= 0 && date.getTime() < Date.UTC(10_000, 0, 1), {
    message: 'Pick a date between 1970 and 9999.',
  })

const couponFields = {
  code: couponCodeSchema,
  /** the coupon stops working at this instant; null: never expires */
  expiresAt: instantSchema.nullable().default(null),
  /** how many paid orders may use it; null: unlimited */
  maxUses: z
    .number()
    .int()
    .positive()
    .max(MAX_COUPON_USES, { message: orderMessages.coupon.maxUsesTooLarge(MAX_COUPON_USES) })
    .nullable()
    .default(null),
  isActive: z.boolean().default(true),
  /** challenge types it applies to; null: all */
  challenges: z
    .array(challengeTypeSchema)
    .min(1)
    .transform((types) => [...new Set(types)])
    .nullable()
    .default(null),
  /** the order subtotal (base fee plus add-ons) must be at least this many cents; null: any */
  minimumSubtotalCents: z.number().int().positive().nullable().default(null),
}

/**
 * A coupon as the admin screen creates it and the store keeps it: `value` is a whole percent
 * (1-100) for 'percent' and cents for 'fixed'.
 */
export const couponDefinitionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('percent'),
    value: z.number().int().min(1).max(100),
    ...couponFields,
  }),
  z.object({
    kind: z.literal('fixed'),
    value: z
      .number()
      .int()
      .positive()
      .max(MAX_FIXED_COUPON_CENTS, {
        message: orderMessages.coupon.fixedTooLarge(usd(MAX_FIXED_COUPON_CENTS)),
      }),
    ...couponFields,
  }),
])
export type CouponDefinition = z.output<typeof couponDefinitionSchema>
export type CouponDefinitionInput = z.input<typeof couponDefinitionSchema>
export type CouponKind = CouponDefinition['kind']

/** The admin screen's create form; the server adds nothing but storage. */
export const createCouponSchema = couponDefinitionSchema

export type CouponRejection =
  'unknown' | 'inactive' | 'expired' | 'exhausted' | 'challenge' | 'minimumSubtotal'

export type CouponCheck =
  { ok: true; coupon: CouponDefinition } | { ok: false; reason: CouponRejection; message: string }

export interface CouponContext {
  now: Date
  /** paid orders that already used the coupon */
  uses: number
  /** base fee plus add-ons, before any discount */
  subtotal: Money
  challenge: ChallengeType
}

/** Whether a coupon (null when the entered code matched none) may be used on this order. */
export function checkCoupon(
  coupon: CouponDefinition | null | undefined,
  context: CouponContext,
): CouponCheck {
  if (!coupon) return reject('unknown', orderMessages.coupon.unknown)
  if (!coupon.isActive) return reject('inactive', orderMessages.coupon.inactive)
  if (coupon.expiresAt !== null && context.now.getTime() >= coupon.expiresAt.getTime()) {
    return reject('expired', orderMessages.coupon.expired)
  }
  if (coupon.maxUses !== null && context.uses >= coupon.maxUses) {
    return reject('exhausted', orderMessages.coupon.exhausted)
  }
  if (coupon.challenges !== null && !coupon.challenges.includes(context.challenge)) {
    return reject('challenge', orderMessages.coupon.challenge)
  }
  if (
    coupon.minimumSubtotalCents !== null &&
    context.subtotal.cents < coupon.minimumSubtotalCents
  ) {
    return reject(
      'minimumSubtotal',
      orderMessages.coupon.minimumSubtotal(usd(coupon.minimumSubtotalCents)),
    )
  }
  return { ok: true, coupon }
}

/**
 * The subtotal after the coupon, rounded up to the whole dollar like every price step. A coupon
 * never takes an order below `minimumOrderTotal` and never raises a price.
 */
export function applyCoupon(coupon: CouponDefinition, subtotal: Money): Money {
  const discounted =
    coupon.kind === 'percent'
      ? scaleUpToWholeDollar(subtotal, 100 - coupon.value, 100)
      : ceilToWholeDollar(maxMoney(subtractMoney(subtotal, usd(coupon.value)), usd(0)))
  const floored = maxMoney(discounted, minimumOrderTotal)
  return floored.cents > subtotal.cents ? subtotal : floored
}

/** "10% off", "$20.00 off". */
export function describeCouponValue(coupon: Pick<CouponDefinition, 'kind' | 'value'>): string {
  return coupon.kind === 'percent'
    ? `${coupon.value}% off`
    : `${formatMoney(usd(coupon.value))} off`
}

function reject(reason: CouponRejection, message: string): CouponCheck {
  return { ok: false, reason, message }
}
