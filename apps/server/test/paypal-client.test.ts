import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startPayPalFake,
  type PayPalFake,
  type PayPalFakeRequest,
} from '../src/integrations/paypal/fake/paypal-fake'
import {
  centsToPayPalValue,
  isPayPalOrderPaid,
  payPalValueToCents,
  PayPalDeclined,
  PayPalError,
  PayPalUnavailable,
} from '../src/integrations/paypal/paypal'
import {
  createPayPalClient,
  type PayPalClientOptions,
} from '../src/integrations/paypal/paypal-client'
import { TestClock } from './support/test-clock'

// The real adapter against the fake over loopback HTTP (decision 0008): what runs in production
// is what is tested here; only the addresses differ.

let fake: PayPalFake
beforeAll(async () => {
  fake = await startPayPalFake()
})
afterAll(async () => {
  await fake?.close()
})

function clientFor(overrides: Partial<PayPalClientOptions> = {}) {
  return createPayPalClient({
    apiBase: fake.apiBase,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    webhookId: fake.webhookId,
    certHostAllowList: [fake.certHost],
    retryDelaysMs: [0, 0],
    ...overrides,
  })
}

/** The calls the fake received from here on. */
function recorder() {
  const start = fake.requests.length
  return {
    all: () => fake.requests.slice(start),
    of: (route: PayPalFakeRequest['route']) =>
      fake.requests.slice(start).filter((request) => request.route === route),
  }
}

async function createOrder(
  client = clientFor(),
  input: { amountCents?: number; paymentId?: string } = {},
) {
  const paymentId = input.paymentId ?? `pay_${randomUUID()}`
  const order = await client.createOrder({
    paymentId,
    amountCents: input.amountCents ?? 5999,
    currency: 'USD',
    description: 'Challenge 10k - Phase 1',
    requestId: `create:${paymentId}`,
  })
  return { ...order, paymentId }
}

describe('money crosses as integer cents, exactly', () => {
  it('converts cents to PayPal decimal strings without floats', () => {
    expect(centsToPayPalValue(5999, 'USD')).toBe('59.99')
    expect(centsToPayPalValue(5, 'USD')).toBe('0.05')
    expect(centsToPayPalValue(10000, 'EUR')).toBe('100.00')
    // 0.1 + 0.2 style traps: 1.15 * 100 is 114.99999999999999 in floating point
    expect(centsToPayPalValue(115, 'USD')).toBe('1.15')
    expect(centsToPayPalValue(123456789, 'USD')).toBe('1234567.89')
  })

  it('refuses amounts that are not a positive whole number of cents, and cent-less currencies', () => {
    for (const bad of [0, -100, 59.99, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => centsToPayPalValue(bad, 'USD')).toThrow(RangeError)
    }
    expect(() => centsToPayPalValue(100, 'JPY')).toThrow(/no cents/)
    expect(() => centsToPayPalValue(100, 'usd')).toThrow(/currency/)
  })

  it('reads PayPal amounts back to cents', () => {
    expect(payPalValueToCents('59.99')).toBe(5999)
    expect(payPalValueToCents('100')).toBe(10000)
    expect(payPalValueToCents('0.5')).toBe(50)
    expect(payPalValueToCents('1.005')).toBeNull()
    expect(payPalValueToCents('-1.00')).toBeNull()
    expect(payPalValueToCents('1e3')).toBeNull()
  })
})

