import { ShieldAlert } from 'lucide-react'
import { Link } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { paths } from '@/config/paths'
import { AdminDashboard } from '@/features/admin-dashboard/components/admin-dashboard'

export default function AdminDashboardRoute() {
  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        description="The firm at a glance: users, accounts, revenue, trades and sales."
      />
      <Link
        to={paths.admin.risk.getHref()}
        className="mb-6 inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ShieldAlert aria-hidden className="size-4" />
        Live risk: the accounts nearest to a breach and today&apos;s breaches
      </Link>
      <AdminDashboard />
    </>
  )
}
