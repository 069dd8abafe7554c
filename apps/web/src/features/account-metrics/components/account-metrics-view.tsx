import type { AccountMetricsDto } from '@tp/api/analytics'
import { BreakdownTables } from './breakdown-tables'
import { CurveCard } from './curve-card'
import { DailyCalendar } from './daily-calendar'
import { MetricsGrid } from './metrics-grid'
import { TradeJournal, type JournalProps } from './trade-journal'
import { WhatIfTable } from './what-if-table'

export type { JournalProps }

export type AccountMetricsViewProps = {
  /** @tp/domain's computeAccountMetrics: from the server, or from a statement in the browser */
  metrics: AccountMetricsDto
  /** the account's notes and tags; without it the journal shows the trades alone (read-only) */
  journal?: JournalProps
  /** names the CSV exports: `${filePrefix}-trades.csv`, `${filePrefix}-daily.csv` */
  filePrefix?: string
}

/**
 * The account metrics page's body (issue 12 items 4-7), drawn from props alone so that an
 * imported statement renders it too. The curve chart (plain SVG) loads with the curves (React.lazy).
 */
export function AccountMetricsView({
  metrics,
  journal,
  filePrefix = 'account',
}: AccountMetricsViewProps) {
  return (
    <div className="grid min-w-0 gap-4">
      <CurveCard curve={metrics.curve} />
      <MetricsGrid metrics={metrics.metrics} maxDrawdown={metrics.maxDrawdown} />
      <DailyCalendar metrics={metrics} />
      <BreakdownTables breakdowns={metrics.breakdowns} timeZone={metrics.timeZone} />
      <TradeJournal metrics={metrics} filePrefix={filePrefix} {...(journal ? { journal } : {})} />
      {metrics.whatIf && <WhatIfTable whatIf={metrics.whatIf} />}
    </div>
  )
}
