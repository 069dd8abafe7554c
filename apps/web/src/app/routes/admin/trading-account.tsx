import { useParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { AccountDetail } from '@/features/admin-accounts/components/account-detail'

export default function TradingAccountRoute() {
  const { accountId = '' } = useParams()
  return (
    <>
      <PageHeader
        title="Trading account"
        description="Live state, verdicts, breach evidence, ledger, trades and deals; actions with a reason."
      />
      <AccountDetail accountId={accountId} />
    </>
  )
}
