// Card payments through PayPal Orders v2 (contracts/integrations.md section 1). This file is the
// port the rest of the server uses: plain types in our own vocabulary, typed errors, and the
// exact conversion between our integer cents and PayPal's decimal strings. The adapter that
// speaks PayPal's HTTP is paypal-client.ts; the local stand-in is fake/paypal-fake.ts.

export const PAYPAL_LIVE_API_BASE = 'https://api-m.paypal.com'
export const PAYPAL_SANDBOX_API_BASE = 'https://api-m.sandbox.paypal.com'
/** What `sdkBaseUrl` of @paypal/paypal-js defaults to; the client id decides live vs sandbox. */
export const PAYPAL_SDK_BASE_URL = 'https://www.paypal.com/sdk/js'
/**
 * Hosts PAYPAL-CERT-URL may point to. Anything else could make us fetch an attacker's
 * certificate (and be used for SSRF), so the webhook is refused before any request is made.
 */
export const PAYPAL_CERT_HOSTS = ['api.paypal.com', 'api.sandbox.paypal.com']

/** Order statuses (section 1.5); typed as string because PayPal may add values. */
export type PayPalOrderStatus =
  'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED'
/** Capture statuses; PENDING means "wait for PAYMENT.CAPTURE.COMPLETED" (pitfall 2). */
export type PayPalCaptureStatus =
  'COMPLETED' | 'DECLINED' | 'PENDING' | 'FAILED' | 'PARTIALLY_REFUNDED' | 'REFUNDED'

/** An amount as PayPal states it, plus the same amount in our integer minor units. */
export type PayPalAmount = {
  currencyCode: string
  /** PayPal's decimal string, unchanged ("59.99"). */
  value: string
  /** `value` in cents, converted exactly; null when PayPal sent something we cannot read. */
  cents: number | null
}

export type PayPalCapture = {
  id: string
  status: PayPalCaptureStatus | (string & {})
  amount: PayPalAmount | null
  /** Echo of the custom_id we set on the order: our payment id. */
  customId: string | null
  invoiceId: string | null
  /** The order the capture belongs to (webhooks: supplementary_data.related_ids.order_id). */
  orderId: string | null
  createTime: string | null
}

export type PayPalPayer = {
  payerId: string | null
  email: string | null
  givenName: string | null
  surname: string | null
  /** "Given Surname", for "Transaction completed by {name}"; null when PayPal sent no name. */
  fullName: string | null
}

export type PayPalOrder = {
  id: string
  status: PayPalOrderStatus | (string & {})
  /** purchase_units[0].custom_id: our payment id. */
  customId: string | null
  /** purchase_units[0].amount (absent from minimal answers). */
  amount: PayPalAmount | null
  /** purchase_units[0].payments.captures[0], once captured. */
  capture: PayPalCapture | null
  payer: PayPalPayer | null
}

export type PayPalCaptureResult = PayPalOrder & {
  /** True when PayPal said ORDER_ALREADY_CAPTURED and the order was read back as COMPLETED. */
  isAlreadyCaptured: boolean
}

export type CreatePayPalOrderInput = {
  /** Our payment id; sent as purchase_units[0].custom_id and echoed on captures and webhooks. */
  paymentId: string
  /** Integer cents (minor units) of a currency with two decimals. */
  amountCents: number
  /** ISO 4217, e.g. "USD". */
  currency: string
  description?: string
  /**
   * PayPal-Request-Id: the same id returns the order created the first time instead of a second
   * one. Deterministic per payment, e.g. `create:<paymentId>`.
   */
  requestId: string
}

export type CapturePayPalOrderOptions = {
  /**
   * PayPal-Request-Id of this capture attempt. Reuse it only to repeat the same attempt (the
   * adapter does so itself on network errors and 5xx); after a decline and a buyer restart use a
   * new one (e.g. `capture:<paymentId>:<attempt>`), since PayPal may replay the stored answer.
   */
  requestId: string
}

export type RefundPayPalCaptureOptions = {
  /** PayPal-Request-Id, deterministic per refund, e.g. `refund:<orderId>`. */
  requestId: string
  /** Shown to the payer by PayPal (at most 255 characters). */
  noteToPayer?: string
}

