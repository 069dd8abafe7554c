import { PageHeader } from '@/components/page-header'
import { AccountsTable } from '@/features/admin-accounts/components/accounts-table'

export default function TradingAccountsRoute() {
  return (
    <>
      <PageHeader
        title="Trading Accounts"
        description="Every account with its figures and distance to each floor: search, filter, sort."
      />
      <AccountsTable />
    </>
  )
}
