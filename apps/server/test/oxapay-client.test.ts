import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FakeOxaPayControlError,
  startOxaPayFake,
  type OxaPayFake,
} from '../src/integrations/oxapay/fake/oxapay-fake'
import {
  normalizeOxaPayPayoutStatus,
  normalizeOxaPayStatus,
  OxaPayError,
  type CreateWhiteLabelPaymentInput,
  type OxaPay,
} from '../src/integrations/oxapay/oxapay'
import { createOxaPayClient } from '../src/integrations/oxapay/oxapay-client'
import { TestClock } from './support/test-clock'

// The real OxaPay adapter over loopback HTTP against the fake (contracts/integrations.md 2).

let fake: OxaPayFake
let oxapay: OxaPay

beforeAll(async () => {
  fake = await startOxaPayFake()
  oxapay = clientFor(fake)
})
afterAll(async () => {
  await fake?.close()
})

function clientFor(target: OxaPayFake, overrides: { merchantApiKey?: string } = {}) {
  return createOxaPayClient({
    apiBase: target.apiBase,
    merchantApiKey: overrides.merchantApiKey ?? target.merchantApiKey,
    payoutApiKey: target.payoutApiKey,
    getRetry: { attempts: 3, baseDelayMs: 1 },
  })
}

const order = (overrides: Partial<CreateWhiteLabelPaymentInput> = {}) => ({
  amountCents: 5999,
  currency: 'USD' as const,
  payCurrency: 'BTC',
  lifetimeMinutes: 30,
  orderId: 'pay_01JTESTORDER',
  email: 'buyer@example.com',
  description: 'Two Phase 10K challenge (MT5)',
  callbackUrl: 'https://app.tradepeak.test/api/webhooks/oxapay',
  ...overrides,
})

async function rejectionOf(promise: Promise<unknown>): Promise<OxaPayError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(OxaPayError)
  return error as OxaPayError
}

function requestsTo(method: string, path: string) {
  return fake.requests().filter((r) => r.method === method && r.path === path).length
}

