import { createSign, createVerify, randomBytes, randomUUID } from 'node:crypto'
import { crc32 } from 'node:zlib'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { generate } from 'selfsigned'
import { z } from 'zod'
import { renderPayPalSdkScript } from './paypal-sdk-script'

// A local stand-in for PayPal, speaking the HTTP contract of contracts/integrations.md section 1
// on loopback: OAuth2 client credentials, Orders v2 (create, get, capture, with PayPal-Request-Id
// and PayPal-Mock-Response), webhook signature verification and certificates, signed webhook
// deliveries, a JS SDK look-alike for the browser, and test controls under /__control. The real
// adapter (paypal-client.ts) runs against it unchanged. Signing is implemented here on its own,
// not borrowed from the adapter, so a mistake on one side cannot hide in both.

/** What the fake answers to by default; a real deployment sets its own credentials. */
export const FAKE_PAYPAL_CLIENT_ID = 'tradepeak-local-paypal-client-id'
export const FAKE_PAYPAL_CLIENT_SECRET = 'tradepeak-local-paypal-client-secret'
/** A webhook subscription id, as the PayPal dashboard shows it. */
export const FAKE_PAYPAL_WEBHOOK_ID = '0TP00000LOCALWEBHOOK'

export type PayPalFakePayer = { givenName: string; surname: string; email: string }

/** The buyer who approves orders unless a test names another. */
export const fakePayPalPayer: PayPalFakePayer = {
  givenName: 'Sandbox',
  surname: 'Buyer',
  email: 'sandbox.buyer@paypal.test',
}

export type PayPalFakeRoute =
  'token' | 'create' | 'get' | 'capture' | 'get-capture' | 'refund' | 'verify'

export type PayPalFakeFault = {
  /** Which API call the fault hits; default any of them. */
  route?: PayPalFakeRoute | 'any'
  /** Answer this status (500, 503, 429, 401...) in PayPal's error shape instead of processing. */
  status?: number
  /** With 429/503: the Retry-After header. */
  retryAfterSeconds?: number
  /**
   * Close the connection without an answer: 'before' processing, or 'after' it, so the effect
   * happened (an order was captured) but the answer is lost.
   */
  drop?: 'before' | 'after'
  /** Wait this long before handling (timeouts). */
  delayMs?: number
  /** How many matching calls it hits; default 1. */
  count?: number
}

export type PayPalFakeRequest = {
  method: string
  path: string
  route: PayPalFakeRoute
  requestId: string | null
  /** Null when the connection was dropped. */
  status: number | null
}

export type PayPalFakeEventType =
  | 'CHECKOUT.ORDER.APPROVED'
  | 'CHECKOUT.ORDER.COMPLETED'
  | 'PAYMENT.CAPTURE.COMPLETED'
  | 'PAYMENT.CAPTURE.PENDING'
  | 'PAYMENT.CAPTURE.DENIED'
  | 'PAYMENT.CAPTURE.REFUNDED'
  | 'PAYMENT.CAPTURE.REVERSED'

export type PayPalFakeWebhookOptions = {
  /** Alter the body after signing: true changes the amount, a function does what it likes. */
  tamper?: boolean | ((body: string) => string)
  /** Sign for another webhook subscription than the fake's. */
  webhookId?: string
  /** Advertise this PAYPAL-CERT-URL instead of the fake's own. */
  certUrl?: string
  /** Leave these headers out (any case). */
  omitHeaders?: string[]
  /** 'hex' reproduces the classic bug (CRC as hex): such a signature never verifies. */
  crcFormat?: 'decimal' | 'hex'
  transmissionTime?: Date
  /** A capture event without supplementary_data (PayPal does not always send it). */
  omitRelatedOrder?: boolean
}

export type PayPalFakeWebhook = {
  event: Record<string, unknown>
  /** Exactly the bytes sent (after any tampering). */
  body: string
  headers: Record<string, string>
}

export type PayPalFakeDelivery = {
  eventId: string
  eventType: string
  targetUrl: string
  /** The receiver's HTTP status; null when it could not be reached. */
  status: number | null
  error: string | null
}

export type PayPalFake = {
  url: string
  /** What the adapter's apiBase is set to. */
  apiBase: string
  clientId: string
  clientSecret: string
  webhookId: string
  /** What @paypal/paypal-js's `sdkBaseUrl` option is set to (it appends ?client-id=...). */
  sdkBaseUrl: string
  /** The full script address for our client id. */
  sdkScriptUrl: string
  /** PAYPAL-CERT-URL of the fake's deliveries. */
  certUrl: string
  /** host:port of certUrl, for the adapter's certHostAllowList. */
  certHost: string
  certificatePem: string
  /** Every API call received, in order (the browser script's control calls excluded). */
  requests: PayPalFakeRequest[]
  /** Webhooks delivered automatically (see setWebhookUrl). */
  deliveries: PayPalFakeDelivery[]
  /** The order as PayPal's GET would show it, or null. */
  order(orderId: string): Record<string, unknown> | null
  /** The buyer approves the order in the PayPal window. */
  approve(
    orderId: string,
    options?: Partial<PayPalFakePayer> & { captureStatus?: 'COMPLETED' | 'PENDING' },
  ): { payerId: string }
  /**
   * The merchant refunds the order's capture in PayPal's dashboard, or the buyer's bank reverses
   * it (a chargeback): the capture becomes REFUNDED, and PAYMENT.CAPTURE.REFUNDED (or REVERSED)
   * is delivered when a webhook URL is set.
   */
  refundFromDashboard(orderId: string, options?: { isChargeback?: boolean }): void
  /** The buyer approves with a card the bank will refuse: capture answers INSTRUMENT_DECLINED. */
  decline(orderId: string, payer?: Partial<PayPalFakePayer>): { payerId: string }
  /** The next matching call(s) fail as described. */
  failNext(fault: PayPalFakeFault): void
  /** Forget every access token, as PayPal does when one is revoked (next call: 401). */
  expireTokens(): void
  /** A signed delivery, without sending it (for Fastify inject). */
  buildWebhook(
    eventType: PayPalFakeEventType,
    orderId: string,
    options?: PayPalFakeWebhookOptions,
  ): PayPalFakeWebhook
  /** Signs like PayPal and POSTs the event to targetUrl. */
  sendWebhook(
    targetUrl: string,
    eventType: PayPalFakeEventType,
    orderId: string,
    options?: PayPalFakeWebhookOptions,
  ): Promise<{ status: number; eventId: string; responseBody: string }>
  /**
   * Where PayPal would deliver webhooks by itself (CHECKOUT.ORDER.APPROVED on approval,
   * PAYMENT.CAPTURE.COMPLETED/PENDING on capture); null stops automatic deliveries.
   */
  setWebhookUrl(url: string | null): void
  close(): Promise<void>
}

