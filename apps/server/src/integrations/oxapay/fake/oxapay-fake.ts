import { randomInt } from 'node:crypto'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { z } from 'zod'
import { systemClock, type Clock } from '../../../lib/clock'
import { safeEqual } from '../../../lib/crypto'
import {
  addDecimals,
  compareDecimals,
  decimalToJsonNumber,
  divideDecimalsExact,
  isDecimalString,
  multiplyDecimals,
  subtractDecimals,
  toDecimalString,
} from '../exact-decimal'
import { OXAPAY_LIFETIME_MINUTES } from '../oxapay'
import { signOxaPayBody } from '../oxapay-callback'
import {
  findCryptoCurrency,
  findCryptoNetwork,
  productCryptoCurrencies,
  productCryptoNetworks,
  type CryptoNetwork,
} from '@tp/api'
import { registerFakePayouts, type FakePayouts } from './fake-payouts'
import { renderFakeQrPng } from './fake-qr-image'
import { renderSandboxPage } from './sandbox-page'
import {
  fakeAddress,
  fakeCoinsPerUsd,
  fakeMemo,
  fakeRequiredConfirmations,
  fakeTxHash,
  fakeUsdPrices,
} from './fake-wallets'

// A local stand-in for OxaPay's v1 merchant API (contracts/integrations.md section 2), on
// 127.0.0.1 with an ephemeral port: white-label payments, payment information and history,
// accepted/supported currencies, the QR image, and signed callbacks to the callback_url given at
// creation. Development and tests use it whenever OxaPay is not configured; the real adapter
// (oxapay-client.ts) runs against it unchanged. Tests and browser journeys drive payments through
// `setStatus`/`sendCallback` or the same moves under /__control/.

export const FAKE_OXAPAY_MERCHANT_API_KEY = 'fake-oxapay-merchant-key-for-local-use-only'
export const FAKE_OXAPAY_PAYOUT_API_KEY = 'fake-oxapay-payout-key-for-local-use-only'

/** The statuses of OxaPay's v1 payment status table (contract 2.5), as the API spells them. */
export const fakePaymentStatuses = [
  'new',
  'waiting',
  'paying',
  'paid',
  'underpaid',
  'expired',
  'refunding',
  'refunded',
  'manual_accept',
] as const
export type FakePaymentStatus = (typeof fakePaymentStatuses)[number]

/**
 * Moves OxaPay makes (contract 2.5/2.6): funds seen -> paying -> paid; a deadline passing with
 * no or partial funds -> expired / underpaid (expired may still hold late funds); the merchant
 * may accept or refund what arrived.
 */
const allowedMoves: Record<FakePaymentStatus, readonly FakePaymentStatus[]> = {
  new: ['waiting', 'paying', 'paid', 'underpaid', 'expired'],
  waiting: ['paying', 'paid', 'underpaid', 'expired'],
  paying: ['paid', 'underpaid', 'expired'],
  paid: ['refunding'],
  underpaid: ['manual_accept', 'refunding'],
  expired: ['manual_accept', 'refunding'],
  manual_accept: ['refunding'],
  refunding: ['refunded'],
  refunded: [],
}

export type FakeOxaPayTx = {
  txHash: string
  /** Coins received, exact. */
  amount: string
  status: 'confirming' | 'confirmed'
  confirmations: number
  senderAddress: string
  /** Unix seconds. */
  date: number
}

export type FakeCallbackDelivery = {
  attempt: number
  url: string
  /** HTTP status of the app's answer; null when it could not be reached. */
  status: number | null
  body: string
  /** OxaPay counts a delivery only when the answer is 200 with body "ok". */
  isAcknowledged: boolean
  /** The bytes sent and the HMAC header sent with them. */
  rawBody: string
  signature: string
  error?: string
}

export type FakeOxaPayPayment = {
  trackId: string
  type: 'white_label'
  status: FakePaymentStatus
  /** Price in `currency`, exact. */
  amount: string
  currency: string
  payAmount: string
  payCurrency: string
  network: CryptoNetwork
  address: string
  memo: string
  /** USD price of one coin used for this payment. */
  rate: string
  lifetime: number
  feePaidByPayer: 0 | 1
  underPaidCoverage: string
  callbackUrl: string
  email: string
  orderId: string
  description: string
  /** Unix seconds. */
  createdAt: number
  expiresAt: number
  txs: FakeOxaPayTx[]
  deliveries: FakeCallbackDelivery[]
}

