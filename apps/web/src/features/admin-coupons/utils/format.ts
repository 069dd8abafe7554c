import { DateTime } from 'luxon'
import type { CouponDto } from '@tp/api'
import { challengeTypeLabels, describeCouponValue, formatMoney, usd } from '@tp/domain'

/** "10% off", "$20.00 off" (the domain's wording). */
export function couponValueText(coupon: CouponDto): string {
  return describeCouponValue(coupon)
}

/** "3 / 100", "3 / no limit" */
export function couponUsesText(coupon: CouponDto): string {
  return `${coupon.uses} / ${coupon.maxUses ?? 'no limit'}`
}

/** In the browser's time zone; "Never" without an expiry. */
export function couponExpiryText(coupon: CouponDto): string {
  if (!coupon.expiresAt) return 'Never'
  const date = DateTime.fromISO(coupon.expiresAt, { setZone: true })
  return date.isValid ? date.toLocal().toFormat('yyyy-MM-dd HH:mm') : coupon.expiresAt
}

export function isCouponExpired(coupon: CouponDto, now = Date.now()): boolean {
  return coupon.expiresAt !== null && Date.parse(coupon.expiresAt) <= now
}

export function couponChallengesText(coupon: CouponDto): string {
  if (!coupon.challenges || coupon.challenges.length === 0) return 'All'
  return coupon.challenges.map((type) => challengeTypeLabels[type]).join(', ')
}

export function couponMinimumText(coupon: CouponDto): string {
  return coupon.minimumSubtotalCents === null
    ? 'None'
    : formatMoney(usd(coupon.minimumSubtotalCents))
}