export type StartPayPalFakeOptions = {
  clientId?: string
  clientSecret?: string
  webhookId?: string
  /** expires_in of access tokens; default 32400 (9 h), as PayPal. */
  tokenTtlSeconds?: number
  /** Automatic webhook deliveries from the start (see setWebhookUrl). */
  webhookUrl?: string
}

// ---------------------------------------------------------------------------------------------

type Money = { currency_code: string; value: string }

type FakeRefund = { id: string; status: 'COMPLETED'; createTime: string }

type FakeCapture = {
  id: string
  status: string
  refund?: FakeRefund
  amount: Money
  feeCents: number
  createTime: string
  updateTime: string
}

type FakeOrder = {
  id: string
  intent: 'CAPTURE' | 'AUTHORIZE'
  status: 'CREATED' | 'APPROVED' | 'COMPLETED'
  referenceId: string
  amount: Money
  amountCents: number
  customId: string | undefined
  invoiceId: string | undefined
  description: string | undefined
  createTime: string
  updateTime: string
  payer: (PayPalFakePayer & { payerId: string }) | null
  /** The buyer approved with a card that the capture will refuse. */
  isDeclined: boolean
  nextCaptureStatus: 'COMPLETED' | 'PENDING'
  capture: FakeCapture | null
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> }

const PAYPAL_CURRENCIES = new Set(
  'AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP RUB SGD SEK CHF THB USD'.split(
    ' ',
  ),
)
const NO_DECIMAL_CURRENCIES = new Set(['HUF', 'JPY', 'TWD'])

const ERROR_MESSAGES: Record<string, string> = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  UNPROCESSABLE_ENTITY:
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  AUTHENTICATION_FAILURE:
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  INTERNAL_SERVER_ERROR: 'An internal server error has occurred.',
  SERVICE_UNAVAILABLE: 'Service Unavailable.',
  RATE_LIMIT_REACHED: 'Too many requests. Blocked due to rate limiting.',
}

const ISSUE_DESCRIPTIONS: Record<string, string> = {
  INSTRUMENT_DECLINED:
    "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
  PAYER_ACTION_REQUIRED:
    'Payer needs to perform the following action before proceeding with payment.',
  REDIRECT_PAYER_FOR_ALTERNATE_FUNDING:
    'Transaction failed. Redirect the payer to select another funding source.',
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded',
  ORDER_ALREADY_CAPTURED:
    "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  INVALID_RESOURCE_ID:
    'Specified resource ID does not exist. Please check the resource ID and try again.',
  ACTION_DOES_NOT_MATCH_INTENT:
    'Order was created with an intent to AUTHORIZE. Please use authorize instead of capture.',
  DECIMAL_PRECISION:
    'If the currency supports decimals, only two decimal place precision is supported.',
  DECIMALS_NOT_SUPPORTED: 'Currency does not support decimals.',
  CANNOT_BE_ZERO_OR_NEGATIVE: 'Must be greater than zero.',
  CURRENCY_NOT_SUPPORTED: 'Currency code is not currently supported.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
}

/** Issues PayPal answers with another status than 422. */
const ISSUE_STATUS: Record<string, number> = {
  INVALID_RESOURCE_ID: 404,
  INTERNAL_SERVER_ERROR: 500,
  INVALID_PARAMETER_SYNTAX: 400,
  MALFORMED_REQUEST_JSON: 400,
}

