// Crypto payments through OxaPay's white-label API (contracts/integrations.md section 2, v1).
// This file is the port the rest of the server uses: normalized shapes (USD cents, exact decimal
// strings for crypto amounts, Dates, one status vocabulary), the typed error, and the status
// normaliser. The real adapter is oxapay-client.ts; fake/oxapay-fake.ts speaks the same HTTP on
// loopback for development and tests (decision 0008).

/** OxaPay's v1 API root; the adapter appends /payment/..., /common/... */
export const OXAPAY_API_BASE = 'https://api.oxapay.com/v1'

/** The lifetime range OxaPay accepts for a payment, in minutes. */
export const OXAPAY_LIFETIME_MINUTES = { min: 15, max: 2880 } as const

/**
 * One vocabulary for a payment's state, whichever API generation or channel reported it.
 * `expired` may still mean funds arrived after the deadline and `underpaid` means partial funds
 * (contract 2.5): both go to manual review, never silently dropped.
 */
export const oxaPayPaymentStatuses = [
  'new',
  'waiting',
  'paying',
  'paid',
  'underpaid',
  'expired',
  'refunding',
  'refunded',
  'failed',
  'manual_accept',
] as const
export type OxaPayPaymentStatus = (typeof oxaPayPaymentStatuses)[number]

export const oxaPayPayoutStatuses = [
  'processing',
  'pending',
  'confirming',
  'confirmed',
  'canceled',
  'rejected',
  'failed',
] as const
export type OxaPayPayoutStatus = (typeof oxaPayPayoutStatuses)[number]

// Legacy payments said Confirming where v1 says paying; "Manual Accept" and similar spellings
// are folded by the key normalisation below.
const paymentStatusAliases: Record<string, OxaPayPaymentStatus> = { confirming: 'paying' }
const payoutStatusAliases: Record<string, OxaPayPayoutStatus> = { cancelled: 'canceled' }

function statusKey(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
}

/**
 * Any spelling OxaPay uses for a payment status (v1 API "paid", v1 callbacks "Paid", legacy
 * "Confirming") to our vocabulary; null for a status this code does not know, which callers must
 * treat as "needs a human", never as paid.
 */
export function normalizeOxaPayStatus(raw: string): OxaPayPaymentStatus | null {
  const key = statusKey(raw)
  if ((oxaPayPaymentStatuses as readonly string[]).includes(key)) return key as OxaPayPaymentStatus
  return paymentStatusAliases[key] ?? null
}

export function normalizeOxaPayPayoutStatus(raw: string): OxaPayPayoutStatus | null {
  const key = statusKey(raw)
  if ((oxaPayPayoutStatuses as readonly string[]).includes(key)) return key as OxaPayPayoutStatus
  return payoutStatusAliases[key] ?? null
}

export type CreateWhiteLabelPaymentInput = {
  /** The price in whole USD cents; sent as a dollar number (5999 -> 59.99). */
  amountCents: number
  currency: 'USD'
  /** Coin the buyer pays in, e.g. "USDT". */
  payCurrency: string
  /** Network code (e.g. "TRC20"); omitted: OxaPay's default network of the coin. */
  network?: string
  /** 15..2880; OxaPay is the judge, its refusal comes back as a validation OxaPayError. */
  lifetimeMinutes: number
  /** Our payment/order id, echoed back in callbacks and payment information. */
  orderId: string
  email: string
  description: string
  callbackUrl: string
}

/** What the buyer needs to pay: shown on the crypto payment screen (spec 2.7). */
export type OxaPayWhiteLabelSession = {
  trackId: string
  amountCents: number
  currency: 'USD'
  /** Exact amount of `payCurrency` to send, as a decimal string ("0.0005999"). */
  payAmount: string
  payCurrency: string
  /** The network as OxaPay names it in its answer, verbatim. */
  network: string
  address: string
  /** Destination tag/memo for memo chains (TON...); null when the chain needs none. */
  memo: string | null
  qrCodeUrl: string | null
  /** OxaPay's rate for the conversion, as a decimal string, when it gives one. */
  rate: string | null
  orderId: string | null
  expiresAt: Date
  createdAt: Date
}

