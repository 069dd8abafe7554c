import {
  formatSummaryFigure,
  statementImportMessages as text,
  statementSummaryLines,
} from '@tp/api/statement-import'
import type { StatementHead } from '../worker/messages'

/** The summary MetaTrader prints under the trades, recomputed from the file's rows. */
export function StatementSummary({
  report,
  fileName,
}: {
  report: StatementHead
  fileName: string
}) {
  const { summary, account, platform } = report
  return (
    <section aria-labelledby="statement-summary-title" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="statement-summary-title" className="text-lg font-semibold">
          {text.summaryTitle}
        </h2>
        <p className="text-sm text-muted-foreground">
          <span className="break-all">{fileName}</span> · {platform} · #{account.login} ·{' '}
          {account.currency} · {text.tradesCount(report.tradeCount)}
        </p>
      </div>
      <dl
        data-testid="statement-summary"
        data-file={fileName}
        className="grid overflow-hidden rounded-lg border border-border bg-surface text-sm sm:grid-cols-2"
      >
        {statementSummaryLines.map((line) => (
          <div
            key={line.field}
            data-field={line.field}
            className="flex items-baseline justify-between gap-3 border-b border-border px-3 py-2"
          >
            <dt className="text-muted-foreground">{line.label}</dt>
            <dd className="text-right font-semibold tabular-nums">
              {formatSummaryFigure(summary[line.field as keyof typeof summary], line.kind)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
