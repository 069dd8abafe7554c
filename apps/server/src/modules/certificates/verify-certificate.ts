import {
  certificateMessages,
  certificatePaths,
  certificateTitles,
  type CertificateDetails,
  type CertificateVerification,
} from '@tp/api'
import { certificateDataSchema } from '@tp/domain/certificates'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { certificates, type CertificateRow } from '../../db/schema'
import { certificateKeyOf, isCertificateSignature } from '../../lib/certificate-signature'
import { AppError } from '../../lib/errors'

// A certificate is genuine when a row has that hash AND the hash is still the keyed digest of the
// row's data: an unknown hash, or data altered after signing (in the database or anywhere else),
// is "not a valid certificate" (404), never an error page.

export function notValidCertificate(): AppError {
  return new AppError('NOT_FOUND', { message: certificateMessages.notValid })
}

/** The genuine certificate under `hash`, or null. */
export async function findGenuineCertificate(
  ctx: AppContext,
  hash: string,
): Promise<CertificateRow | null> {
  if (!/^[0-9a-f]{64}$/.test(hash)) return null
  const [row] = await ctx.db.select().from(certificates).where(eq(certificates.hash, hash))
  if (!row) return null
  const data = certificateDataSchema.safeParse(row.data)
  if (!data.success || data.data.kind !== row.kind) return null
  return isCertificateSignature(certificateKeyOf(ctx.env), data.data, hash) ? row : null
}

export function toCertificateDetails(row: CertificateRow): CertificateDetails {
  const data = certificateDataSchema.parse(row.data)
  return {
    hash: row.hash,
    kind: data.kind,
    title: certificateTitles[data.kind],
    traderName: data.traderName,
    accountSizeCents: data.accountSizeCents,
    currency: data.currency,
    plan: data.plan,
    date: data.date,
    amountCents: data.amountCents,
    imageUrl: certificatePaths.image(row.hash),
    pdfUrl: certificatePaths.pdf(row.hash),
    verifyUrl: certificatePaths.page(row.hash),
  }
}

/** GET /api/certificates/{hash}: the public details of a genuine certificate, else 404. */
export async function verifyCertificate(
  ctx: AppContext,
  hash: string,
): Promise<CertificateVerification> {
  const row = await findGenuineCertificate(ctx, hash)
  if (!row) throw notValidCertificate()
  return { ...toCertificateDetails(row), isVerified: true }
}
