import { PageHeader } from '@/components/page-header'
import { OrdersTable } from '@/features/admin-orders/components/orders-table'

export default function OrdersRoute() {
  return (
    <>
      <PageHeader
        title="Orders"
        description="Every checkout, its payment and the account it bought. Retry a failed setup or settle a payment under review."
      />
      <OrdersTable />
    </>
  )
}
