import { dollarsToCents } from '@tp/domain'
import { z } from 'zod'
import { toDecimalString } from './exact-decimal'

// OxaPay's v1 wire shapes (contracts/integrations.md 2.1-2.7), read leniently: extra fields are
// ignored, numbers may arrive as JSON numbers or numeric strings (legacy habits), empty strings
// stand for "absent". Bodies are parsed with every number literal kept as its source text, so
// an amount is exactly what OxaPay wrote, never a double's approximation of it.

/**
 * JSON.parse, except that every number literal comes back as the string of its digits
 * ({"amount": 0.1} -> {amount: "0.1"}). The schemas below accept both forms, so a body parsed
 * either way reads the same; this way no amount ever passes through a double.
 */
export function parseJsonKeepingNumbers(text: string): unknown {
  let quoted = ''
  let copiedUpTo = 0
  let index = 0
  while (index < text.length) {
    const code = text.charCodeAt(index)
    if (code === 0x22 /* " */) {
      index++
      while (index < text.length && text.charCodeAt(index) !== 0x22) {
        index += text.charCodeAt(index) === 0x5c /* \ */ ? 2 : 1
      }
      index++
      continue
    }
    if (code === 0x2d /* - */ || (code >= 0x30 && code <= 0x39)) {
      let end = index + 1
      while (end < text.length && /[0-9eE.+-]/.test(text.charAt(end))) end++
      quoted += `${text.slice(copiedUpTo, index)}"${text.slice(index, end)}"`
      copiedUpTo = end
      index = end
      continue
    }
    index++
  }
  return JSON.parse(quoted + text.slice(copiedUpTo))
}

const scalar = z.union([z.string(), z.number()])

/** Any scalar as text (track ids may arrive as numbers); null/undefined/"" -> null. */
const text = z
  .union([scalar, z.null()])
  .optional()
  .transform((value) =>
    value === undefined || value === null || value === '' ? null : String(value),
  )

const requiredText = scalar.transform(String).pipe(z.string().min(1))

/** An exact decimal string; null/undefined/"" -> null. */
const decimal = z
  .union([scalar, z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return null
    try {
      return toDecimalString(value)
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a decimal number' })
      return z.NEVER
    }
  })

/** A safe integer; null/undefined/"" -> null. */
const integer = decimal.transform((value, ctx) => {
  if (value === null) return null
  const number = Number(value)
  if (!Number.isSafeInteger(number)) {
    ctx.addIssue({ code: 'custom', message: 'must be an integer' })
    return z.NEVER
  }
  return number
})

/** Unix seconds -> Date; null/undefined/"" -> null. */
const unixSeconds = integer.transform((value) => (value === null ? null : new Date(value * 1000)))

const flag = z
  .union([z.boolean(), scalar, z.null()])
  .optional()
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true')

/** PHP serialises an empty object as [], so "an object" may arrive as an empty array. */
const objectOrEmpty = <T extends z.ZodType>(schema: T) =>
  z.union([schema, z.array(z.never()).transform(() => null), z.null()]).optional()

export const envelopeSchema = z.object({
  data: z.unknown(),
  message: text,
  error: objectOrEmpty(z.object({ type: text, key: text, message: text })),
  status: integer,
  version: text,
})
export type WireEnvelope = z.infer<typeof envelopeSchema>

export const whiteLabelSchema = z.object({
  track_id: requiredText,
  amount: decimal,
  currency: text,
  pay_amount: decimal,
  pay_currency: text,
  network: text,
  address: requiredText,
  memo: text,
  qr_code: text,
  rate: decimal,
  order_id: text,
  expired_at: unixSeconds,
  date: unixSeconds,
})

const paymentTxSchema = z.object({
  tx_hash: text,
  amount: decimal,
  currency: text,
  network: text,
  address: text,
  status: text,
  confirmations: integer,
  date: unixSeconds,
})

export const paymentSchema = z.object({
  track_id: requiredText,
  type: text,
  amount: decimal,
  currency: text,
  status: requiredText,
  order_id: text,
  email: text,
  expired_at: unixSeconds,
  date: unixSeconds,
  txs: z
    .array(paymentTxSchema)
    .nullish()
    .transform((txs) => txs ?? []),
})
export type WirePayment = z.infer<typeof paymentSchema>

export const paymentPageSchema = z.object({
  list: z.array(paymentSchema),
  meta: objectOrEmpty(z.object({ page: integer, last_page: integer, total: integer })),
})

export const listSchema = z.object({ list: z.array(requiredText) })

const networkDetailsSchema = z.object({
  network: text,
  name: text,
  required_confirmations: integer,
})

export const currenciesSchema = z.record(
  z.string(),
  z.object({
    symbol: text,
    name: text,
    status: flag,
    networks: objectOrEmpty(z.record(z.string(), networkDetailsSchema)),
  }),
)

const callbackTxSchema = z.object({
  status: text,
  tx_hash: text,
  sent_amount: decimal,
  received_amount: decimal,
  currency: text,
  network: text,
  address: text,
  confirmations: integer,
  date: unixSeconds,
})

export const paymentCallbackSchema = z.object({
  track_id: requiredText,
  type: requiredText,
  status: requiredText,
  amount: decimal,
  value: decimal,
  sent_value: decimal,
  currency: text,
  order_id: text,
  email: text,
  date: unixSeconds,
  txs: z
    .array(callbackTxSchema)
    .nullish()
    .transform((txs) => txs ?? []),
})

export const payoutCallbackSchema = z.object({
  track_id: requiredText,
  type: requiredText,
  status: requiredText,
  amount: decimal,
  currency: text,
  network: text,
  address: text,
  tx_hash: text,
  date: unixSeconds,
})

/** A payout as POST /payout and GET /payout/{track_id} answer it (POST: track_id and status only). */
export const payoutSchema = z.object({
  track_id: requiredText,
  status: requiredText,
  address: text,
  currency: text,
  network: text,
  amount: decimal,
  description: text,
  tx_hash: text,
  date: unixSeconds,
})
export type WirePayout = z.output<typeof payoutSchema>

export const payoutPageSchema = z.object({
  list: z.array(payoutSchema),
})

/** GET /common/prices: coin -> USD price, exact. */
export const pricesSchema = z.record(
  z.string(),
  decimal.transform((value) => value ?? '0'),
)

/** An amount in `currency` as USD cents: null unless the currency is USD and it is whole cents. */
export function usdAmountToCents(amount: string | null, currency: string | null): number | null {
  if (amount === null || currency?.trim().toUpperCase() !== 'USD') return null
  try {
    return dollarsToCents(amount)
  } catch {
    return null
  }
}
