import { PageHeader } from '@/components/page-header'
import { BillingTable } from '@/features/billing/components/billing-table'
import { PayoutHistorySection } from '@/features/payouts/components/payout-history-section'

export default function BillingRoute() {
  return (
    <>
      <PageHeader title="Billing" description="Every payment you have made, newest first." />
      <BillingTable />
      <section className="mt-8 grid gap-3" aria-labelledby="billing-payouts">
        <h2 id="billing-payouts" className="text-lg font-semibold">
          Payouts
        </h2>
        <PayoutHistorySection />
      </section>
    </>
  )
}
