import { errorBodySchema, messages } from '@tp/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, type TestResponse, type TestUser } from './support'
import { createBuyer, placeOrder } from './support/checkout'

// Bad input never gives a 500 (issue "Hardening"): the app's own refusals keep the app's error
// body whatever a route's response schema declares; a NUL character is refused once, before any
// handler; a malformed Google token is the user's failure; a coupon cannot exceed its column; the
// router's refusals (a malformed %-escape, an overlong path segment) answer in the app's shape.
// fuzz-routes.test.ts looks for more of the same over every route.

let t: TestApp
let trader: TestUser
let admin: TestUser
beforeAll(async () => {
  t = await createTestApp()
  trader = await t.createUser()
  admin = await t.createUser({ role: 'admin' })
})
afterAll(async () => {
  await t?.close()
})

/** The answer is the app's error body (no framework error, no stack) with this status and code. */
function expectAppError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status)
  const body = errorBodySchema.strict().parse(response.body)
  expect(body.code).toBe(code)
  expect(response.text).not.toMatch(/FST_ERR|stack|\.ts:\d+/)
  return body
}

const selection = { platform: 'mt5', challenge: 'twoPhase', balance: 10_000 }

describe('POST /api/payment/orders refusing a selection', () => {
  it('answers a buyer without a billing profile with a 422 in the app shape, not a 500', async () => {
    const buyer = await t.createUser()
    const response = await t.post('/api/payment/orders', selection, { token: buyer.token })
    const body = expectAppError(response, 422, 'VALIDATION_FAILED')
    expect(body.details?.[0]?.path).toBe('billing')
  })

  it('answers an unknown coupon with a 422 naming the coupon', async () => {
    const buyer = await createBuyer(t)
    const response = await t.post(
      '/api/payment/orders',
      { ...selection, coupon: 'NOSUCHCODE' },
      { token: buyer.token },
    )
    const body = expectAppError(response, 422, 'VALIDATION_FAILED')
    expect(body).toMatchObject({ details: [{ path: 'coupon' }] })
  })

  it('answers an account size that does not exist with a 422 naming the balance', async () => {
    const buyer = await createBuyer(t)
    const response = await t.post(
      '/api/payment/orders',
      { ...selection, balance: 12_345 },
      { token: buyer.token },
    )
    const body = expectAppError(response, 422, 'VALIDATION_FAILED')
    expect(body).toMatchObject({
      message: 'Please select an account size.',
      details: [{ path: 'balance' }],
    })
  })

  it('answers an empty or missing body with a 422', async () => {
    const buyer = await createBuyer(t)
    expectAppError(
      await t.post('/api/payment/orders', {}, { token: buyer.token }),
      422,
      'VALIDATION_FAILED',
    )
    expectAppError(
      await t.request('POST', '/api/payment/orders', { token: buyer.token }),
      422,
      'VALIDATION_FAILED',
    )
  })

  it('answers a capture of an unknown PayPal order with a 404 in the app shape', async () => {
    const buyer = await createBuyer(t)
    await placeOrder(t, buyer)
    const response = await t.post('/api/payment/orders/NOSUCHPAYPALORDER/capture', undefined, {
      token: buyer.token,
    })
    expectAppError(response, 404, 'NOT_FOUND')
  })

  it('documents both error shapes (PayPal refusal, app error) for the card calls', async () => {
    const response = await t.get<{
      paths: Record<string, { post: { responses: Record<string, unknown> } }>
    }>('/api/docs/json')
    const responses = response.body.paths['/api/payment/orders']!.post.responses
    const unprocessable = JSON.stringify(responses['422'])
    expect(unprocessable).toContain('anyOf')
    expect(unprocessable).toContain('issue')
  })
})

