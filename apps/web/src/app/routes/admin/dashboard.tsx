import { PageHeader } from '@/components/page-header'
import { AdminDashboard } from '@/features/admin-dashboard/components/admin-dashboard'

export default function AdminDashboardRoute() {
  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        description="The firm at a glance: users, accounts, revenue, trades and sales."
      />
      <AdminDashboard />
    </>
  )
}
