import type { OrderDto, OrderSummaryDto, PricingQuote } from '@tp/api'
import { accountSizesK, challengeTypes, paymentMethods, quoteOrder, toPriceQuote } from '@tp/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, type TestUser } from './support'

// Prices come from the domain's plan table through the server, for every combination; orders are
// priced by the server whatever the browser sends; coupons apply or are refused with the reason.

let app: TestApp
let admin: TestUser
let trader: TestUser

const addOnSets = [
  { key: '', addOns: { profitSplit100: false, fastPayout: false } },
  { key: 'profitSplit100', addOns: { profitSplit100: true, fastPayout: false } },
  { key: 'fastPayout', addOns: { profitSplit100: false, fastPayout: true } },
  { key: 'profitSplit100,fastPayout', addOns: { profitSplit100: true, fastPayout: true } },
]

beforeAll(async () => {
  app = await createTestApp()
  admin = await app.createUser({ role: 'admin' })
  trader = await app.createUser()
})
afterAll(async () => {
  await app?.close()
})

describe('GET /api/pricing/quote', () => {
  it('answers the domain price for every size x challenge x add-ons x method, in dollars', async () => {
    let checked = 0
    for (const challenge of challengeTypes) {
      for (const size of accountSizesK) {
        for (const { key, addOns } of addOnSets) {
          for (const method of paymentMethods) {
            const response = await app.get<PricingQuote>(
              `/api/pricing/quote?challenge=${challenge}&size=${size}&addOns=${key}&method=${method}`,
            )
            expect(response.status).toBe(200)
            const expected = toPriceQuote(
              quoteOrder({ challenge, sizeK: size, addOns, method, now: new Date() }),
            )
            expect(response.body).toEqual(expected)
            checked++
          }
        }
      }
    }
    expect(checked).toBe(112)
  })

  it('prices the worked examples of decisions.md', async () => {
    const quote = (query: string) => app.get<PricingQuote>(`/api/pricing/quote?${query}`)
    expect((await quote('challenge=twoPhase&size=100&method=card')).body).toEqual({
      base: 599,
      addOns: 0,
      discount: 0,
      total: 599,
      currency: 'USD',
    })
    // both add-ons +25%: ceil(748.75) = 749; crypto: ceil(749 x 0.7) = 525
    expect(
      (await quote('challenge=twoPhase&size=100&addOns=profitSplit100,fastPayout&method=crypto'))
        .body,
    ).toEqual({ base: 599, addOns: 150, discount: 224, total: 525, currency: 'USD' })
  })

  it('answers 400 naming the bad parameter', async () => {
    for (const query of [
      'challenge=threePhase&size=100',
      'challenge=twoPhase&size=7',
      'challenge=twoPhase&size=100&method=cash',
      'challenge=twoPhase&size=100&addOns=freeMoney',
    ]) {
      const response = await app.get<{ code: string; message: string }>(
        `/api/pricing/quote?${query}`,
      )
      expect(response.status, query).toBe(400)
      expect(response.body.code).toBe('BAD_REQUEST')
    }
    const response = await app.get<{ message: string }>(
      '/api/pricing/quote?challenge=twoPhase&size=7',
    )
    expect(response.body.message).toMatch(/^size/)
  })
})

