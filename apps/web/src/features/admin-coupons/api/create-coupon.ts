import { useMutation, useQueryClient } from '@tanstack/react-query'
import { DateTime } from 'luxon'
import { z } from 'zod'
import {
  challengeTypes,
  createCouponSchema,
  dollarsToCents,
  type ChallengeType,
  type CouponKind,
} from '@tp/domain'
import { adminReasonSchema } from '@tp/api/admin-reason'
import { api } from '@/lib/api-client'
import { couponsQueryKey } from './get-coupons'

// POST /api/admin/coupons (body: @tp/domain createCouponSchema and the reason) -> 201 { coupon }; the answer's
// body is not needed: the list is loaded again. Refusals: 422 VALIDATION_FAILED with
// details[].path naming the field (a code that exists already: path "code").

/** The body sent: createCouponSchema's input, with the instant as an ISO string, and the reason. */
export type CreateCouponRequest = {
  code: string
  kind: CouponKind
  /** whole percent (1-100) or cents */
  value: number
  expiresAt: string | null
  maxUses: number | null
  isActive: boolean
  challenges: ChallengeType[] | null
  minimumSubtotalCents: number | null
  /** why the firm gives it (the audit log keeps it: decision 0055) */
  reason: string
}

/** What the admin types: text fields as typed, amounts in dollars. */
export type CouponFormInput = {
  code: string
  kind: CouponKind
  value: string
  /** a datetime-local value in the browser's time zone, '' for never */
  expiresAt: string
  maxUses: string
  /** dollars, '' for none */
  minimumSubtotal: string
  challenges: ChallengeType[]
  isActive: boolean
  reason: string
}
export type CouponFormField = keyof CouponFormInput

export const couponFormDefaults: CouponFormInput = {
  code: '',
  kind: 'percent',
  value: '',
  expiresAt: '',
  maxUses: '',
  minimumSubtotal: '',
  challenges: [...challengeTypes],
  isActive: true,
  reason: '',
}

/** The request's fields, as the form names them. */
export const requestFieldToFormField: Record<keyof CreateCouponRequest, CouponFormField> = {
  code: 'code',
  kind: 'kind',
  value: 'value',
  expiresAt: 'expiresAt',
  maxUses: 'maxUses',
  isActive: 'isActive',
  challenges: 'challenges',
  minimumSubtotalCents: 'minimumSubtotal',
  reason: 'reason',
}

const WHOLE_NUMBER = /^\d+$/
const DOLLARS = /^\d+(\.\d{1,2})?$/

/** "19.99" -> 1999, exactly (never through a float); null when it is not a dollar amount. */
export function parseDollarsToCents(text: string): number | null {
  if (!DOLLARS.test(text)) return null
  try {
    return dollarsToCents(text)
  } catch {
    return null
  }
}

function parseWholeNumber(text: string): number | null {
  if (!WHOLE_NUMBER.test(text)) return null
  const number = Number(text)
  return Number.isSafeInteger(number) ? number : null
}

export const couponFormMessages = {
  percent: 'Enter a whole percent from 1 to 100.',
  fixed: 'Enter an amount in dollars greater than 0, with at most 2 decimals (e.g. 19.99).',
  expiresAt: 'Pick a date and time in the future, or leave it empty for no expiry.',
  maxUses: 'Enter a whole number of at least 1, or leave it empty for no limit.',
  minimumSubtotal:
    'Enter an amount in dollars greater than 0, with at most 2 decimals, or leave it empty.',
  challenges: 'Pick at least one challenge.',
} as const

/** The message shown for a rule of createCouponSchema broken by `field` (code: the domain's own). */
function messageFor(field: CouponFormField, kind: CouponKind, domainMessage: string): string {
  switch (field) {
    case 'value':
      return couponFormMessages[kind]
    case 'expiresAt':
    case 'maxUses':
    case 'minimumSubtotal':
    case 'challenges':
      return couponFormMessages[field]
    default:
      return domainMessage
  }
}

/**
 * The create form: what was typed is turned into the request (dollars to cents exactly, the
 * local expiry to an instant) and then checked by the domain's createCouponSchema, the one source
 * of a coupon's rules (the server checks the same). Its output is the request body.
 */
export const couponFormSchema = z
  .object({
    code: z.string(),
    kind: z.enum(['percent', 'fixed']),
    value: z.string(),
    expiresAt: z.string(),
    maxUses: z.string(),
    minimumSubtotal: z.string(),
    challenges: z.array(z.enum(challengeTypes)),
    isActive: z.boolean(),
    reason: z.string(),
  })
  .transform((form, ctx): CreateCouponRequest => {
    const issues = new Map<CouponFormField, string>()
    const valueText = form.value.trim()
    const expiresText = form.expiresAt.trim()
    const maxUsesText = form.maxUses.trim()
    const minimumText = form.minimumSubtotal.trim()

    const parsedValue =
      form.kind === 'percent' ? parseWholeNumber(valueText) : parseDollarsToCents(valueText)
    if (parsedValue === null) issues.set('value', couponFormMessages[form.kind])

    let expiresAt: string | null = null
    if (expiresText) {
      const expiry = DateTime.fromISO(expiresText)
      if (expiry.isValid && expiry.toMillis() > Date.now()) expiresAt = expiry.toUTC().toISO()
      else issues.set('expiresAt', couponFormMessages.expiresAt)
    }

    let maxUses: number | null = null
    if (maxUsesText) {
      maxUses = parseWholeNumber(maxUsesText)
      if (maxUses === null) issues.set('maxUses', couponFormMessages.maxUses)
    }

    let minimumSubtotalCents: number | null = null
    if (minimumText) {
      minimumSubtotalCents = parseDollarsToCents(minimumText)
      if (minimumSubtotalCents === null) {
        issues.set('minimumSubtotal', couponFormMessages.minimumSubtotal)
      }
    }

    const reason = adminReasonSchema.safeParse(form.reason)
    if (!reason.success) issues.set('reason', reason.error.issues[0]!.message)

    const isEveryChallenge = challengeTypes.every((type) => form.challenges.includes(type))
    const request: CreateCouponRequest = {
      code: form.code,
      kind: form.kind,
      // a value that could not be read is reported above; 1 lets the other rules be checked
      value: parsedValue ?? 1,
      expiresAt,
      maxUses,
      isActive: form.isActive,
      // every challenge ticked: null, which also covers challenge types added later
      challenges: isEveryChallenge
        ? null
        : challengeTypes.filter((type) => form.challenges.includes(type)),
      minimumSubtotalCents,
      reason: reason.data ?? '',
    }

    const checked = createCouponSchema.safeParse(request)
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const requestField = issue.path[0] as keyof CreateCouponRequest | undefined
        const field = (requestField && requestFieldToFormField[requestField]) ?? 'code'
        if (issues.has(field)) continue
        issues.set(field, messageFor(field, form.kind, issue.message))
      }
    }
    for (const [field, message] of issues) ctx.addIssue({ code: 'custom', path: [field], message })
    if (issues.size > 0 || !checked.success) return z.NEVER

    return { ...request, code: checked.data.code }
  })

export async function createCoupon(request: CreateCouponRequest): Promise<void> {
  await api.post('/admin/coupons', request)
}

export function useCreateCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsQueryKey }),
  })
}
