import { z } from 'zod'
import type { Stage } from '../plans/stages'

// Certificates (decisions.md, lifecycle): one per milestone of a challenge account, exactly once
// each. What a certificate states is its data; the server signs the canonical text of that data
// with a keyed digest (HMAC-SHA256) and the digest is the certificate's public hash, so a
// certificate cannot be forged or altered without the key.

export const certificateKinds = ['phase1', 'funded', 'instantFunding', 'payout'] as const
export type CertificateKind = (typeof certificateKinds)[number]
export const certificateKindSchema = z.enum(certificateKinds)

/** The data a certificate states, as signed. Money in integer cents of `currency`. */
export const certificateDataSchema = z.object({
  /** the certificate's own id: two certificates never share a hash */
  id: z.uuid(),
  kind: certificateKindSchema,
  traderName: z.string().min(1).max(120),
  accountSizeCents: z.number().int().positive(),
  currency: z.literal('USD'),
  /** the plan's label, e.g. "Two Phase" */
  plan: z.string().min(1).max(60),
  /** the day of the milestone, YYYY-MM-DD (UTC) */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** a payout's amount; null for the other kinds */
  amountCents: z.number().int().positive().nullable(),
})
export type CertificateData = z.infer<typeof certificateDataSchema>

/**
 * The exact text that is signed: the fields in a fixed order, so the same data always gives the
 * same digest whatever order an object's keys were built or stored in (jsonb reorders them).
 */
export function canonicalCertificateText(data: CertificateData): string {
  return JSON.stringify([
    'tradepeak-certificate-v1',
    data.id,
    data.kind,
    data.traderName,
    data.accountSizeCents,
    data.currency,
    data.plan,
    data.date,
    data.amountCents,
  ])
}

/** The certificate a passed stage earns: phase 1 -> "phase1", phase 2 -> "funded". */
export function certificateKindForPass(stage: Stage): CertificateKind | null {
  if (stage === 'phase1') return 'phase1'
  if (stage === 'phase2') return 'funded'
  return null
}

/**
 * Which certificate is unique for what: one per account and kind, and for payouts one per payout.
 * A payout certificate needs its payout and a positive amount; the others have neither.
 */
export function certificateIssueKey(input: {
  accountId: string
  kind: CertificateKind
  payoutId?: string | null
  amountCents?: number | null
}): string {
  if (input.kind === 'payout') {
    if (!input.payoutId) throw new RangeError('a payout certificate needs its payout id')
    if (!Number.isSafeInteger(input.amountCents) || (input.amountCents ?? 0) <= 0) {
      throw new RangeError('a payout certificate needs a positive amount in cents')
    }
    return `${input.accountId}:payout:${input.payoutId}`
  }
  if (input.payoutId || input.amountCents != null) {
    throw new RangeError(`a ${input.kind} certificate has no payout or amount`)
  }
  return `${input.accountId}:${input.kind}`
}

/** YYYY-MM-DD of an instant, in UTC. */
export function certificateDate(at: Date): string {
  return at.toISOString().slice(0, 10)
}
