import { describe, expect, it } from 'vitest'
import type { AddOns } from '../../src/plans'
import {
  applyCoupon,
  checkCoupon,
  couponDefinitionSchema,
  createCouponSchema,
  MAX_COUPON_USES,
  MAX_FIXED_COUPON_CENTS,
  normaliseCouponCode,
  orderMessages,
  quoteOrder,
  toPriceQuote,
  usd,
  type CouponDefinitionInput,
  type QuoteOrderInput,
} from '../../src/pricing'

const now = new Date('2026-03-02T12:00:00Z')
const none: AddOns = { profitSplit100: false, fastPayout: false }

const coupon = (
  input: Partial<CouponDefinitionInput> & Pick<CouponDefinitionInput, 'kind' | 'value'>,
) => couponDefinitionSchema.parse({ code: 'SAVE', ...input })

const order = (overrides: Partial<QuoteOrderInput> = {}) =>
  quoteOrder({ challenge: 'twoPhase', sizeK: 100, addOns: none, method: 'card', now, ...overrides })

describe('percent coupons', () => {
  it('take the percentage off the subtotal and round up to the whole dollar', () => {
    // 599 x 0.9 = 539.1 -> 540
    const summary = order({ coupon: coupon({ kind: 'percent', value: 10 }) })
    expect(summary.total.cents).toBe(54000)
    expect(summary.couponDiscount.cents).toBe(5900)
    expect(summary.coupon).toMatchObject({ code: 'SAVE', isApplied: true })
  })

  it('apply to the subtotal including add-ons', () => {
    // ceil(599 x 1.25) = 749; 749 x 0.8 = 599.2 -> 600
    const summary = order({
      addOns: { profitSplit100: true, fastPayout: true },
      coupon: coupon({ kind: 'percent', value: 20 }),
    })
    expect(summary.total.cents).toBe(60000)
    expect(toPriceQuote(summary)).toEqual({
      base: 599,
      addOns: 150,
      discount: 149,
      total: 600,
      currency: 'USD',
    })
  })

  it('at 100% still leave the minimum order of $1', () => {
    expect(order({ coupon: coupon({ kind: 'percent', value: 100 }) }).total.cents).toBe(100)
  })
})

describe('fixed coupons', () => {
  it('take the amount off the subtotal', () => {
    expect(order({ coupon: coupon({ kind: 'fixed', value: 10000 }) }).total.cents).toBe(49900)
  })

  it('round an amount with cents up to the whole dollar', () => {
    // 59 - 10.50 = 48.50 -> 49
    const summary = order({ sizeK: 5, coupon: coupon({ kind: 'fixed', value: 1050 }) })
    expect(summary.total.cents).toBe(4900)
    expect(summary.couponDiscount.cents).toBe(1000)
  })

  it('never take an order below $1, even when worth more than the order', () => {
    const summary = order({ sizeK: 5, coupon: coupon({ kind: 'fixed', value: 100_000 }) })
    expect(summary.total.cents).toBe(100)
    expect(summary.couponDiscount.cents).toBe(5800)
    const crypto = order({
      sizeK: 5,
      method: 'crypto',
      coupon: coupon({ kind: 'fixed', value: 100_000 }),
    })
    expect(crypto.total.cents).toBe(100) // ceil(1 x 0.7) = 1
  })

  it('never raise a price', () => {
    const subtotal = usd(50)
    expect(applyCoupon(coupon({ kind: 'fixed', value: 10 }), subtotal)).toEqual(subtotal)
  })
})

describe('coupons come off before the crypto discount', () => {
  it('a fixed $100 coupon on a $599 crypto order: (599 - 100) x 0.7, not 599 x 0.7 - 100', () => {
    // coupon first: 499 -> ceil(349.3) = 350; crypto first would give 420 - 100 = 320
    const summary = order({ method: 'crypto', coupon: coupon({ kind: 'fixed', value: 10000 }) })
    expect(summary.total.cents).toBe(35000)
    expect(summary.couponDiscount.cents).toBe(10000)
    expect(summary.cryptoDiscount.cents).toBe(14900)
    expect(summary.lines.map((line) => `${line.label}: ${line.text}`)).toEqual([
      'Two Phase 100K Challenge: $599.00',
      'Coupon SAVE ($100.00 off): -$100.00',
      'Crypto payment (30% off): -$149.00',
      'Total: $350.00',
    ])
  })

  it('a 15% coupon with both add-ons on a 5K crypto order', () => {
    // 74 x 0.85 = 62.9 -> 63; 63 x 0.7 = 44.1 -> 45
    const summary = order({
      sizeK: 5,
      method: 'crypto',
      addOns: { profitSplit100: true, fastPayout: true },
      coupon: coupon({ kind: 'percent', value: 15 }),
    })
    expect(toPriceQuote(summary)).toEqual({
      base: 59,
      addOns: 15,
      discount: 29,
      total: 45,
      currency: 'USD',
    })
  })
})

