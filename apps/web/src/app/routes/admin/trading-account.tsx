import { useParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { AccountDetail } from '@/features/admin-accounts/components/account-detail'
import { NewsViolations } from '@/features/economic-calendar/components/news-violations'
import { PolicyViolations } from '@/features/policy-violations/components/policy-violations'

export default function TradingAccountRoute() {
  const { accountId = '' } = useParams()
  return (
    <>
      <PageHeader
        title="Trading account"
        description="Live state, verdicts, breach evidence, ledger, trades and deals; actions with a reason."
      />
      <div className="grid gap-6">
        <AccountDetail accountId={accountId} />
        <NewsViolations accountId={accountId} />
        <PolicyViolations accountId={accountId} />
      </div>
    </>
  )
}
