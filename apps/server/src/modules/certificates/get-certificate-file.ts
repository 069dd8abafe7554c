import type { AppContext } from '../../context'
import {
  certificateFileTypes,
  certificateStorageKey,
  storeCertificateFiles,
  type CertificateFileType,
} from './certificate-files'
import { findGenuineCertificate, notValidCertificate } from './verify-certificate'

/**
 * A genuine certificate's PNG or PDF from storage; rendered and stored again if the stored file is
 * missing (a lost object, a render the issue job has not finished), so a valid link always works.
 */
export async function getCertificateFile(
  ctx: AppContext,
  hash: string,
  type: CertificateFileType,
): Promise<{ body: Buffer; contentType: string }> {
  const row = await findGenuineCertificate(ctx, hash)
  if (!row) throw notValidCertificate()
  const stored = await ctx.storage.get(certificateStorageKey(hash, type))
  const contentType = certificateFileTypes[type]
  if (stored) return { body: stored.body, contentType }
  const rendered = await storeCertificateFiles(ctx, row)
  return { body: rendered[type], contentType }
}
