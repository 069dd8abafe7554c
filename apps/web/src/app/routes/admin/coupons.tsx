import { PageHeader } from '@/components/page-header'
import { CouponsTable } from '@/features/admin-coupons/components/coupons-table'
import { CreateCouponDialog } from '@/features/admin-coupons/components/create-coupon-dialog'

export default function CouponsRoute() {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <PageHeader
          title="Coupons"
          description="Discount codes traders enter at checkout. A coupon applies before the crypto discount."
        />
        <div className="mb-6">
          <CreateCouponDialog />
        </div>
      </div>
      <CouponsTable />
    </>
  )
}
