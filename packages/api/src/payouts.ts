import { extractIBAN, isValidBIC, isValidIBAN } from 'ibantools'
import { z } from 'zod'
import { adminReasonSchema } from './admin-reason'
import { findCryptoCurrency, findCryptoNetwork } from './crypto-currencies'

// Payouts of funded accounts (issue 13 items 4-9): payout methods saved in the profile, the
// identity check, the funded-trader agreement, eligibility, requests and the admin queue. Shared
// by the web forms and the server's validation. Money in integer USD cents.

export const FUNDED_TRADER_AGREEMENT_VERSION = '2026-11-01'

export const payoutMessages = {
  identityRequired: 'Complete the identity check before your first payout.',
  identityRejected: 'Your identity check was rejected: fix it and submit it again.',
  agreementRequired: 'Accept the funded-trader agreement before requesting a payout.',
  notEligible: 'This account cannot request a payout yet.',
  openRequest: 'This account already has a payout request under review.',
  noSuchMethod: 'No such payout method.',
  noSuchPayout: 'No such payout.',
  notReviewable: 'This payout is not waiting for a review.',
  identityNotApproved: "The trader's identity check is not approved yet.",
  pausedForPayout: 'Trading is paused while a payout request of this account is under review.',
  alreadyDecided: 'This identity check was already reviewed.',
  imageTooLarge: 'Images must be PNG, JPEG or WebP, at most 5 MB.',
  notBank: 'Only a bank wire payout is marked paid by hand.',
  noOwedLateBonus: 'This payout has no late bonus waiting to be paid.',
} as const

// ---- payout methods --------------------------------------------------------------------------

