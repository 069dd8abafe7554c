import { lazy, Suspense, useId, useState, type ReactNode } from 'react'
import { statementImportMessages as text } from '@tp/api/statement-import'
import type { AccountMetrics } from '@tp/domain/analytics'
import { accountSizesK, type AccountSizeK } from '@tp/domain/plans'
import { Alert } from '@/components/ui/alert'
import { Spinner } from '@/components/ui/spinner'
import { useStatementImport } from '../hooks/use-statement-import'
import type { StatementHead } from '../worker/messages'
import { StatementDropZone } from './statement-drop-zone'
import { StatementSummary } from './statement-summary'

// the save (its API schemas, TanStack Query's mutation) loads only where saving is offered
const SaveStatementImport = lazy(() =>
  import('./save-statement-import').then((m) => ({ default: m.SaveStatementImport })),
)

/** The account size the what-if judges at first ("our Two Phase 100K"). */
const DEFAULT_SIZE_K: AccountSizeK = 100

/**
 * The statement check: a dropped MT4 Detailed Statement or MT5 Trade History Report read in this
 * browser by `@tp/domain/statement` (the importer of `engine report`), its MetaTrader summary,
 * then its analytics and rule what-if at the account size picked (`renderAnalysis`, composed by
 * the app: the metrics page's view). `canSave`: a signed-in trader may keep it as an imported
 * account.
 */
export function StatementCheck({
  canSave = false,
  savedLink,
  renderAnalysis,
}: {
  canSave?: boolean
  /** where a saved import can be seen (the analytics page) */
  savedLink?: ReactNode
  renderAnalysis?: (metrics: AccountMetrics, report: StatementHead) => ReactNode
}) {
  const { state, metricsState, importFile, loadMetrics } = useStatementImport()
  const [sizeK, setSizeK] = useState<AccountSizeK>(DEFAULT_SIZE_K)
  const sizeId = useId()
  const isBusy = state.status === 'reading'

  return (
    <div className="grid min-w-0 gap-6">
      <StatementDropZone onFile={(file) => void importFile(file, sizeK)} isBusy={isBusy} />
      <div aria-live="polite" className="grid gap-6">
        {state.status === 'reading' ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            {text.reading}
          </p>
        ) : null}
        {state.status === 'failed' ? (
          <Alert variant="error" data-testid="statement-error">
            <p className="font-semibold break-all">{state.fileName}</p>
            <p>{state.message}</p>
          </Alert>
        ) : null}
      </div>
      {state.status === 'done' ? (
        <>
          <StatementSummary report={state.report} fileName={state.file.name} />
          {canSave ? (
            <Suspense fallback={<Spinner label={text.saving} />}>
              <SaveStatementImport
                key={fileKey(state.file)}
                file={state.file}
                savedLink={savedLink}
              />
            </Suspense>
          ) : null}
          {state.report.tradeCount === 0 ? (
            <p className="text-sm text-muted-foreground">{text.noTrades}</p>
          ) : (
            <section aria-labelledby="statement-analysis-title" className="grid min-w-0 gap-4">
              <div className="flex flex-wrap items-end justify-between gap-3">
                <div className="grid gap-1">
                  <h2 id="statement-analysis-title" className="text-lg font-semibold">
                    {text.analysisTitle}
                  </h2>
                  <p className="text-sm text-muted-foreground">{text.analysisIntro}</p>
                </div>
                <div className="grid gap-1">
                  <label htmlFor={sizeId} className="text-sm font-medium">
                    {text.sizeLabel}
                  </label>
                  <select
                    id={sizeId}
                    value={sizeK}
                    onChange={(event) => {
                      const next = Number(event.currentTarget.value) as AccountSizeK
                      setSizeK(next)
                      void loadMetrics(next)
                    }}
                    className="h-10 rounded-md border border-border bg-surface px-3 text-sm"
                  >
                    {accountSizesK.map((size) => (
                      <option key={size} value={size}>
                        {text.sizeOption(size)}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              {metricsState.status === 'loading' || metricsState.status === 'idle' ? (
                <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Spinner />
                  {text.analysing}
                </p>
              ) : null}
              {metricsState.status === 'failed' ? (
                <Alert variant="error">
                  <p>{text.analysisFailed}</p>
                </Alert>
              ) : null}
              {metricsState.status === 'done'
                ? renderAnalysis?.(metricsState.metrics, state.report)
                : null}
            </section>
          )}
        </>
      ) : null}
    </div>
  )
}

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`
