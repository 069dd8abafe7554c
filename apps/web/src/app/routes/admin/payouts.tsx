import { PageHeader } from '@/components/page-header'
import { AdminPayoutsPage } from '@/features/admin-payouts/components/admin-payouts-page'

export default function AdminPayoutsRoute() {
  return (
    <>
      <PageHeader
        title="Payouts"
        description="Review identity checks and payout requests; approve, or reject with a reason."
      />
      <AdminPayoutsPage />
    </>
  )
}
