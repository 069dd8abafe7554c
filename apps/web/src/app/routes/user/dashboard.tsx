import { TraderDashboard } from '@/features/checkout/components/trader-dashboard'
import { NewsViolations } from '@/features/economic-calendar/components/news-violations'
import { PolicyViolations } from '@/features/policy-violations/components/policy-violations'
import { TraderAnalytics } from '@/features/trader-analytics/components/trader-analytics'
import { FailedAccountBadge } from '@/features/trading-terminal/components/failed-account-badge'

export default function DashboardRoute() {
  // a failed account's badge names the rule it broke and opens the breach evidence; the shown
  // account's analytics (Trade Analysis and Trade Visualization tabs) follow its credentials
  return (
    <TraderDashboard
      accountBadge={(account) =>
        account.status === 'failed' ? <FailedAccountBadge account={account} /> : undefined
      }
      accountDetails={(account) =>
        account.status === 'provisioning' ? null : (
          <div className="grid gap-6">
            {/* the news rule's violations, shown only when the account has one (decision 0037) */}
            <NewsViolations accountId={account.id} hideWhenEmpty />
            {/* the firm's policy checked after the fact on a real MT server (decision 0045) */}
            <PolicyViolations accountId={account.id} hideWhenEmpty />
            <TraderAnalytics accountId={account.id} />
          </div>
        )
      }
    />
  )
}
