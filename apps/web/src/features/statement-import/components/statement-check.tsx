import type { ReactNode } from 'react'
import { statementImportMessages as text } from '@tp/api/statement-import'
import type { StatementReport } from '@tp/domain/statement'
import { Alert } from '@/components/ui/alert'
import { Spinner } from '@/components/ui/spinner'
import { useStatementImport } from '../hooks/use-statement-import'
import { SaveStatementImport } from './save-statement-import'
import { StatementDropZone } from './statement-drop-zone'
import { StatementSummary } from './statement-summary'

/**
 * The statement check: a dropped MT4 Detailed Statement or MT5 Trade History Report read in this
 * browser by `@tp/domain/statement` (the importer of `engine report`), its MetaTrader summary,
 * then what the page adds for the report (`renderAnalysis`: analytics and the rule what-if,
 * composed by the route). `canSave`: a signed-in trader may keep it as an imported account.
 */
export function StatementCheck({
  canSave = false,
  savedLink,
  renderAnalysis,
}: {
  canSave?: boolean
  /** where a saved import can be seen (the analytics page) */
  savedLink?: ReactNode
  renderAnalysis?: (report: StatementReport) => ReactNode
}) {
  const { state, importFile } = useStatementImport()
  const isBusy = state.status === 'reading'

  return (
    <div className="grid gap-6">
      <StatementDropZone onFile={importFile} isBusy={isBusy} />
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
            <SaveStatementImport
              key={fileKey(state.file)}
              file={state.file}
              savedLink={savedLink}
            />
          ) : null}
          {state.report.trades.length === 0 ? (
            <p className="text-sm text-muted-foreground">{text.noTrades}</p>
          ) : (
            renderAnalysis?.(state.report)
          )}
        </>
      ) : null}
    </div>
  )
}

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`
