import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPayPalFake, type PayPalFake } from '../src/integrations/paypal/fake/paypal-fake'
import type { PayPal, PayPalWebhookVerification } from '../src/integrations/paypal/paypal'
import {
  createPayPalClient,
  payPalWebhookCrc,
  type PayPalClientOptions,
} from '../src/integrations/paypal/paypal-client'
import { waitFor } from './support/wait-for'

// Webhook self-verification (contracts/integrations.md 1.8, option B) of deliveries the fake
// signs like PayPal, received by a real HTTP endpoint that keeps the raw bytes.

let fake: PayPalFake
let receiver: FastifyInstance
let receiverUrl: string
let client: PayPal
let certDownloads: string[]
const received: PayPalWebhookVerification[] = []

function clientFor(overrides: Partial<PayPalClientOptions> = {}) {
  return createPayPalClient({
    apiBase: fake.apiBase,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    webhookId: fake.webhookId,
    certHostAllowList: [fake.certHost],
    retryDelaysMs: [0, 0],
    fetch: (input, init) => {
      if (String(input).includes('/v1/notifications/certs/')) certDownloads.push(String(input))
      return fetch(input, init)
    },
    ...overrides,
  })
}

beforeAll(async () => {
  fake = await startPayPalFake()
  certDownloads = []
  client = clientFor()
  // what the app's webhook route must do: verify the bytes as received, then parse
  receiver = Fastify({ logger: false })
  receiver.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  )
  receiver.post('/api/payments/paypal/webhook', async (request, reply) => {
    const verification = await client.verifyWebhook({
      headers: request.headers,
      rawBody: request.body as Buffer,
    })
    received.push(verification)
    return reply.code(verification.isVerified ? 200 : 400).send({ ok: verification.isVerified })
  })
  const address = await receiver.listen({ host: '127.0.0.1', port: 0 })
  receiverUrl = `${address}/api/payments/paypal/webhook`
})
afterAll(async () => {
  await receiver?.close()
  await fake?.close()
})

/** An order created, approved and captured through the adapter. */
async function capturedOrder() {
  const paymentId = `pay_${randomUUID()}`
  const { id } = await client.createOrder({
    paymentId,
    amountCents: 5999,
    currency: 'USD',
    requestId: `create:${paymentId}`,
  })
  fake.approve(id)
  await client.captureOrder(id, { requestId: `capture:${paymentId}:1` })
  return { id, paymentId }
}

function rejectionOf(verification: PayPalWebhookVerification) {
  return verification.isVerified ? 'verified' : verification.reason
}