export type FakeOxaPayFault = {
  /** Answer with this HTTP status and an error envelope (e.g. 500, 503, 429). */
  status?: number
  /** Close the connection without answering (a network failure). */
  drop?: boolean
  /** How many matching requests fail. Default 1. */
  times?: number
  method?: 'GET' | 'POST'
  /** Only requests whose path starts with this (e.g. "/v1/payment/white-label"). */
  path?: string
  retryAfterSeconds?: number
}

export type SendCallbackOptions = {
  /** Sent verbatim instead of the payment's capitalised status (e.g. "Confirming", "PAID"). */
  status?: string
  /** Alter the body after signing (forged-callback tests): true, or your own edit. */
  tamper?: boolean | ((rawBody: string) => string)
}

export type OxaPayFake = {
  url: string
  /** The v1 root to give the adapter (OXAPAY_API_BASE). */
  apiBase: string
  merchantApiKey: string
  payoutApiKey: string
  /** Moves a payment as OxaPay would, adding the transactions the move implies. */
  setStatus(
    trackId: string,
    status: FakePaymentStatus,
    options?: { payAmount?: string },
  ): FakeOxaPayPayment
  /** POSTs the signed v1 callback for the payment's current state to its callback_url. */
  sendCallback(trackId: string, options?: SendCallbackOptions): Promise<FakeCallbackDelivery>
  payments(): FakeOxaPayPayment[]
  payment(trackId: string): FakeOxaPayPayment | undefined
  /** Makes the next matching API request(s) fail. */
  failNext(fault: FakeOxaPayFault): void
  /** The payout API (fake-payouts.ts). */
  payouts: FakePayouts
  /** API requests received (method and path), oldest first. */
  requests(): { method: string; path: string }[]
  close(): Promise<void>
}

export type StartOxaPayFakeOptions = {
  merchantApiKey?: string
  payoutApiKey?: string
  clock?: Clock
  /**
   * Delays of further attempts after an unacknowledged callback. OxaPay retries after ~1 min,
   * 3 min, 30 min and 3 h; default none, so tests see exactly one delivery.
   */
  callbackRetryDelaysMs?: readonly number[]
  /** The fake confirms a payout by itself this long after it is sent; null: only by hand. */
  payoutAutoConfirmMs?: number | null
}

export class FakeOxaPayControlError extends Error {
  constructor(
    readonly statusCode: 404 | 409,
    message: string,
  ) {
    super(message)
    this.name = 'FakeOxaPayControlError'
  }
}

const VERSION = '1.0.0'

function envelope(data: unknown) {
  return {
    data,
    message: 'Operation completed successfully!',
    error: {},
    status: 200,
    version: VERSION,
  }
}

function errorEnvelope(status: number, type: string, key: string, message: string) {
  return { data: {}, message, error: { type, key, message }, status, version: VERSION }
}

function sendError(
  reply: FastifyReply,
  status: number,
  type: string,
  key: string,
  message: string,
): FastifyReply {
  return reply.code(status).send(errorEnvelope(status, type, key, message))
}

type Refusal = { key: string; message: string }

function capitalise(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1)
}

const num = decimalToJsonNumber

function isInteger(value: unknown): value is number | string {
  return (
    (typeof value === 'number' && Number.isSafeInteger(value)) ||
    (typeof value === 'string' && /^-?\d{1,9}$/.test(value.trim()))
  )
}

function asDecimal(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return toDecimalString(value)
  if (typeof value === 'string' && value.trim() !== '' && isDecimalString(value)) {
    return toDecimalString(value)
  }
  return null
}

type CreateRequest = {
  payCurrency: string
  network: CryptoNetwork
  amount: string
  currency: string
  lifetime: number
  feePaidByPayer: 0 | 1
  underPaidCoverage: string
  callbackUrl: string
  email: string
  orderId: string
  description: string
}

