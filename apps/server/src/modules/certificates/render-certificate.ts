import { certificateTitles } from '@tp/api'
import type { CertificateData } from '@tp/domain/certificates'
import { formatMoney, usd } from '@tp/domain/money'
import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import { escapeHtml } from '../../lib/email-layout'

// The one certificate template (an SVG), rasterised once by sharp (librsvg) to the PNG and to a
// JPEG that the PDF page carries at the same size: the image and the PDF always show the same.

export const CERTIFICATE_WIDTH = 1200
export const CERTIFICATE_HEIGHT = 848
/** the PDF page, A4 landscape in points */
const PDF_WIDTH = 842
const PDF_HEIGHT = 595

export type RenderedCertificate = { png: Buffer; pdf: Buffer }

const sizeLabel = (data: CertificateData) =>
  formatMoney(usd(data.accountSizeCents), { showCents: false })

/** What the certificate says under the trader's name. */
export function certificateHeadline(data: CertificateData): string {
  const size = sizeLabel(data)
  switch (data.kind) {
    case 'phase1':
      return `passed Phase 1 of the ${data.plan} ${size} challenge`
    case 'funded':
      return `passed the ${data.plan} ${size} challenge and is a funded trader`
    case 'instantFunding':
      return `is an Instant Funding trader of a ${size} account`
    case 'payout':
      return `received a payout from a ${size} funded account`
  }
}

/** A font size at which `text` fits `width` px (an average glyph is about 0.6 em wide). */
const fitted = (text: string, size: number, width: number) =>
  Math.max(12, Math.min(size, Math.floor(width / (Math.max(text.length, 1) * 0.6))))

export function certificateSvg(data: CertificateData, hash: string): string {
  const title = escapeHtml(certificateTitles[data.kind].toUpperCase())
  const name = escapeHtml(data.traderName)
  const headline = escapeHtml(certificateHeadline(data))
  const amount =
    data.kind === 'payout' && data.amountCents !== null
      ? `<text x="600" y="575" font-size="64" font-weight="bold" fill="#0f766e" text-anchor="middle">${escapeHtml(formatMoney(usd(data.amountCents)))}</text>`
      : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CERTIFICATE_WIDTH}" height="${CERTIFICATE_HEIGHT}" viewBox="0 0 1200 848" font-family="DejaVu Sans, Arial, sans-serif">
<rect width="1200" height="848" fill="#fbfaf6"/>
<rect x="28" y="28" width="1144" height="792" fill="none" stroke="#0f766e" stroke-width="6"/>
<rect x="44" y="44" width="1112" height="760" fill="none" stroke="#c9a227" stroke-width="2"/>
<text x="600" y="130" font-size="30" letter-spacing="8" fill="#334155" text-anchor="middle">TRADEPEAK</text>
<text x="600" y="215" font-size="58" font-weight="bold" font-family="DejaVu Serif, Georgia, serif" fill="#0f172a" text-anchor="middle">CERTIFICATE</text>
<text x="600" y="265" font-size="28" letter-spacing="4" fill="#0f766e" text-anchor="middle">${title}</text>
<text x="600" y="345" font-size="22" fill="#475569" text-anchor="middle">This certifies that</text>
<text x="600" y="425" font-size="${fitted(data.traderName, 56, 1000)}" font-style="italic" font-family="DejaVu Serif, Georgia, serif" fill="#0f172a" text-anchor="middle">${name}</text>
<line x1="300" y1="450" x2="900" y2="450" stroke="#c9a227" stroke-width="2"/>
<text x="600" y="500" font-size="${fitted(certificateHeadline(data), 24, 1040)}" fill="#334155" text-anchor="middle">${headline}</text>
${amount}
<circle cx="1010" cy="660" r="70" fill="#c9a227"/>
<circle cx="1010" cy="660" r="58" fill="none" stroke="#fbfaf6" stroke-width="3"/>
<text x="1010" y="668" font-size="20" font-weight="bold" fill="#fbfaf6" text-anchor="middle">VERIFIED</text>
<text x="120" y="650" font-size="18" fill="#475569">Date</text>
<text x="120" y="680" font-size="24" fill="#0f172a">${escapeHtml(data.date)}</text>
<text x="400" y="650" font-size="18" fill="#475569">Plan</text>
<text x="400" y="680" font-size="24" fill="#0f172a">${escapeHtml(`${data.plan} · ${sizeLabel(data)}`)}</text>
<text x="120" y="760" font-size="14" font-family="DejaVu Sans Mono, monospace" fill="#64748b">Verify: /certificate?hash=${hash}</text>
</svg>`
}

/** The PNG and the PDF of a certificate, from the one template. */
export async function renderCertificate(
  data: CertificateData,
  hash: string,
): Promise<RenderedCertificate> {
  // the SVG is rasterised once; both encodings start from the same pixels
  const { data: pixels, info } = await sharp(Buffer.from(certificateSvg(data, hash)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
  const [png, jpeg] = await Promise.all([
    sharp(pixels, raw).png({ compressionLevel: 4 }).toBuffer(),
    sharp(pixels, raw).jpeg({ quality: 90 }).toBuffer(),
  ])
  const pdf = await PDFDocument.create()
  pdf.setTitle(`Tradepeak certificate: ${certificateTitles[data.kind]}, ${data.traderName}`)
  pdf.setAuthor('Tradepeak')
  pdf.setSubject(`Verify at /certificate?hash=${hash}`)
  // a fixed date: the same certificate renders the same bytes every time
  const issued = new Date(`${data.date}T00:00:00Z`)
  pdf.setCreationDate(issued)
  pdf.setModificationDate(issued)
  const page = pdf.addPage([PDF_WIDTH, PDF_HEIGHT])
  const embedded = await pdf.embedJpg(jpeg)
  page.drawImage(embedded, { x: 0, y: 0, width: PDF_WIDTH, height: PDF_HEIGHT })
  return { png, pdf: Buffer.from(await pdf.save()) }
}