describe('PayPal webhook self-verification', () => {
  it('verifies a signed PAYMENT.CAPTURE.COMPLETED delivered over HTTP and reads it', async () => {
    const { id, paymentId } = await capturedOrder()
    const before = received.length
    const result = await fake.sendWebhook(receiverUrl, 'PAYMENT.CAPTURE.COMPLETED', id)
    expect(result.status).toBe(200)
    const verification = received[before]!
    expect(verification.isVerified).toBe(true)
    if (!verification.isVerified) return
    expect(verification.event).toMatchObject({
      id: result.eventId,
      eventType: 'PAYMENT.CAPTURE.COMPLETED',
      resourceType: 'capture',
      orderId: id,
      customId: paymentId,
      capture: {
        status: 'COMPLETED',
        orderId: id,
        customId: paymentId,
        amount: { currencyCode: 'USD', value: '59.99', cents: 5999 },
      },
      order: null,
    })
    expect(verification.event.id).toMatch(/^WH-/)
  })

  it('reads a refund notice (PAYMENT.CAPTURE.REFUNDED): the refund and the capture it returns', async () => {
    const { id, paymentId } = await capturedOrder()
    const captureId = (await client.getOrder(id)).capture!.id
    fake.refundFromDashboard(id)
    const before = received.length
    const result = await fake.sendWebhook(receiverUrl, 'PAYMENT.CAPTURE.REFUNDED', id)
    expect(result.status).toBe(200)
    const verification = received[before]!
    if (!verification.isVerified) throw new Error(`refused: ${verification.reason}`)
    expect(verification.event).toMatchObject({
      eventType: 'PAYMENT.CAPTURE.REFUNDED',
      resourceType: 'refund',
      // a refund names no order: the capture does, once read back
      orderId: null,
      customId: paymentId,
      capture: null,
      refund: { status: 'COMPLETED', captureId },
    })
  })

  it('verifies CHECKOUT.ORDER.APPROVED and links it to our payment', async () => {
    const paymentId = `pay_${randomUUID()}`
    const { id } = await client.createOrder({
      paymentId,
      amountCents: 2500,
      currency: 'USD',
      requestId: `create:${paymentId}`,
    })
    fake.approve(id)
    const webhook = fake.buildWebhook('CHECKOUT.ORDER.APPROVED', id)
    const verification = await client.verifyWebhook({
      headers: webhook.headers,
      rawBody: webhook.body,
    })
    expect(verification).toMatchObject({
      isVerified: true,
      event: {
        eventType: 'CHECKOUT.ORDER.APPROVED',
        resourceType: 'checkout-order',
        orderId: id,
        customId: paymentId,
        order: { id, status: 'APPROVED', payer: { fullName: 'Sandbox Buyer' } },
        capture: null,
      },
    })
  })

  it('rejects a body altered after signing (amount changed)', async () => {
    const { id } = await capturedOrder()
    const before = received.length
    const result = await fake.sendWebhook(receiverUrl, 'PAYMENT.CAPTURE.COMPLETED', id, {
      tamper: true,
    })
    expect(result.status).toBe(400)
    expect(rejectionOf(received[before]!)).toBe('bad-signature')
  })

  it('rejects re-serialised JSON: only the raw bytes verify', async () => {
    const { id } = await capturedOrder()
    const webhook = fake.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id)
    const pretty = JSON.stringify(JSON.parse(webhook.body), null, 2)
    expect(
      rejectionOf(await client.verifyWebhook({ headers: webhook.headers, rawBody: pretty })),
    ).toBe('bad-signature')
    expect(
      rejectionOf(await client.verifyWebhook({ headers: webhook.headers, rawBody: webhook.body })),
    ).toBe('verified')
  })

  it('rejects a delivery signed for another webhook subscription', async () => {
    const { id } = await capturedOrder()
    const other = fake.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id, {
      webhookId: '8PT597110X687430LKGECATA',
    })
    expect(
      rejectionOf(await client.verifyWebhook({ headers: other.headers, rawBody: other.body })),
    ).toBe('bad-signature')
    // and our side configured with the wrong id (e.g. the event id, PayPal-PHP-SDK #922)
    const genuine = fake.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id)
    const misconfigured = clientFor({ webhookId: String(genuine.event.id) })
    expect(
      rejectionOf(
        await misconfigured.verifyWebhook({ headers: genuine.headers, rawBody: genuine.body }),
      ),
    ).toBe('bad-signature')
  })

  it('refuses certificates from hosts outside the allow-list, without fetching them', async () => {
    const { id } = await capturedOrder()
    const downloads = certDownloads.length
    const foreignHost = `127.0.0.1:${Number(new URL(fake.url).port) + 1}`
    for (const certUrl of [
      'https://evil.example/v1/notifications/certs/CERT-1',
      'https://api.paypal.com.evil.example/v1/notifications/certs/CERT-1',
      `http://${foreignHost}/v1/notifications/certs/CERT-1`,
      'not a url',
    ]) {
      const webhook = fake.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id, { certUrl })
      const verification = await client.verifyWebhook({
        headers: webhook.headers,
        rawBody: webhook.body,
      })
      expect(rejectionOf(verification), certUrl).toBe('cert-url-not-allowed')
    }
    expect(certDownloads.length).toBe(downloads)
  })

  it('requires https for PayPal hosts (plain http is only for the loopback fake)', async () => {
    const { id } = await capturedOrder()
    const production = clientFor({ certHostAllowList: ['api.paypal.com'] })
    const webhook = fake.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id, {
      certUrl: 'http://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-df8cd2d5',
    })
    const verification = await production.verifyWebhook({
      headers: webhook.headers,
      rawBody: webhook.body,
    })
    expect(verification).toMatchObject({ isVerified: false, reason: 'cert-url-not-allowed' })
  })

  it('reports a certificate that cannot be downloaded', async () => {
    const { id } = await capturedOrder()
    const webhook = fake.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id, {
      certUrl: `${fake.url}/v1/notifications/certs/CERT-unknown`,
    })
    const verification = await client.verifyWebhook({
      headers: webhook.headers,
      rawBody: webhook.body,
    })
    expect(verification).toMatchObject({ isVerified: false, reason: 'cert-unavailable' })
  })

  it.each([
    'PAYPAL-TRANSMISSION-ID',
    'PAYPAL-TRANSMISSION-TIME',
    'PAYPAL-TRANSMISSION-SIG',
    'PAYPAL-CERT-URL',
    'PAYPAL-AUTH-ALGO',
  ])('rejects a delivery without %s', async (header) => {
    const { id } = await capturedOrder()
    const before = received.length
    const result = await fake.sendWebhook(receiverUrl, 'PAYMENT.CAPTURE.COMPLETED', id, {
      omitHeaders: [header],
    })
    expect(result.status).toBe(400)
    expect(received[before]).toMatchObject({
      isVerified: false,
      reason: 'missing-header',
      detail: expect.stringContaining(header),
    })
  })

  it('rejects another signing algorithm and a garbage signature, without throwing', async () => {
    const { id } = await capturedOrder()
    const webhook = fake.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id)
    const algorithm = await client.verifyWebhook({
      headers: { ...webhook.headers, 'PAYPAL-AUTH-ALGO': 'SHA1withRSA' },
      rawBody: webhook.body,
    })
    expect(rejectionOf(algorithm)).toBe('unsupported-algorithm')
    const garbage = await client.verifyWebhook({
      headers: { ...webhook.headers, 'PAYPAL-TRANSMISSION-SIG': '%%%not-base64%%%' },
      rawBody: webhook.body,
    })
    expect(rejectionOf(garbage)).toBe('bad-signature')
    const empty = await client.verifyWebhook({ headers: {}, rawBody: new Uint8Array() })
    expect(rejectionOf(empty)).toBe('missing-header')
  })

  it('reads headers case-insensitively, from a plain object or a Headers instance', async () => {
    const { id } = await capturedOrder()
    const webhook = fake.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id)
    const mixedCase = Object.fromEntries(
      Object.entries(webhook.headers).map(([name, value], index) => [
        index % 2
          ? name.toLowerCase()
          : name.toLowerCase().replace(/(^|-)(\w)/g, (match) => match.toUpperCase()),
        value,
      ]),
    )
    for (const headers of [webhook.headers, mixedCase, new Headers(webhook.headers)]) {
      expect(rejectionOf(await client.verifyWebhook({ headers, rawBody: webhook.body }))).toBe(
        'verified',
      )
    }
  })

  it('downloads the certificate once and caches it', async () => {
    const fresh = clientFor()
    const start = certDownloads.length
    const { id } = await capturedOrder()
    for (let i = 0; i < 3; i++) {
      const webhook = fake.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id)
      expect(
        rejectionOf(await fresh.verifyWebhook({ headers: webhook.headers, rawBody: webhook.body })),
      ).toBe('verified')
    }
    expect(certDownloads.slice(start)).toEqual([fake.certUrl])
  })
})

