import { formatMoney, type Money } from '../money'

// Every user-facing message of ordering (spec 5 selection checks, coupons), in one place: the
// server answers with these texts and the web app shows them, neither re-types them.
export const orderMessages = {
  selection: {
    accountSize: 'Please select an account size.',
    platform: 'Please select a trading platform.',
    challenge: 'Please select a challenge type.',
  },
  coupon: {
    unknown: 'Unknown coupon code.',
    inactive: 'This coupon is no longer active.',
    expired: 'This coupon has expired.',
    exhausted: 'This coupon has reached its usage limit.',
    challenge: 'This coupon is not valid for this challenge type.',
    minimumSubtotal: (minimum: Money): string =>
      `This coupon needs an order of at least ${formatMoney(minimum)}.`,
    fixedTooLarge: (maximum: Money): string =>
      `A fixed discount is at most ${formatMoney(maximum)}.`,
    maxUsesTooLarge: (maximum: number): string =>
      `A usage limit is at most ${maximum.toLocaleString('en-US')}.`,
  },
} as const