/** Address formats per network (the code of crypto-currencies.ts). */
const addressPatterns: Readonly<Record<string, RegExp>> = {
  Bitcoin: /^(bc1[ac-hj-np-z02-9]{25,59}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  Base: /^0x[0-9a-fA-F]{40}$/,
  BEP20: /^0x[0-9a-fA-F]{40}$/,
  Polygon: /^0x[0-9a-fA-F]{40}$/,
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  Dogecoin: /^[DA9][1-9A-HJ-NP-Za-km-z]{25,34}$/,
  Litecoin: /^([LM3][a-km-zA-HJ-NP-Z1-9]{26,33}|ltc1[ac-hj-np-z02-9]{25,59})$/,
  Monero: /^[48][0-9AB][1-9A-HJ-NP-Za-km-z]{93}$/,
  Ton: /^((EQ|UQ|kQ|0Q)[A-Za-z0-9_-]{46}|-?\d:[0-9a-fA-F]{64})$/,
  BitcoinCash: /^((bitcoincash:)?[qp][a-z0-9]{41}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$/,
  Solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
}

/** Whether `address` has the format of an address on the network (by its code). */
export function isValidCryptoAddress(networkCode: string, address: string): boolean {
  const pattern = addressPatterns[networkCode]
  return pattern !== undefined && pattern.test(address.trim())
}

const trimmed = (max: number) => z.string().trim().min(1, 'is required').max(max)

const cryptoMethodFields = z.object({
  kind: z.literal('crypto'),
  currency: trimmed(10),
  network: z.string().trim().max(40).optional(),
  address: trimmed(120),
  memo: z.string().trim().max(120).optional(),
})
const bankMethodFields = z.object({
  kind: z.literal('bank'),
  holderName: trimmed(120),
  bankName: trimmed(120),
  iban: z.string().trim().max(42).optional(),
  swift: z.string().trim().max(11).optional(),
  accountNumber: z.string().trim().max(34).optional(),
})

function checkCrypto(value: z.output<typeof cryptoMethodFields>, ctx: z.RefinementCtx) {
  const currency = findCryptoCurrency(value.currency)
  if (!currency) {
    ctx.addIssue({ code: 'custom', path: ['currency'], message: 'is not a currency we pay in' })
    return z.NEVER
  }
  const network = findCryptoNetwork(currency, value.network)
  if (!network) {
    ctx.addIssue({
      code: 'custom',
      path: ['network'],
      message: `${currency.symbol} is paid on ${currency.networks.map((n) => n.code).join(', ')}`,
    })
    return z.NEVER
  }
  if (!isValidCryptoAddress(network.code, value.address)) {
    ctx.addIssue({
      code: 'custom',
      path: ['address'],
      message: `is not a ${network.code} address`,
    })
    return z.NEVER
  }
  return {
    kind: 'crypto' as const,
    currency: currency.symbol,
    network: network.code,
    address: value.address.trim(),
    memo: value.memo ?? '',
  }
}

function checkBank(value: z.output<typeof bankMethodFields>, ctx: z.RefinementCtx) {
  const swift = (value.swift ?? '').replace(/\s+/g, '').toUpperCase()
  if (swift !== '' && !isValidBIC(swift)) {
    ctx.addIssue({ code: 'custom', path: ['swift'], message: 'is not a valid SWIFT/BIC code' })
    return z.NEVER
  }
  if (value.iban) {
    const iban = extractIBAN(value.iban)
    if (!isValidIBAN(iban.iban)) {
      ctx.addIssue({ code: 'custom', path: ['iban'], message: 'is not a valid IBAN' })
      return z.NEVER
    }
    return {
      kind: 'bank' as const,
      holderName: value.holderName,
      bankName: value.bankName,
      iban: iban.iban,
      swift,
      accountNumber: '',
    }
  }
  const accountNumber = (value.accountNumber ?? '').replace(/[\s-]+/g, '')
  if (!/^[0-9A-Z]{4,34}$/i.test(accountNumber)) {
    ctx.addIssue({
      code: 'custom',
      path: ['accountNumber'],
      message: 'give an IBAN, or an account number (4 to 34 letters and digits) with a SWIFT code',
    })
    return z.NEVER
  }
  if (swift === '') {
    ctx.addIssue({
      code: 'custom',
      path: ['swift'],
      message: 'is required with an account number',
    })
    return z.NEVER
  }
  return {
    kind: 'bank' as const,
    holderName: value.holderName,
    bankName: value.bankName,
    iban: '',
    swift,
    accountNumber,
  }
}

/** A payout method as entered: each field's problem named (discriminated by `kind`). */
export const payoutMethodInputSchema = z
  .discriminatedUnion('kind', [cryptoMethodFields, bankMethodFields])
  .transform((value, ctx) =>
    value.kind === 'crypto' ? checkCrypto(value, ctx) : checkBank(value, ctx),
  )
export type PayoutMethodInput = z.input<typeof payoutMethodInputSchema>
export type PayoutMethodDetails = z.output<typeof payoutMethodInputSchema>

export const payoutMethodSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['crypto', 'bank']),
  label: z.string(),
  details: z.record(z.string(), z.string()),
  createdAt: z.string(),
})
export type PayoutMethod = z.output<typeof payoutMethodSchema>
export const payoutMethodListSchema = z.object({ methods: z.array(payoutMethodSchema) })
export const payoutMethodParamsSchema = z.object({ methodId: z.uuid() })

/** "USDT (TRC20) TQx...9sK" / "Bank wire: DE89 ... 3000" */
export function payoutMethodLabel(details: PayoutMethodDetails): string {
  const short = (text: string) =>
    text.length > 12 ? `${text.slice(0, 6)}...${text.slice(-4)}` : text
  if (details.kind === 'crypto')
    return `${details.currency} (${details.network}) ${short(details.address)}`
  return `Bank wire ${details.bankName}: ${short(details.iban || details.accountNumber)}`
}

// ---- identity check and agreement ------------------------------------------------------------

export const identityImageContentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const
export const IDENTITY_IMAGE_MAX_BYTES = 5 * 1024 * 1024

/** An image as a data URL (data:image/png;base64,...). */
const imageDataUrl = z
  .string()
  .max(Math.ceil((IDENTITY_IMAGE_MAX_BYTES * 4) / 3) + 64, payoutMessages.imageTooLarge)
  .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/, payoutMessages.imageTooLarge)

export const identitySubmitSchema = z.object({
  legalName: trimmed(120),
  dateOfBirth: z.iso.date('must be a date (YYYY-MM-DD)'),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .transform((c) => c.toUpperCase()),
  document: imageDataUrl,
  selfie: imageDataUrl,
})
export type IdentitySubmit = z.input<typeof identitySubmitSchema>

export const identityStatusSchema = z.enum(['none', 'pending', 'approved', 'rejected'])
export const identityCheckSchema = z.object({
  id: z.uuid().nullable(),
  status: identityStatusSchema,
  legalName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  country: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
})
export type IdentityCheck = z.output<typeof identityCheckSchema>

