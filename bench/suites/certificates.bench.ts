// certificate-render-p99-ms (target < 150): one certificate rendered from its template to the
// PNG and the PDF (sharp rasterises the SVG once; pdf-lib wraps the same image), as the issue job
// does before storing them. 200 certificates of every kind with varied names and amounts, one
// after another, after a warm-up (fonts loaded); the 99th percentile and the median.
import type { CertificateData, CertificateKind } from '@tp/domain/certificates'
import { renderCertificate } from '@tp/server/bench'
import { percentile, seededRandom, type BenchSuite } from '../support'

const RUNS = 200
const WARMUP = 10
const kinds: CertificateKind[] = ['phase1', 'funded', 'instantFunding', 'payout']
const names = ['Ada Lovelace', 'Grace Hopper', 'Émilie du Châtelet', 'Trader #4F2A9C', 'Zoë O’Neil']

function certificate(index: number, random: () => number): CertificateData {
  const kind = kinds[index % kinds.length]!
  return {
    id: `7b0c6a8e-0000-4000-8000-${String(index).padStart(12, '0')}`,
    kind,
    traderName: names[index % names.length]!,
    accountSizeCents: [25_000, 50_000, 100_000, 200_000][index % 4]! * 100,
    currency: 'USD',
    plan: kind === 'instantFunding' ? 'Instant Funding' : 'Two Phase',
    date: `2026-${String(1 + (index % 12)).padStart(2, '0')}-15`,
    amountCents: kind === 'payout' ? 10_000 + Math.floor(random() * 2_000_000) : null,
  }
}

const suite: BenchSuite = async function* () {
  const random = seededRandom(13)
  const hash = (index: number) => index.toString(16).padStart(64, '0')
  for (let i = 0; i < WARMUP; i++) await renderCertificate(certificate(i, random), hash(i))
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const data = certificate(i, random)
    const t0 = performance.now()
    const { png, pdf } = await renderCertificate(data, hash(i))
    times.push(performance.now() - t0)
    if (png.length < 10_000 || pdf.subarray(0, 5).toString() !== '%PDF-') {
      throw new Error(`certificate ${i} rendered no image or no PDF`)
    }
  }
  times.sort((a, b) => a - b)
  yield { name: 'certificate-render-p99-ms', value: percentile(times, 99), unit: 'ms' }
  yield { name: 'certificate-render-p50-ms', value: percentile(times, 50), unit: 'ms' }
}

export default suite
