import { Alert } from '@/components/ui/alert'
import { Skeleton } from '@/components/ui/skeleton'
import { getErrorMessage } from '@/lib/api-client'
import { usePayoutHistory } from '../api/payouts-api'
import { PayoutHistory } from './payout-history'

/** The payout history with its timelines, loading on its own (the billing page shows it too). */
export function PayoutHistorySection() {
  const history = usePayoutHistory()
  if (history.isError) return <Alert variant="error">{getErrorMessage(history.error)}</Alert>
  if (history.isPending) return <Skeleton className="h-24" aria-label="Loading payouts" />
  return <PayoutHistory payouts={history.data.payouts} />
}