export const agreementSchema = z.object({
  version: z.string(),
  acceptedAt: z.string().nullable(),
})
export const acceptAgreementSchema = z.object({
  version: z.literal(FUNDED_TRADER_AGREEMENT_VERSION),
})

// A payout's or an identity check's review, with its reason (the shared admin reason, decision
// 0055): the audit log keeps it either way; a rejection's is the one the trader is told.
export const reviewDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), reason: adminReasonSchema }),
  z.object({ decision: z.literal('reject'), reason: adminReasonSchema }),
])
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>

export const adminIdentityCheckSchema = identityCheckSchema.extend({
  id: z.uuid(),
  userId: z.uuid(),
  email: z.string(),
  documentUrl: z.string(),
  selfieUrl: z.string(),
})
export const adminIdentityListSchema = z.object({ checks: z.array(adminIdentityCheckSchema) })
export const identityCheckParamsSchema = z.object({ checkId: z.uuid() })
export const identityFileParamsSchema = z.object({
  checkId: z.uuid(),
  file: z.enum(['document', 'selfie']),
})

// ---- eligibility, requests, history --------------------------------------------------------

export const payoutConditionSchema = z.object({
  key: z.string(),
  met: z.boolean(),
  message: z.string(),
})

export const payoutAmountSchema = z.object({
  profitCents: z.number().int(),
  splitPercent: z.number().int(),
  traderShareCents: z.number().int(),
  feeRefundCents: z.number().int(),
  totalCents: z.number().int(),
})

export const payoutEligibilitySchema = z.object({
  accountId: z.uuid(),
  isEligible: z.boolean(),
  conditions: z.array(payoutConditionSchema),
  nextEligibleAt: z.string().nullable(),
  amount: payoutAmountSchema,
  isFirstPayout: z.boolean(),
})
export type PayoutEligibilityDto = z.output<typeof payoutEligibilitySchema>
export const payoutAccountParamsSchema = z.object({ accountId: z.uuid() })

export const payoutStatuses = [
  'requested',
  'under_review',
  'approved',
  'sending',
  'sent',
  'paid',
  'rejected',
] as const
export type PayoutStatus = (typeof payoutStatuses)[number]
export const payoutStatusLabels: Readonly<Record<PayoutStatus, string>> = {
  requested: 'Requested',
  under_review: 'Under review',
  approved: 'Approved',
  sending: 'Sending',
  sent: 'Sent',
  paid: 'Paid',
  rejected: 'Rejected',
}

export const requestPayoutSchema = z.object({
  accountId: z.uuid(),
  methodId: z.uuid(),
})

export const payoutEventSchema = z.object({
  status: z.string(),
  note: z.string().nullable(),
  at: z.string(),
})

export const payoutSchema = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  accountLogin: z.string().nullable(),
  status: z.enum(payoutStatuses),
  methodKind: z.enum(['crypto', 'bank']),
  methodLabel: z.string(),
  profitCents: z.number().int(),
  splitPercent: z.number().int(),
  traderShareCents: z.number().int(),
  feeRefundCents: z.number().int(),
  lateBonusCents: z.number().int(),
  /** a late bonus that fell due after the money left: still owed, paid by itself (0 otherwise) */
  lateBonusOwedCents: z.number().int(),
  totalCents: z.number().int(),
  requestedAt: z.string(),
  paidAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  reference: z.string().nullable(),
  timeline: z.array(payoutEventSchema),
})
export type PayoutDto = z.output<typeof payoutSchema>
export const payoutListSchema = z.object({ payouts: z.array(payoutSchema) })
export const payoutParamsSchema = z.object({ payoutId: z.uuid() })

export const adminPayoutSchema = payoutSchema.extend({
  userId: z.uuid(),
  email: z.string(),
  identityStatus: identityStatusSchema,
  /** the eligibility recomputed by the server now */
  evidence: z.array(payoutConditionSchema),
  isEligibleNow: z.boolean(),
})
export const adminPayoutListSchema = z.object({ payouts: z.array(adminPayoutSchema) })
export const adminPayoutQuerySchema = z.object({
  status: z.enum(['open', 'all']).default('open'),
})
export const markPaidSchema = z.object({ reference: trimmed(120) })
