import { lazy, Suspense, type ReactNode } from 'react'
import { Spinner } from '@/components/ui/spinner'
import { StatementCheck } from '@/features/statement-import/components/statement-check'

// the metrics page's view loads once a statement has been read, not with the page
const AccountMetricsView = lazy(() =>
  import('@/features/account-metrics/components/account-metrics-view').then((m) => ({
    default: m.AccountMetricsView,
  })),
)

/**
 * The statement check with the metrics page's view of the statement (analytics and rule
 * what-if): two features composed here. The public page hydrates it as an island (JSON props
 * only); the signed-in page adds the save.
 */
export function StatementCheckWithMetrics({
  canSave = false,
  savedLink,
}: {
  canSave?: boolean
  savedLink?: ReactNode
}) {
  return (
    <StatementCheck
      canSave={canSave}
      savedLink={savedLink}
      renderAnalysis={(metrics, report) => (
        <Suspense fallback={<Spinner label="Loading the analytics" />}>
          <AccountMetricsView metrics={metrics} filePrefix={`statement-${report.account.login}`} />
        </Suspense>
      )}
    />
  )
}
