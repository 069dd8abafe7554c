import { createVerify, X509Certificate } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { z } from 'zod'
import { paypalRestartIssues } from '@tp/api'
import { systemClock, type Clock } from '../../lib/clock'
import {
  centsToPayPalValue,
  payPalValueToCents,
  PayPalDeclined,
  PayPalError,
  PayPalUnavailable,
  type PayPal,
  type PayPalAmount,
  type PayPalCapture,
  type PayPalErrorDetail,
  type PayPalOrder,
  type PayPalPayer,
  type PayPalWebhookEvent,
  type PayPalWebhookHeaders,
  type PayPalWebhookVerification,
} from './paypal'

// The real PayPal adapter, written to contracts/integrations.md section 1: OAuth2 client
// credentials, Orders v2 create/get/capture with PayPal-Request-Id, PayPal's error shape, and
// webhook self-verification (option B). It runs unchanged against fake/paypal-fake.ts; only the
// addresses differ.

export type PayPalClientOptions = {
  /** https://api-m.paypal.com, https://api-m.sandbox.paypal.com, or the fake's apiBase. */
  apiBase: string
  clientId: string
  clientSecret: string
  /** The id of our webhook subscription (dashboard), not an event id. */
  webhookId: string
  /** Hosts (host[:port], as in URL#host) PAYPAL-CERT-URL may name; see PAYPAL_CERT_HOSTS. */
  certHostAllowList: readonly string[]
  fetch?: typeof fetch
  clock?: Clock
  /** Per HTTP attempt. Default 10 s. */
  timeoutMs?: number
  /** Pauses before each retry of a network error or 5xx; its length is the number of retries. */
  retryDelaysMs?: readonly number[]
  /** The token is refreshed this long before PayPal says it expires. Default 5 min. */
  tokenRefreshMarginSeconds?: number
}

const DEFAULT_RETRY_DELAYS_MS = [300, 1500]
const MAX_CERT_BYTES = 64 * 1024
const MAX_CACHED_CERTS = 20

// ---------------------------------------------------------------------------------------------
// Provider answers (lenient: PayPal adds fields; z.object drops what we do not read)

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.coerce.number().int().positive(),
  scope: z.string().optional(),
  app_id: z.string().optional(),
  nonce: z.string().optional(),
})

const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
})

const restErrorSchema = z.object({
  name: z.string(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z
    .array(
      z.object({
        issue: z.string(),
        description: z.string().optional(),
        field: z.string().optional(),
        location: z.string().optional(),
      }),
    )
    .optional(),
})

const moneySchema = z.object({ currency_code: z.string(), value: z.string() })

const captureSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: moneySchema.optional(),
  custom_id: z.string().optional(),
  invoice_id: z.string().optional(),
  create_time: z.string().optional(),
  supplementary_data: z
    .object({ related_ids: z.object({ order_id: z.string().optional() }).optional() })
    .optional(),
})

const refundSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  custom_id: z.string().optional(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
})

const nameSchema = z.object({
  given_name: z.string().optional(),
  surname: z.string().optional(),
})

const orderSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  purchase_units: z
    .array(
      z.object({
        custom_id: z.string().optional(),
        amount: moneySchema.optional(),
        payments: z.object({ captures: z.array(captureSchema).optional() }).optional(),
      }),
    )
    .optional(),
  payer: z
    .object({
      payer_id: z.string().optional(),
      email_address: z.string().optional(),
      name: nameSchema.optional(),
    })
    .optional(),
  payment_source: z
    .object({
      paypal: z
        .object({
          account_id: z.string().optional(),
          email_address: z.string().optional(),
          name: nameSchema.optional(),
        })
        .optional(),
    })
    .optional(),
})

const webhookEnvelopeSchema = z.looseObject({
  id: z.string().min(1),
  event_type: z.string().min(1),
  create_time: z.string().optional(),
  resource_type: z.string().optional(),
  summary: z.string().optional(),
  resource: z.looseObject({}),
})