describe('OAuth2 client-credentials token', () => {
  it('fetches one token and reuses it across calls, even concurrent ones', async () => {
    const calls = recorder()
    const client = clientFor()
    const first = await Promise.all([createOrder(client), createOrder(client)])
    await client.getOrder(first[0].id)
    await createOrder(client)
    expect(calls.of('token')).toHaveLength(1)
    expect(calls.of('create')).toHaveLength(3)
  })

  it('fetches a new token once the cached one is near its expiry', async () => {
    const clock = new TestClock()
    const calls = recorder()
    const client = clientFor({ clock })
    await createOrder(client)
    clock.advance({ hours: 8, minutes: 50 }) // expires_in 9 h, refreshed 5 min early
    await createOrder(client)
    expect(calls.of('token')).toHaveLength(1)
    clock.advance({ minutes: 6 })
    await createOrder(client)
    expect(calls.of('token')).toHaveLength(2)
  })

  it('refreshes the token once and repeats the call on 401 (revoked token)', async () => {
    const client = clientFor()
    await createOrder(client)
    fake.expireTokens()
    const calls = recorder()
    const { id } = await createOrder(client)
    expect(id).toMatch(/^[A-Z0-9]{17}$/)
    expect(calls.all().map((r) => [r.route, r.status])).toEqual([
      ['create', 401],
      ['token', 200],
      ['create', 201],
    ])
    // the repeated create carries the same PayPal-Request-Id
    expect(new Set(calls.of('create').map((r) => r.requestId)).size).toBe(1)
  })

  it('gives up after one refresh when PayPal keeps answering 401', async () => {
    const client = clientFor()
    await createOrder(client)
    fake.failNext({ route: 'create', status: 401, count: 2 })
    const calls = recorder()
    const error = await createOrder(client).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PayPalError)
    expect(error).toMatchObject({ httpStatus: 401, errorName: 'invalid_token' })
    expect(calls.of('create')).toHaveLength(2)
    expect(calls.of('token')).toHaveLength(1)
  })

  it('reports wrong client credentials as invalid_client, without retrying', async () => {
    const calls = recorder()
    const error = await createOrder(clientFor({ clientSecret: 'wrong' })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PayPalError)
    expect(error).toMatchObject({ httpStatus: 401, errorName: 'invalid_client' })
    expect(calls.of('token')).toHaveLength(1)
    expect(calls.of('create')).toHaveLength(0)
  })
})