export type OxaPayTransaction = {
  txHash: string
  /** Amount of `currency` (the coin) in this transaction, exact. */
  amount: string | null
  currency: string
  network: string
  address: string
  /** Lowercased: confirming | confirmed | failed (others passed through). */
  status: string
  confirmations: number | null
  date: Date | null
}

export type OxaPayPayment = {
  trackId: string
  /** white_label, invoice, static_address, ... (lowercased, as sent). */
  type: string
  /** Our vocabulary; null when OxaPay reported a status we do not know (see rawStatus). */
  status: OxaPayPaymentStatus | null
  rawStatus: string
  /** Amount of the payment in `currency`, exact. */
  amount: string
  /** `amount` in cents when `currency` is USD and the amount is whole cents; else null. */
  amountCents: number | null
  currency: string
  orderId: string | null
  email: string | null
  expiresAt: Date | null
  createdAt: Date | null
  txs: OxaPayTransaction[]
}

export type OxaPayPaymentFilter = {
  trackId?: string
  /** Lowercase v1 status, e.g. "paid". */
  status?: string
  type?: string
  payCurrency?: string
  page?: number
  size?: number
}

export type OxaPayPaymentPage = {
  payments: OxaPayPayment[]
  page: number
  lastPage: number
  total: number
}

export type OxaPaySupportedNetwork = {
  network: string
  name: string
  requiredConfirmations: number | null
}
export type OxaPaySupportedCurrency = {
  symbol: string
  name: string
  isEnabled: boolean
  networks: OxaPaySupportedNetwork[]
}

export type OxaPayCallbackTransaction = {
  status: string
  txHash: string | null
  sentAmount: string | null
  receivedAmount: string | null
  currency: string | null
  network: string | null
  address: string | null
  confirmations: number | null
  date: Date | null
}

/** A verified callback about a payment (white_label, invoice, ...). Fulfil only on `paid`. */
export type OxaPayPaymentCallback = {
  kind: 'payment'
  type: string
  trackId: string
  status: OxaPayPaymentStatus | null
  rawStatus: string
  amount: string | null
  /** `amount` in cents when `currency` is USD and the amount is whole cents; else null. */
  amountCents: number | null
  value: string | null
  sentValue: string | null
  currency: string | null
  orderId: string | null
  email: string | null
  date: Date | null
  txs: OxaPayCallbackTransaction[]
  /** The parsed JSON as sent (numbers as exact decimal strings), for the audit log. */
  payload: Record<string, unknown>
}

export type CreatePayoutInput = {
  address: string
  /** coin symbol, e.g. "USDT" */
  currency: string
  /** network code, e.g. "TRC20" */
  network: string
  /** exact amount of the coin, as a decimal string */
  amount: string
  memo?: string
  /** our payout id: how a payout is found again after a lost answer */
  description: string
  callbackUrl: string
}

export type OxaPayPayout = {
  trackId: string
  status: OxaPayPayoutStatus | null
  rawStatus: string
  address: string | null
  currency: string | null
  network: string | null
  amount: string | null
  description: string | null
  txHash: string | null
  date: Date | null
}

/** A verified callback about a payout (signed with the payout key). */
export type OxaPayPayoutCallback = {
  kind: 'payout'
  type: 'payout'
  trackId: string
  status: OxaPayPayoutStatus | null
  rawStatus: string
  amount: string | null
  currency: string | null
  network: string | null
  address: string | null
  txHash: string | null
  date: Date | null
  payload: Record<string, unknown>
}

export type OxaPayCallback = OxaPayPaymentCallback | OxaPayPayoutCallback

export type OxaPayCallbackRejection =
  /** No HMAC header. */
  | 'missing_signature'
  /** The HMAC header is not 128 hex characters. */
  | 'malformed_signature'
  /** The HMAC does not match the body under the key its type requires (forged or altered). */
  | 'bad_signature'
  /** Signed correctly but not a callback we understand (not JSON, no track_id/status...). */
  | 'malformed_body'
  /** We hold no key to check this kind of callback (e.g. a payout without a payout key). */
  | 'not_configured'

export type OxaPayCallbackVerification =
  | { ok: true; callback: OxaPayCallback }
  | { ok: false; reason: OxaPayCallbackRejection; detail: string }

