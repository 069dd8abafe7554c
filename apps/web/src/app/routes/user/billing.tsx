import { PageHeader } from '@/components/page-header'
import { BillingTable } from '@/features/billing/components/billing-table'

export default function BillingRoute() {
  return (
    <>
      <PageHeader title="Billing" description="Every payment you have made, newest first." />
      <BillingTable />
    </>
  )
}
