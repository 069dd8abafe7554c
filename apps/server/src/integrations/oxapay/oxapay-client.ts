import { setTimeout as sleep } from 'node:timers/promises'
import { centsToDollars } from '@tp/domain'
import type { z } from 'zod'
import { systemClock, type Clock } from '../../lib/clock'
import {
  OxaPayError,
  normalizeOxaPayStatus,
  type CreateWhiteLabelPaymentInput,
  type OxaPay,
  type OxaPayErrorKind,
  type OxaPayPayment,
  type OxaPayPaymentFilter,
  type OxaPayPayout,
  normalizeOxaPayPayoutStatus,
  type OxaPayWhiteLabelSession,
} from './oxapay'
import { verifyOxaPayCallback } from './oxapay-callback'
import {
  currenciesSchema,
  envelopeSchema,
  listSchema,
  parseJsonKeepingNumbers,
  paymentPageSchema,
  paymentSchema,
  payoutPageSchema,
  payoutSchema,
  pricesSchema,
  usdAmountToCents,
  whiteLabelSchema,
  type WireEnvelope,
  type WirePayment,
  type WirePayout,
} from './oxapay-wire'

// The real OxaPay adapter, written to the v1 wire contract (contracts/integrations.md 2.1-2.4):
// `merchant_api_key` header, the {data, message, error, status, version} envelope, errors by HTTP
// status. POSTs are sent once: OxaPay documents no idempotency key, so a retried create could
// open a second payment the buyer might pay. GETs are retried on network errors and 5xx.

export type OxaPayClientOptions = {
  /** v1 root, e.g. https://api.oxapay.com/v1 (OXAPAY_API_BASE) or the fake's apiBase. */
  apiBase: string
  merchantApiKey: string
  /** Needed only to verify payout callbacks. */
  payoutApiKey?: string | null
  fetch?: typeof globalThis.fetch
  /** Per attempt. Default 15 s. */
  timeoutMs?: number
  /** GET retries after a network error or a 5xx. Default 3 attempts, 250 ms doubling. */
  getRetry?: { attempts: number; baseDelayMs: number }
  /** Fallback creation time when OxaPay omits `date`. */
  clock?: Clock
}

type Request = {
  method: 'GET' | 'POST'
  path: string
  auth: 'merchant' | 'payout' | 'none'
  body?: Record<string, unknown>
  query?: Record<string, string | number | undefined>
}