describe('coupons that cannot be used', () => {
  it('an expired coupon is refused from its expiry instant on, and the price is unchanged', () => {
    const expiring = coupon({ kind: 'percent', value: 10, expiresAt: '2026-03-02T12:00:00Z' })
    const justBefore = order({ coupon: expiring, now: new Date(now.getTime() - 1) })
    expect(justBefore.coupon?.isApplied).toBe(true)

    const atExpiry = order({ coupon: expiring })
    expect(atExpiry.coupon).toEqual({
      code: 'SAVE',
      isApplied: false,
      reason: 'expired',
      message: 'This coupon has expired.',
    })
    expect(atExpiry.total.cents).toBe(59900)
    expect(atExpiry.lines.some((line) => line.kind === 'coupon')).toBe(false)
  })

  it('an exhausted coupon is refused once its uses reach the limit', () => {
    const limited = coupon({ kind: 'percent', value: 10, maxUses: 3 })
    expect(order({ coupon: limited, couponUses: 2 }).coupon?.isApplied).toBe(true)
    const exhausted = order({ coupon: limited, couponUses: 3 })
    expect(exhausted.coupon).toMatchObject({
      isApplied: false,
      reason: 'exhausted',
      message: 'This coupon has reached its usage limit.',
    })
    expect(exhausted.total.cents).toBe(59900)
  })

  it('an unknown code is reported with the code the buyer typed', () => {
    const summary = order({ couponCode: ' nope ', coupon: null })
    expect(summary.coupon).toEqual({
      code: 'NOPE',
      isApplied: false,
      reason: 'unknown',
      message: 'Unknown coupon code.',
    })
    expect(summary.total.cents).toBe(59900)
  })

  it('a definition for another code than the one typed is treated as unknown', () => {
    const summary = order({ couponCode: 'OTHER', coupon: coupon({ kind: 'percent', value: 50 }) })
    expect(summary.coupon).toMatchObject({ code: 'OTHER', reason: 'unknown' })
    expect(summary.total.cents).toBe(59900)
  })

  it('a deactivated coupon is refused', () => {
    const summary = order({ coupon: coupon({ kind: 'percent', value: 10, isActive: false }) })
    expect(summary.coupon).toMatchObject({
      reason: 'inactive',
      message: 'This coupon is no longer active.',
    })
  })

  it('a coupon for Instant Funding only is refused on a Two Phase order', () => {
    const instantOnly = coupon({ kind: 'percent', value: 10, challenges: ['instantFund'] })
    expect(order({ coupon: instantOnly }).coupon).toMatchObject({
      reason: 'challenge',
      message: 'This coupon is not valid for this challenge type.',
    })
    expect(order({ coupon: instantOnly, challenge: 'instantFund' }).coupon?.isApplied).toBe(true)
  })

  it('a minimum subtotal counts add-ons but not discounts', () => {
    const minimum70 = coupon({ kind: 'fixed', value: 500, minimumSubtotalCents: 7000 })
    // 5K Two Phase: 59 alone, 68 with one add-on, 74 with both
    expect(order({ sizeK: 5, coupon: minimum70 }).coupon).toMatchObject({
      reason: 'minimumSubtotal',
      message: 'This coupon needs an order of at least $70.00.',
    })
    expect(
      order({ sizeK: 5, addOns: { profitSplit100: true, fastPayout: false }, coupon: minimum70 })
        .coupon,
    ).toMatchObject({ reason: 'minimumSubtotal' })
    const both = order({
      sizeK: 5,
      method: 'crypto',
      addOns: { profitSplit100: true, fastPayout: true },
      coupon: minimum70,
    })
    expect(both.coupon?.isApplied).toBe(true)
    expect(both.total.cents).toBe(4900) // 74 - 5 = 69 -> ceil(48.3) = 49
  })

  it('checks in a fixed order: an inactive, expired, exhausted coupon reports "inactive" first', () => {
    const everythingWrong = coupon({
      kind: 'percent',
      value: 10,
      isActive: false,
      expiresAt: '2020-01-01T00:00:00Z',
      maxUses: 1,
    })
    const result = checkCoupon(everythingWrong, {
      now,
      uses: 5,
      subtotal: usd(59900),
      challenge: 'twoPhase',
    })
    expect(result).toMatchObject({ ok: false, reason: 'inactive' })
  })
})

