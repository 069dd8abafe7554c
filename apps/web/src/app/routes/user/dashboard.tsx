import { TraderDashboard } from '@/features/checkout/components/trader-dashboard'

export default function DashboardRoute() {
  return <TraderDashboard />
}
