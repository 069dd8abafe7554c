import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { accountSizesK, challengeTypes } from '../../src/plans'
import {
  couponDefinitionSchema,
  minimumOrderTotal,
  paymentMethods,
  quoteOrder,
  toPriceQuote,
  type QuoteOrderInput,
} from '../../src/pricing'

const now = new Date('2026-03-02T12:00:00Z')

const couponArbitrary = fc.oneof(
  fc.constant(null),
  fc
    .integer({ min: 1, max: 100 })
    .map((value) => couponDefinitionSchema.parse({ code: 'PCT', kind: 'percent', value })),
  fc
    .integer({ min: 1, max: 2_000_000 })
    .map((value) => couponDefinitionSchema.parse({ code: 'FIX', kind: 'fixed', value })),
)

const orderArbitrary: fc.Arbitrary<Omit<QuoteOrderInput, 'method'>> = fc.record({
  challenge: fc.constantFrom(...challengeTypes),
  sizeK: fc.constantFrom(...accountSizesK),
  addOns: fc.record({ profitSplit100: fc.boolean(), fastPayout: fc.boolean() }),
  coupon: couponArbitrary,
  now: fc.constant(now),
})

describe('pricing properties', () => {
  it('totals are whole dollars, at least the $1 minimum and never negative', () => {
    fc.assert(
      fc.property(orderArbitrary, fc.constantFrom(...paymentMethods), (order, method) => {
        const { total } = quoteOrder({ ...order, method })
        expect(total.cents % 100).toBe(0)
        expect(total.cents).toBeGreaterThanOrEqual(minimumOrderTotal.cents)
      }),
    )
  })

  // ceil(n x 0.7) < n once 0.3n exceeds the round-up, i.e. from $4
  it('paying in crypto never costs more than paying by card, and costs less from $4', () => {
    fc.assert(
      fc.property(orderArbitrary, (order) => {
        const card = quoteOrder({ ...order, method: 'card' }).total.cents
        const crypto = quoteOrder({ ...order, method: 'crypto' }).total.cents
        expect(crypto).toBeLessThanOrEqual(card)
        if (card >= 400) expect(crypto).toBeLessThan(card)
      }),
    )
  })

  it('a coupon never raises a price', () => {
    fc.assert(
      fc.property(orderArbitrary, fc.constantFrom(...paymentMethods), (order, method) => {
        const withCoupon = quoteOrder({ ...order, method }).total.cents
        const without = quoteOrder({ ...order, method, coupon: null }).total.cents
        expect(withCoupon).toBeLessThanOrEqual(without)
      }),
    )
  })

  it('the order lines add up to the total and the quote adds up in dollars', () => {
    fc.assert(
      fc.property(orderArbitrary, fc.constantFrom(...paymentMethods), (order, method) => {
        const summary = quoteOrder({ ...order, method })
        const lines = summary.lines.filter((line) => line.kind !== 'total')
        expect(lines.reduce((sum, line) => sum + line.amount.cents, 0)).toBe(summary.total.cents)
        expect(summary.lines.at(-1)?.amount).toEqual(summary.total)
        const quote = toPriceQuote(summary)
        expect(quote.base + quote.addOns - quote.discount).toBe(quote.total)
        expect(
          [quote.base, quote.addOns, quote.discount, quote.total].every(Number.isInteger),
        ).toBe(true)
      }),
    )
  })

  it('more add-ons never make an order cheaper', () => {
    fc.assert(
      fc.property(orderArbitrary, fc.constantFrom(...paymentMethods), (order, method) => {
        const chosen = quoteOrder({ ...order, method, coupon: null }).total.cents
        const both = quoteOrder({
          ...order,
          method,
          coupon: null,
          addOns: { profitSplit100: true, fastPayout: true },
        }).total.cents
        expect(both).toBeGreaterThanOrEqual(chosen)
      }),
    )
  })
})