describe('create and capture', () => {
  it('creates an order with intent CAPTURE, our payment id as custom_id and the exact amount', async () => {
    const { id, status, paymentId } = await createOrder(clientFor(), { amountCents: 5999 })
    expect(status).toBe('CREATED')
    const stored = fake.order(id) as {
      intent: string
      purchase_units: { custom_id: string; amount: unknown; description: string }[]
    }
    expect(stored.intent).toBe('CAPTURE')
    expect(stored.purchase_units[0]).toMatchObject({
      custom_id: paymentId,
      amount: { currency_code: 'USD', value: '59.99' },
      description: 'Challenge 10k - Phase 1',
    })
  })

  it('gets the same order back for the same PayPal-Request-Id', async () => {
    const client = clientFor()
    const paymentId = `pay_${randomUUID()}`
    const first = await createOrder(client, { paymentId })
    const again = await createOrder(client, { paymentId })
    expect(again.id).toBe(first.id)
  })

  it('captures an approved order: status, capture, amount, custom_id and payer name', async () => {
    const client = clientFor()
    const { id, paymentId } = await createOrder(client, { amountCents: 5999 })
    fake.approve(id, { givenName: 'Ada', surname: 'Lovelace' })
    const captured = await client.captureOrder(id, { requestId: `capture:${paymentId}:1` })
    expect(captured).toMatchObject({
      id,
      status: 'COMPLETED',
      customId: paymentId,
      isAlreadyCaptured: false,
      amount: { currencyCode: 'USD', value: '59.99', cents: 5999 },
      capture: {
        status: 'COMPLETED',
        customId: paymentId,
        orderId: id,
        amount: { currencyCode: 'USD', value: '59.99', cents: 5999 },
      },
      payer: { givenName: 'Ada', surname: 'Lovelace', fullName: 'Ada Lovelace' },
    })
    expect(captured.capture?.id).toMatch(/^[A-Z0-9]{17}$/)
    expect(isPayPalOrderPaid(captured, { amountCents: 5999, currency: 'USD' })).toBe(true)
    expect(isPayPalOrderPaid(captured, { amountCents: 6000, currency: 'USD' })).toBe(false)
    expect(isPayPalOrderPaid(captured, { amountCents: 5999, currency: 'EUR' })).toBe(false)

    const read = await client.getOrder(id)
    expect(read.capture?.id).toBe(captured.capture?.id)
  })

  it('takes the payer name from the deprecated payer object when payment_source has none', async () => {
    const client = clientFor()
    const { id } = await createOrder(client)
    fake.approve(id)
    const withoutWalletName = clientFor({
      fetch: async (input, init) => {
        const response = await fetch(input, init)
        if (!String(input).endsWith(`/orders/${id}`)) return response
        const body = (await response.json()) as { payment_source?: unknown }
        delete body.payment_source
        return new Response(JSON.stringify(body), { status: response.status })
      },
    })
    const order = await withoutWalletName.getOrder(id)
    expect(order.payer).toMatchObject({ fullName: 'Sandbox Buyer', email: expect.any(String) })
  })

  it('repeats a capture with the same request id without capturing twice', async () => {
    const client = clientFor()
    const { id, paymentId } = await createOrder(client)
    fake.approve(id)
    const calls = recorder()
    const first = await client.captureOrder(id, { requestId: `capture:${paymentId}:1` })
    const second = await client.captureOrder(id, { requestId: `capture:${paymentId}:1` })
    expect(second.capture?.id).toBe(first.capture?.id)
    expect(second.isAlreadyCaptured).toBe(false)
    expect(calls.of('capture').map((r) => r.status)).toEqual([201, 201])
  })

  it('returns the completed order when PayPal says ORDER_ALREADY_CAPTURED', async () => {
    const client = clientFor()
    const { id, paymentId } = await createOrder(client)
    fake.approve(id)
    const first = await client.captureOrder(id, { requestId: `capture:${paymentId}:1` })
    const calls = recorder()
    const again = await client.captureOrder(id, { requestId: `capture:${paymentId}:2` })
    expect(again).toMatchObject({ status: 'COMPLETED', isAlreadyCaptured: true })
    expect(again.capture?.id).toBe(first.capture?.id)
    expect(calls.all().map((r) => [r.route, r.status])).toEqual([
      ['capture', 422],
      ['get', 200],
    ])
  })

  it('refuses to capture an order the buyer has not approved (422, not retried)', async () => {
    const client = clientFor()
    const { id, paymentId } = await createOrder(client)
    const calls = recorder()
    const error = await client
      .captureOrder(id, { requestId: `capture:${paymentId}:1` })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PayPalError)
    expect(error).not.toBeInstanceOf(PayPalDeclined)
    expect(error).toMatchObject({
      httpStatus: 422,
      errorName: 'UNPROCESSABLE_ENTITY',
      issue: 'ORDER_NOT_APPROVED',
      debugId: expect.stringMatching(/^[0-9a-f]{13}$/),
    })
    expect(calls.of('capture')).toHaveLength(1)
  })

  it('reports an unknown order as 404 INVALID_RESOURCE_ID', async () => {
    const error = await clientFor()
      .getOrder('0000000000000000X')
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ httpStatus: 404, issue: 'INVALID_RESOURCE_ID' })
  })

  it('leaves a PENDING capture unpaid (wait for PAYMENT.CAPTURE.COMPLETED)', async () => {
    const client = clientFor()
    const { id, paymentId } = await createOrder(client)
    fake.approve(id, { captureStatus: 'PENDING' })
    const captured = await client.captureOrder(id, { requestId: `capture:${paymentId}:1` })
    expect(captured.status).toBe('COMPLETED')
    expect(captured.capture?.status).toBe('PENDING')
    expect(isPayPalOrderPaid(captured, { amountCents: 5999, currency: 'USD' })).toBe(false)
  })
})