/** PayPal's error `name` for an HTTP status. */
function errorNameFor(status: number): string {
  if (status === 400) return 'INVALID_REQUEST'
  if (status === 401) return 'AUTHENTICATION_FAILURE'
  if (status === 404) return 'RESOURCE_NOT_FOUND'
  if (status === 429) return 'RATE_LIMIT_REACHED'
  if (status === 503) return 'SERVICE_UNAVAILABLE'
  if (status >= 500) return 'INTERNAL_SERVER_ERROR'
  return 'UNPROCESSABLE_ENTITY'
}

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'
function paypalId(length: number): string {
  const bytes = randomBytes(length)
  return Array.from(bytes, (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('')
}

/** PayPal's timestamps: RFC 3339 in UTC without milliseconds. */
const timestamp = (date = new Date()) => date.toISOString().replace(/\.\d{3}Z$/, 'Z')

/** The fake's own reading of an amount ("59.99" -> 5999), independent of the adapter's. */
function parseAmount(value: string, currency: string): { cents: number } | { issue: string } {
  const match = /^(\d{1,10})(?:\.(\d+))?$/.exec(value)
  if (!match) return { issue: 'INVALID_PARAMETER_SYNTAX' }
  const decimals = match[2] ?? ''
  if (NO_DECIMAL_CURRENCIES.has(currency) && decimals.length > 0) {
    return { issue: 'DECIMALS_NOT_SUPPORTED' }
  }
  if (decimals.length > 2) return { issue: 'DECIMAL_PRECISION' }
  const cents = Number(match[1]) * 100 + Number(decimals.padEnd(2, '0'))
  if (cents <= 0) return { issue: 'CANNOT_BE_ZERO_OR_NEGATIVE' }
  return { cents }
}

function formatCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

const createOrderSchema = z.looseObject({
  intent: z.enum(['CAPTURE', 'AUTHORIZE']),
  purchase_units: z
    .array(
      z.looseObject({
        reference_id: z.string().min(1).max(256).optional(),
        custom_id: z.string().min(1).max(127).optional(),
        invoice_id: z.string().min(1).max(127).optional(),
        description: z.string().min(1).max(127).optional(),
        amount: z.looseObject({
          currency_code: z.string().regex(/^[A-Z]{3}$/),
          value: z.string(),
        }),
      }),
    )
    .min(1)
    // our integration uses one purchase unit; the fake models only that
    .max(1),
})

const verifySignatureSchema = z.object({
  auth_algo: z.string().min(1),
  cert_url: z.string().min(1),
  transmission_id: z.string().min(1),
  transmission_sig: z.string().min(1),
  transmission_time: z.string().min(1),
  webhook_id: z.string().min(1),
  webhook_event: z.looseObject({}),
})

const payerFieldsSchema = z.object({
  given_name: z.string().min(1).max(140).optional(),
  surname: z.string().min(1).max(140).optional(),
  email: z.email().optional(),
  capture_status: z.enum(['COMPLETED', 'PENDING']).optional(),
})

const webhookControlSchema = z.object({
  target_url: z.url(),
  event_type: z.enum([
    'CHECKOUT.ORDER.APPROVED',
    'CHECKOUT.ORDER.COMPLETED',
    'PAYMENT.CAPTURE.COMPLETED',
    'PAYMENT.CAPTURE.PENDING',
    'PAYMENT.CAPTURE.DENIED',
    'PAYMENT.CAPTURE.REFUNDED',
    'PAYMENT.CAPTURE.REVERSED',
  ]),
  order_id: z.string().min(1),
  tamper: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((value) => value === true || value === 'true')
    .optional(),
})

const faultControlSchema = z.object({
  route: z.enum(['token', 'create', 'get', 'capture', 'verify', 'any']).optional(),
  status: z.coerce.number().int().min(400).max(599).optional(),
  retry_after_seconds: z.coerce.number().int().min(0).optional(),
  drop: z.enum(['before', 'after']).optional(),
  delay_ms: z.coerce.number().int().min(0).max(60_000).optional(),
  count: z.coerce.number().int().min(1).max(100).optional(),
})

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function startPayPalFake(options: StartPayPalFakeOptions = {}): Promise<PayPalFake> {
  const clientId = options.clientId ?? FAKE_PAYPAL_CLIENT_ID
  const clientSecret = options.clientSecret ?? FAKE_PAYPAL_CLIENT_SECRET
  const webhookId = options.webhookId ?? FAKE_PAYPAL_WEBHOOK_ID
  const tokenTtlSeconds = options.tokenTtlSeconds ?? 32_400
  const appId = `APP-${paypalId(17)}`
  const merchantId = paypalId(13)

  // PayPal's webhook signing certificate: a fresh RSA key and self-signed certificate per run
  const pems = await generate(
    [{ name: 'commonName', value: 'messageverificationcerts.paypal.test' }],
    { keySize: 2048, algorithm: 'sha256' },
  )
  const certId = `CERT-360caa42-fca2a594-${randomBytes(4).toString('hex')}`

  const tokens = new Map<string, number>()
  const orders = new Map<string, FakeOrder>()
  // PayPal-Request-Id -> the first successful answer (see `idempotent` for why only those)
  const replies = new Map<string, Answer>()
  const faults: (PayPalFakeFault & { remaining: number })[] = []
  const transmissions = new Map<string, { body: string; signature: string }>()
  const requests: PayPalFakeRequest[] = []
  const deliveries: PayPalFakeDelivery[] = []
  let webhookUrl: string | null = options.webhookUrl ?? null

  const app = Fastify({ logger: false })
  // PayPal accepts an empty body on capture; Fastify's own JSON parser would refuse it
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim()
    if (!text) return done(null, {})
    try {
      done(null, JSON.parse(text))
    } catch {
      done(Object.assign(new Error('malformed JSON'), { statusCode: 400, isMalformedJson: true }))
    }
  })
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )

  // known once listening; every route reads them at request time
  let baseUrl = ''
  let certUrl = ''

  // --- answers in PayPal's shapes ---------------------------------------------------------------

  function paypalError(
    status: number,
    name: string,
    issue?: string,
    extra: { field?: string; links?: unknown[]; description?: string } = {},
  ): Answer {
    const debugId = randomBytes(7).toString('hex').slice(0, 13)
    return {
      status,
      headers: { 'Paypal-Debug-Id': debugId },
      body: {
        name,
        ...(issue
          ? {
              details: [
                {
                  ...(extra.field ? { field: extra.field, location: 'body' } : {}),
                  issue,
                  description:
                    extra.description ??
                    ISSUE_DESCRIPTIONS[issue] ??
                    'Simulated by the PayPal fake.',
                },
              ],
            }
          : {}),
        message: ERROR_MESSAGES[name] ?? name,
        debug_id: debugId,
        links: [
          {
            href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue ?? name}`,
            rel: 'information_link',
            method: 'GET',
          },
          ...(extra.links ?? []),
        ],
      },
    }
  }

  function issueError(issue: string, orderId?: string): Answer {
    const status = ISSUE_STATUS[issue] ?? 422
    const name = errorNameFor(status)
    const isRestart = ['INSTRUMENT_DECLINED', 'PAYER_ACTION_REQUIRED'].includes(issue)
    return paypalError(status, name, issue, {
      links:
        isRestart && orderId
          ? [{ href: `${baseUrl}/checkoutnow?token=${orderId}`, rel: 'redirect', method: 'GET' }]
          : [],
    })
  }

  function faultAnswer(fault: PayPalFakeFault, route: PayPalFakeRoute): Answer {
    const status = fault.status ?? 500
    const retryAfter: Record<string, string> =
      fault.retryAfterSeconds !== undefined
        ? { 'Retry-After': String(fault.retryAfterSeconds) }
        : {}
    if (status === 401) {
      return route === 'token'
        ? {
            status,
            body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
          }
        : {
            status,
            body: {
              error: 'invalid_token',
              error_description: 'Token signature verification failed',
            },
          }
    }
    const name = errorNameFor(status)
    const answer = paypalError(status, name)
    return { ...answer, headers: { ...answer.headers, ...retryAfter } }
  }

  function money(cents: number, currency: string): Money {
    return { currency_code: currency, value: formatCents(cents) }
  }

  function captureJson(order: FakeOrder, capture: FakeCapture, isWebhook = false) {
    const currency = capture.amount.currency_code
    const fee = Math.min(capture.feeCents, order.amountCents)
    return {
      id: capture.id,
      status: capture.status,
      ...(capture.status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: capture.amount,
      final_capture: true,
      seller_protection: {
        status: 'ELIGIBLE',
        dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
      },
      seller_receivable_breakdown: {
        gross_amount: capture.amount,
        paypal_fee: money(fee, currency),
        net_amount: money(order.amountCents - fee, currency),
      },
      ...(order.customId ? { custom_id: order.customId } : {}),
      ...(order.invoiceId ? { invoice_id: order.invoiceId } : {}),
      ...(isWebhook ? { supplementary_data: { related_ids: { order_id: order.id } } } : {}),
      links: [
        { href: `${baseUrl}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
        {
          href: `${baseUrl}/v2/payments/captures/${capture.id}/refund`,
          rel: 'refund',
          method: 'POST',
        },
        { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
      ],
      create_time: capture.createTime,
      update_time: capture.updateTime,
    }
  }

  function orderJson(order: FakeOrder): Record<string, unknown> {
    const payer = order.payer
    const self = `${baseUrl}/v2/checkout/orders/${order.id}`
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      ...(payer
        ? {
            payment_source: {
              paypal: {
                email_address: payer.email,
                account_id: payer.payerId,
                account_status: 'VERIFIED',
                name: { given_name: payer.givenName, surname: payer.surname },
                address: { country_code: 'US' },
              },
            },
          }
        : {}),
      purchase_units: [
        {
          reference_id: order.referenceId,
          amount: order.amount,
          payee: { email_address: 'merchant@tradepeak.test', merchant_id: merchantId },
          ...(order.description ? { description: order.description } : {}),
          ...(order.customId ? { custom_id: order.customId } : {}),
          ...(order.invoiceId ? { invoice_id: order.invoiceId } : {}),
          ...(order.capture ? { payments: { captures: [captureJson(order, order.capture)] } } : {}),
        },
      ],
      ...(payer
        ? {
            payer: {
              name: { given_name: payer.givenName, surname: payer.surname },
              email_address: payer.email,
              payer_id: payer.payerId,
              address: { country_code: 'US' },
            },
          }
        : {}),
      create_time: order.createTime,
      ...(order.status !== 'CREATED' ? { update_time: order.updateTime } : {}),
      links:
        order.status === 'COMPLETED'
          ? [{ href: self, rel: 'self', method: 'GET' }]
          : [
              { href: self, rel: 'self', method: 'GET' },
              { href: `${baseUrl}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' },
              { href: self, rel: 'update', method: 'PATCH' },
              { href: `${self}/capture`, rel: 'capture', method: 'POST' },
            ],
    }
  }

  // --- request plumbing -------------------------------------------------------------------------

  function header(request: FastifyRequest, name: string): string | null {
    const value = request.headers[name]
    return typeof value === 'string' ? value : null
  }

  function authFailure(request: FastifyRequest): Answer | null {
    const authorization = header(request, 'authorization') ?? ''
    if (!authorization.startsWith('Bearer ')) {
      return paypalError(401, 'AUTHENTICATION_FAILURE')
    }
    const expiresAt = tokens.get(authorization.slice('Bearer '.length).trim())
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      // what PayPal answers for a revoked or expired token (OAuth shape, not the REST one)
      return {
        status: 401,
        body: { error: 'invalid_token', error_description: 'Access Token not found in cache' },
      }
    }
    return null
  }

  function takeFault(route: PayPalFakeRoute) {
    const index = faults.findIndex(
      (fault) => (fault.route ?? 'any') === 'any' || fault.route === route,
    )
    if (index === -1) return null
    const fault = faults[index]!
    fault.remaining -= 1
    if (fault.remaining <= 0) faults.splice(index, 1)
    return fault
  }

  function drop(request: FastifyRequest, reply: FastifyReply) {
    reply.hijack()
    request.raw.socket.destroy()
  }

  /**
   * Every API route: records the call, applies injected faults, checks the bearer token, then
   * answers PayPal-style. Faults come first, as a broken network or load balancer would.
   */
  function api(
    route: PayPalFakeRoute,
    handler: (request: FastifyRequest) => Answer | Promise<Answer>,
  ) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const record: PayPalFakeRequest = {
        method: request.method,
        path: request.url,
        route,
        requestId: header(request, 'paypal-request-id'),
        status: null,
      }
      requests.push(record)
      const fault = takeFault(route)
      if (fault?.delayMs) await sleep(fault.delayMs)
      if (fault?.drop === 'before') return drop(request, reply)
      let answer: Answer
      if (fault?.status) answer = faultAnswer(fault, route)
      else answer = (route !== 'token' && authFailure(request)) || (await handler(request))
      if (fault?.drop === 'after') return drop(request, reply)
      record.status = answer.status
      return reply
        .code(answer.status)
        .headers(answer.headers ?? {})
        .send(answer.body)
    }
  }

  /**
   * PayPal-Request-Id: a repeated id gets the stored answer of the first request instead of a
   * second action. Only successful answers are stored: a capture refused because the card was
   * declined must be able to succeed after the buyer picked another card, and PayPal does not
   * document whether it pins refusals to the id, so the adapter never relies on that.
   */
  async function idempotent(
    scope: string,
    request: FastifyRequest,
    handler: () => Answer | Promise<Answer>,
  ): Promise<Answer> {
    const requestId = header(request, 'paypal-request-id')
    const key = requestId ? `${scope}|${requestId}` : null
    const stored = key ? replies.get(key) : undefined
    if (stored) return stored
    const answer = await handler()
    if (key && answer.status < 300) replies.set(key, answer)
    return answer
  }

  /** Sandbox negative testing: PayPal-Mock-Response {"mock_application_codes":"..."}. */
  function mockedIssue(request: FastifyRequest): string | null {
    const raw = header(request, 'paypal-mock-response')
    if (!raw) return null
    try {
      const parsed = z
        .object({ mock_application_codes: z.string().min(1) })
        .safeParse(JSON.parse(raw))
      return parsed.success ? parsed.data.mock_application_codes : null
    } catch {
      return null
    }
  }

  function validationError(error: z.ZodError): Answer {
    const first = error.issues[0]
    const field = `/${(first?.path ?? []).join('/')}`
    const isMissing = first?.code === 'invalid_type' && /received undefined/.test(first.message)
    return paypalError(
      400,
      'INVALID_REQUEST',
      isMissing ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_VALUE',
      {
        field,
        description: first?.message ?? 'invalid request',
      },
    )
  }

  app.setErrorHandler((error, _request, reply) => {
    if ((error as { isMalformedJson?: boolean }).isMalformedJson) {
      const answer = paypalError(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON')
      return reply
        .code(answer.status)
        .headers(answer.headers ?? {})
        .send(answer.body)
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500
    const answer = paypalError(
      status >= 400 && status < 600 ? status : 500,
      status < 500 ? 'INVALID_REQUEST' : 'INTERNAL_SERVER_ERROR',
    )
    return reply
      .code(answer.status)
      .headers(answer.headers ?? {})
      .send(answer.body)
  })

  app.setNotFoundHandler((_request, reply) => {
    const answer = paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
    return reply
      .code(404)
      .headers(answer.headers ?? {})
      .send(answer.body)
  })

  // --- OAuth2 ------------------------------------------------------------------------------------

  app.post(
    '/v1/oauth2/token',
    api('token', (request) => {
      const authorization = header(request, 'authorization') ?? ''
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
      if (authorization !== expected) {
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        }
      }
      const body = (request.body ?? {}) as Record<string, unknown>
      if (body.grant_type !== 'client_credentials') {
        return {
          status: 400,
          body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' },
        }
      }
      const accessToken = `A21AA${randomBytes(48).toString('base64url')}`
      tokens.set(accessToken, Date.now() + tokenTtlSeconds * 1000)
      return {
        status: 200,
        body: {
          scope:
            'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund openid',
          access_token: accessToken,
          token_type: 'Bearer',
          app_id: appId,
          expires_in: tokenTtlSeconds,
          nonce: `${timestamp()}${randomBytes(16).toString('base64url')}`,
        },
      }
    }),
  )

  // --- Orders v2 ---------------------------------------------------------------------------------

  app.post(
    '/v2/checkout/orders',
    api('create', (request) =>
      idempotent('create', request, () => {
        const mocked = mockedIssue(request)
        if (mocked) return issueError(mocked)
        const parsed = createOrderSchema.safeParse(request.body)
        if (!parsed.success) return validationError(parsed.error)
        const unit = parsed.data.purchase_units[0]!
        const currency = unit.amount.currency_code
        if (!PAYPAL_CURRENCIES.has(currency)) {
          return paypalError(422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_NOT_SUPPORTED', {
            field: "/purchase_units/@reference_id=='default'/amount/currency_code",
          })
        }
        const amount = parseAmount(unit.amount.value, currency)
        if ('issue' in amount) {
          return paypalError(
            ISSUE_STATUS[amount.issue] ?? 422,
            errorNameFor(ISSUE_STATUS[amount.issue] ?? 422),
            amount.issue,
            {
              field: "/purchase_units/@reference_id=='default'/amount/value",
            },
          )
        }
        const now = timestamp()
        const order: FakeOrder = {
          id: paypalId(17),
          intent: parsed.data.intent,
          status: 'CREATED',
          referenceId: unit.reference_id ?? 'default',
          amount: { currency_code: currency, value: unit.amount.value },
          amountCents: amount.cents,
          customId: unit.custom_id,
          invoiceId: unit.invoice_id,
          description: unit.description,
          createTime: now,
          updateTime: now,
          payer: null,
          isDeclined: false,
          nextCaptureStatus: 'COMPLETED',
          capture: null,
        }
        orders.set(order.id, order)
        const full = orderJson(order)
        const isRepresentation = /return=representation/.test(header(request, 'prefer') ?? '')
        return {
          status: 201,
          body: isRepresentation ? full : { id: order.id, status: order.status, links: full.links },
        }
      }),
    ),
  )

  app.get(
    '/v2/checkout/orders/:id',
    api('get', (request) => {
      const order = orders.get((request.params as { id: string }).id)
      if (!order) return issueError('INVALID_RESOURCE_ID')
      return { status: 200, body: orderJson(order) }
    }),
  )

  app.post(
    '/v2/checkout/orders/:id/capture',
    api('capture', (request) => {
      const orderId = (request.params as { id: string }).id
      return idempotent(`capture|${orderId}`, request, () => {
        const mocked = mockedIssue(request)
        if (mocked) return issueError(mocked, orderId)
        const order = orders.get(orderId)
        if (!order) return issueError('INVALID_RESOURCE_ID')
        if (order.intent !== 'CAPTURE') return issueError('ACTION_DOES_NOT_MATCH_INTENT')
        if (order.status === 'COMPLETED') return issueError('ORDER_ALREADY_CAPTURED')
        if (order.status !== 'APPROVED') return issueError('ORDER_NOT_APPROVED')
        if (order.isDeclined) return issueError('INSTRUMENT_DECLINED', order.id)
        const now = timestamp()
        order.status = 'COMPLETED'
        order.updateTime = now
        order.capture = {
          id: paypalId(17),
          status: order.nextCaptureStatus,
          amount: order.amount,
          // PayPal's US domestic rate, in integer cents: 3.49% + 0.49
          feeCents: Math.round((order.amountCents * 349) / 10_000) + 49,
          createTime: now,
          updateTime: now,
        }
        deliverAutomatically(
          order.capture.status === 'PENDING'
            ? 'PAYMENT.CAPTURE.PENDING'
            : 'PAYMENT.CAPTURE.COMPLETED',
          order.id,
        )
        return { status: 201, body: orderJson(order) }
      })
    }),
  )

  function orderOfCapture(captureId: string): FakeOrder | null {
    for (const order of orders.values()) if (order.capture?.id === captureId) return order
    return null
  }

  function refundJson(order: FakeOrder, capture: FakeCapture, refund: FakeRefund) {
    return {
      id: refund.id,
      status: refund.status,
      amount: capture.amount,
      ...(order.customId ? { custom_id: order.customId } : {}),
      create_time: refund.createTime,
      update_time: refund.createTime,
      links: [
        { href: `${baseUrl}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
        { href: `${baseUrl}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    }
  }

  /** Marks the capture refunded; null when there is nothing (left) to refund. */
  function refundCapture(order: FakeOrder, status: 'REFUNDED' | 'REVERSED'): FakeRefund | null {
    const capture = order.capture
    if (!capture || capture.status !== 'COMPLETED') return null
    const now = timestamp()
    capture.status = status
    capture.updateTime = now
    capture.refund = { id: paypalId(17), status: 'COMPLETED', createTime: now }
    return capture.refund
  }

  app.get(
    '/v2/payments/captures/:id',
    api('get-capture', (request) => {
      const captureId = (request.params as { id: string }).id
      const order = orderOfCapture(captureId)
      if (!order?.capture) return issueError('INVALID_RESOURCE_ID')
      return { status: 200, body: captureJson(order, order.capture, true) }
    }),
  )

  app.post(
    '/v2/payments/captures/:id/refund',
    api('refund', (request) => {
      const captureId = (request.params as { id: string }).id
      return idempotent(`refund|${captureId}`, request, () => {
        const order = orderOfCapture(captureId)
        if (!order?.capture) return issueError('INVALID_RESOURCE_ID')
        if (order.capture.status === 'REFUNDED') return issueError('CAPTURE_FULLY_REFUNDED')
        const refund = refundCapture(order, 'REFUNDED')
        if (!refund) return issueError('TRANSACTION_REFUSED')
        deliverAutomatically('PAYMENT.CAPTURE.REFUNDED', order.id)
        const full = refundJson(order, order.capture, refund)
        const isRepresentation = /return=representation/.test(header(request, 'prefer') ?? '')
        return {
          status: 201,
          body: isRepresentation
            ? full
            : { id: refund.id, status: refund.status, links: full.links },
        }
      })
    }),
  )

  // --- webhooks: verification API and certificates ---------------------------------------------

  function crcOf(body: string, format: 'decimal' | 'hex' = 'decimal'): string {
    const value = crc32(Buffer.from(body, 'utf8')) >>> 0
    return format === 'hex' ? value.toString(16) : value.toString(10)
  }

  app.post(
    '/v1/notifications/verify-webhook-signature',
    api('verify', (request) => {
      const parsed = verifySignatureSchema.safeParse(request.body)
      if (!parsed.success) return validationError(parsed.error)
      const input = parsed.data
      const sent = transmissions.get(input.transmission_id)
      // PayPal checks the event it sent; for a delivery it has no record of, the compact JSON
      const body =
        sent && JSON.stringify(JSON.parse(sent.body)) === JSON.stringify(input.webhook_event)
          ? sent.body
          : JSON.stringify(input.webhook_event)
      const message = [
        input.transmission_id,
        input.transmission_time,
        input.webhook_id,
        crcOf(body),
      ].join('|')
      let isValid = false
      try {
        isValid =
          input.auth_algo === 'SHA256withRSA' &&
          input.cert_url === certUrl &&
          input.webhook_id === webhookId &&
          createVerify('SHA256')
            .update(message)
            .verify(pems.cert, Buffer.from(input.transmission_sig, 'base64'))
      } catch {
        isValid = false
      }
      return { status: 200, body: { verification_status: isValid ? 'SUCCESS' : 'FAILURE' } }
    }),
  )

  app.get('/v1/notifications/certs/:id', async (request, reply) => {
    if ((request.params as { id: string }).id !== certId) {
      const answer = paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
      return reply.code(404).send(answer.body)
    }
    return reply.type('application/x-pem-file').send(pems.cert)
  })

  function buildWebhook(
    eventType: PayPalFakeEventType,
    orderId: string,
    webhookOptions: PayPalFakeWebhookOptions = {},
  ): PayPalFakeWebhook {
    const order = orders.get(orderId)
    if (!order) throw new ControlError(404, `no order ${orderId}`)
    const eventId = `WH-${paypalId(8)}-${paypalId(17)}`
    let resource: Record<string, unknown>
    let summary: string
    if (eventType === 'PAYMENT.CAPTURE.REFUNDED' || eventType === 'PAYMENT.CAPTURE.REVERSED') {
      const capture = order.capture
      if (!capture?.refund) throw new ControlError(409, `order ${orderId} has no refund yet`)
      resource = refundJson(order, capture, capture.refund)
      summary = `A $ ${capture.amount.value} ${capture.amount.currency_code} capture payment was ${
        eventType === 'PAYMENT.CAPTURE.REFUNDED' ? 'refunded' : 'reversed'
      }`
    } else if (eventType.startsWith('PAYMENT.CAPTURE.')) {
      const capture = order.capture
      if (!capture)
        throw new ControlError(409, `order ${orderId} has no capture yet: capture it first`)
      // the event tells of a change of the capture; the fake's state follows, as PayPal's would
      const status = {
        'PAYMENT.CAPTURE.COMPLETED': 'COMPLETED',
        'PAYMENT.CAPTURE.PENDING': 'PENDING',
        'PAYMENT.CAPTURE.DENIED': 'DECLINED',
      }[eventType as 'PAYMENT.CAPTURE.COMPLETED']
      if (capture.status !== status) {
        capture.status = status
        capture.updateTime = timestamp()
      }
      resource = captureJson(order, capture, !webhookOptions.omitRelatedOrder)
      const verb = { COMPLETED: 'completed', PENDING: 'pending', DECLINED: 'denied' }[
        status as 'COMPLETED'
      ]
      summary = `Payment ${verb} for $ ${capture.amount.value} ${capture.amount.currency_code}`
    } else {
      resource = orderJson(order)
      summary =
        eventType === 'CHECKOUT.ORDER.APPROVED'
          ? 'An order has been approved by buyer'
          : 'Checkout Order Completed'
    }
    const event = {
      id: eventId,
      event_version: '1.0',
      create_time: timestamp(),
      resource_type:
        eventType === 'PAYMENT.CAPTURE.REFUNDED' || eventType === 'PAYMENT.CAPTURE.REVERSED'
          ? 'refund'
          : eventType.startsWith('PAYMENT.CAPTURE.')
            ? 'capture'
            : 'checkout-order',
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [
        {
          href: `${baseUrl}/v1/notifications/webhooks-events/${eventId}`,
          rel: 'self',
          method: 'GET',
        },
        {
          href: `${baseUrl}/v1/notifications/webhooks-events/${eventId}/resend`,
          rel: 'resend',
          method: 'POST',
        },
      ],
    }
    const signedBody = JSON.stringify(event)
    const transmissionId = randomUUID()
    const transmissionTime = timestamp(webhookOptions.transmissionTime)
    const message = [
      transmissionId,
      transmissionTime,
      webhookOptions.webhookId ?? webhookId,
      crcOf(signedBody, webhookOptions.crcFormat),
    ].join('|')
    const signature = createSign('SHA256').update(message).sign(pems.private, 'base64')
    transmissions.set(transmissionId, { body: signedBody, signature })
    if (transmissions.size > 1000) transmissions.delete(transmissions.keys().next().value!)

    let body = signedBody
    if (webhookOptions.tamper === true) {
      const altered = body.replace(/"value":"[^"]*"/, '"value":"0.01"')
      body = altered !== body ? altered : `${body} `
    } else if (typeof webhookOptions.tamper === 'function') {
      body = webhookOptions.tamper(body)
    }
    const omitted = new Set((webhookOptions.omitHeaders ?? []).map((name) => name.toLowerCase()))
    const headers = Object.fromEntries(
      Object.entries({
        'Content-Type': 'application/json',
        'User-Agent': 'PayPal/AUHD-214.0-58467542',
        'PAYPAL-TRANSMISSION-ID': transmissionId,
        'PAYPAL-TRANSMISSION-TIME': transmissionTime,
        'PAYPAL-TRANSMISSION-SIG': signature,
        'PAYPAL-CERT-URL': webhookOptions.certUrl ?? certUrl,
        'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
      }).filter(([name]) => !omitted.has(name.toLowerCase())),
    )
    return { event, body, headers }
  }

  async function sendWebhook(
    targetUrl: string,
    eventType: PayPalFakeEventType,
    orderId: string,
    webhookOptions?: PayPalFakeWebhookOptions,
  ) {
    const webhook = buildWebhook(eventType, orderId, webhookOptions)
    const response = await fetch(targetUrl, {
      method: 'POST',
      headers: webhook.headers,
      body: webhook.body,
      signal: AbortSignal.timeout(10_000),
    })
    return {
      status: response.status,
      eventId: String(webhook.event.id),
      responseBody: await response.text(),
    }
  }

  /** What PayPal does by itself when a webhook subscription exists: one attempt, recorded. */
  function deliverAutomatically(eventType: PayPalFakeEventType, orderId: string) {
    const targetUrl = webhookUrl
    if (!targetUrl) return
    // after the current answer went out, as PayPal delivers asynchronously
    setImmediate(() => {
      sendWebhook(targetUrl, eventType, orderId).then(
        (result) =>
          deliveries.push({
            eventId: result.eventId,
            eventType,
            targetUrl,
            status: result.status,
            error: null,
          }),
        (error: unknown) =>
          deliveries.push({
            eventId: '',
            eventType,
            targetUrl,
            status: null,
            error: error instanceof Error ? error.message : String(error),
          }),
      )
    })
  }

  // --- the buyer and test controls -------------------------------------------------------------

  function approveOrder(
    orderId: string,
    isDeclined: boolean,
    input: Partial<PayPalFakePayer> & { captureStatus?: 'COMPLETED' | 'PENDING' } = {},
  ) {
    const order = orders.get(orderId)
    if (!order) throw new ControlError(404, `no order ${orderId}`)
    if (order.status === 'COMPLETED')
      throw new ControlError(409, `order ${orderId} is already captured`)
    const wasApproved = order.status === 'APPROVED'
    order.payer = {
      givenName: input.givenName ?? fakePayPalPayer.givenName,
      surname: input.surname ?? fakePayPalPayer.surname,
      email: input.email ?? fakePayPalPayer.email,
      // the same buyer keeps the same id when they come back after a restart
      payerId: order.payer?.payerId ?? paypalId(13),
    }
    order.status = 'APPROVED'
    order.isDeclined = isDeclined
    order.nextCaptureStatus = input.captureStatus ?? 'COMPLETED'
    order.updateTime = timestamp()
    if (!wasApproved) deliverAutomatically('CHECKOUT.ORDER.APPROVED', order.id)
    return { payerId: order.payer.payerId }
  }

  // the browser script calls these from the web app's origin: form posts need no preflight
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/__control/')) {
      reply.header('Access-Control-Allow-Origin', '*')
      reply.header('Cache-Control', 'no-store')
    }
  })
  app.options('/__control/*', async (_request, reply) =>
    reply
      .code(204)
      .header('Access-Control-Allow-Methods', 'GET, POST')
      .header('Access-Control-Allow-Headers', 'Content-Type')
      .header('Access-Control-Max-Age', '600')
      .send(),
  )

  async function control(reply: FastifyReply, action: () => unknown | Promise<unknown>) {
    try {
      return reply.send(await action())
    } catch (error) {
      if (error instanceof ControlError)
        return reply.code(error.status).send({ error: error.message })
      if (error instanceof z.ZodError) return reply.code(400).send({ error: error.message })
      throw error
    }
  }

  app.get('/__control/orders/:id', async (request, reply) =>
    control(reply, () => {
      const order = orders.get((request.params as { id: string }).id)
      if (!order) throw new ControlError(404, 'no such order')
      return orderJson(order)
    }),
  )

  for (const [path, isDeclined] of [
    ['approve', false],
    ['decline', true],
  ] as const) {
    app.post(`/__control/orders/:id/${path}`, async (request, reply) =>
      control(reply, () => {
        const fields = payerFieldsSchema.parse(request.body ?? {})
        const orderId = (request.params as { id: string }).id
        const { payerId } = approveOrder(orderId, isDeclined, {
          ...(fields.given_name ? { givenName: fields.given_name } : {}),
          ...(fields.surname ? { surname: fields.surname } : {}),
          ...(fields.email ? { email: fields.email } : {}),
          ...(fields.capture_status ? { captureStatus: fields.capture_status } : {}),
        })
        return { id: orderId, status: 'APPROVED', payer_id: payerId }
      }),
    )
  }

  app.post('/__control/webhooks', async (request, reply) =>
    control(reply, async () => {
      const input = webhookControlSchema.parse(request.body ?? {})
      const result = await sendWebhook(input.target_url, input.event_type, input.order_id, {
        tamper: input.tamper ?? false,
      })
      return { event_id: result.eventId, delivered_status: result.status }
    }),
  )

  app.post('/__control/faults', async (request, reply) =>
    control(reply, () => {
      const input = faultControlSchema.parse(request.body ?? {})
      failNext({
        ...(input.route ? { route: input.route } : {}),
        ...(input.status ? { status: input.status } : {}),
        ...(input.retry_after_seconds !== undefined
          ? { retryAfterSeconds: input.retry_after_seconds }
          : {}),
        ...(input.drop ? { drop: input.drop } : {}),
        ...(input.delay_ms ? { delayMs: input.delay_ms } : {}),
        ...(input.count ? { count: input.count } : {}),
      })
      return { queued: faults.length }
    }),
  )

  app.post('/__control/tokens/expire', async (_request, reply) =>
    control(reply, () => {
      tokens.clear()
      return { expired: true }
    }),
  )

  function failNext(fault: PayPalFakeFault) {
    faults.push({ ...fault, remaining: fault.count ?? 1 })
  }

  // --- the browser side -------------------------------------------------------------------------

  // the JS SDK: loaded by a <script> tag of the web app's page, another origin
  app.get('/sdk/js', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Access-Control-Allow-Origin', '*')
    if (query['client-id'] !== clientId) {
      // PayPal answers 400 too: the tag's onerror fires and loadScript rejects
      return reply
        .code(400)
        .send(
          `throw new Error(${JSON.stringify(`SDK Validation error: 'Invalid query value for client-id: ${query['client-id'] ?? ''}'`)})\n`,
        )
    }
    return renderPayPalSdkScript({
      baseUrl,
      currency: query.currency ?? 'USD',
      intent: query.intent ?? 'capture',
    })
  })

  // where the order's "approve" link points (redirect flows); the JS flow never comes here
  app.get('/checkoutnow', async (request, reply) => {
    const token = String((request.query as { token?: string }).token ?? '')
    const order = orders.get(token)
    const safe = token.replace(/[^A-Z0-9]/g, '')
    reply.type('text/html; charset=utf-8')
    if (!order)
      return reply
        .code(404)
        .send('<!doctype html><title>PayPal (simulated)</title><p>Unknown order.</p>')
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal checkout (simulated)</title></head><body>
<h1>PayPal checkout (simulated)</h1><p>Order ${safe}: ${order.amount.value} ${order.amount.currency_code}</p>
<form method="post" action="/__control/orders/${safe}/approve"><button>Approve payment</button></form>
<form method="post" action="/__control/orders/${safe}/decline"><button>Decline card</button></form>
</body></html>`
  })

  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  baseUrl = address.replace('localhost', '127.0.0.1')
  certUrl = `${baseUrl}/v1/notifications/certs/${certId}`

  return {
    url: baseUrl,
    apiBase: baseUrl,
    clientId,
    clientSecret,
    webhookId,
    sdkBaseUrl: `${baseUrl}/sdk/js`,
    sdkScriptUrl: `${baseUrl}/sdk/js?client-id=${encodeURIComponent(clientId)}`,
    certUrl,
    certHost: new URL(baseUrl).host,
    certificatePem: pems.cert,
    requests,
    deliveries,
    order: (orderId) => {
      const order = orders.get(orderId)
      return order ? orderJson(order) : null
    },
    approve: (orderId, input) => approveOrder(orderId, false, input),
    refundFromDashboard: (orderId, refundOptions = {}) => {
      const order = orders.get(orderId)
      if (!order) throw new ControlError(404, `no order ${orderId}`)
      const status = refundOptions.isChargeback ? 'REVERSED' : 'REFUNDED'
      if (!refundCapture(order, status)) {
        throw new ControlError(409, `order ${orderId} has no completed capture to refund`)
      }
      deliverAutomatically(`PAYMENT.CAPTURE.${status}`, order.id)
    },
    decline: (orderId, payer) => approveOrder(orderId, true, payer),
    failNext,
    expireTokens: () => tokens.clear(),
    buildWebhook,
    sendWebhook,
    setWebhookUrl: (url) => {
      webhookUrl = url
    },
    close: () => app.close(),
  }
}