describe('a NUL character', () => {
  const expectNulRefused = (response: TestResponse, path: string) => {
    const body = expectAppError(response, 422, 'VALIDATION_FAILED')
    expect(body.message).toBe(messages.validation.nulCharacter)
    expect(body.details).toEqual([{ path, message: messages.validation.nulCharacter }])
  }

  it('in a profile field is a 422 naming the field', async () => {
    const response = await t.post(
      '/api/profile/update',
      { name: 'Tess\u0000Trader' },
      { token: trader.token },
    )
    expectNulRefused(response, 'name')
  })

  it('in a billing field is a 422 naming the field', async () => {
    const response = await t.post(
      '/api/profile/put',
      {
        email: trader.user.email,
        firstName: 'Tess\u0000',
        lastName: 'Trader',
        country: 'Canada',
        apartment: '1 Harbour Street',
        town: 'Vancouver',
        state: 'BC',
        companyName: 'Private',
        postalCode: 'V6B 1A1',
        phone: '6045550100',
      },
      { token: trader.token },
    )
    expectNulRefused(response, 'firstName')
  })

  it('in a crypto trackId (query or body) is a 422', async () => {
    expectNulRefused(
      await t.get('/api/payment/get-history?trackId=abc%00def', { token: trader.token }),
      'trackId',
    )
    expectNulRefused(
      await t.post('/api/payment/get-history', { trackId: 'abc\u0000' }, { token: trader.token }),
      'trackId',
    )
  })

  it('in a PayPal order id (a path segment) is a 422', async () => {
    for (const action of ['capture', 'create']) {
      const response = await t.post(`/api/payment/orders/ABC%00DEF/${action}`, undefined, {
        token: trader.token,
      })
      expectNulRefused(response, 'orderID')
    }
  })

  it('in a query value of a public route, a nested field or a key is a 422', async () => {
    expectNulRefused(
      await t.get('/api/pricing/summary?challenge=twoPhase&size=10&coupon=SAVE%00'),
      'coupon',
    )
    expectNulRefused(
      await t.post(
        '/api/orders',
        {
          challenge: 'twoPhase',
          platform: 'mt5',
          sizeK: 10,
          addOns: { profitSplit100: false, fastPayout: false, 'x\u0000': true },
          method: 'card',
          termsAccepted: true,
        },
        { token: trader.token },
      ),
      'addOns.x\\u0000',
    )
  })

  it('deep in a nested body is found without overflowing the stack', async () => {
    const depth = 20_000
    const payload = `{"name":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`
    const response = await t.request('POST', '/api/profile/update', {
      token: trader.token,
      headers: { 'content-type': 'application/json' },
      payload,
    })
    const body = expectAppError(response, 422, 'VALIDATION_FAILED')
    expect(body.details?.[0]?.path).toBe('name.0.0.0.0.0.0.0...')
  })
})

describe('Google sign-in with a malformed token', () => {
  it.each([
    ['letters beyond Latin-1', 'ya29.tok\u00e9n\u4e2d'],
    ['a line break', 'ya29.token\r\nX-Injected: 1'],
    ['spaces', 'ya29 token'],
  ])('with %s is 401 GOOGLE_AUTH_FAILED, not 503', async (_name, token) => {
    const response = await t.post('/api/auth/google', { access_token: token })
    const body = expectAppError(response, 401, 'GOOGLE_AUTH_FAILED')
    expect(body.message).toBe(messages.auth.googleFailed)
  })
})

describe('an admin creating a coupon', () => {
  it('with a fixed amount larger than a coupon holds gets a 422 naming the value', async () => {
    const response = await t.post(
      '/api/admin/coupons',
      { code: 'TOOMUCH', kind: 'fixed', value: 3_000_000_000, reason: 'Test offer' },
      { token: admin.token },
    )
    const body = expectAppError(response, 422, 'VALIDATION_FAILED')
    expect(body.details?.[0]).toEqual({
      path: 'value',
      message: 'A fixed discount is at most $1,000,000.00.',
    })
  })

  it('with a usage limit larger than a coupon holds gets a 422 naming maxUses', async () => {
    const response = await t.post(
      '/api/admin/coupons',
      { code: 'TOOMANY', kind: 'percent', value: 10, maxUses: 3_000_000_000, reason: 'Test offer' },
      { token: admin.token },
    )
    const body = expectAppError(response, 422, 'VALIDATION_FAILED')
    expect(body.details?.[0]?.path).toBe('maxUses')
  })
})