describe('refunds', () => {
  async function captured(client = clientFor()) {
    const { id, paymentId } = await createOrder(client, { amountCents: 8900 })
    fake.approve(id)
    const order = await client.captureOrder(id, { requestId: `capture:${paymentId}:1` })
    return { orderId: id, captureId: order.capture!.id, paymentId }
  }

  it('refunds a capture in full; the order then shows it REFUNDED', async () => {
    const client = clientFor()
    const { orderId, captureId } = await captured(client)
    const calls = recorder()
    const refund = await client.refundCapture(captureId, {
      requestId: `refund:${orderId}`,
      noteToPayer: 'Refunded on request',
    })
    expect(refund.status).toBe('COMPLETED')
    expect(refund.id).toMatch(/^[A-Z0-9]{17}$/)
    expect(calls.of('refund')).toMatchObject([
      { path: `/v2/payments/captures/${captureId}/refund`, requestId: `refund:${orderId}` },
    ])
    expect((await client.getOrder(orderId)).capture?.status).toBe('REFUNDED')
  })

  it('repeats a refund with the same request id without refunding twice', async () => {
    const client = clientFor()
    const { orderId, captureId } = await captured(client)
    const first = await client.refundCapture(captureId, { requestId: `refund:${orderId}` })
    const second = await client.refundCapture(captureId, { requestId: `refund:${orderId}` })
    expect(second).toEqual(first)
  })

  it('answers a capture refunded before (CAPTURE_FULLY_REFUNDED) as refunded', async () => {
    const client = clientFor()
    const { orderId, captureId } = await captured(client)
    fake.refundFromDashboard(orderId)
    const refund = await client.refundCapture(captureId, { requestId: `refund:${orderId}` })
    expect(refund).toEqual({ id: null, status: 'COMPLETED' })
  })

  it('reads a capture back to its order (refund notices name captures)', async () => {
    const client = clientFor()
    const { orderId, captureId, paymentId } = await captured(client)
    expect(await client.getCapture(captureId)).toMatchObject({
      id: captureId,
      status: 'COMPLETED',
      orderId,
      customId: paymentId,
      amount: { cents: 8900 },
    })
    await expect(
      client.refundCapture('NOSUCHCAPTURE0000', { requestId: 'x' }),
    ).rejects.toMatchObject({ httpStatus: 404, issue: 'INVALID_RESOURCE_ID' })
  })
})

describe('declines', () => {
  it('turns INSTRUMENT_DECLINED into PayPalDeclined, never retried; a new approval then captures', async () => {
    const client = clientFor()
    const { id, paymentId } = await createOrder(client)
    fake.decline(id)
    const calls = recorder()
    const error = await client
      .captureOrder(id, { requestId: `capture:${paymentId}:1` })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PayPalDeclined)
    expect(error).toMatchObject({
      httpStatus: 422,
      issue: 'INSTRUMENT_DECLINED',
      mustRestart: true,
      description: expect.stringMatching(/declined/),
    })
    expect(calls.of('capture')).toHaveLength(1)

    // actions.restart(): the buyer picks another card for the same order
    fake.approve(id)
    const captured = await client.captureOrder(id, { requestId: `capture:${paymentId}:2` })
    expect(captured.capture?.status).toBe('COMPLETED')
  })

  it.each(['INSTRUMENT_DECLINED', 'PAYER_ACTION_REQUIRED', 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING'])(
    'maps %s (sandbox PayPal-Mock-Response) to PayPalDeclined',
    async (code) => {
      const client = clientFor({
        // what sandbox negative testing does: the header asks for the refusal
        fetch: (input, init) =>
          fetch(input, {
            ...init,
            headers: {
              ...(init?.headers as Record<string, string>),
              ...(String(input).endsWith('/capture')
                ? { 'PayPal-Mock-Response': JSON.stringify({ mock_application_codes: code }) }
                : {}),
            },
          }),
      })
      const { id, paymentId } = await createOrder(client)
      fake.approve(id)
      const error = await client
        .captureOrder(id, { requestId: `capture:${paymentId}:1` })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(PayPalDeclined)
      expect(error).toMatchObject({ issue: code })
    },
  )
})