describe('creating a white-label payment', () => {
  it('returns a normalized session with exact amounts and sends the price as dollars', async () => {
    const session = await oxapay.createWhiteLabelPayment(order())
    expect(session).toMatchObject({
      amountCents: 5999,
      currency: 'USD',
      payAmount: '0.0005999',
      payCurrency: 'BTC',
      network: 'Bitcoin Network',
      memo: null,
      rate: '100000',
      orderId: 'pay_01JTESTORDER',
    })
    expect(session.trackId).toMatch(/^\d{9}$/)
    expect(session.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/)
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(30 * 60_000)
    expect(Math.abs(session.createdAt.getTime() - Date.now())).toBeLessThan(5_000)

    // what OxaPay received: 59.99 exactly, and our references
    expect(fake.payment(session.trackId)).toMatchObject({
      amount: '59.99',
      currency: 'USD',
      lifetime: 30,
      orderId: 'pay_01JTESTORDER',
      email: 'buyer@example.com',
      callbackUrl: 'https://app.tradepeak.test/api/webhooks/oxapay',
      status: 'waiting',
    })
  })

  it.each([
    // coin, network sent, cents, exact pay amount, network answered, address shape
    ['USDT', 'TRC20', 5999, '59.99', 'Tron Network', /^T[1-9A-HJ-NP-Za-km-z]{33}$/],
    ['USDT', 'BEP20', 100, '1', 'Binance Smart Chain', /^0x[0-9a-f]{40}$/],
    ['ETH', 'Base', 5999, '0.023996', 'Base Network', /^0x[0-9a-f]{40}$/],
    ['XMR', undefined, 5999, '0.3749375', 'Monero Network', /^8[1-9A-HJ-NP-Za-km-z]{94}$/],
    ['SHIB', 'BEP20', 1, '1000', 'Binance Smart Chain', /^0x[0-9a-f]{40}$/],
    ['DOGE', undefined, 1234567, '61728.35', 'Dogecoin Network', /^D[1-9A-HJ-NP-Za-km-z]{33}$/],
    ['DAI', 'polygon', 30, '0.3', 'Polygon Network', /^0x[0-9a-f]{40}$/],
  ])(
    'prices %s on %s exactly',
    async (payCurrency, network, amountCents, payAmount, networkName, address) => {
      const session = await oxapay.createWhiteLabelPayment(
        order({ payCurrency, amountCents, ...(network ? { network } : {}) }),
      )
      expect(session.payAmount).toBe(payAmount)
      expect(session.amountCents).toBe(amountCents)
      expect(session.network).toBe(networkName)
      expect(session.address).toMatch(address)
      expect(session.memo).toBeNull()
    },
  )

  it('gives memo chains a memo next to the address', async () => {
    const session = await oxapay.createWhiteLabelPayment(
      order({ payCurrency: 'USDT', network: 'Ton' }),
    )
    expect(session.network).toBe('Ton Network')
    expect(session.address).toMatch(/^UQ[A-Za-z0-9_-]{46}$/)
    expect(session.memo).toMatch(/^\d{10}$/)
  })

  it('serves the QR code image it links to', async () => {
    const session = await oxapay.createWhiteLabelPayment(order())
    expect(session.qrCodeUrl).toBe(`${fake.url}/qr/${session.trackId}.png`)
    const response = await fetch(session.qrCodeUrl!)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))
  })

  it('refuses a wrong merchant key with a typed error that does not carry the key', async () => {
    const error = await rejectionOf(
      clientFor(fake, { merchantApiKey: 'not-our-key' }).createWhiteLabelPayment(order()),
    )
    expect(error).toMatchObject({ kind: 'unauthorized', httpStatus: 401 })
    expect(error.message).not.toContain('not-our-key')
    expect(error.isTransient).toBe(false)
  })

  it('is disabled without a merchant key, and sends nothing', async () => {
    const before = fake.requests().length
    const disabled = clientFor(fake, { merchantApiKey: '' })
    expect(disabled.isEnabled).toBe(false)
    expect(oxapay.isEnabled).toBe(true)
    const error = await rejectionOf(disabled.createWhiteLabelPayment(order()))
    expect(error.kind).toBe('not_configured')
    expect(fake.requests().length).toBe(before)
  })

  it.each([
    [10, 'The lifetime field must be between 15 and 2880.'],
    [2881, 'The lifetime field must be between 15 and 2880.'],
    [30.5, 'The lifetime field must be an integer.'],
  ])('names the field when OxaPay refuses lifetime %s', async (lifetimeMinutes, message) => {
    const error = await rejectionOf(oxapay.createWhiteLabelPayment(order({ lifetimeMinutes })))
    expect(error).toMatchObject({
      kind: 'validation',
      httpStatus: 400,
      field: 'lifetime',
      providerMessage: message,
    })
  })

  it('accepts the lifetime bounds 15 and 2880', async () => {
    for (const lifetimeMinutes of [15, 2880]) {
      const session = await oxapay.createWhiteLabelPayment(order({ lifetimeMinutes }))
      expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(
        lifetimeMinutes * 60_000,
      )
    }
  })

  it('names the field for an unknown coin or a network the coin is not on', async () => {
    const coin = await rejectionOf(oxapay.createWhiteLabelPayment(order({ payCurrency: 'XRP' })))
    expect(coin).toMatchObject({ kind: 'validation', field: 'pay_currency' })
    const network = await rejectionOf(
      oxapay.createWhiteLabelPayment(order({ payCurrency: 'BTC', network: 'TRC20' })),
    )
    expect(network).toMatchObject({ kind: 'validation', field: 'network' })
  })

  it('refuses to send a price that is not whole cents, without calling OxaPay', async () => {
    const before = requestsTo('POST', '/v1/payment/white-label')
    const error = await rejectionOf(oxapay.createWhiteLabelPayment(order({ amountCents: 59.5 })))
    expect(error).toMatchObject({ kind: 'validation', field: 'amount', httpStatus: null })
    expect(requestsTo('POST', '/v1/payment/white-label')).toBe(before)
  })

  it('does not retry a create that failed with a 5xx (no idempotency key exists)', async () => {
    const before = requestsTo('POST', '/v1/payment/white-label')
    fake.failNext({ status: 503, method: 'POST' })
    const error = await rejectionOf(oxapay.createWhiteLabelPayment(order()))
    expect(error).toMatchObject({ kind: 'unavailable', httpStatus: 503 })
    expect(error.isTransient).toBe(true)
    expect(requestsTo('POST', '/v1/payment/white-label')).toBe(before + 1)
  })

  it('does not retry a create whose connection dropped', async () => {
    const before = requestsTo('POST', '/v1/payment/white-label')
    fake.failNext({ drop: true, method: 'POST' })
    const error = await rejectionOf(oxapay.createWhiteLabelPayment(order()))
    expect(error.kind).toBe('network')
    expect(requestsTo('POST', '/v1/payment/white-label')).toBe(before + 1)
  })
})