/** A refund as PayPal states it; status COMPLETED or PENDING means the money is on its way back. */
export type PayPalRefund = {
  /** null when the capture had been refunded before (CAPTURE_FULLY_REFUNDED). */
  id: string | null
  status: 'COMPLETED' | 'PENDING' | 'CANCELLED' | 'FAILED' | (string & {})
}

export type PayPalWebhookHeaders =
  Headers | Record<string, string | string[] | undefined> | { get(name: string): string | null }

export type VerifyPayPalWebhookInput = {
  headers: PayPalWebhookHeaders
  /** The request body exactly as received: the signature covers these bytes, not the JSON. */
  rawBody: Uint8Array | string
}

export type PayPalWebhookEvent = {
  /** "WH-...": dedupe deliveries on it (PayPal retries). */
  id: string
  eventType: string
  createTime: string | null
  /** "capture" or "checkout-order". */
  resourceType: string | null
  summary: string | null
  /** The order this event is about: the order itself or the capture's related order. */
  orderId: string | null
  /** Our payment id, from the capture or the order's first purchase unit. */
  customId: string | null
  /** Set for PAYMENT.CAPTURE.* events. */
  capture: PayPalCapture | null
  /** Set for CHECKOUT.ORDER.* events. */
  order: PayPalOrder | null
  /**
   * Set for PAYMENT.CAPTURE.REFUNDED / REVERSED (a refund, or a chargeback): the refund and the
   * capture it returns money from (read the capture to find its order).
   */
  refund: { id: string; status: string; captureId: string } | null
  /** The parsed body, for logs and handlers that need more. */
  raw: Record<string, unknown>
}

export type PayPalWebhookRejectionReason =
  | 'missing-header'
  | 'unsupported-algorithm'
  | 'cert-url-not-allowed'
  | 'cert-unavailable'
  | 'bad-signature'
  | 'malformed-body'

export type PayPalWebhookVerification =
  | { isVerified: true; event: PayPalWebhookEvent }
  | { isVerified: false; reason: PayPalWebhookRejectionReason; detail: string }

export interface PayPal {
  /** Creates an order (intent CAPTURE) for the buyer to approve in the PayPal buttons. */
  createOrder(input: CreatePayPalOrderInput): Promise<{ id: string; status: string }>
  /**
   * Captures an approved order. Throws PayPalDeclined when the buyer must pick another funding
   * source (the browser calls actions.restart()), PayPalError otherwise. An order captured
   * before (ORDER_ALREADY_CAPTURED) is read back and returned when COMPLETED.
   */
  captureOrder(orderId: string, options: CapturePayPalOrderOptions): Promise<PayPalCaptureResult>
  /** Reads an order: reconciliation and "already captured" handling. */
  getOrder(orderId: string): Promise<PayPalOrder>
  /**
   * Refunds a capture in full (POST /v2/payments/captures/{id}/refund). Idempotent by
   * `requestId`; a capture refunded before (CAPTURE_FULLY_REFUNDED) answers as refunded.
   */
  refundCapture(captureId: string, options: RefundPayPalCaptureOptions): Promise<PayPalRefund>
  /** Reads a capture; its orderId links it back to the order (refund webhooks name captures). */
  getCapture(captureId: string): Promise<PayPalCapture>
  /**
   * Self-verifies a webhook delivery (option B: CRC32, certificate from an allowed host,
   * SHA256withRSA). Never throws: anything wrong is a rejection, so it cannot become a 500.
   */
  verifyWebhook(input: VerifyPayPalWebhookInput): Promise<PayPalWebhookVerification>
}

export type PayPalErrorDetail = {
  issue: string
  description: string | null
  field: string | null
  location: string | null
}

/**
 * PayPal refused a call. PayPal's own `name` (UNPROCESSABLE_ENTITY, RESOURCE_NOT_FOUND, or the
 * OAuth `error` such as invalid_client) is `errorName`, because Error#name is the class name.
 */