// ---------------------------------------------------------------------------------------------
// Mapping PayPal's shapes to the port's

function toAmount(money: z.infer<typeof moneySchema> | undefined): PayPalAmount | null {
  if (!money) return null
  return {
    currencyCode: money.currency_code,
    value: money.value,
    cents: payPalValueToCents(money.value),
  }
}

function toCapture(capture: z.infer<typeof captureSchema>, orderId: string | null): PayPalCapture {
  return {
    id: capture.id,
    status: capture.status,
    amount: toAmount(capture.amount),
    customId: capture.custom_id ?? null,
    invoiceId: capture.invoice_id ?? null,
    orderId: capture.supplementary_data?.related_ids?.order_id ?? orderId,
    createTime: capture.create_time ?? null,
  }
}

function toPayer(order: z.infer<typeof orderSchema>): PayPalPayer | null {
  const wallet = order.payment_source?.paypal
  const payer = order.payer
  if (!wallet && !payer) return null
  // payment_source.paypal is where PayPal now puts the buyer; `payer` is deprecated but sent
  const name = wallet?.name?.given_name || wallet?.name?.surname ? wallet.name : payer?.name
  const givenName = name?.given_name ?? null
  const surname = name?.surname ?? null
  const fullName = [givenName, surname].filter(Boolean).join(' ')
  return {
    payerId: payer?.payer_id ?? wallet?.account_id ?? null,
    email: wallet?.email_address ?? payer?.email_address ?? null,
    givenName,
    surname,
    fullName: fullName || null,
  }
}

function toOrder(order: z.infer<typeof orderSchema>): PayPalOrder {
  const unit = order.purchase_units?.[0]
  const capture = unit?.payments?.captures?.[0]
  return {
    id: order.id,
    status: order.status,
    customId: unit?.custom_id ?? null,
    amount: toAmount(unit?.amount),
    capture: capture ? toCapture(capture, order.id) : null,
    payer: toPayer(order),
  }
}

// ---------------------------------------------------------------------------------------------
// Webhook signature (section 1.8, option B)

/**
 * CRC32 of the raw body as an unsigned decimal string. Not hex (a common bug that never
 * verifies) and not a signed int32 (what some CRC libraries return for half of all bodies).
 */
export function payPalWebhookCrc(rawBody: Uint8Array): string {
  return String(crc32(rawBody) >>> 0)
}

/** The string PayPal signs: transmissionId|transmissionTime|webhookId|crc. */
export function payPalWebhookSignedMessage(fields: {
  transmissionId: string
  transmissionTime: string
  webhookId: string
  rawBody: Uint8Array
}): string {
  return [
    fields.transmissionId,
    fields.transmissionTime,
    fields.webhookId,
    payPalWebhookCrc(fields.rawBody),
  ].join('|')
}

function headerReader(headers: PayPalWebhookHeaders): (name: string) => string | null {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    const source = headers as { get(name: string): string | null }
    return (name) => source.get(name)
  }
  // Node gives lowercase names; anything else built by hand may not: match case-insensitively
  const lowered = new Map<string, string>()
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    const text = Array.isArray(value) ? value[0] : value
    if (typeof text === 'string') lowered.set(key.toLowerCase(), text)
  }
  return (name) => lowered.get(name.toLowerCase()) ?? null
}

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]'])

