import { PageHeader } from '@/components/page-header'
import { RiskDesk } from '@/features/admin-risk/components/risk-desk'

export default function AdminRiskRoute() {
  return (
    <>
      <PageHeader
        title="Live Risk"
        description="The accounts nearest to a breach as prices move, and the breaches of the last 24 hours with their evidence."
      />
      <RiskDesk />
    </>
  )
}