describe('reading a payment', () => {
  it('follows a payment through waiting, paying and paid', async () => {
    const session = await oxapay.createWhiteLabelPayment(order({ payCurrency: 'LTC' }))
    const waiting = await oxapay.getPayment(session.trackId)
    expect(waiting).toMatchObject({
      trackId: session.trackId,
      type: 'white_label',
      status: 'waiting',
      rawStatus: 'waiting',
      amount: '59.99',
      amountCents: 5999,
      currency: 'USD',
      orderId: 'pay_01JTESTORDER',
      email: 'buyer@example.com',
      txs: [],
    })
    expect(waiting.expiresAt).toEqual(session.expiresAt)

    fake.setStatus(session.trackId, 'paying')
    const paying = await oxapay.getPayment(session.trackId)
    expect(paying.status).toBe('paying')
    expect(paying.txs).toEqual([
      expect.objectContaining({
        amount: '0.749875',
        currency: 'LTC',
        network: 'Litecoin Network',
        address: session.address,
        status: 'confirming',
        confirmations: 0,
      }),
    ])

    fake.setStatus(session.trackId, 'paid')
    const paid = await oxapay.getPayment(session.trackId)
    expect(paid.status).toBe('paid')
    expect(paid.txs).toEqual([
      expect.objectContaining({ amount: '0.749875', status: 'confirmed', confirmations: 6 }),
    ])
  })

  it('reports an underpayment with the partial amount received', async () => {
    const session = await oxapay.createWhiteLabelPayment(order())
    fake.setStatus(session.trackId, 'underpaid', { payAmount: '0.0003' })
    const payment = await oxapay.getPayment(session.trackId)
    expect(payment.status).toBe('underpaid')
    expect(payment.txs.map((tx) => tx.amount)).toEqual(['0.0003'])

    fake.setStatus(session.trackId, 'manual_accept')
    expect((await oxapay.getPayment(session.trackId)).status).toBe('manual_accept')
  })

  it('reports funds that arrived after the deadline as expired, with the transaction', async () => {
    const session = await oxapay.createWhiteLabelPayment(order())
    fake.setStatus(session.trackId, 'expired', { payAmount: session.payAmount })
    const payment = await oxapay.getPayment(session.trackId)
    expect(payment.status).toBe('expired')
    expect(payment.txs.map((tx) => tx.amount)).toEqual(['0.0005999'])
  })

  it('reports refunds', async () => {
    const session = await oxapay.createWhiteLabelPayment(order())
    fake.setStatus(session.trackId, 'paid')
    fake.setStatus(session.trackId, 'refunding')
    expect((await oxapay.getPayment(session.trackId)).status).toBe('refunding')
    fake.setStatus(session.trackId, 'refunded')
    expect((await oxapay.getPayment(session.trackId)).status).toBe('refunded')
  })

  it('sees a payment expire when its lifetime has passed', async () => {
    const clock = new TestClock()
    const timed = await startOxaPayFake({ clock })
    try {
      const client = clientFor(timed)
      const session = await client.createWhiteLabelPayment(order({ lifetimeMinutes: 15 }))
      clock.advance({ minutes: 14 })
      expect((await client.getPayment(session.trackId)).status).toBe('waiting')
      clock.advance({ minutes: 1 })
      expect((await client.getPayment(session.trackId)).status).toBe('expired')
    } finally {
      await timed.close()
    }
  })

  it('refuses moves OxaPay never makes', async () => {
    const session = await oxapay.createWhiteLabelPayment(order())
    fake.setStatus(session.trackId, 'paid')
    expect(() => fake.setStatus(session.trackId, 'waiting')).toThrow(FakeOxaPayControlError)
    expect(() => fake.setStatus(session.trackId, 'underpaid')).toThrow(/cannot move/)
  })

  it('answers not_found for an unknown track id', async () => {
    const error = await rejectionOf(oxapay.getPayment('999999999999'))
    expect(error).toMatchObject({ kind: 'not_found', httpStatus: 404 })
  })

  it('retries a read after a 5xx or a dropped connection', async () => {
    const session = await oxapay.createWhiteLabelPayment(order())
    const path = `/v1/payment/${session.trackId}`

    fake.failNext({ status: 502, method: 'GET', path })
    expect((await oxapay.getPayment(session.trackId)).status).toBe('waiting')
    expect(requestsTo('GET', path)).toBe(2)

    fake.failNext({ drop: true, method: 'GET', path })
    expect((await oxapay.getPayment(session.trackId)).status).toBe('waiting')
    expect(requestsTo('GET', path)).toBe(4)
  })

  it('gives up after the configured attempts', async () => {
    const session = await oxapay.createWhiteLabelPayment(order())
    const path = `/v1/payment/${session.trackId}`
    fake.failNext({ status: 500, method: 'GET', path, times: 3 })
    const error = await rejectionOf(oxapay.getPayment(session.trackId))
    expect(error).toMatchObject({ kind: 'unavailable', httpStatus: 500 })
    expect(requestsTo('GET', path)).toBe(3)
  })

  it('does not retry a 429, and says when to come back', async () => {
    const session = await oxapay.createWhiteLabelPayment(order())
    const path = `/v1/payment/${session.trackId}`
    fake.failNext({ status: 429, method: 'GET', path, retryAfterSeconds: 7 })
    const error = await rejectionOf(oxapay.getPayment(session.trackId))
    expect(error).toMatchObject({ kind: 'rate_limited', httpStatus: 429, retryAfterSeconds: 7 })
    expect(requestsTo('GET', path)).toBe(1)
  })
})

