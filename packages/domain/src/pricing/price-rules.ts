import { z } from 'zod'
import { usd, type Money } from '../money'
import type { AddOns } from '../plans'

// The numbers of pricing (decisions.md, spec 9.3). Every step of a price rounds up to the whole
// dollar; see quote-order.ts for the order of the steps.

/** Surcharge on the base fee, in percent: one add-on +15%, both +25% (saves 5%). */
export const addOnSurchargePercent = { single: 15, both: 25 } as const

export const paymentMethods = ['card', 'crypto'] as const
export type PaymentMethod = (typeof paymentMethods)[number]
export const paymentMethodSchema = z.enum(paymentMethods)
export const paymentMethodLabels: Readonly<Record<PaymentMethod, string>> = {
  card: 'Card',
  crypto: 'Crypto',
}

/** Paying in crypto takes this percentage off the order total (after any coupon). */
export const cryptoDiscountPercent = 30

/**
 * No coupon takes an order below this: every order is a real payment, whose confirmation is what
 * provisions an account (decisions 0005). Free accounts are an admin action, not a coupon.
 */
export const minimumOrderTotal: Money = usd(100)

export function addOnSurchargePercentFor(addOns: AddOns): number {
  if (addOns.profitSplit100 && addOns.fastPayout) return addOnSurchargePercent.both
  if (addOns.profitSplit100 || addOns.fastPayout) return addOnSurchargePercent.single
  return 0
}