describe('numbers and dates beyond what the store holds', () => {
  it('a history cursor (beforeId) beyond a 64-bit deal id is a 422, not a database error', async () => {
    const account = await t.createTradingAccount(trader)
    const response = await t.get(
      `/api/trading/accounts/${account.id}/history?before=2026-01-01T00:00:00Z&beforeId=99999999999999999999999`,
      { token: trader.token },
    )
    const body = expectAppError(response, 422, 'VALIDATION_FAILED')
    expect(body.details?.[0]?.path).toBe('beforeId')
  })

  it('a coupon expiring in the year 0 is a 422, not a database error', async () => {
    const response = await t.post(
      '/api/admin/coupons',
      {
        code: 'YEARZERO',
        kind: 'percent',
        value: 5,
        expiresAt: '0000-01-01T00:00:00Z',
        reason: 'Test offer',
      },
      { token: admin.token },
    )
    const body = expectAppError(response, 422, 'VALIDATION_FAILED')
    expect(body.details?.[0]).toEqual({
      path: 'expiresAt',
      message: 'Pick a date between 1970 and 9999.',
    })
  })
})

describe('what the router refuses', () => {
  it('a malformed percent-escape in the path is a 400 in the app shape', async () => {
    const response = await t.get('/api/orders/%E0%A4%A', { token: trader.token })
    const body = expectAppError(response, 400, 'BAD_REQUEST')
    expect(body.message).toBe(messages.http.badUrl)
  })

  it('a path segment over the router limit is a 400 in the app shape', async () => {
    const response = await t.get(`/api/trading/accounts/${'y'.repeat(300)}`, {
      token: trader.token,
    })
    const body = expectAppError(response, 400, 'BAD_REQUEST')
    expect(body.message).toBe(messages.http.urlPartTooLong)
  })
})

describe('the scenario driver', () => {
  it('refuses a stage the challenge does not have with a 422, not a 500', async () => {
    const response = await t.post(
      '/api/dev/scenarios/accounts',
      { email: trader.user.email, challenge: 'instantFund', stage: 'phase1' },
      { token: admin.token },
    )
    const body = expectAppError(response, 422, 'VALIDATION_FAILED')
    expect(body.details?.[0]?.path).toBe('stage')
  })

  it('refuses a trade too large for exact amounts, or priced inside its spread, with a 422', async () => {
    const trade = {
      symbol: 'BTCUSD',
      side: 'buy',
      volume: '1.00',
      openPrice: '65000.00',
      closePrice: '66000.00',
      openDaysAgo: 2,
      durationMinutes: 60,
    }
    for (const [change, path] of [
      [{ volume: '99999999.99' }, 'trades.0.volume'],
      [{ volume: '100.00', closePrice: '99999999999.99' }, 'trades.0.closePrice'],
      [{ symbol: 'USDJPY', openPrice: '0.001', closePrice: '150.000' }, 'trades.0.openPrice'],
    ] as const) {
      const response = await t.post(
        '/api/dev/scenarios/accounts',
        { email: trader.user.email, startDaysAgo: 5, trades: [{ ...trade, ...change }] },
        { token: admin.token },
      )
      const body = expectAppError(response, 422, 'VALIDATION_FAILED')
      expect(body.details?.[0]?.path).toBe(path)
    }
  })

  it('plays a path between far-apart prices, and refuses one of too many ticks', async () => {
    const account = await t.createTradingAccount(trader)
    const play = (path: object) =>
      t.post(
        `/api/dev/scenarios/accounts/${account.id}/price-path`,
        { path, mode: 'instant' },
        { token: admin.token },
      )
    const far = await play({
      symbol: 'BTCUSD',
      waypoints: [
        { offsetMs: 0, price: '65000.00' },
        { offsetMs: 5_000, price: '90000000000.00' },
      ],
    })
    expect(far.status, far.text).toBe(200)
    const tooMany = await play({
      symbol: 'BTCUSD',
      waypoints: [
        { offsetMs: 0, price: '65000.00' },
        { offsetMs: 2_000_000, price: '65001.00' },
      ],
      tickIntervalMs: 1,
    })
    const body = expectAppError(tooMany, 422, 'VALIDATION_FAILED')
    expect(body.details?.[0]?.path).toBe('path.tickIntervalMs')
    await t.request('DELETE', `/api/dev/scenarios/accounts/${account.id}/price-path`, {
      token: admin.token,
    })
  })
})