describe('retries', () => {
  it('retries a 5xx with the same PayPal-Request-Id', async () => {
    const client = clientFor()
    const { id, paymentId } = await createOrder(client)
    fake.approve(id)
    fake.failNext({ route: 'capture', status: 500 })
    fake.failNext({ route: 'capture', status: 503 })
    const calls = recorder()
    const captured = await client.captureOrder(id, { requestId: `capture:${paymentId}:1` })
    expect(captured.capture?.status).toBe('COMPLETED')
    const captures = calls.of('capture')
    expect(captures.map((r) => r.status)).toEqual([500, 503, 201])
    expect(new Set(captures.map((r) => r.requestId))).toEqual(new Set([`capture:${paymentId}:1`]))
  })

  it('captures once when the answer was lost, thanks to the same request id', async () => {
    const client = clientFor()
    const { id, paymentId } = await createOrder(client)
    fake.approve(id)
    // PayPal captured, then the connection died before we heard about it
    fake.failNext({ route: 'capture', drop: 'after' })
    const calls = recorder()
    const captured = await client.captureOrder(id, { requestId: `capture:${paymentId}:1` })
    expect(captured).toMatchObject({ status: 'COMPLETED', isAlreadyCaptured: false })
    expect(calls.of('capture').map((r) => [r.requestId, r.status])).toEqual([
      [`capture:${paymentId}:1`, null],
      [`capture:${paymentId}:1`, 201],
    ])
    expect((await client.getOrder(id)).capture?.id).toBe(captured.capture?.id)
  })

  it('retries a timed-out call', async () => {
    const client = clientFor({ timeoutMs: 200 })
    const { id } = await createOrder(client)
    fake.failNext({ route: 'get', delayMs: 600 })
    const calls = recorder()
    expect((await client.getOrder(id)).id).toBe(id)
    expect(calls.of('get')).toHaveLength(2)
  })

  it('gives up with PayPalUnavailable when 5xx persist', async () => {
    const client = clientFor()
    const { id } = await createOrder(client)
    fake.failNext({ route: 'get', status: 500, count: 3 })
    const calls = recorder()
    const error = await client.getOrder(id).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PayPalUnavailable)
    expect(error).toMatchObject({ httpStatus: 500, errorName: 'INTERNAL_SERVER_ERROR' })
    expect(calls.of('get')).toHaveLength(3) // the first try and two retries
  })

  it('does not retry a 429 and hands back Retry-After', async () => {
    const client = clientFor()
    const { id } = await createOrder(client)
    fake.failNext({ route: 'get', status: 429, retryAfterSeconds: 7 })
    const calls = recorder()
    const error = await client.getOrder(id).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PayPalUnavailable)
    expect(error).toMatchObject({ httpStatus: 429, retryAfterSeconds: 7 })
    expect(calls.of('get')).toHaveLength(1)
  })

  it('does not retry a 422 business refusal', async () => {
    const client = clientFor()
    const { id, paymentId } = await createOrder(client)
    fake.approve(id)
    await client.captureOrder(id, { requestId: `capture:${paymentId}:1` })
    const calls = recorder()
    // an already captured order that PayPal reports as such: one capture call, one read
    await client.captureOrder(id, { requestId: `capture:${paymentId}:2` })
    expect(calls.of('capture')).toHaveLength(1)
  })
})

describe('provider answers are validated', () => {
  it('refuses a success answer of an unexpected shape', async () => {
    const client = clientFor({
      fetch: async (input, init) =>
        String(input).endsWith('/v2/checkout/orders')
          ? new Response(JSON.stringify({ unexpected: true }), { status: 201 })
          : fetch(input, init),
    })
    const error = await createOrder(client).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PayPalError)
    expect(error).toMatchObject({ errorName: 'INVALID_RESPONSE' })
  })

  it('tolerates fields it does not know', async () => {
    const client = clientFor({
      fetch: async (input, init) => {
        const response = await fetch(input, init)
        if (!String(input).endsWith('/v2/checkout/orders')) return response
        const body = (await response.json()) as Record<string, unknown>
        return new Response(JSON.stringify({ ...body, brand_new_field: { nested: [1] } }), {
          status: response.status,
        })
      },
    })
    expect((await createOrder(client)).status).toBe('CREATED')
  })
})

describe('the fake refuses what PayPal refuses', () => {
  async function token() {
    const response = await fetch(`${fake.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 32400 })
    expect(Object.keys(body).sort()).toEqual(
      ['access_token', 'app_id', 'expires_in', 'nonce', 'scope', 'token_type'].sort(),
    )
    return body.access_token as string
  }

  async function create(bearer: string, value: string) {
    const response = await fetch(`${fake.apiBase}/v2/checkout/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'USD', value } }],
      }),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  it('answers float artefacts and zero amounts with PayPal issues', async () => {
    const bearer = await token()
    expect(await create(bearer, '59.989999999999995')).toMatchObject({
      status: 422,
      body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'DECIMAL_PRECISION' }] },
    })
    expect(await create(bearer, '0.00')).toMatchObject({
      status: 422,
      body: { details: [{ issue: 'CANNOT_BE_ZERO_OR_NEGATIVE' }] },
    })
    expect((await create(bearer, '59.99')).status).toBe(201)
  })

  it('requires a bearer token on the REST API', async () => {
    const response = await fetch(`${fake.apiBase}/v2/checkout/orders/X`)
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' })
  })
})