function parseWebhookEvent(raw: Record<string, unknown>): PayPalWebhookEvent | null {
  const envelope = webhookEnvelopeSchema.safeParse(raw)
  if (!envelope.success) return null
  const { resource } = envelope.data
  const eventType = envelope.data.event_type
  // PAYMENT.CAPTURE.REFUNDED / REVERSED carry the refund, which links up to its capture
  const isRefund =
    envelope.data.resource_type === 'refund' ||
    eventType === 'PAYMENT.CAPTURE.REFUNDED' ||
    eventType === 'PAYMENT.CAPTURE.REVERSED'
  if (isRefund) {
    const refund = refundSchema.safeParse(resource)
    if (!refund.success) return null
    const up = refund.data.links?.find((link) => link.rel === 'up')?.href ?? null
    const captureId = up?.match(/\/v2\/payments\/captures\/([^/?#]+)/)?.[1] ?? null
    if (!captureId) return null
    return {
      id: envelope.data.id,
      eventType,
      createTime: envelope.data.create_time ?? null,
      resourceType: envelope.data.resource_type ?? null,
      summary: envelope.data.summary ?? null,
      orderId: null,
      customId: refund.data.custom_id ?? null,
      capture: null,
      order: null,
      refund: { id: refund.data.id, status: refund.data.status, captureId },
      raw,
    }
  }
  const isCapture =
    envelope.data.resource_type === 'capture' || eventType.startsWith('PAYMENT.CAPTURE.')
  const isOrder =
    envelope.data.resource_type === 'checkout-order' || eventType.startsWith('CHECKOUT.ORDER.')
  const capture = isCapture ? captureSchema.safeParse(resource) : null
  const order = isOrder ? orderSchema.safeParse(resource) : null
  // a capture or order event whose resource we cannot read is not something to act on
  if (capture && !capture.success) return null
  if (order && !order.success) return null
  const parsedCapture = capture?.data ? toCapture(capture.data, null) : null
  const parsedOrder = order?.data ? toOrder(order.data) : null
  return {
    id: envelope.data.id,
    eventType,
    createTime: envelope.data.create_time ?? null,
    resourceType: envelope.data.resource_type ?? null,
    summary: envelope.data.summary ?? null,
    orderId: parsedCapture?.orderId ?? parsedOrder?.id ?? null,
    customId: parsedCapture?.customId ?? parsedOrder?.customId ?? null,
    capture: parsedCapture,
    order: parsedOrder,
    refund: null,
    raw,
  }
}

// ---------------------------------------------------------------------------------------------

type Token = { value: string; refreshAt: number }

type CallOptions = {
  operation: string
  method: 'GET' | 'POST'
  path: string
  body?: unknown
  requestId?: string
  headers?: Record<string, string>
}

class RetryableFailure extends Error {
  constructor(
    readonly failure: PayPalError,
    readonly isNetwork: boolean,
  ) {
    super(failure.message)
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function debugIdHeader(response: Response): string | null {
  return response.headers.get('paypal-debug-id')
}

function retryAfterSeconds(response: Response): number | null {
  const header = response.headers.get('retry-after')
  if (!header) return null
  const seconds = Number(header)
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

/** Turns any non-2xx answer into the typed error callers branch on. */
async function errorFromResponse(operation: string, response: Response): Promise<PayPalError> {
  const body = await readJson(response)
  const fields = {
    httpStatus: response.status,
    debugId: debugIdHeader(response),
    retryAfterSeconds: retryAfterSeconds(response),
  }
  const rest = restErrorSchema.safeParse(body)
  const oauth = oauthErrorSchema.safeParse(body)
  let error: ConstructorParameters<typeof PayPalError>[1]
  if (rest.success) {
    const details: PayPalErrorDetail[] = (rest.data.details ?? []).map((detail) => ({
      issue: detail.issue,
      description: detail.description ?? null,
      field: detail.field ?? null,
      location: detail.location ?? null,
    }))
    error = {
      ...fields,
      errorName: rest.data.name,
      message: rest.data.message ?? null,
      details,
      debugId: rest.data.debug_id ?? fields.debugId,
    }
  } else if (oauth.success) {
    // the token endpoint (and some 401s) answer OAuth-style, not in the REST shape
    error = {
      ...fields,
      errorName: oauth.data.error,
      message: oauth.data.error_description ?? null,
    }
  } else {
    error = { ...fields, errorName: `HTTP_${response.status}` }
  }
  const issue = error.details?.[0]?.issue
  if (issue && (paypalRestartIssues as readonly string[]).includes(issue)) {
    return new PayPalDeclined(operation, error)
  }
  if (response.status >= 500 || response.status === 429) {
    return new PayPalUnavailable(operation, error)
  }
  return new PayPalError(operation, error)
}

export function createPayPalClient(options: PayPalClientOptions): PayPal {
  const apiBase = options.apiBase.replace(/\/+$/, '')
  const doFetch = options.fetch ?? fetch
  const clock = options.clock ?? systemClock
  const timeoutMs = options.timeoutMs ?? 10_000
  const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
  const refreshMarginSeconds = options.tokenRefreshMarginSeconds ?? 300
  const allowedCertHosts = new Set(options.certHostAllowList.map((host) => host.toLowerCase()))
  const basicAuth = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')

  let token: Token | null = null
  // concurrent calls share one token request instead of each fetching its own
  let tokenRequest: Promise<Token> | null = null
  const certificates = new Map<string, X509Certificate>()

  /**
   * One HTTP exchange with PayPal, retried on network errors and 5xx with the same body and
   * the same PayPal-Request-Id, so a retry can never act twice. 4xx are never retried here.
   */
  async function send(
    operation: string,
    url: string,
    init: () => Promise<RequestInit>,
  ): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      try {
        let response: Response
        try {
          response = await doFetch(url, {
            ...(await init()),
            signal: AbortSignal.timeout(timeoutMs),
          })
        } catch (cause) {
          // no answer at all (refused, reset, timed out): PayPal may or may not have acted,
          // which is exactly what the unchanged PayPal-Request-Id of the retry settles
          throw new RetryableFailure(
            new PayPalUnavailable(operation, {
              httpStatus: null,
              errorName: 'NETWORK_ERROR',
              message: cause instanceof Error ? cause.message : String(cause),
              cause,
            }),
            true,
          )
        }
        if (response.status >= 500) {
          throw new RetryableFailure(await errorFromResponse(operation, response), false)
        }
        return response
      } catch (error) {
        if (!(error instanceof RetryableFailure)) throw error
        const delay = retryDelaysMs[attempt]
        if (delay === undefined) throw error.failure
        await sleep(delay)
      }
    }
  }

  async function fetchToken(): Promise<Token> {
    const response = await send('token', `${apiBase}/v1/oauth2/token`, async () => ({
      method: 'POST',
      headers: {
        Authorization: `Basic ${basicAuth}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    }))
    if (!response.ok) throw await errorFromResponse('token', response)
    const parsed = tokenSchema.safeParse(await readJson(response))
    if (!parsed.success) {
      throw new PayPalError('token', {
        httpStatus: response.status,
        errorName: 'INVALID_RESPONSE',
        message: 'token answer has an unexpected shape',
      })
    }
    // refresh well before PayPal's expiry, but never sooner than half the lifetime
    const margin = Math.min(refreshMarginSeconds, Math.floor(parsed.data.expires_in / 2))
    return {
      value: parsed.data.access_token,
      refreshAt: clock.now().getTime() + (parsed.data.expires_in - margin) * 1000,
    }
  }

  async function accessToken(): Promise<string> {
    if (token && clock.now().getTime() < token.refreshAt) return token.value
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null
    })
    token = await tokenRequest
    return token.value
  }

  async function call<T>(schema: z.ZodType<T>, call: CallOptions): Promise<T> {
    let hasRefreshed = false
    for (;;) {
      const bearer = await accessToken()
      const response = await send(call.operation, `${apiBase}${call.path}`, async () => ({
        method: call.method,
        headers: {
          Authorization: `Bearer ${bearer}`,
          Accept: 'application/json',
          ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(call.requestId ? { 'PayPal-Request-Id': call.requestId } : {}),
          ...call.headers,
        },
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      }))
      if (response.status === 401 && !hasRefreshed) {
        // INVALID_TOKEN / AUTHENTICATION_FAILURE: the token was revoked or expired early.
        // Drop it, fetch a new one, and repeat the call once (same request id).
        await response.body?.cancel()
        hasRefreshed = true
        if (token?.value === bearer) token = null
        continue
      }
      if (!response.ok) throw await errorFromResponse(call.operation, response)
      const parsed = schema.safeParse(await readJson(response))
      if (!parsed.success) {
        throw new PayPalError(call.operation, {
          httpStatus: response.status,
          errorName: 'INVALID_RESPONSE',
          message: `answer has an unexpected shape: ${parsed.error.message.slice(0, 300)}`,
        })
      }
      return parsed.data
    }
  }

  async function getOrder(orderId: string): Promise<PayPalOrder> {
    const order = await call(orderSchema, {
      operation: 'get order',
      method: 'GET',
      path: `/v2/checkout/orders/${encodeURIComponent(orderId)}`,
    })
    return toOrder(order)
  }

  async function certificate(certUrl: string): Promise<X509Certificate | string> {
    const cached = certificates.get(certUrl)
    if (cached) return cached
    let response: Response
    try {
      // no redirects: an allowed host must not be able to send us elsewhere
      response = await doFetch(certUrl, {
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (cause) {
      return `certificate download failed: ${cause instanceof Error ? cause.message : cause}`
    }
    if (!response.ok) return `certificate download answered ${response.status}`
    const pem = await response.text()
    if (pem.length > MAX_CERT_BYTES) return 'certificate is too large'
    let cert: X509Certificate
    try {
      cert = new X509Certificate(pem)
    } catch {
      return 'certificate is not a PEM X.509 certificate'
    }
    const now = clock.now().getTime()
    if (now < Date.parse(cert.validFrom) || now > Date.parse(cert.validTo)) {
      return 'certificate is not valid now'
    }
    if (certificates.size >= MAX_CACHED_CERTS) certificates.clear()
    certificates.set(certUrl, cert)
    return cert
  }

  async function verifyWebhook(input: {
    headers: PayPalWebhookHeaders
    rawBody: Uint8Array | string
  }): Promise<PayPalWebhookVerification> {
    const reject = (
      reason: Extract<PayPalWebhookVerification, { isVerified: false }>['reason'],
      detail: string,
    ): PayPalWebhookVerification => ({ isVerified: false, reason, detail })
    try {
      const header = headerReader(input.headers)
      const transmissionId = header('paypal-transmission-id')
      const transmissionTime = header('paypal-transmission-time')
      const signature = header('paypal-transmission-sig')
      const certUrl = header('paypal-cert-url')
      const algorithm = header('paypal-auth-algo')
      const missing = Object.entries({
        'PAYPAL-TRANSMISSION-ID': transmissionId,
        'PAYPAL-TRANSMISSION-TIME': transmissionTime,
        'PAYPAL-TRANSMISSION-SIG': signature,
        'PAYPAL-CERT-URL': certUrl,
        'PAYPAL-AUTH-ALGO': algorithm,
      })
        .filter(([, value]) => !value)
        .map(([name]) => name)
      if (missing.length > 0 || !transmissionId || !transmissionTime || !signature || !certUrl) {
        return reject('missing-header', `missing ${missing.join(', ')}`)
      }
      if (algorithm !== 'SHA256withRSA') {
        return reject('unsupported-algorithm', `PAYPAL-AUTH-ALGO ${algorithm}`)
      }
      let url: URL
      try {
        url = new URL(certUrl)
      } catch {
        return reject('cert-url-not-allowed', 'PAYPAL-CERT-URL is not a URL')
      }
      const isLoopback = LOOPBACK_HOSTNAMES.has(url.hostname)
      if (!allowedCertHosts.has(url.host.toLowerCase())) {
        return reject('cert-url-not-allowed', `certificate host ${url.host} is not allowed`)
      }
      // only the local fake (loopback) may serve its certificate over plain http
      if (url.protocol !== 'https:' && !(isLoopback && url.protocol === 'http:')) {
        return reject('cert-url-not-allowed', 'certificate URL must be https')
      }
      if (url.username || url.password) {
        return reject('cert-url-not-allowed', 'certificate URL must not carry credentials')
      }
      const cert = await certificate(url.href)
      if (typeof cert === 'string') return reject('cert-unavailable', cert)

      const rawBody =
        typeof input.rawBody === 'string' ? Buffer.from(input.rawBody, 'utf8') : input.rawBody
      const message = payPalWebhookSignedMessage({
        transmissionId,
        transmissionTime,
        webhookId: options.webhookId,
        rawBody,
      })
      const isValid = createVerify('SHA256')
        .update(message)
        .verify(cert.publicKey, Buffer.from(signature, 'base64'))
      if (!isValid) {
        return reject(
          'bad-signature',
          'signature does not match the body, the transmission or our webhook id',
        )
      }

      let parsed: unknown
      try {
        parsed = JSON.parse(Buffer.from(rawBody).toString('utf8'))
      } catch {
        return reject('malformed-body', 'body is not JSON')
      }
      const event =
        parsed && typeof parsed === 'object' && !Array.isArray(parsed)
          ? parseWebhookEvent(parsed as Record<string, unknown>)
          : null
      if (!event) return reject('malformed-body', 'body is not a PayPal event we can read')
      return { isVerified: true, event }
    } catch (error) {
      // whatever went wrong, the delivery is not verified; never a 500 for PayPal to retry on
      return reject('bad-signature', error instanceof Error ? error.message : String(error))
    }
  }

  return {
    async createOrder(input) {
      if (!input.paymentId || input.paymentId.length > 127) {
        throw new RangeError('paymentId must be 1 to 127 characters (PayPal custom_id)')
      }
      const body = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: 'default',
            custom_id: input.paymentId,
            amount: {
              currency_code: input.currency,
              value: centsToPayPalValue(input.amountCents, input.currency),
            },
            // PayPal refuses descriptions over 127 characters; a shorter label beats a failed order
            ...(input.description ? { description: input.description.slice(0, 127) } : {}),
          },
        ],
      }
      const created = await call(z.object({ id: z.string().min(1), status: z.string() }), {
        operation: 'create order',
        method: 'POST',
        path: '/v2/checkout/orders',
        body,
        requestId: input.requestId,
      })
      return { id: created.id, status: created.status }
    },

    async captureOrder(orderId, { requestId }) {
      try {
        const captured = await call(orderSchema, {
          operation: 'capture order',
          method: 'POST',
          path: `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
          body: {},
          requestId,
        })
        return { ...toOrder(captured), isAlreadyCaptured: false }
      } catch (error) {
        // a capture whose answer we lost, or a second click: the money moved once; read it back
        if (error instanceof PayPalError && error.issue === 'ORDER_ALREADY_CAPTURED') {
          const order = await getOrder(orderId)
          if (order.status === 'COMPLETED') return { ...order, isAlreadyCaptured: true }
        }
        throw error
      }
    },

    getOrder,

    async getCapture(captureId) {
      const capture = await call(captureSchema, {
        operation: 'get capture',
        method: 'GET',
        path: `/v2/payments/captures/${encodeURIComponent(captureId)}`,
      })
      return toCapture(capture, null)
    },

    async refundCapture(captureId, { requestId, noteToPayer }) {
      try {
        const refund = await call(z.object({ id: z.string().min(1), status: z.string() }), {
          operation: 'refund capture',
          method: 'POST',
          path: `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
          body: noteToPayer ? { note_to_payer: noteToPayer.slice(0, 255) } : {},
          requestId,
        })
        return { id: refund.id, status: refund.status }
      } catch (error) {
        // refunded before (a repeat whose answer we lost, or from PayPal's dashboard)
        if (error instanceof PayPalError && error.issue === 'CAPTURE_FULLY_REFUNDED') {
          return { id: null, status: 'COMPLETED' }
        }
        throw error
      }
    },

    verifyWebhook,
  }
}
