import type { CertificateListResponse } from '@tp/api'
import { and, desc, eq, isNotNull } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { certificates } from '../../db/schema'
import type { Caller } from '../access/authenticate'
import { toCertificateDetails } from './verify-certificate'

/** spec 7 GET service/get-certificates: the caller's own issued certificates, newest first. */
export async function listCertificates(
  ctx: AppContext,
  caller: Caller,
): Promise<CertificateListResponse> {
  const rows = await ctx.db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, caller.userId), isNotNull(certificates.renderedAt)))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .limit(500)
  return {
    result: rows.map((row) => {
      const details = toCertificateDetails(row)
      return { id: row.id, certificate: `${ctx.env.APP_URL}${details.imageUrl}`, ...details }
    }),
  }
}
