import type { CertificateDetails } from '@tp/api/certificates'
import { formatMoney, usd } from '@tp/domain/money'

/** What a certificate states, as a definition list. */
export function CertificateFacts({ certificate }: { certificate: CertificateDetails }) {
  const facts: [string, string][] = [
    ['Trader', certificate.traderName],
    ['Certificate', certificate.title],
    ['Plan', certificate.plan],
    ['Account size', formatMoney(usd(certificate.accountSizeCents), { showCents: false })],
    ...(certificate.amountCents !== null
      ? ([['Amount', formatMoney(usd(certificate.amountCents))]] as [string, string][])
      : []),
    ['Date', certificate.date],
  ]
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
