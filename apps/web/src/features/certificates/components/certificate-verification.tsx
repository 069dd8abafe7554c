import { BadgeCheck, ShieldX } from 'lucide-react'
import { certificateMessages } from '@tp/api/certificates'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { DocumentTitle } from '@/components/document-title'
import { getErrorMessage } from '@/lib/api-client'
import { useCertificateVerification } from '../api/verify-certificate'
import { CertificateFacts } from './certificate-facts'

function NotValid() {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 rounded-xl border border-border px-6 py-12 text-center"
    >
      <ShieldX aria-hidden className="size-10 text-loss" />
      <p className="text-lg font-semibold">{certificateMessages.notValid}</p>
    </div>
  )
}

/** The public check of a certificate (spec 2.14): its image, details and a verified mark. */
export function CertificateVerification({ hash }: { hash: string }) {
  const query = useCertificateVerification(hash)
  let body
  if (hash === '') body = <NotValid />
  else if (query.isPending) {
    body = (
      <div aria-busy className="grid gap-4">
        <span className="sr-only">Checking the certificate…</span>
        <Skeleton className="aspect-[1200/848] w-full rounded-xl" />
      </div>
    )
  } else if (query.isError) {
    body = (
      <Alert variant="error">
        {getErrorMessage(query.error)}{' '}
        <Button variant="link" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  } else if (query.data === null) body = <NotValid />
  else {
    const certificate = query.data
    body = (
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <img
          src={certificate.imageUrl}
          alt={`Certificate: ${certificate.title}, ${certificate.traderName}, ${certificate.date}`}
          width={1200}
          height={848}
          className="h-auto w-full rounded-xl border border-border bg-surface-2"
        />
        <div className="grid content-start gap-4">
          <p className="inline-flex items-center gap-2 text-lg font-semibold text-profit">
            <BadgeCheck aria-hidden className="size-6" /> {certificateMessages.verified}
          </p>
          <p className="text-sm text-muted-foreground">{certificateMessages.verifiedDetail}</p>
          <CertificateFacts certificate={certificate} />
          <Button asChild variant="outline" size="sm" className="justify-self-start">
            <a href={certificate.pdfUrl} download>
              Download PDF
            </a>
          </Button>
        </div>
      </div>
    )
  }
  return (
    <section className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8">
      <DocumentTitle title="Certificate Verification" />
      <h1 className="text-2xl font-bold tracking-tight">Certificate Verification</h1>
      {body}
    </section>
  )
}
