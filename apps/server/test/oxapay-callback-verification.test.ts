import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startOxaPayFake, type OxaPayFake } from '../src/integrations/oxapay/fake/oxapay-fake'
import type {
  OxaPay,
  OxaPayCallback,
  OxaPayCallbackVerification,
  OxaPayWhiteLabelSession,
} from '../src/integrations/oxapay/oxapay'
import { signOxaPayBody, verifyOxaPayCallback } from '../src/integrations/oxapay/oxapay-callback'
import { createOxaPayClient } from '../src/integrations/oxapay/oxapay-client'
import { waitFor } from './support/wait-for'

// OxaPay callbacks (contract 2.6): HMAC-SHA512 of the raw body in the `HMAC` header, merchant
// key for payments, payout key for payouts. A small receiver stands in for the app's webhook
// route: it keeps the raw bytes, verifies, and answers 200 "ok" only to authentic callbacks.

let fake: OxaPayFake
let oxapay: OxaPay
let receiver: FastifyInstance
let callbackUrl: string
const received: OxaPayCallback[] = []
const rejected: string[] = []
/** Answers the receiver gives before it starts acknowledging (retry tests). */
let failuresToAnswer = 0

beforeAll(async () => {
  fake = await startOxaPayFake({ callbackRetryDelaysMs: [20, 20] })
  oxapay = createOxaPayClient({
    apiBase: fake.apiBase,
    merchantApiKey: fake.merchantApiKey,
    payoutApiKey: fake.payoutApiKey,
  })

  receiver = Fastify({ logger: false })
  // the signature covers the exact bytes, so the body must not be parsed before verification
  receiver.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  )
  receiver.post('/api/webhooks/oxapay', async (request, reply) => {
    if (failuresToAnswer > 0) {
      failuresToAnswer--
      return reply.code(503).send('try later')
    }
    const verification = oxapay.verifyCallback({
      headers: request.headers,
      rawBody: request.body as Buffer,
    })
    if (!verification.ok) {
      rejected.push(verification.reason)
      return reply.code(400).send(verification.reason)
    }
    received.push(verification.callback)
    return reply.code(200).type('text/plain').send('ok')
  })
  const address = await receiver.listen({ host: '127.0.0.1', port: 0 })
  callbackUrl = `${address}/api/webhooks/oxapay`
})
afterAll(async () => {
  await fake?.close()
  await receiver?.close()
})
beforeEach(() => {
  received.length = 0
  rejected.length = 0
  failuresToAnswer = 0
})

const createPayment = (): Promise<OxaPayWhiteLabelSession> =>
  oxapay.createWhiteLabelPayment({
    amountCents: 5999,
    currency: 'USD',
    payCurrency: 'USDT',
    network: 'TRC20',
    lifetimeMinutes: 30,
    orderId: 'pay_01JCALLBACK',
    email: 'buyer@example.com',
    description: 'Instant Funding 5K',
    callbackUrl,
  })

function expectRejected(
  verification: OxaPayCallbackVerification,
  reason: Extract<OxaPayCallbackVerification, { ok: false }>['reason'],
) {
  expect(verification).toMatchObject({ ok: false, reason })
}

