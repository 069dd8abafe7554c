import { certificateKindSchema, type CertificateKind } from '@tp/domain/certificates'
import { z } from 'zod'

// Certificates (issue 13 items 1-3; spec 2.14, 7): GET /api/service/get-certificates lists the
// caller's certificates (spec 7's {id, certificate} with the details beside them);
// GET /api/certificates/{hash} answers a certificate's public details when the hash matches its
// stored data, else 404 with `certificateMessages.notValid`. The image and the PDF are served at
// /api/certificates/{hash}/certificate.png and .../certificate.pdf (immutable: the hash names them).
// Money in integer cents (USD).

export const certificateMessages = {
  notValid: 'This is not a valid certificate.',
  verified: 'Verified certificate',
  verifiedDetail: 'The details below match the certificate issued by Tradepeak under this hash.',
  empty:
    'No certificates yet. You earn one for passing Phase 1, for becoming funded and for every payout.',
  loadFailed: 'Could not load your certificates.',
  linkCopied: 'Certificate link copied.',
  copyFailed: 'Could not copy the link. Select it and copy it by hand.',
} as const

/** What a certificate certifies, as printed on it. */
export const certificateTitles: Readonly<Record<CertificateKind, string>> = {
  phase1: 'Phase 1 Passed',
  funded: 'Funded Trader',
  instantFunding: 'Instant Funding',
  payout: 'Payout',
}

export const certificateHashSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'must be a certificate hash (64 hexadecimal characters)')

export const certificateDetailsSchema = z.object({
  hash: certificateHashSchema,
  kind: certificateKindSchema,
  title: z.string(),
  traderName: z.string(),
  accountSizeCents: z.number().int(),
  currency: z.literal('USD'),
  plan: z.string(),
  /** YYYY-MM-DD (UTC) */
  date: z.string(),
  amountCents: z.number().int().nullable(),
  imageUrl: z.string(),
  pdfUrl: z.string(),
  /** the public verification page */
  verifyUrl: z.string(),
})
export type CertificateDetails = z.infer<typeof certificateDetailsSchema>

/** GET /api/certificates/{hash}: only ever answered for a genuine certificate. */
export const certificateVerificationSchema = certificateDetailsSchema.extend({
  isVerified: z.literal(true),
})
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>

/** Any string: a malformed hash is "not a valid certificate" (404) like an unknown one. */
export const certificateHashParamsSchema = z.strictObject({ hash: z.string().max(200) })

/** spec 7: result: array of {id, certificate (the image URL)}, newest first. */
export const certificateListItemSchema = certificateDetailsSchema.extend({
  id: z.uuid(),
  certificate: z.string(),
})
export type CertificateListItem = z.infer<typeof certificateListItemSchema>
export const certificateListResponseSchema = z.object({
  result: z.array(certificateListItemSchema),
})
export type CertificateListResponse = z.infer<typeof certificateListResponseSchema>

/** Paths of a certificate's files and page, relative to the app's origin. */
export const certificatePaths = {
  image: (hash: string) => `/api/certificates/${hash}/certificate.png`,
  pdf: (hash: string) => `/api/certificates/${hash}/certificate.pdf`,
  page: (hash: string) => `/certificate?hash=${hash}`,
}