describe('payment history', () => {
  it('filters by track id and status, and pages', async () => {
    const history = await startOxaPayFake()
    try {
      const client = clientFor(history)
      const sessions = []
      for (let i = 0; i < 3; i++) sessions.push(await client.createWhiteLabelPayment(order()))
      const [first, second] = sessions
      history.setStatus(first!.trackId, 'paid')

      const paid = await client.listPayments({ status: 'paid' })
      expect(paid.payments.map((p) => p.trackId)).toEqual([first!.trackId])
      expect(paid.payments[0]?.status).toBe('paid')

      const one = await client.listPayments({ trackId: second!.trackId })
      expect(one).toMatchObject({ total: 1, page: 1, lastPage: 1 })
      expect(one.payments[0]?.trackId).toBe(second!.trackId)

      const page2 = await client.listPayments({ page: 2, size: 2 })
      expect(page2).toMatchObject({ page: 2, lastPage: 2, total: 3 })
      expect(page2.payments).toHaveLength(1)
    } finally {
      await history.close()
    }
  })
})

describe('currencies', () => {
  // product-spec 9.4, written out here so a drift in the table fails this test
  const productNetworks: Record<string, string[]> = {
    BTC: ['Bitcoin'],
    ETH: ['ERC20', 'Base'],
    USDC: ['ERC20'],
    TRX: ['TRC20'],
    BNB: ['BEP20'],
    DOGE: ['Dogecoin'],
    LTC: ['Litecoin'],
    XMR: ['Monero'],
    USDT: ['BEP20', 'ERC20', 'TRC20', 'Polygon', 'Ton'],
    TON: ['Ton'],
    POL: ['Polygon'],
    BCH: ['BitcoinCash'],
    SHIB: ['BEP20'],
    SOL: ['Solana'],
    NOT: ['Ton'],
    DOGS: ['Ton'],
    DAI: ['Polygon'],
  }

  it("lists exactly the product's coins as accepted", async () => {
    expect(await oxapay.acceptedCurrencies()).toEqual(Object.keys(productNetworks))
  })

  it("lists exactly the product's coins and networks as supported", async () => {
    const currencies = await oxapay.supportedCurrencies()
    expect(
      Object.fromEntries(currencies.map((c) => [c.symbol, c.networks.map((n) => n.network)])),
    ).toEqual(productNetworks)
    expect(currencies.every((c) => c.isEnabled)).toBe(true)
    expect(currencies.find((c) => c.symbol === 'USDT')?.networks[2]).toMatchObject({
      network: 'TRC20',
      name: 'Tron Network',
    })
  })

  it('serves the network list without a key', async () => {
    const response = await fetch(`${fake.apiBase}/common/networks`)
    const body = (await response.json()) as { data: { list: string[] }; status: number }
    expect(body.status).toBe(200)
    expect(new Set(body.data.list)).toEqual(new Set(Object.values(productNetworks).flat()))
  })

  it('requires the merchant key for accepted currencies', async () => {
    const error = await rejectionOf(
      clientFor(fake, { merchantApiKey: 'wrong' }).acceptedCurrencies(),
    )
    expect(error.kind).toBe('unauthorized')
  })
})