const PROVIDER_MESSAGE_LIMIT = 300

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`)
    .join('; ')
}

function retryAfterSeconds(headers: Headers): number | null {
  const value = headers.get('retry-after')
  if (!value) return null
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds)
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000))
}

function errorFromResponse(
  label: string,
  status: number,
  envelope: WireEnvelope | null,
  headers: Headers,
): OxaPayError {
  const field = envelope?.error?.key ?? null
  const providerMessage =
    (envelope?.error?.message ?? envelope?.message ?? null)?.slice(0, PROVIDER_MESSAGE_LIMIT) ??
    null
  const common = { httpStatus: status, providerMessage }
  const make = (kind: OxaPayErrorKind, message: string, extra: object = {}) =>
    new OxaPayError(kind, message, { ...common, ...extra })
  if (status === 400 || status === 422) {
    return make('validation', `OxaPay refused ${label}: invalid ${field ?? 'request'}`, { field })
  }
  if (status === 401 || status === 403) {
    return make('unauthorized', `OxaPay refused the API key for ${label} (${status})`)
  }
  if (status === 404) return make('not_found', `OxaPay found nothing for ${label}`)
  if (status === 429) {
    return make('rate_limited', `OxaPay rate-limited ${label}`, {
      retryAfterSeconds: retryAfterSeconds(headers),
    })
  }
  if (status >= 500) return make('unavailable', `OxaPay failed on ${label} (${status})`)
  return make('rejected', `OxaPay refused ${label} (${status})`)
}

export function createOxaPayClient(options: OxaPayClientOptions): OxaPay {
  const apiBase = options.apiBase.replace(/\/+$/, '')
  const fetchImpl = options.fetch ?? globalThis.fetch
  const timeoutMs = options.timeoutMs ?? 15_000
  const getRetry = options.getRetry ?? { attempts: 3, baseDelayMs: 250 }
  const clock = options.clock ?? systemClock

  async function sendOnce(request: Request, label: string): Promise<unknown> {
    const url = new URL(apiBase + request.path)
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined && value !== '') url.searchParams.set(name, String(value))
    }
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (request.auth === 'merchant') headers.merchant_api_key = options.merchantApiKey
    if (request.auth === 'payout') headers.payout_api_key = options.payoutApiKey ?? ''
    if (request.body) headers['Content-Type'] = 'application/json'

    let status: number
    let responseHeaders: Headers
    let text: string
    try {
      const response = await fetchImpl(url, {
        method: request.method,
        headers,
        ...(request.body ? { body: JSON.stringify(request.body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      })
      status = response.status
      responseHeaders = response.headers
      text = await response.text()
    } catch (cause) {
      throw new OxaPayError('network', `OxaPay did not answer ${label}`, { cause })
    }

    let envelope: WireEnvelope | null = null
    try {
      const parsed = envelopeSchema.safeParse(parseJsonKeepingNumbers(text))
      if (parsed.success) envelope = parsed.data
    } catch {
      // not JSON (a proxy's HTML error page...): judged by the HTTP status alone below
    }
    // a 200 carrying an error status in its envelope is still an error
    const effectiveStatus =
      status < 400 && envelope?.status != null && envelope.status >= 400 ? envelope.status : status
    if (effectiveStatus >= 400) {
      throw errorFromResponse(label, effectiveStatus, envelope, responseHeaders)
    }
    if (!envelope) {
      throw new OxaPayError('invalid_response', `OxaPay answered ${label} without a v1 envelope`, {
        httpStatus: status,
      })
    }
    return envelope.data
  }

  const isEnabled = options.merchantApiKey.trim() !== ''

  async function send(request: Request): Promise<unknown> {
    const label = `${request.method} ${request.path}`
    if (!isEnabled && request.auth === 'merchant') {
      throw new OxaPayError('not_configured', `OxaPay is not configured (no merchant API key)`)
    }
    if (request.auth === 'payout' && !options.payoutApiKey?.trim()) {
      throw new OxaPayError(
        'not_configured',
        `OxaPay payouts are not configured (no payout API key)`,
      )
    }
    const attempts = request.method === 'GET' ? Math.max(1, getRetry.attempts) : 1
    for (let attempt = 1; ; attempt++) {
      try {
        return await sendOnce(request, label)
      } catch (error) {
        const isRetryable =
          error instanceof OxaPayError && (error.kind === 'network' || error.kind === 'unavailable')
        if (!isRetryable || attempt >= attempts) throw error
        await sleep(getRetry.baseDelayMs * 2 ** (attempt - 1))
      }
    }
  }

  function read<T extends z.ZodType>(schema: T, data: unknown, label: string): z.output<T> {
    const parsed = schema.safeParse(data)
    if (!parsed.success) {
      throw new OxaPayError(
        'invalid_response',
        `OxaPay's answer to ${label} has an unexpected shape: ${describeIssues(parsed.error)}`,
      )
    }
    return parsed.data
  }

  function toPayment(wire: WirePayment, label: string): OxaPayPayment {
    if (wire.amount === null) {
      throw new OxaPayError('invalid_response', `OxaPay's answer to ${label} has no amount`)
    }
    const currency = (wire.currency ?? 'USD').toUpperCase()
    return {
      trackId: wire.track_id,
      type: (wire.type ?? '').toLowerCase(),
      status: normalizeOxaPayStatus(wire.status),
      rawStatus: wire.status,
      amount: wire.amount,
      amountCents: usdAmountToCents(wire.amount, currency),
      currency,
      orderId: wire.order_id,
      email: wire.email,
      expiresAt: wire.expired_at,
      createdAt: wire.date,
      txs: wire.txs.map((tx) => ({
        txHash: tx.tx_hash ?? '',
        amount: tx.amount,
        currency: tx.currency ?? '',
        network: tx.network ?? '',
        address: tx.address ?? '',
        status: (tx.status ?? '').toLowerCase(),
        confirmations: tx.confirmations,
        date: tx.date,
      })),
    }
  }

  function toPayout(wire: WirePayout): OxaPayPayout {
    return {
      trackId: wire.track_id,
      status: normalizeOxaPayPayoutStatus(wire.status),
      rawStatus: wire.status,
      address: wire.address,
      currency: wire.currency,
      network: wire.network,
      amount: wire.amount,
      description: wire.description,
      txHash: wire.tx_hash,
      date: wire.date,
    }
  }

  function validationError(field: string, message: string): OxaPayError {
    return new OxaPayError('validation', message, { field })
  }

  return {
    isEnabled,

    async createWhiteLabelPayment(input: CreateWhiteLabelPaymentInput) {
      let amount: number
      try {
        amount = centsToDollars(input.amountCents)
      } catch {
        throw validationError('amount', 'amountCents must be a whole number of cents')
      }
      if (amount <= 0) throw validationError('amount', 'amountCents must be positive')
      if (input.currency !== 'USD') throw validationError('currency', 'only USD prices are sent')
      const payCurrency = input.payCurrency.trim().toUpperCase()
      if (!payCurrency) throw validationError('pay_currency', 'payCurrency is required')

      const label = 'POST /payment/white-label'
      const data = await send({
        method: 'POST',
        path: '/payment/white-label',
        auth: 'merchant',
        body: {
          pay_currency: payCurrency,
          // cents / 100 is the double nearest the exact decimal: JSON prints 5999 as 59.99
          amount,
          currency: input.currency,
          ...(input.network?.trim() ? { network: input.network.trim() } : {}),
          lifetime: input.lifetimeMinutes,
          callback_url: input.callbackUrl,
          email: input.email,
          order_id: input.orderId,
          description: input.description,
        },
      })
      const wire = read(whiteLabelSchema, data, label)
      const currency = (wire.currency ?? input.currency).toUpperCase()
      const amountCents = usdAmountToCents(wire.amount, currency)
      // a payment for another sum than the order's must not be shown to the buyer
      if (amountCents !== input.amountCents) {
        throw new OxaPayError(
          'invalid_response',
          `OxaPay created payment ${wire.track_id} for ${wire.amount ?? '?'} ${currency}, not ${amount} USD`,
        )
      }
      if (wire.pay_amount === null || wire.expired_at === null) {
        throw new OxaPayError(
          'invalid_response',
          `OxaPay's answer to ${label} lacks pay_amount or expired_at`,
        )
      }
      const session: OxaPayWhiteLabelSession = {
        trackId: wire.track_id,
        amountCents,
        currency: 'USD',
        payAmount: wire.pay_amount,
        payCurrency: (wire.pay_currency ?? payCurrency).toUpperCase(),
        network: wire.network ?? input.network ?? '',
        address: wire.address,
        memo: wire.memo,
        qrCodeUrl: wire.qr_code,
        rate: wire.rate,
        orderId: wire.order_id,
        expiresAt: wire.expired_at,
        createdAt: wire.date ?? clock.now(),
      }
      return session
    },

    async getPayment(trackId) {
      if (!trackId.trim()) throw validationError('track_id', 'trackId is required')
      const path = `/payment/${encodeURIComponent(trackId.trim())}`
      const data = await send({ method: 'GET', path, auth: 'merchant' })
      return toPayment(read(paymentSchema, data, `GET ${path}`), `GET ${path}`)
    },

    async listPayments(filter: OxaPayPaymentFilter = {}) {
      const label = 'GET /payment'
      const data = await send({
        method: 'GET',
        path: '/payment',
        auth: 'merchant',
        query: {
          track_id: filter.trackId,
          status: filter.status,
          type: filter.type,
          pay_currency: filter.payCurrency,
          page: filter.page,
          size: filter.size,
        },
      })
      const page = read(paymentPageSchema, data, label)
      return {
        payments: page.list.map((payment) => toPayment(payment, label)),
        page: page.meta?.page ?? filter.page ?? 1,
        lastPage: page.meta?.last_page ?? 1,
        total: page.meta?.total ?? page.list.length,
      }
    },

    async acceptedCurrencies() {
      const path = '/payment/accepted-currencies'
      const data = await send({ method: 'GET', path, auth: 'merchant' })
      return read(listSchema, data, `GET ${path}`).list.map((symbol) => symbol.toUpperCase())
    },

    async supportedCurrencies() {
      const path = '/common/currencies'
      const data = await send({ method: 'GET', path, auth: 'none' })
      const currencies = read(currenciesSchema, data, `GET ${path}`)
      return Object.entries(currencies).map(([key, currency]) => ({
        symbol: (currency.symbol ?? key).toUpperCase(),
        name: currency.name ?? key,
        isEnabled: currency.status,
        networks: Object.entries(currency.networks ?? {}).map(([networkKey, network]) => ({
          network: network.network ?? networkKey,
          name: network.name ?? network.network ?? networkKey,
          requiredConfirmations: network.required_confirmations,
        })),
      }))
    },

    async createPayout(input) {
      const data = await send({
        method: 'POST',
        path: '/payout',
        auth: 'payout',
        body: {
          address: input.address,
          currency: input.currency,
          network: input.network,
          amount: input.amount,
          callback_url: input.callbackUrl,
          ...(input.memo ? { memo: input.memo } : {}),
          description: input.description,
        },
      })
      const created = read(payoutSchema, data, 'POST /payout')
      return toPayout({ ...created, description: created.description ?? input.description })
    },

    async getPayout(trackId) {
      if (!trackId.trim()) throw validationError('track_id', 'trackId is required')
      const path = `/payout/${encodeURIComponent(trackId.trim())}`
      const data = await send({ method: 'GET', path, auth: 'payout' })
      return toPayout(read(payoutSchema, data, `GET ${path}`))
    },

    async listPayouts(filter = {}) {
      const data = await send({
        method: 'GET',
        path: '/payout',
        auth: 'payout',
        query: { status: filter.status, page: filter.page, size: filter.size },
      })
      return read(payoutPageSchema, data, 'GET /payout').list.map(toPayout)
    },

    async usdPrices() {
      const data = await send({ method: 'GET', path: '/common/prices', auth: 'none' })
      return read(pricesSchema, data, 'GET /common/prices')
    },

    verifyCallback(input) {
      return verifyOxaPayCallback({
        ...input,
        merchantApiKey: options.merchantApiKey,
        payoutApiKey: options.payoutApiKey ?? null,
      })
    },
  }
}