/** Checks a create request the way OxaPay does: the first offending field is named. */
function readCreateRequest(body: unknown): CreateRequest | Refusal {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { key: 'body', message: 'The request body must be a JSON object.' }
  }
  const b = body as Record<string, unknown>

  if (b.pay_currency === undefined || b.pay_currency === null || b.pay_currency === '') {
    return { key: 'pay_currency', message: 'The pay currency field is required.' }
  }
  const coin = typeof b.pay_currency === 'string' ? findCryptoCurrency(b.pay_currency) : undefined
  if (!coin) return { key: 'pay_currency', message: 'The selected pay currency is invalid.' }

  if (b.amount === undefined || b.amount === null || b.amount === '') {
    return { key: 'amount', message: 'The amount field is required.' }
  }
  const amount = asDecimal(b.amount)
  if (amount === null) return { key: 'amount', message: 'The amount must be a number.' }
  if (compareDecimals(amount, '0') <= 0) {
    return { key: 'amount', message: 'The amount must be greater than 0.' }
  }

  const currency = b.currency === undefined || b.currency === null ? 'USD' : b.currency
  if (typeof currency !== 'string' || currency.trim().toUpperCase() !== 'USD') {
    return { key: 'currency', message: 'The selected currency is invalid.' }
  }

  if (b.network !== undefined && b.network !== null && typeof b.network !== 'string') {
    return { key: 'network', message: 'The network must be a string.' }
  }
  const network = findCryptoNetwork(coin, b.network as string | undefined)
  if (!network) return { key: 'network', message: 'The selected network is invalid.' }

  let lifetime = 60
  if (b.lifetime !== undefined && b.lifetime !== null) {
    if (!isInteger(b.lifetime)) {
      return { key: 'lifetime', message: 'The lifetime field must be an integer.' }
    }
    lifetime = Number(b.lifetime)
    const { min, max } = OXAPAY_LIFETIME_MINUTES
    if (lifetime < min || lifetime > max) {
      return { key: 'lifetime', message: `The lifetime field must be between ${min} and ${max}.` }
    }
  }

  let feePaidByPayer: 0 | 1 = 0
  if (b.fee_paid_by_payer !== undefined && b.fee_paid_by_payer !== null) {
    const fee = b.fee_paid_by_payer
    if (fee !== 0 && fee !== 1 && fee !== '0' && fee !== '1' && typeof fee !== 'boolean') {
      return { key: 'fee_paid_by_payer', message: 'The fee paid by payer field must be 0 or 1.' }
    }
    feePaidByPayer = fee === 1 || fee === '1' || fee === true ? 1 : 0
  }

  let underPaidCoverage = '0'
  if (b.under_paid_coverage !== undefined && b.under_paid_coverage !== null) {
    const coverage = asDecimal(b.under_paid_coverage)
    if (
      coverage === null ||
      compareDecimals(coverage, '0') < 0 ||
      compareDecimals(coverage, '60') > 0
    ) {
      return {
        key: 'under_paid_coverage',
        message: 'The under paid coverage field must be between 0 and 60.',
      }
    }
    underPaidCoverage = coverage
  }

  let callbackUrl = ''
  if (b.callback_url !== undefined && b.callback_url !== null && b.callback_url !== '') {
    const isUrl =
      typeof b.callback_url === 'string' &&
      z.url({ protocol: /^https?$/ }).safeParse(b.callback_url).success
    if (!isUrl) return { key: 'callback_url', message: 'The callback url must be a valid URL.' }
    callbackUrl = b.callback_url as string
  }

  let email = ''
  if (b.email !== undefined && b.email !== null && b.email !== '') {
    if (typeof b.email !== 'string' || !z.email().safeParse(b.email).success) {
      return { key: 'email', message: 'The email must be a valid email address.' }
    }
    email = b.email
  }

  for (const key of ['order_id', 'description'] as const) {
    const value = b[key]
    if (value !== undefined && value !== null && typeof value !== 'string') {
      return { key, message: `The ${key.replace('_', ' ')} must be a string.` }
    }
  }

  return {
    payCurrency: coin.symbol,
    network,
    amount,
    currency: 'USD',
    lifetime,
    feePaidByPayer,
    underPaidCoverage,
    callbackUrl,
    email,
    orderId: (b.order_id as string | undefined) ?? '',
    description: (b.description as string | undefined) ?? '',
  }
}