export class PayPalError extends Error {
  readonly httpStatus: number | null
  readonly errorName: string
  /** details[0].issue: what callers branch on (INSTRUMENT_DECLINED, ORDER_NOT_APPROVED...). */
  readonly issue: string | null
  readonly description: string | null
  readonly debugId: string | null
  readonly details: PayPalErrorDetail[]
  /** Seconds PayPal asked us to wait (429 Retry-After). */
  readonly retryAfterSeconds: number | null

  constructor(
    readonly operation: string,
    fields: {
      httpStatus: number | null
      errorName: string
      message?: string | null
      details?: PayPalErrorDetail[]
      debugId?: string | null
      retryAfterSeconds?: number | null
      cause?: unknown
    },
  ) {
    const details = fields.details ?? []
    const first = details[0]
    const summary = [fields.errorName, first?.issue, first?.description ?? fields.message]
      .filter(Boolean)
      .join(': ')
    super(
      `PayPal ${operation} failed (${fields.httpStatus ?? 'no response'}) ${summary}${
        fields.debugId ? ` [debug_id ${fields.debugId}]` : ''
      }`,
      { cause: fields.cause },
    )
    this.name = 'PayPalError'
    this.httpStatus = fields.httpStatus
    this.errorName = fields.errorName
    this.issue = first?.issue ?? null
    this.description = first?.description ?? fields.message ?? null
    this.debugId = fields.debugId ?? null
    this.details = details
    this.retryAfterSeconds = fields.retryAfterSeconds ?? null
  }
}

/** The buyer's funding source was refused: tell the browser to restart, never retry. */
export class PayPalDeclined extends PayPalError {
  readonly mustRestart = true
  constructor(operation: string, fields: ConstructorParameters<typeof PayPalError>[1]) {
    super(operation, fields)
    this.name = 'PayPalDeclined'
  }
}

/**
 * PayPal could not be reached or answered 5xx/429, after the retries the adapter allows.
 * Callers answer 503 (and may try later with the same request id).
 */
export class PayPalUnavailable extends PayPalError {
  constructor(operation: string, fields: ConstructorParameters<typeof PayPalError>[1]) {
    super(operation, fields)
    this.name = 'PayPalUnavailable'
  }
}

// PayPal refuses decimals for these (DECIMALS_NOT_SUPPORTED); an amount in "cents" makes no
// sense for them, so they are refused here rather than sent wrong.
const ZERO_DECIMAL_CURRENCIES = new Set(['HUF', 'JPY', 'TWD'])
const CURRENCY_PATTERN = /^[A-Z]{3}$/
const PAYPAL_VALUE_PATTERN = /^(\d{1,10})(?:\.(\d{1,2}))?$/

/** 5999 cents -> "59.99", by integer arithmetic (no floats anywhere). */
export function centsToPayPalValue(amountCents: number, currency: string): string {
  if (!CURRENCY_PATTERN.test(currency)) throw new RangeError(`invalid currency code: ${currency}`)
  if (ZERO_DECIMAL_CURRENCIES.has(currency)) {
    throw new RangeError(`${currency} has no cents at PayPal; not supported`)
  }
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`amount must be a positive integer number of cents: ${amountCents}`)
  }
  const units = Math.trunc(amountCents / 100)
  const cents = amountCents % 100
  return `${units}.${String(cents).padStart(2, '0')}`
}

/** "59.99" -> 5999, "100" -> 10000, "0.5" -> 50; null for anything that is not a plain amount. */
export function payPalValueToCents(value: string): number | null {
  const match = PAYPAL_VALUE_PATTERN.exec(value)
  if (!match) return null
  const units = Number(match[1])
  const fraction = (match[2] ?? '').padEnd(2, '0')
  const cents = units * 100 + Number(fraction)
  return Number.isSafeInteger(cents) ? cents : null
}

/**
 * Section 1.4: fulfil only when the order and its capture are COMPLETED and the captured amount
 * is the one we asked for. A PENDING capture is not paid yet.
 */
export function isPayPalOrderPaid(
  order: PayPalOrder,
  expected: { amountCents: number; currency: string },
): boolean {
  const capture = order.capture
  return (
    order.status === 'COMPLETED' &&
    capture?.status === 'COMPLETED' &&
    capture.amount?.currencyCode === expected.currency &&
    capture.amount.cents === expected.amountCents
  )
}
