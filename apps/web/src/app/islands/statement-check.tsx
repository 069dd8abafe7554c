import type { ReactNode } from 'react'
import { AccountMetricsView } from '@/features/account-metrics/components/account-metrics-view'
import { StatementCheck } from '@/features/statement-import/components/statement-check'

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
        <AccountMetricsView metrics={metrics} filePrefix={`statement-${report.account.login}`} />
      )}
    />
  )
}