describe('coupon codes are case-insensitive', () => {
  it('stores codes upper-case and trimmed', () => {
    expect(coupon({ code: '  spring-Sale_26 ', kind: 'percent', value: 5 }).code).toBe(
      'SPRING-SALE_26',
    )
    expect(normaliseCouponCode(' welcome10 ')).toBe('WELCOME10')
  })

  it('applies a coupon whatever case the buyer typed', () => {
    const summary = order({
      couponCode: 'save',
      coupon: coupon({ code: 'Save', kind: 'percent', value: 10 }),
    })
    expect(summary.coupon).toMatchObject({ code: 'SAVE', isApplied: true })
    expect(summary.total.cents).toBe(54000)
  })
})

describe('the admin create-coupon schema', () => {
  const valid = { code: 'WELCOME10', kind: 'percent', value: 10 }

  it('fills defaults: active, no expiry, unlimited, any challenge, any subtotal', () => {
    expect(createCouponSchema.parse(valid)).toEqual({
      ...valid,
      expiresAt: null,
      maxUses: null,
      isActive: true,
      challenges: null,
      minimumSubtotalCents: null,
    })
  })

  it('reads an ISO expiry with an offset into an instant', () => {
    const parsed = createCouponSchema.parse({ ...valid, expiresAt: '2026-04-01T00:00:00+02:00' })
    expect(parsed.expiresAt?.toISOString()).toBe('2026-03-31T22:00:00.000Z')
  })

  it.each([
    ['a percent of 0', { ...valid, value: 0 }],
    ['a percent above 100', { ...valid, value: 101 }],
    ['a fractional percent', { ...valid, value: 12.5 }],
    ['a fixed amount of 0 cents', { ...valid, kind: 'fixed', value: 0 }],
    ['a fixed amount in fractions of a cent', { ...valid, kind: 'fixed', value: 10.5 }],
    ['an unknown kind', { ...valid, kind: 'bogo' }],
    ['a code with spaces inside', { ...valid, code: 'TEN OFF' }],
    ['a code of 2 characters', { ...valid, code: 'AB' }],
    ['an expiry that is not a date', { ...valid, expiresAt: 'tomorrow' }],
    ['a usage limit of 0', { ...valid, maxUses: 0 }],
    ['an empty challenge list', { ...valid, challenges: [] }],
    ['an unknown challenge type', { ...valid, challenges: ['threePhase'] }],
  ])('refuses %s', (_name, input) => {
    expect(createCouponSchema.safeParse(input).success).toBe(false)
  })

  it('refuses a fixed amount or a usage limit larger than a coupon may hold, saying the maximum', () => {
    const fixed = { ...valid, kind: 'fixed' }
    expect(createCouponSchema.parse({ ...fixed, value: MAX_FIXED_COUPON_CENTS }).value).toBe(
      MAX_FIXED_COUPON_CENTS,
    )
    const tooMuch = createCouponSchema.safeParse({ ...fixed, value: 3_000_000_000 })
    expect(tooMuch.error?.issues[0]).toMatchObject({
      path: ['value'],
      message: 'A fixed discount is at most $1,000,000.00.',
    })
    const tooMany = createCouponSchema.safeParse({ ...valid, maxUses: MAX_COUPON_USES + 1 })
    expect(tooMany.error?.issues[0]).toMatchObject({
      path: ['maxUses'],
      message: 'A usage limit is at most 1,000,000,000.',
    })
  })

  it('keeps each challenge type once', () => {
    const parsed = createCouponSchema.parse({ ...valid, challenges: ['twoPhase', 'twoPhase'] })
    expect(parsed.challenges).toEqual(['twoPhase'])
  })
})

describe('coupon messages', () => {
  it('come from the one message table', () => {
    expect(orderMessages.coupon.unknown).toBe('Unknown coupon code.')
    expect(orderMessages.coupon.expired).toBe('This coupon has expired.')
    expect(orderMessages.coupon.exhausted).toBe('This coupon has reached its usage limit.')
    expect(orderMessages.coupon.minimumSubtotal(usd(150000))).toBe(
      'This coupon needs an order of at least $1,500.00.',
    )
  })
})
