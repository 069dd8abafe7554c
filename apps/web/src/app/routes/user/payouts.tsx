import { PageHeader } from '@/components/page-header'
import { PayoutsPage } from '@/features/payouts/components/payouts-page'

export default function PayoutsRoute() {
  return (
    <>
      <PageHeader
        title="Payouts"
        description="When your funded account can be paid, what you receive, and every payout so far."
      />
      <PayoutsPage />
    </>
  )
}
