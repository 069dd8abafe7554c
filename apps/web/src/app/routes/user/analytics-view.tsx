import { AccountMetricsPage } from '@/features/account-metrics/components/account-metrics-page'

export default function AnalyticsViewRoute() {
  return <AccountMetricsPage />
}