describe('the CRC32 pitfall (decimal, unsigned)', () => {
  it('is the unsigned decimal CRC32 of the raw bytes', () => {
    // the CRC-32 check value: CRC32("123456789") = 0xCBF43926, above 2^31
    expect(payPalWebhookCrc(Buffer.from('123456789'))).toBe('3421780262')
    expect(payPalWebhookCrc(Buffer.from('123456789'))).not.toBe('cbf43926')
    // a signed-int32 CRC library would give -873187034 for the same bytes
    expect(payPalWebhookCrc(Buffer.from('123456789'))).not.toBe(String(0xcbf43926 | 0))
    expect(payPalWebhookCrc(Buffer.from(''))).toBe('0')
  })

  it('never verifies a signature made over the hex CRC', async () => {
    const { id } = await capturedOrder()
    const hex = fake.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id, { crcFormat: 'hex' })
    const decimal = fake.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id, { crcFormat: 'decimal' })
    expect(
      rejectionOf(await client.verifyWebhook({ headers: hex.headers, rawBody: hex.body })),
    ).toBe('bad-signature')
    expect(
      rejectionOf(await client.verifyWebhook({ headers: decimal.headers, rawBody: decimal.body })),
    ).toBe('verified')
  })
})

describe('the fake as a webhook sender', () => {
  it('verifies through its API too (option A): SUCCESS for a genuine delivery, FAILURE otherwise', async () => {
    const { id } = await capturedOrder()
    const tokenResponse = await fetch(`${fake.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
    const { access_token } = (await tokenResponse.json()) as { access_token: string }
    const webhook = fake.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id)
    const verify = async (webhookId: string) => {
      const response = await fetch(`${fake.apiBase}/v1/notifications/verify-webhook-signature`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          auth_algo: webhook.headers['PAYPAL-AUTH-ALGO'],
          cert_url: webhook.headers['PAYPAL-CERT-URL'],
          transmission_id: webhook.headers['PAYPAL-TRANSMISSION-ID'],
          transmission_sig: webhook.headers['PAYPAL-TRANSMISSION-SIG'],
          transmission_time: webhook.headers['PAYPAL-TRANSMISSION-TIME'],
          webhook_id: webhookId,
          webhook_event: JSON.parse(webhook.body),
        }),
      })
      return (await response.json()) as { verification_status: string }
    }
    expect(await verify(fake.webhookId)).toEqual({ verification_status: 'SUCCESS' })
    expect(await verify(String(webhook.event.id))).toEqual({ verification_status: 'FAILURE' })
  })

  it('delivers on its own once told where: order approved, then capture completed', async () => {
    fake.setWebhookUrl(receiverUrl)
    try {
      const start = fake.deliveries.length
      const { id } = await capturedOrder()
      const deliveries = await waitFor(() => {
        const mine = fake.deliveries.slice(start)
        return mine.length >= 2 ? mine : undefined
      })
      expect(deliveries.map((d) => [d.eventType, d.status])).toEqual([
        ['CHECKOUT.ORDER.APPROVED', 200],
        ['PAYMENT.CAPTURE.COMPLETED', 200],
      ])
      const events = received
        .filter((v) => v.isVerified && v.event.orderId === id)
        .map((v) => (v.isVerified ? v.event.eventType : ''))
      expect(events).toEqual(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED'])
    } finally {
      fake.setWebhookUrl(null)
    }
  })

  it('completes a PENDING capture with PAYMENT.CAPTURE.COMPLETED', async () => {
    const paymentId = `pay_${randomUUID()}`
    const { id } = await client.createOrder({
      paymentId,
      amountCents: 5999,
      currency: 'USD',
      requestId: `create:${paymentId}`,
    })
    fake.approve(id, { captureStatus: 'PENDING' })
    const captured = await client.captureOrder(id, { requestId: `capture:${paymentId}:1` })
    expect(captured.capture?.status).toBe('PENDING')
    const webhook = fake.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id)
    expect(
      await client.verifyWebhook({ headers: webhook.headers, rawBody: webhook.body }),
    ).toMatchObject({ isVerified: true, event: { capture: { status: 'COMPLETED' } } })
    expect((await client.getOrder(id)).capture?.status).toBe('COMPLETED')
  })

  it('sends a webhook through its control endpoint (for browser tests)', async () => {
    const { id } = await capturedOrder()
    const response = await fetch(`${fake.url}/__control/webhooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        target_url: receiverUrl,
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        order_id: id,
      }),
    })
    expect(await response.json()).toMatchObject({
      event_id: expect.stringMatching(/^WH-/),
      delivered_status: 200,
    })
  })
})