export type OxaPayHeaders =
  Headers | Record<string, string | readonly string[] | number | undefined>

export type VerifyOxaPayCallbackInput = {
  headers: OxaPayHeaders
  /** The request body exactly as received, before any JSON parsing. */
  rawBody: string | Uint8Array
}

export interface OxaPay {
  /** False without a merchant API key: crypto checkout is off (503), every call fails. */
  readonly isEnabled: boolean
  /** Creates a white-label payment. Never retried automatically: OxaPay has no idempotency key. */
  createWhiteLabelPayment(input: CreateWhiteLabelPaymentInput): Promise<OxaPayWhiteLabelSession>
  /** The payment as OxaPay sees it now: re-read before fulfilling on a callback. */
  getPayment(trackId: string): Promise<OxaPayPayment>
  listPayments(filter?: OxaPayPaymentFilter): Promise<OxaPayPaymentPage>
  /** Coins enabled for this merchant. */
  acceptedCurrencies(): Promise<string[]>
  /** Every coin OxaPay supports, with its networks. */
  supportedCurrencies(): Promise<OxaPaySupportedCurrency[]>
  /**
   * Sends crypto from the firm's OxaPay balance (POST /payout, `payout_api_key`). Never retried:
   * OxaPay has no idempotency key, so a caller that lost the answer looks the payout up by its
   * description (our payout id) with `listPayouts` before sending again.
   */
  createPayout(input: CreatePayoutInput): Promise<OxaPayPayout>
  /** The payout as OxaPay sees it now: re-read before believing a payout callback. */
  getPayout(trackId: string): Promise<OxaPayPayout>
  /** Recent payouts, newest first (GET /payout). */
  listPayouts(filter?: { status?: string; page?: number; size?: number }): Promise<OxaPayPayout[]>
  /** USD price of each coin (GET /common/prices): a payout's USD amount in the coin sent. */
  usdPrices(): Promise<Record<string, string>>
  /** Checks a callback's HMAC over the raw bytes; returns a rejection instead of throwing. */
  verifyCallback(input: VerifyOxaPayCallbackInput): OxaPayCallbackVerification
}

export type OxaPayErrorKind =
  /** No merchant API key is configured: nothing was sent. */
  | 'not_configured'
  /** 400: OxaPay refused a field (see `field`), or we refused to send an impossible value. */
  | 'validation'
  /** 401/403: the API key is wrong or not allowed (IP allow-list...). */
  | 'unauthorized'
  | 'not_found'
  | 'rate_limited'
  /** 5xx: OxaPay is failing; safe to try again later. */
  | 'unavailable'
  /** Any other refusal. */
  | 'rejected'
  /** No answer (connection refused, reset, timeout): a POST may or may not have taken effect. */
  | 'network'
  /** An answer we cannot read (not the v1 envelope, missing fields, impossible amounts). */
  | 'invalid_response'

/**
 * Every failure of the adapter. `message` is ours and safe to log (never a key, never a body);
 * OxaPay's own wording is kept apart in `providerMessage`, for logs only.
 */
export class OxaPayError extends Error {
  readonly kind: OxaPayErrorKind
  readonly httpStatus: number | null
  /** The field OxaPay named in a validation error (error.key), e.g. "lifetime". */
  readonly field: string | null
  readonly providerMessage: string | null
  readonly retryAfterSeconds: number | null

  constructor(
    kind: OxaPayErrorKind,
    message: string,
    options: {
      httpStatus?: number | null
      field?: string | null
      providerMessage?: string | null
      retryAfterSeconds?: number | null
      cause?: unknown
    } = {},
  ) {
    super(message, { cause: options.cause })
    this.name = 'OxaPayError'
    this.kind = kind
    this.httpStatus = options.httpStatus ?? null
    this.field = options.field ?? null
    this.providerMessage = options.providerMessage ?? null
    this.retryAfterSeconds = options.retryAfterSeconds ?? null
  }

  /** Worth trying again later (the same request could succeed). */
  get isTransient(): boolean {
    return this.kind === 'unavailable' || this.kind === 'rate_limited' || this.kind === 'network'
  }
}

export function isOxaPayError(error: unknown): error is OxaPayError {
  return error instanceof OxaPayError
}
