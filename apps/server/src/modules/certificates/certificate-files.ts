import { certificateDataSchema } from '@tp/domain/certificates'
import type { AppContext } from '../../context'
import type { CertificateRow } from '../../db/schema'
import { renderCertificate } from './render-certificate'

// A certificate's files in storage, named by its hash (spec 4: certificates/{hash}).

export const certificateFileTypes = {
  png: 'image/png',
  pdf: 'application/pdf',
} as const
export type CertificateFileType = keyof typeof certificateFileTypes

export function certificateStorageKey(hash: string, type: CertificateFileType): string {
  return `certificates/${hash}/certificate.${type}`
}

/** Renders the certificate's PNG and PDF from its stored data and stores both. */
export async function storeCertificateFiles(
  ctx: AppContext,
  row: Pick<CertificateRow, 'hash' | 'data'>,
): Promise<{ png: Buffer; pdf: Buffer }> {
  const rendered = await renderCertificate(certificateDataSchema.parse(row.data), row.hash)
  await ctx.storage.put(certificateStorageKey(row.hash, 'png'), rendered.png, 'image/png')
  await ctx.storage.put(certificateStorageKey(row.hash, 'pdf'), rendered.pdf, 'application/pdf')
  return rendered
}