describe('callbacks sent by the fake', () => {
  it('delivers Paying then Paid, verified and parsed with exact amounts', async () => {
    const session = await createPayment()
    fake.setStatus(session.trackId, 'paying')
    const paying = await fake.sendCallback(session.trackId)
    expect(paying).toMatchObject({ status: 200, body: 'ok', isAcknowledged: true })
    expect(paying.signature).toMatch(/^[0-9a-f]{128}$/)

    fake.setStatus(session.trackId, 'paid')
    expect((await fake.sendCallback(session.trackId)).isAcknowledged).toBe(true)

    expect(received.map((c) => [c.kind, c.rawStatus, c.status])).toEqual([
      ['payment', 'Paying', 'paying'],
      ['payment', 'Paid', 'paid'],
    ])
    const paid = received[1]
    expect(paid).toMatchObject({
      kind: 'payment',
      type: 'white_label',
      trackId: session.trackId,
      amount: '59.99',
      amountCents: 5999,
      value: '59.99',
      currency: 'USD',
      orderId: 'pay_01JCALLBACK',
      email: 'buyer@example.com',
    })
    expect(paid?.kind === 'payment' && paid.txs).toEqual([
      expect.objectContaining({
        status: 'confirmed',
        receivedAmount: '59.99',
        currency: 'USDT',
        network: 'Tron Network',
        address: session.address,
      }),
    ])
  })

  it('signs the exact bytes it sends', async () => {
    const session = await createPayment()
    const delivery = await fake.sendCallback(session.trackId)
    expect(delivery.signature).toBe(signOxaPayBody(delivery.rawBody, fake.merchantApiKey))
    expect(JSON.parse(delivery.rawBody)).toMatchObject({
      track_id: session.trackId,
      type: 'white_label',
      status: 'Waiting',
      amount: 59.99,
      currency: 'USD',
      order_id: 'pay_01JCALLBACK',
    })
  })

  it('reports an underpayment and a late payment for manual review', async () => {
    const underpaid = await createPayment()
    fake.setStatus(underpaid.trackId, 'underpaid', { payAmount: '20.5' })
    await fake.sendCallback(underpaid.trackId)
    const late = await createPayment()
    fake.setStatus(late.trackId, 'expired', { payAmount: '59.99' })
    await fake.sendCallback(late.trackId)

    expect(received.map((c) => c.kind === 'payment' && [c.status, c.value])).toEqual([
      ['underpaid', '20.5'],
      ['expired', '59.99'],
    ])
  })

  it('reads the legacy Confirming status as paying', async () => {
    const session = await createPayment()
    await fake.sendCallback(session.trackId, { status: 'Confirming' })
    expect(received.map((c) => [c.rawStatus, c.status])).toEqual([['Confirming', 'paying']])
  })

  it('gets a forged (altered after signing) callback refused, and not acknowledged', async () => {
    const session = await createPayment()
    const delivery = await fake.sendCallback(session.trackId, { tamper: true })
    expect(delivery).toMatchObject({ status: 400, body: 'bad_signature', isAcknowledged: false })
    expect(JSON.parse(delivery.rawBody)).toMatchObject({ status: 'Paid', amount: 0.01 })
    expect(received).toEqual([])
    expect(rejected).toEqual(['bad_signature'])
  })

  it('retries an unacknowledged callback, as OxaPay does', async () => {
    const session = await createPayment()
    failuresToAnswer = 1
    const first = await fake.sendCallback(session.trackId)
    expect(first).toMatchObject({ attempt: 1, status: 503, isAcknowledged: false })
    const deliveries = await waitFor(
      () => {
        const sent = fake.payment(session.trackId)?.deliveries ?? []
        return sent.length === 2 && sent
      },
      { what: 'the second delivery' },
    )
    expect(deliveries[1]).toMatchObject({ attempt: 2, status: 200, isAcknowledged: true })
    expect(deliveries[1]?.rawBody).toBe(first.rawBody)
    expect(received).toHaveLength(1)
  })

  it('can be driven over HTTP by browser tests', async () => {
    const session = await createPayment()
    const control = `${fake.url}/__control/payments/${session.trackId}`
    const post = (path: string, body: unknown) =>
      fetch(`${control}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })

    const moved = await post('/status', { status: 'paying', notify: true })
    expect(moved.status).toBe(200)
    expect(await moved.json()).toMatchObject({
      payment: { status: 'paying' },
      callback: { isAcknowledged: true },
    })
    const forged = await post('/callback', { tamper: true })
    expect(await forged.json()).toMatchObject({ status: 400, isAcknowledged: false })
    const wrongMove = await post('/status', { status: 'refunded' })
    expect(wrongMove.status).toBe(409)

    expect(received.map((c) => c.status)).toEqual(['paying'])
    expect((await oxapay.getPayment(session.trackId)).status).toBe('paying')
  })
})

describe('verifying a callback', () => {
  const merchantApiKey = 'merchant-key-0123456789'
  const payoutApiKey = 'payout-key-9876543210'
  // written as OxaPay would: JSON number literals, one with more digits than a double holds
  const paymentBody = JSON.stringify({
    track_id: '151811887',
    type: 'white_label',
    status: 'Paid',
    amount: 59.99,
    value: 59.99,
    sent_value: 59.99,
    currency: 'USD',
    order_id: 'pay_01JORDER',
    email: 'buyer@example.com',
    date: 1736496400,
    txs: [
      {
        status: 'confirmed',
        tx_hash: 'abc',
        sent_amount: 'SENT_AMOUNT',
        received_amount: '0.0005999',
        value: 59.99,
        sent_value: 59.99,
        currency: 'BTC',
        network: 'Bitcoin Network',
        sender_address: 'bc1qsender',
        address: 'bc1qus',
        rate: 100000,
        confirmations: 2,
        date: 1736496500,
      },
    ],
  }).replace('"SENT_AMOUNT"', '0.000599900000000000000001')
  const payoutBody = JSON.stringify({
    track_id: '297511231',
    type: 'payout',
    status: 'Confirmed',
    tx_hash: '0xdef',
    address: 'TQexample',
    amount: 150.5,
    value: 150.5,
    currency: 'USDT',
    network: 'TRC20',
    date: 1736496600,
  })

  const verify = (
    rawBody: string | Buffer,
    headers: Record<string, string | string[] | undefined> | Headers,
    keys: { merchantApiKey?: string | null; payoutApiKey?: string | null } = {
      merchantApiKey,
      payoutApiKey,
    },
  ) =>
    verifyOxaPayCallback({
      rawBody,
      headers,
      merchantApiKey: keys.merchantApiKey,
      payoutApiKey: keys.payoutApiKey ?? null,
    })

  it('accepts a payment callback signed with the merchant key', () => {
    const result = verify(paymentBody, { hmac: signOxaPayBody(paymentBody, merchantApiKey) })
    expect(result.ok).toBe(true)
    if (!result.ok || result.callback.kind !== 'payment') throw new Error('expected a payment')
    expect(result.callback).toMatchObject({
      trackId: '151811887',
      status: 'paid',
      amountCents: 5999,
      orderId: 'pay_01JORDER',
      date: new Date(1_736_496_400_000),
    })
    // the JSON number literal is read digit for digit, not through a double
    expect(result.callback.txs[0]).toMatchObject({
      sentAmount: '0.000599900000000000000001',
      receivedAmount: '0.0005999',
      confirmations: 2,
    })
  })

  it('finds the header in any casing, in Fastify headers or Fetch Headers, over string or bytes', () => {
    const signature = signOxaPayBody(paymentBody, merchantApiKey)
    expect(verify(paymentBody, { HMAC: signature }).ok).toBe(true)
    expect(verify(Buffer.from(paymentBody), new Headers({ Hmac: signature })).ok).toBe(true)
  })

  it('refuses a body altered after signing', () => {
    const signature = signOxaPayBody(paymentBody, merchantApiKey)
    const altered = paymentBody.replace('"amount":59.99', '"amount":0.01')
    expect(altered).not.toBe(paymentBody)
    expectRejected(verify(altered, { hmac: signature }), 'bad_signature')
  })

  it('refuses the same JSON re-serialised: the signature covers the exact bytes', () => {
    const signature = signOxaPayBody(paymentBody, merchantApiKey)
    const pretty = JSON.stringify(JSON.parse(paymentBody), null, 2)
    expectRejected(verify(pretty, { hmac: signature }), 'bad_signature')
  })

  it('refuses a signature made with another key', () => {
    const signature = signOxaPayBody(paymentBody, 'someone-elses-key')
    expectRejected(verify(paymentBody, { hmac: signature }), 'bad_signature')
  })

  it('refuses a payment callback signed with the payout key', () => {
    const signature = signOxaPayBody(paymentBody, payoutApiKey)
    expectRejected(verify(paymentBody, { hmac: signature }), 'bad_signature')
  })

  it('refuses a callback without the header', () => {
    expectRejected(verify(paymentBody, {}), 'missing_signature')
    expectRejected(verify(paymentBody, { hmac: '' }), 'missing_signature')
  })

  it.each([
    ['not hex', 'z'.repeat(128)],
    ['too short (a SHA-256 digest)', 'a'.repeat(64)],
    ['too long', 'a'.repeat(130)],
    ['prefixed', `sha512=${'a'.repeat(128)}`],
  ])('refuses a header that is %s', (_what, header) => {
    expectRejected(verify(paymentBody, { hmac: header }), 'malformed_signature')
  })

  it('refuses two different HMAC headers', () => {
    const signature = signOxaPayBody(paymentBody, merchantApiKey)
    expectRejected(
      verify(paymentBody, { hmac: [signature, 'b'.repeat(128)] }),
      'malformed_signature',
    )
  })

  it('accepts a payout callback signed with the payout key', () => {
    const result = verify(payoutBody, { hmac: signOxaPayBody(payoutBody, payoutApiKey) })
    expect(result).toMatchObject({
      ok: true,
      callback: {
        kind: 'payout',
        trackId: '297511231',
        status: 'confirmed',
        rawStatus: 'Confirmed',
        amount: '150.5',
        currency: 'USDT',
        txHash: '0xdef',
      },
    })
  })

  it('refuses a payout callback signed with the merchant key', () => {
    const signature = signOxaPayBody(payoutBody, merchantApiKey)
    expectRejected(verify(payoutBody, { hmac: signature }), 'bad_signature')
  })

  it('cannot check a payout callback without a payout key', () => {
    const signature = signOxaPayBody(payoutBody, merchantApiKey)
    expectRejected(
      verify(payoutBody, { hmac: signature }, { merchantApiKey, payoutApiKey: null }),
      'not_configured',
    )
  })

  it('refuses authentic bytes that are not a callback', () => {
    const notJson = 'track_id=1&status=Paid'
    expectRejected(
      verify(notJson, { hmac: signOxaPayBody(notJson, merchantApiKey) }),
      'malformed_body',
    )
    const noTrackId = JSON.stringify({ type: 'white_label', status: 'Paid' })
    expectRejected(
      verify(noTrackId, { hmac: signOxaPayBody(noTrackId, merchantApiKey) }),
      'malformed_body',
    )
  })

  it('refuses unsigned garbage as a bad signature, without throwing', () => {
    expectRejected(verify('\u0000{', { hmac: 'a'.repeat(128) }), 'bad_signature')
    expectRejected(verify(paymentBody, { hmac: 'a'.repeat(128) }, {}), 'not_configured')
  })
})
