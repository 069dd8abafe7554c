import { UsersTable } from '@/features/admin-users/components/users-table'
import { PageHeader } from '@/components/page-header'

export default function UserAccountRoute() {
  return (
    <>
      <PageHeader
        title="User Accounts"
        description="Everyone who has signed up: search, filter, sort, edit, disable or enable."
      />
      <UsersTable />
    </>
  )
}
