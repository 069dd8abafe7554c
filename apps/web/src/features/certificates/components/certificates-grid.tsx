import { Award, Download, FileText, Link2 } from 'lucide-react'
import { certificateMessages, type CertificateListItem } from '@tp/api/certificates'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { getErrorMessage } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { useCertificates } from '../api/get-certificates'
import { CertificateFacts } from './certificate-facts'

async function copyLink(certificate: CertificateListItem) {
  const link = new URL(certificate.verifyUrl, window.location.origin).toString()
  try {
    if (!navigator.clipboard) throw new Error('no clipboard')
    await navigator.clipboard.writeText(link)
    notify('success', certificateMessages.linkCopied)
  } catch {
    notify('error', certificateMessages.copyFailed)
  }
}

function CertificateCard({ certificate }: { certificate: CertificateListItem }) {
  const label = `${certificate.title}, ${certificate.date}`
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-border bg-surface-1">
      <a href={certificate.verifyUrl} className="block focus-visible:outline-2">
        <img
          src={certificate.imageUrl}
          alt={`Certificate: ${certificate.title}, ${certificate.traderName}, ${certificate.date}`}
          width={1200}
          height={848}
          loading="lazy"
          className="aspect-[1200/848] h-auto w-full bg-surface-2 object-cover"
        />
      </a>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 className="font-semibold">{certificate.title}</h2>
        <CertificateFacts certificate={certificate} />
        <div className="mt-auto flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={certificate.imageUrl} download aria-label={`Download PNG: ${label}`}>
              <Download aria-hidden className="size-4" /> PNG
            </a>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={certificate.pdfUrl} download aria-label={`Download PDF: ${label}`}>
              <FileText aria-hidden className="size-4" /> PDF
            </a>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void copyLink(certificate)}
            aria-label={`Copy link: ${label}`}
          >
            <Link2 aria-hidden className="size-4" /> Copy link
          </Button>
        </div>
      </div>
    </li>
  )
}

/** The trader's certificates (spec 2.12): a grid of images with download and share actions. */
export function CertificatesGrid() {
  const query = useCertificates()
  if (query.isPending) {
    return (
      <div aria-busy className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <span className="sr-only">Loading certificates…</span>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="aspect-[1200/848] w-full rounded-xl" />
        ))}
      </div>
    )
  }
  if (query.isError) {
    return (
      <Alert variant="error">
        {certificateMessages.loadFailed} {getErrorMessage(query.error)}{' '}
        <Button variant="link" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  if (query.data.length === 0) {
    return <EmptyState icon={<Award aria-hidden />} title={certificateMessages.empty} />
  }
  return (
    <ul aria-label="Your certificates" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {query.data.map((certificate) => (
        <CertificateCard key={certificate.id} certificate={certificate} />
      ))}
    </ul>
  )
}
