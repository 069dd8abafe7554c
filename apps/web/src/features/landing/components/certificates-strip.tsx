import { Award } from 'lucide-react'
import { company } from '@/config/company'

type SampleCertificate = {
  kind: 'Challenge passed' | 'Payout'
  trader: string
  /** what it certifies: the account size passed, or the amount paid out */
  headline: string
  detail: string
  date: string
}

/**
 * Sample renders: certificates are issued when phase 2 is passed and with each payout
 * (decisions.md); until real ones can be shown, these five made-up ones show what they look like.
 */
const sampleCertificates: readonly SampleCertificate[] = [
  {
    kind: 'Challenge passed',
    trader: 'Alex Morgan',
    headline: '$100K Two Phase',
    detail: 'Phase 1 and Phase 2 passed',
    date: 'March 14, 2025',
  },
  {
    kind: 'Payout',
    trader: 'Priya Nair',
    headline: '$4,860.00',
    detail: 'Profit split paid, $50K account',
    date: 'April 2, 2025',
  },
  {
    kind: 'Challenge passed',
    trader: 'Lukas Becker',
    headline: '$25K Two Phase',
    detail: 'Phase 1 and Phase 2 passed',
    date: 'April 19, 2025',
  },
  {
    kind: 'Payout',
    trader: 'Sofia Alvarez',
    headline: '$12,150.00',
    detail: 'Profit split paid, $500K account',
    date: 'May 6, 2025',
  },
  {
    kind: 'Payout',
    trader: 'Kenji Watanabe',
    headline: '$1,935.00',
    detail: 'Profit split paid, $10K Instant Funding',
    date: 'May 28, 2025',
  },
]

/** One certificate as drawn in CSS: frame, seal, name, what it certifies, and SAMPLE across it. */
function CertificateCard({ certificate }: { certificate: SampleCertificate }) {
  return (
    <li className="w-64 shrink-0 snap-start sm:w-72">
      <figure
        aria-label={`Sample certificate: ${certificate.kind}, ${certificate.trader}, ${certificate.headline}`}
        className="relative aspect-[7/5] overflow-hidden rounded-lg border-4 border-double border-primary/50 bg-gradient-to-br from-surface-2 to-background p-4 text-center"
      >
        <span
          aria-hidden
          className="pointer-events-none absolute inset-0 flex items-center justify-center text-5xl font-black tracking-[0.3em] text-foreground/[0.07] uppercase select-none [transform:rotate(-18deg)]"
        >
          Sample
        </span>
        <div className="relative grid h-full content-between">
          <div className="flex items-center justify-center gap-1.5 text-[11px] font-semibold tracking-wide text-primary uppercase">
            <Award aria-hidden className="size-4" />
            {company.name} · {certificate.kind}
          </div>
          <div>
            <p className="text-[11px] text-muted-foreground">This certifies that</p>
            <p className="font-serif text-lg font-semibold italic">{certificate.trader}</p>
            <p className="text-xl font-bold text-primary tabular-nums">{certificate.headline}</p>
            <p className="text-[11px] text-muted-foreground">{certificate.detail}</p>
          </div>
          <p className="text-[10px] text-muted-foreground">
            {certificate.date} · <span className="font-semibold">Sample</span>
          </p>
        </div>
      </figure>
    </li>
  )
}

/** The certificates strip (spec 2.3): five sample certificates in a row that scrolls sideways. */
export function CertificatesStrip() {
  return (
    <div className="grid gap-4">
      <ul
        aria-label="Sample certificates"
        tabIndex={0}
        className="-mx-4 flex snap-x gap-4 overflow-x-auto px-4 pb-3 sm:mx-0 sm:px-0"
      >
        {sampleCertificates.map((certificate) => (
          <CertificateCard
            key={`${certificate.trader}-${certificate.kind}`}
            certificate={certificate}
          />
        ))}
      </ul>
      <p className="text-center text-xs text-muted-foreground">
        Samples with made-up names. Real certificates are issued when Phase 2 is passed and with
        each payout, and anyone can verify one at its public link.
      </p>
    </div>
  )
}

export default CertificatesStrip
