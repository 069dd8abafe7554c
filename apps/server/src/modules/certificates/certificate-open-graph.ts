import { certificatePaths, certificateTitles } from '@tp/api'
import { certificateDataSchema } from '@tp/domain/certificates'
import type { AppContext } from '../../context'
import { findGenuineCertificate } from './verify-certificate'
import { escapeHtml } from '../../lib/email-layout'

// The public /certificate?hash=... page is the app's shell (it cannot be prerendered: the hash is
// in the query), so a link shared on a social network would preview nothing. The server puts the
// Open Graph and Twitter tags of that certificate, with its image, into the shell's head.

/** The head tags of a genuine certificate's page, or null for any other hash. */
export async function certificateOpenGraphTags(
  ctx: AppContext,
  hash: string,
): Promise<string | null> {
  const row = await findGenuineCertificate(ctx, hash)
  if (!row) return null
  const data = certificateDataSchema.parse(row.data)
  const title = `${data.traderName}: ${certificateTitles[data.kind]} certificate | Tradepeak`
  const description = `A verified Tradepeak certificate (${data.plan}, ${data.date}).`
  const image = `${ctx.env.APP_URL}${certificatePaths.image(hash)}`
  const url = `${ctx.env.APP_URL}${certificatePaths.page(hash)}`
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:image', image],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', '1200'],
    ['property', 'og:image:height', '848'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:image', image],
  ]
  return tags
    .map(
      ([attribute, name, content]) =>
        `<meta ${attribute}="${name}" content="${escapeHtml(content)}">`,
    )
    .join('')
}

/** The shell with the certificate's tags first in its head (a crawler reads the first ones). */
export function withHeadTags(shell: string, tags: string): string {
  return shell.replace(/<head[^>]*>/i, (head) => `${head}${tags}`)
}
