import { useParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { UserDetail } from '@/features/admin-users/components/user-detail'

export default function UserDetailRoute() {
  const { userId = '' } = useParams()
  return (
    <>
      <PageHeader
        title="User"
        description="Profile, billing, orders, accounts, messages and audit entries."
      />
      <UserDetail userId={userId} />
    </>
  )
}