export async function startOxaPayFake(options: StartOxaPayFakeOptions = {}): Promise<OxaPayFake> {
  const merchantApiKey = options.merchantApiKey ?? FAKE_OXAPAY_MERCHANT_API_KEY
  const payoutApiKey = options.payoutApiKey ?? FAKE_OXAPAY_PAYOUT_API_KEY
  const clock = options.clock ?? systemClock
  const retryDelays = options.callbackRetryDelaysMs ?? []

  const store = new Map<string, FakeOxaPayPayment>()
  const faults: (FakeOxaPayFault & { remaining: number })[] = []
  const requestLog: { method: string; path: string }[] = []
  const retryTimers = new Set<NodeJS.Timeout>()
  const qrImages = new Map<string, Buffer>()

  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000)

  const app = Fastify({ logger: false })
  let baseUrl = ''

  // an unparseable body or any surprise still answers in OxaPay's envelope
  app.setErrorHandler((error: { statusCode?: number; message?: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500
    return sendError(
      reply,
      status,
      status < 500 ? 'validation_error' : 'server_error',
      'body',
      status < 500 ? 'The request could not be read.' : 'Internal server error.',
    )
  })

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    if (!path.startsWith('/v1/')) return
    requestLog.push({ method: request.method, path })
    const fault = faults.find(
      (f) =>
        f.remaining > 0 &&
        (!f.method || f.method === request.method) &&
        (!f.path || path.startsWith(f.path)),
    )
    if (!fault) return
    fault.remaining--
    if (fault.drop) {
      reply.hijack()
      request.raw.socket.destroy()
      return
    }
    const status = fault.status ?? 500
    if (fault.retryAfterSeconds !== undefined) {
      reply.header('Retry-After', String(fault.retryAfterSeconds))
    }
    return sendError(
      reply,
      status,
      status === 429 ? 'rate_limit' : status >= 500 ? 'server_error' : 'error',
      'fault',
      status === 429 ? 'Too many requests.' : 'Injected failure.',
    )
  })

  /** Applies what time does on its own: a waiting payment past its deadline has expired. */
  function current(payment: FakeOxaPayPayment): FakeOxaPayPayment {
    const isOpen = payment.status === 'waiting' || payment.status === 'new'
    if (isOpen && nowSeconds() >= payment.expiresAt) payment.status = 'expired'
    return payment
  }

  function find(trackId: string): FakeOxaPayPayment {
    const payment = store.get(trackId)
    if (!payment) throw new FakeOxaPayControlError(404, `no payment ${trackId}`)
    return current(payment)
  }

  function snapshot(payment: FakeOxaPayPayment): FakeOxaPayPayment {
    return structuredClone(payment)
  }

  function isMerchant(request: FastifyRequest): boolean {
    const key = request.headers['merchant_api_key']
    return typeof key === 'string' && safeEqual(key, merchantApiKey)
  }

  function refuseKey(reply: FastifyReply) {
    return sendError(
      reply,
      401,
      'authentication_error',
      'merchant_api_key',
      'The merchant API key is invalid.',
    )
  }

  function received(payment: FakeOxaPayPayment): string {
    return payment.txs.reduce((sum, tx) => addDecimals(sum, tx.amount), '0')
  }

  function addTx(payment: FakeOxaPayPayment, amount: string, status: FakeOxaPayTx['status']) {
    const seed = `${payment.trackId}:${payment.txs.length}`
    payment.txs.push({
      txHash: fakeTxHash(seed, payment.network.code),
      amount,
      status,
      confirmations: status === 'confirmed' ? requiredConfirmations(payment) : 0,
      senderAddress: fakeAddress(`${seed}:sender`, payment.network.code),
      date: nowSeconds(),
    })
  }

  function requiredConfirmations(payment: FakeOxaPayPayment): number {
    return fakeRequiredConfirmations[payment.network.code] ?? 1
  }

  function confirmAll(payment: FakeOxaPayPayment) {
    for (const tx of payment.txs) {
      tx.status = 'confirmed'
      tx.confirmations = Math.max(tx.confirmations, requiredConfirmations(payment))
    }
  }

  function setStatus(
    trackId: string,
    status: FakePaymentStatus,
    moveOptions: { payAmount?: string } = {},
  ): FakeOxaPayPayment {
    const payment = find(trackId)
    if (!allowedMoves[payment.status].includes(status)) {
      throw new FakeOxaPayControlError(
        409,
        `payment ${trackId} cannot move from ${payment.status} to ${status}`,
      )
    }
    let payAmount: string | undefined
    if (moveOptions.payAmount !== undefined) {
      const amount = asDecimal(moveOptions.payAmount)
      if (amount === null || compareDecimals(amount, '0') <= 0) {
        throw new FakeOxaPayControlError(409, `payAmount must be a positive decimal`)
      }
      payAmount = amount
    }
    const missing = subtractDecimals(payment.payAmount, received(payment))
    const hasMissing = compareDecimals(missing, '0') > 0

    // what the move implies on chain, decided before anything changes
    let newTx: { amount: string; status: FakeOxaPayTx['status'] } | null = null
    let isConfirming = false
    switch (status) {
      case 'paying':
        // coins seen on chain, not yet confirmed
        if (payAmount || hasMissing) newTx = { amount: payAmount ?? missing, status: 'confirming' }
        break
      case 'paid':
        isConfirming = true
        if (payAmount || hasMissing) newTx = { amount: payAmount ?? missing, status: 'confirmed' }
        break
      case 'underpaid': {
        isConfirming = true
        const partial = payAmount ?? (payment.txs.length ? null : multiplyDecimals(missing, '0.5'))
        if (partial) newTx = { amount: partial, status: 'confirmed' }
        const total = addDecimals(received(payment), newTx?.amount ?? '0')
        if (compareDecimals(total, '0') <= 0 || compareDecimals(total, payment.payAmount) >= 0) {
          throw new FakeOxaPayControlError(
            409,
            `an underpaid payment must have received more than 0 and less than ${payment.payAmount}`,
          )
        }
        break
      }
      case 'expired':
        // funds may arrive after the deadline (contract 2.5): they are kept, and confirmed
        isConfirming = true
        if (payAmount) newTx = { amount: payAmount, status: 'confirmed' }
        break
      default:
        break
    }
    if (isConfirming) confirmAll(payment)
    if (newTx) addTx(payment, newTx.amount, newTx.status)
    payment.status = status
    return snapshot(payment)
  }

  function paymentInfo(payment: FakeOxaPayPayment) {
    return {
      track_id: payment.trackId,
      type: payment.type,
      amount: num(payment.amount),
      currency: payment.currency,
      status: payment.status,
      mixed_payment: false,
      fee_paid_by_payer: payment.feePaidByPayer,
      under_paid_coverage: num(payment.underPaidCoverage),
      lifetime: payment.lifetime,
      callback_url: payment.callbackUrl,
      return_url: '',
      email: payment.email,
      order_id: payment.orderId,
      description: payment.description,
      thanks_message: '',
      expired_at: payment.expiresAt,
      date: payment.createdAt,
      txs: payment.txs.map((tx) => ({
        tx_hash: tx.txHash,
        amount: num(tx.amount),
        currency: payment.payCurrency,
        network: payment.network.name,
        address: payment.address,
        status: tx.status,
        confirmations: tx.confirmations,
        auto_convert: { processed: false, amount: 0, currency: '' },
        auto_withdrawal: { processed: false },
        date: tx.date,
      })),
    }
  }

  function callbackPayload(payment: FakeOxaPayPayment, status: string) {
    const value = multiplyDecimals(received(payment), payment.rate)
    return {
      track_id: payment.trackId,
      status,
      type: payment.type,
      amount: num(payment.amount),
      value: num(value),
      sent_value: num(value),
      currency: payment.currency,
      order_id: payment.orderId,
      email: payment.email,
      note: '',
      fee_paid_by_payer: payment.feePaidByPayer,
      under_paid_coverage: num(payment.underPaidCoverage),
      description: payment.description,
      date: nowSeconds(),
      txs: payment.txs.map((tx) => {
        const txValue = num(multiplyDecimals(tx.amount, payment.rate))
        return {
          status: tx.status,
          tx_hash: tx.txHash,
          sent_amount: num(tx.amount),
          received_amount: num(tx.amount),
          value: txValue,
          sent_value: txValue,
          currency: payment.payCurrency,
          network: payment.network.name,
          sender_address: tx.senderAddress,
          address: payment.address,
          rate: num(payment.rate),
          confirmations: tx.confirmations,
          auto_convert_amount: 0,
          auto_convert_currency: '',
          date: tx.date,
        }
      }),
    }
  }

  function tamperWith(rawBody: string): string {
    // what a forger wants: a payment that says Paid, for next to nothing
    const forged = {
      ...(JSON.parse(rawBody) as Record<string, unknown>),
      status: 'Paid',
      amount: 0.01,
    }
    const text = JSON.stringify(forged)
    return text === rawBody ? `${rawBody} ` : text
  }

  async function deliver(
    payment: FakeOxaPayPayment,
    rawBody: string,
    signature: string,
    attempt: number,
  ): Promise<FakeCallbackDelivery> {
    const delivery: FakeCallbackDelivery = {
      attempt,
      url: payment.callbackUrl,
      status: null,
      body: '',
      isAcknowledged: false,
      rawBody,
      signature,
    }
    try {
      const response = await fetch(payment.callbackUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', HMAC: signature },
        body: rawBody,
        signal: AbortSignal.timeout(10_000),
      })
      delivery.status = response.status
      delivery.body = await response.text()
      delivery.isAcknowledged = response.status === 200 && delivery.body.trim() === 'ok'
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error)
    }
    payment.deliveries.push(delivery)
    const nextDelay = retryDelays[attempt - 1]
    if (!delivery.isAcknowledged && nextDelay !== undefined) {
      const timer = setTimeout(() => {
        retryTimers.delete(timer)
        void deliver(payment, rawBody, signature, attempt + 1)
      }, nextDelay)
      timer.unref()
      retryTimers.add(timer)
    }
    return { ...delivery }
  }

  async function sendCallback(
    trackId: string,
    callbackOptions: SendCallbackOptions = {},
  ): Promise<FakeCallbackDelivery> {
    const payment = find(trackId)
    if (!payment.callbackUrl) {
      throw new FakeOxaPayControlError(409, `payment ${trackId} has no callback_url`)
    }
    const status = callbackOptions.status ?? capitalise(payment.status)
    const signedBody = JSON.stringify(callbackPayload(payment, status))
    const signature = signOxaPayBody(signedBody, merchantApiKey)
    const { tamper } = callbackOptions
    const sentBody =
      typeof tamper === 'function'
        ? tamper(signedBody)
        : tamper
          ? tamperWith(signedBody)
          : signedBody
    return deliver(payment, sentBody, signature, 1)
  }

  function newTrackId(): string {
    for (;;) {
      const trackId = String(randomInt(100_000_000, 1_000_000_000))
      if (!store.has(trackId)) return trackId
    }
  }

  // ---- v1 API ----

  app.post('/v1/payment/white-label', async (request, reply) => {
    if (!isMerchant(request)) return refuseKey(reply)
    const input = readCreateRequest(request.body)
    if ('key' in input) return sendError(reply, 400, 'validation_error', input.key, input.message)

    const trackId = newTrackId()
    const createdAt = nowSeconds()
    const coinsPerUsd = fakeCoinsPerUsd[input.payCurrency] ?? '0'
    const payment: FakeOxaPayPayment = {
      trackId,
      type: 'white_label',
      status: 'waiting',
      amount: input.amount,
      currency: input.currency,
      payAmount: multiplyDecimals(input.amount, coinsPerUsd),
      payCurrency: input.payCurrency,
      network: input.network,
      address: fakeAddress(trackId, input.network.code),
      memo: fakeMemo(trackId, input.network.code),
      rate: fakeUsdPrices[input.payCurrency] ?? '0',
      lifetime: input.lifetime,
      feePaidByPayer: input.feePaidByPayer,
      underPaidCoverage: input.underPaidCoverage,
      callbackUrl: input.callbackUrl,
      email: input.email,
      orderId: input.orderId,
      description: input.description,
      createdAt,
      expiresAt: createdAt + input.lifetime * 60,
      txs: [],
      deliveries: [],
    }
    store.set(trackId, payment)
    return envelope({
      track_id: trackId,
      amount: num(payment.amount),
      currency: payment.currency,
      pay_amount: num(payment.payAmount),
      pay_currency: payment.payCurrency,
      network: payment.network.name,
      address: payment.address,
      memo: payment.memo,
      callback_url: payment.callbackUrl,
      description: payment.description,
      email: payment.email,
      fee_paid_by_payer: payment.feePaidByPayer,
      lifetime: payment.lifetime,
      order_id: payment.orderId,
      under_paid_coverage: num(payment.underPaidCoverage),
      rate: num(payment.rate),
      qr_code: `${baseUrl}/qr/${trackId}.png`,
      expired_at: payment.expiresAt,
      date: payment.createdAt,
    })
  })

  app.get('/v1/payment/accepted-currencies', async (request, reply) => {
    if (!isMerchant(request)) return refuseKey(reply)
    return envelope({ list: productCryptoCurrencies.map((c) => c.symbol) })
  })

  app.get('/v1/payment/:track_id', async (request, reply) => {
    if (!isMerchant(request)) return refuseKey(reply)
    const { track_id: trackId } = request.params as { track_id: string }
    const payment = store.get(trackId)
    if (!payment) return sendError(reply, 404, 'not_found', 'track_id', 'Payment not found.')
    return envelope(paymentInfo(current(payment)))
  })

  const historyQuerySchema = z.object({
    track_id: z.string().optional(),
    status: z.string().optional(),
    type: z.string().optional(),
    pay_currency: z.string().optional(),
    currency: z.string().optional(),
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(200).default(10),
  })

  app.get('/v1/payment', async (request, reply) => {
    if (!isMerchant(request)) return refuseKey(reply)
    const parsed = historyQuerySchema.safeParse(request.query)
    if (!parsed.success) {
      const key = String(parsed.error.issues[0]?.path[0] ?? 'query')
      return sendError(reply, 400, 'validation_error', key, `The ${key} field is invalid.`)
    }
    const q = parsed.data
    const same = (a: string, b: string | undefined) => !b || a.toLowerCase() === b.toLowerCase()
    const matching = [...store.values()]
      .map(current)
      .filter(
        (p) =>
          same(p.trackId, q.track_id) &&
          same(p.status, q.status) &&
          same(p.type, q.type) &&
          same(p.payCurrency, q.pay_currency) &&
          same(p.currency, q.currency),
      )
      .sort((a, b) => b.createdAt - a.createdAt || b.trackId.localeCompare(a.trackId))
    const start = (q.page - 1) * q.size
    return envelope({
      list: matching.slice(start, start + q.size).map(paymentInfo),
      meta: {
        page: q.page,
        last_page: Math.max(1, Math.ceil(matching.length / q.size)),
        total: matching.length,
      },
    })
  })

  app.get('/v1/common/currencies', async () =>
    envelope(
      Object.fromEntries(
        productCryptoCurrencies.map((currency) => [
          currency.symbol,
          {
            symbol: currency.symbol,
            name: currency.name,
            status: true,
            networks: Object.fromEntries(
              currency.networks.map((network) => [
                network.code,
                {
                  network: network.code,
                  name: network.name,
                  keys: [network.code],
                  required_confirmations: fakeRequiredConfirmations[network.code] ?? 1,
                  withdraw_fee: 0,
                  withdraw_min: 0,
                  deposit_min: 0,
                  static_fixed_fee: 0,
                },
              ]),
            ),
          },
        ]),
      ),
    ),
  )

  app.get('/v1/common/networks', async () =>
    envelope({ list: productCryptoNetworks.map((network) => network.code) }),
  )

  app.get('/v1/common/prices', async () =>
    envelope(
      Object.fromEntries(
        Object.entries(fakeUsdPrices).map(([symbol, price]) => [symbol, num(price)]),
      ),
    ),
  )

  // the picture behind qr_code: loaded by the buyer's browser from the payment screen
  app.get('/qr/:file', async (request, reply) => {
    const { file } = request.params as { file: string }
    const trackId = file.replace(/\.png$/, '')
    const payment = store.get(trackId)
    if (!payment) return reply.code(404).type('text/plain').send('not found')
    let image = qrImages.get(trackId)
    if (!image) {
      const memo = payment.memo ? `?memo=${payment.memo}` : ''
      image = await renderFakeQrPng(`${payment.address}${memo}#${payment.payAmount}`)
      qrImages.set(trackId, image)
    }
    return reply
      .type('image/png')
      .header('Cache-Control', 'public, max-age=3600')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(image)
  })

  // ---- test controls ----

  const statusControlSchema = z.object({
    status: z.enum(fakePaymentStatuses),
    payAmount: z.string().optional(),
    /** Also send the callback for the new state. */
    notify: z.boolean().optional(),
  })
  const callbackControlSchema = z.object({
    status: z.string().min(1).optional(),
    tamper: z.boolean().optional(),
  })
  const faultSchema = z.object({
    status: z.number().int().min(400).max(599).optional(),
    drop: z.boolean().optional(),
    times: z.number().int().min(1).max(100).optional(),
    method: z.enum(['GET', 'POST']).optional(),
    path: z.string().optional(),
    retryAfterSeconds: z.number().int().min(0).optional(),
  })

  const controlError = (reply: FastifyReply, error: unknown) => {
    if (error instanceof FakeOxaPayControlError) {
      return reply.code(error.statusCode).send({ error: error.message })
    }
    throw error
  }

  app.get('/__control/payments', async () => ({ payments: [...store.values()].map(current) }))

  // the sandbox page and its forms (urlencoded bodies)
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )
  app.get('/', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        renderSandboxPage(
          [...store.values()].map(current).reverse(),
          (status) => allowedMoves[status],
        ),
      ),
  )
  app.post('/__control/payments/:trackId/move', async (request, reply) => {
    const { trackId } = request.params as { trackId: string }
    const parsed = z.object({ status: z.enum(fakePaymentStatuses) }).safeParse(request.body ?? {})
    if (!parsed.success) return reply.code(400).send({ error: parsed.error.message })
    try {
      setStatus(trackId, parsed.data.status)
      await sendCallback(trackId)
    } catch (error) {
      return controlError(reply, error)
    }
    return reply.redirect('/', 303)
  })

  app.get('/__control/payments/:trackId', async (request, reply) => {
    try {
      return find((request.params as { trackId: string }).trackId)
    } catch (error) {
      return controlError(reply, error)
    }
  })

  app.post('/__control/payments/:trackId/status', async (request, reply) => {
    const parsed = statusControlSchema.safeParse(request.body ?? {})
    if (!parsed.success) return reply.code(400).send({ error: parsed.error.message })
    const { trackId } = request.params as { trackId: string }
    try {
      const { status, payAmount, notify } = parsed.data
      const payment = setStatus(trackId, status, payAmount === undefined ? {} : { payAmount })
      const callback = notify ? await sendCallback(trackId) : null
      return { payment, callback }
    } catch (error) {
      return controlError(reply, error)
    }
  })

  app.post('/__control/payments/:trackId/callback', async (request, reply) => {
    const parsed = callbackControlSchema.safeParse(request.body ?? {})
    if (!parsed.success) return reply.code(400).send({ error: parsed.error.message })
    try {
      return await sendCallback((request.params as { trackId: string }).trackId, parsed.data)
    } catch (error) {
      return controlError(reply, error)
    }
  })

  app.post('/__control/faults', async (request, reply) => {
    const parsed = faultSchema.safeParse(request.body ?? {})
    if (!parsed.success) return reply.code(400).send({ error: parsed.error.message })
    failNext(parsed.data)
    return { ok: true }
  })

  function failNext(fault: FakeOxaPayFault) {
    faults.push({ ...fault, remaining: fault.times ?? 1 })
  }

  const payouts = registerFakePayouts(app, {
    payoutApiKey,
    clock,
    autoConfirmMs: options.payoutAutoConfirmMs === undefined ? 1000 : options.payoutAutoConfirmMs,
  })

  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  baseUrl = address.replace('localhost', '127.0.0.1')

  return {
    url: baseUrl,
    apiBase: `${baseUrl}/v1`,
    merchantApiKey,
    payoutApiKey,
    setStatus,
    sendCallback,
    payments: () => [...store.values()].map((p) => snapshot(current(p))),
    payment: (trackId) => {
      const payment = store.get(trackId)
      return payment ? snapshot(current(payment)) : undefined
    },
    failNext,
    payouts,
    requests: () => requestLog.map((entry) => ({ ...entry })),
    close: async () => {
      payouts.close()
      for (const timer of retryTimers) clearTimeout(timer)
      retryTimers.clear()
      await app.close()
    },
  }
}

/** Exact pay amount the fake asks for `usdAmount` of `symbol` (tests compute expectations). */
export function fakePayAmount(usdAmount: string, symbol: string): string {
  const price = fakeUsdPrices[symbol.toUpperCase()]
  if (!price) throw new RangeError(`the OxaPay fake does not price ${symbol}`)
  return divideDecimalsExact(usdAmount, price)
}
