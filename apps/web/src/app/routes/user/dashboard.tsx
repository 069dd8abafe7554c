import { TraderDashboard } from '@/features/checkout/components/trader-dashboard'
import { FailedAccountBadge } from '@/features/trading-terminal/components/failed-account-badge'

export default function DashboardRoute() {
  // a failed account's badge names the rule it broke and opens the breach evidence
  return (
    <TraderDashboard
      accountBadge={(account) =>
        account.status === 'failed' ? <FailedAccountBadge account={account} /> : undefined
      }
    />
  )
}