describe('reading OxaPay answers leniently', () => {
  const answer = (status: number, body: string) => async () =>
    new Response(body, { status, headers: { 'Content-Type': 'application/json' } })

  const clientAnswering = (status: number, body: string) =>
    createOxaPayClient({
      apiBase: 'https://api.oxapay.test/v1',
      merchantApiKey: 'k',
      fetch: answer(status, body),
      getRetry: { attempts: 1, baseDelayMs: 0 },
    })

  it('reads numbers sent as strings and keeps digits a double would lose', async () => {
    const client = clientAnswering(
      200,
      `{"data":{"track_id":184747701,"amount":"59.99","currency":"USD",
        "pay_amount":0.000599900000000000000001,"pay_currency":"btc","network":"Bitcoin Network",
        "address":"bc1qexample","memo":"","qr_code":"https://x/qr.png","rate":"100000.00",
        "expired_at":"1736500000","date":1736496400,"something_new":{"nested":[1,2]}},
        "message":"Operation completed successfully!","error":[],"status":200,"version":"1.0.0"}`,
    )
    const session = await client.createWhiteLabelPayment(order())
    expect(session).toMatchObject({
      trackId: '184747701',
      amountCents: 5999,
      payAmount: '0.000599900000000000000001',
      payCurrency: 'BTC',
      memo: null,
      rate: '100000',
      expiresAt: new Date(1_736_500_000_000),
      createdAt: new Date(1_736_496_400_000),
    })
  })

  it('refuses a session created for another amount than asked', async () => {
    const client = clientAnswering(
      200,
      `{"data":{"track_id":"1","amount":59.98,"currency":"USD","pay_amount":1,"address":"a",
        "expired_at":1,"date":1},"message":"","error":{},"status":200,"version":"1.0.0"}`,
    )
    const error = await rejectionOf(client.createWhiteLabelPayment(order()))
    expect(error.kind).toBe('invalid_response')
  })

  it('treats an error status inside a 200 envelope as an error', async () => {
    const client = clientAnswering(
      200,
      `{"data":{},"message":"bad","error":{"type":"x","key":"amount","message":"too low"},"status":400,"version":"1.0.0"}`,
    )
    const error = await rejectionOf(client.createWhiteLabelPayment(order()))
    expect(error).toMatchObject({ kind: 'validation', field: 'amount', providerMessage: 'too low' })
  })

  it('maps a non-JSON gateway error by its HTTP status', async () => {
    const error = await rejectionOf(
      clientAnswering(502, '<html>Bad gateway</html>').getPayment('1'),
    )
    expect(error).toMatchObject({ kind: 'unavailable', httpStatus: 502 })
  })

  it('refuses a 200 that is not the v1 envelope', async () => {
    const error = await rejectionOf(clientAnswering(200, '{"result":100}').getPayment('1'))
    expect(error.kind).toBe('invalid_response')
  })
})

describe('status normaliser', () => {
  it.each([
    // v1 API (lowercase)
    ['new', 'new'],
    ['waiting', 'waiting'],
    ['paying', 'paying'],
    ['paid', 'paid'],
    ['manual_accept', 'manual_accept'],
    ['underpaid', 'underpaid'],
    ['refunding', 'refunding'],
    ['refunded', 'refunded'],
    ['expired', 'expired'],
    // v1 callbacks (capitalised)
    ['Waiting', 'waiting'],
    ['Paying', 'paying'],
    ['Paid', 'paid'],
    ['Failed', 'failed'],
    ['Expired', 'expired'],
    ['Underpaid', 'underpaid'],
    ['Refunding', 'refunding'],
    ['Refunded', 'refunded'],
    ['Manual_accept', 'manual_accept'],
    ['Manual Accept', 'manual_accept'],
    // legacy
    ['New', 'new'],
    ['Confirming', 'paying'],
    ['confirming', 'paying'],
    // any casing and stray spaces
    ['PAID', 'paid'],
    [' paid ', 'paid'],
    ['pAyInG', 'paying'],
    ['MANUAL-ACCEPT', 'manual_accept'],
  ])('%j is %s', (raw, status) => {
    expect(normalizeOxaPayStatus(raw)).toBe(status)
  })

  it.each(['', 'complete', 'paidd', 'confirmed'])('%j is unknown (null)', (raw) => {
    expect(normalizeOxaPayStatus(raw)).toBeNull()
  })

  it.each([
    ['Confirming', 'confirming'],
    ['Confirmed', 'confirmed'],
    ['processing', 'processing'],
    ['Cancelled', 'canceled'],
    ['Failed', 'failed'],
  ])('payout status %j is %s', (raw, status) => {
    expect(normalizeOxaPayPayoutStatus(raw)).toBe(status)
  })
})
