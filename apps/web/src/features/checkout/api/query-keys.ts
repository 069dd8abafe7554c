import { selectedAddOnKeys, type AccountSizeK, type AddOns, type ChallengeType } from '@tp/domain'
import type { PaymentMethod } from '@tp/domain'

// Query keys and the pricing query string of the checkout, in one place.

/** What a price depends on: the server prices exactly this (never a price from the browser). */
export type PricingParams = {
  challenge: ChallengeType
  sizeK: AccountSizeK
  addOns: AddOns
  method: PaymentMethod
  /** an entered coupon code; the summary says whether it applies */
  coupon?: string | null
}

/** `challenge=twoPhase&size=5&addOns=profitSplit100,fastPayout&method=card&coupon=CODE` */
export function pricingSearch(params: PricingParams): string {
  const search = new URLSearchParams({
    challenge: params.challenge,
    size: String(params.sizeK),
  })
  const addOns = selectedAddOnKeys(params.addOns)
  if (addOns.length > 0) search.set('addOns', addOns.join(','))
  search.set('method', params.method)
  if (params.coupon) search.set('coupon', params.coupon)
  return search.toString()
}

export const checkoutQueryKeys = {
  quote: (params: PricingParams) => ['pricing', 'quote', pricingSearch(params)] as const,
  summary: (params: PricingParams) => ['pricing', 'summary', pricingSearch(params)] as const,
  orders: ['checkout', 'orders'] as const,
  paymentStatus: (trackId: string) => ['checkout', 'payment-status', trackId] as const,
}
