import { createHmac, timingSafeEqual } from 'node:crypto'
import type { z } from 'zod'
import {
  normalizeOxaPayPayoutStatus,
  normalizeOxaPayStatus,
  type OxaPayCallbackVerification,
  type OxaPayHeaders,
  type VerifyOxaPayCallbackInput,
} from './oxapay'
import {
  parseJsonKeepingNumbers,
  paymentCallbackSchema,
  payoutCallbackSchema,
  usdAmountToCents,
} from './oxapay-wire'

// Authenticity of OxaPay callbacks (contract 2.6): header `HMAC` = lowercase hex
// HMAC-SHA512(raw body, key), where the key is the merchant API key for payment callbacks and the
// payout API key for `type: "payout"`. The signature is checked over the exact bytes received,
// before the body is believed in any way; the type is read only afterwards, and must agree with
// the key that signed it, so a payout key cannot vouch for a payment (or the reverse). Nothing
// here throws: a webhook handler turns a rejection into a 4xx, never a 500.

export const OXAPAY_SIGNATURE_HEADER = 'hmac'

const SIGNATURE_PATTERN = /^[0-9a-f]{128}$/i

/** The HMAC header value OxaPay sends for `rawBody` (also used by the fake to sign). */
export function signOxaPayBody(rawBody: string | Uint8Array, key: string): string {
  return createHmac('sha512', key).update(rawBody).digest('hex')
}

function readHeader(headers: OxaPayHeaders, name: string): string | string[] | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue
    return typeof value === 'number' ? String(value) : (value as string | string[])
  }
  return undefined
}

function matches(rawBody: Buffer, key: string | null | undefined, signature: Buffer): boolean {
  if (!key) return false
  const expected = createHmac('sha512', key).update(rawBody).digest()
  return timingSafeEqual(expected, signature)
}

function isPayoutType(payload: unknown): boolean {
  const type = (payload as { type?: unknown } | null)?.type
  return typeof type === 'string' && type.trim().toLowerCase() === 'payout'
}

function issuesOf(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ')
}

export function verifyOxaPayCallback(
  input: VerifyOxaPayCallbackInput & {
    merchantApiKey: string | null | undefined
    payoutApiKey?: string | null | undefined
  },
): OxaPayCallbackVerification {
  try {
    return verify(input)
  } catch {
    // a bug of ours must still not become a 500 that OxaPay retries for hours
    return { ok: false, reason: 'malformed_body', detail: 'callback could not be read' }
  }
}

function verify(
  input: VerifyOxaPayCallbackInput & {
    merchantApiKey: string | null | undefined
    payoutApiKey?: string | null | undefined
  },
): OxaPayCallbackVerification {
  const header = readHeader(input.headers, OXAPAY_SIGNATURE_HEADER)
  const values = (Array.isArray(header) ? header : [header]).filter(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  )
  if (values.length === 0) {
    return { ok: false, reason: 'missing_signature', detail: 'no HMAC header' }
  }
  const signatureText = values.length === 1 ? values[0]!.trim() : ''
  if (!SIGNATURE_PATTERN.test(signatureText)) {
    return {
      ok: false,
      reason: 'malformed_signature',
      detail: 'HMAC header is not one 128-character hex digest',
    }
  }
  const { merchantApiKey, payoutApiKey } = input
  if (!merchantApiKey && !payoutApiKey) {
    return { ok: false, reason: 'not_configured', detail: 'no OxaPay key to check callbacks' }
  }

  const signature = Buffer.from(signatureText, 'hex')
  const rawBody = Buffer.from(input.rawBody)
  const isMerchantSigned = matches(rawBody, merchantApiKey, signature)
  const isPayoutSigned = matches(rawBody, payoutApiKey, signature)

  let payload: unknown
  let isJson = true
  try {
    payload = parseJsonKeepingNumbers(rawBody.toString('utf8'))
  } catch {
    isJson = false
  }
  const isPayout = isJson && isPayoutType(payload)

  if (isPayout && !payoutApiKey) {
    return {
      ok: false,
      reason: 'not_configured',
      detail: 'payout callback received but no payout API key is configured',
    }
  }
  // the type chooses the key (contract 2.6); anything else is forged, altered or misdirected
  const isAuthentic = isPayout ? isPayoutSigned : isMerchantSigned
  if (!isAuthentic) {
    return {
      ok: false,
      reason: 'bad_signature',
      detail: isPayout
        ? 'HMAC does not match the body under the payout API key'
        : 'HMAC does not match the body under the merchant API key',
    }
  }
  if (!isJson || typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { ok: false, reason: 'malformed_body', detail: 'body is not a JSON object' }
  }
  const raw = payload as Record<string, unknown>

  if (isPayout) {
    const parsed = payoutCallbackSchema.safeParse(raw)
    if (!parsed.success) {
      return { ok: false, reason: 'malformed_body', detail: issuesOf(parsed.error) }
    }
    const data = parsed.data
    return {
      ok: true,
      callback: {
        kind: 'payout',
        type: 'payout',
        trackId: data.track_id,
        status: normalizeOxaPayPayoutStatus(data.status),
        rawStatus: data.status,
        amount: data.amount,
        currency: data.currency,
        network: data.network,
        address: data.address,
        txHash: data.tx_hash,
        date: data.date,
        payload: raw,
      },
    }
  }

  const parsed = paymentCallbackSchema.safeParse(raw)
  if (!parsed.success) {
    return { ok: false, reason: 'malformed_body', detail: issuesOf(parsed.error) }
  }
  const data = parsed.data
  return {
    ok: true,
    callback: {
      kind: 'payment',
      type: data.type.trim().toLowerCase(),
      trackId: data.track_id,
      status: normalizeOxaPayStatus(data.status),
      rawStatus: data.status,
      amount: data.amount,
      amountCents: usdAmountToCents(data.amount, data.currency),
      value: data.value,
      sentValue: data.sent_value,
      currency: data.currency,
      orderId: data.order_id,
      email: data.email,
      date: data.date,
      txs: data.txs.map((tx) => ({
        status: (tx.status ?? '').toLowerCase(),
        txHash: tx.tx_hash,
        sentAmount: tx.sent_amount,
        receivedAmount: tx.received_amount,
        currency: tx.currency,
        network: tx.network,
        address: tx.address,
        confirmations: tx.confirmations,
        date: tx.date,
      })),
      payload: raw,
    },
  }
}