describe('coupons', () => {
  it('applies a percent coupon before the crypto discount and explains a refused one', async () => {
    const created = await app.post(
      '/api/admin/coupons',
      { code: 'launch20', kind: 'percent', value: 20, reason: 'Launch offer' },
      { token: admin.token },
    )
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ coupon: { code: 'LAUNCH20', uses: 0, isActive: true } })
    const refused = await app.post(
      '/api/admin/coupons',
      { code: 'LAUNCH20', kind: 'fixed', value: 500, reason: 'Launch offer' },
      {
        token: admin.token,
      },
    )
    expect(refused.status).toBe(422)
    expect(
      await app.post(
        '/api/admin/coupons',
        { code: 'X9', kind: 'percent', value: 5, reason: 'Not mine to give' },
        { token: trader.token },
      ),
    ).toMatchObject({ status: 403 })

    const summary = await app.get<{ summary: OrderSummaryDto }>(
      '/api/pricing/summary?challenge=twoPhase&size=100&method=crypto&coupon=launch20',
    )
    // 599 -> coupon ceil(479.2) = 480 -> crypto ceil(336) = 336
    expect(summary.body.summary).toMatchObject({
      couponDiscount: 11_900,
      cryptoDiscount: 14_400,
      total: 33_600,
      coupon: { code: 'LAUNCH20', isApplied: true, message: '20% off' },
    })
    const unknown = await app.get<{ summary: OrderSummaryDto }>(
      '/api/pricing/summary?challenge=twoPhase&size=100&method=card&coupon=NOPE123',
    )
    expect(unknown.body.summary).toMatchObject({
      total: 59_900,
      coupon: { code: 'NOPE123', isApplied: false, message: 'Unknown coupon code.' },
    })
  })

  it('stops a deactivated coupon', async () => {
    const { body } = await app.get<{ coupons: { id: string; code: string }[] }>(
      '/api/admin/coupons',
      {
        token: admin.token,
      },
    )
    const coupon = body.coupons.find((c) => c.code === 'LAUNCH20')!
    await app.request('PATCH', `/api/admin/coupons/${coupon.id}`, {
      token: admin.token,
      body: { isActive: false, reason: 'Launch over' },
    })
    const summary = await app.get<{ summary: OrderSummaryDto }>(
      '/api/pricing/summary?challenge=twoPhase&size=100&method=card&coupon=LAUNCH20',
    )
    expect(summary.body.summary.coupon).toMatchObject({
      isApplied: false,
      message: 'This coupon is no longer active.',
    })
    await app.request('PATCH', `/api/admin/coupons/${coupon.id}`, {
      token: admin.token,
      body: { isActive: true, reason: 'Launch extended' },
    })
  })
})

describe('POST /api/orders', () => {
  const selection = {
    challenge: 'twoPhase',
    platform: 'mt5',
    sizeK: 100,
    addOns: { profitSplit100: true, fastPayout: false },
    method: 'card',
    termsAccepted: true,
  }

  it('needs a saved billing profile first', async () => {
    const buyer = await app.createUser()
    const response = await app.post('/api/orders', selection, { token: buyer.token })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ message: 'Please fill in all the billing information.' })
  })

  it('prices the order itself: a price sent by the browser is ignored', async () => {
    await app.saveBilling(trader)
    const response = await app.post<{ order: OrderDto }>(
      '/api/orders',
      { ...selection, amount: 1, total: 1, fee: 1 },
      { token: trader.token },
    )
    expect(response.status).toBe(201)
    // 599 + 15% = ceil(688.85) = 689
    expect(response.body.order).toMatchObject({ status: 'pending', total: 68_900, method: 'card' })
    expect(response.body.order.number).toMatch(/^TP-\d{6}$/)
    const mine = await app.get<{ orders: OrderDto[] }>('/api/orders', { token: trader.token })
    expect(mine.body.orders.map((o) => o.id)).toContain(response.body.order.id)
  })

  it('applies a coupon, refuses an unusable one, and refuses without the terms or for another email', async () => {
    const withCoupon = await app.post<{ order: OrderDto }>(
      '/api/orders',
      { ...selection, coupon: 'launch20' },
      { token: trader.token },
    )
    expect(withCoupon.body.order).toMatchObject({ couponCode: 'LAUNCH20', total: 55_200 })
    const bad = await app.post(
      '/api/orders',
      { ...selection, coupon: 'NOPE123' },
      { token: trader.token },
    )
    expect(bad.status).toBe(422)
    expect(bad.body).toMatchObject({
      details: [{ path: 'coupon', message: 'Unknown coupon code.' }],
    })
    const noTerms = await app.post(
      '/api/orders',
      { ...selection, termsAccepted: false },
      { token: trader.token },
    )
    expect(noTerms.status).toBe(422)
    const other = await app.createUser()
    const foreign = await app.post(
      '/api/orders',
      { ...selection, email: other.user.email },
      { token: trader.token },
    )
    expect(foreign.status).toBe(403)
  })
})
