import { PageHeader } from '@/components/page-header'
import { CertificatesGrid } from '@/features/certificates/components/certificates-grid'

export default function CertificatesRoute() {
  return (
    <>
      <PageHeader
        title="Certificates"
        description="Earned for passing Phase 1, becoming funded and every payout. Anyone can verify them by their link."
      />
      <CertificatesGrid />
    </>
  )
}
