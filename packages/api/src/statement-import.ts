// Statement import (issue 12 item 8): a trader or a visitor drops an MT4 Detailed Statement or an
// MT5 Trade History Report; the browser reads it with @tp/domain/statement (the importer of
// `engine report`), nothing is uploaded for the check. A signed-in trader may save it: POST
// /api/statement-imports (multipart: `file`), the server imports the same bytes again with the
// same importer and keeps the trades as a read-only "imported" account of their analytics.
// This module holds the words and formats (no zod: the public page's island loads it); the
// request and response schemas are in statement-import-schemas.ts.

import { importedAccountMessages } from './account-kind-messages'

/** The largest file a save accepts (a 10k-trade statement is ~5 MB). */
export const STATEMENT_UPLOAD_MAX_BYTES = 32 * 1024 * 1024
/** Saved imports per trader. */
export const MAX_STATEMENT_IMPORTS = 50

export const statementImportMessages = {
  publicTitle: 'Statement check',
  publicIntro:
    'Drop an MT4 Detailed Statement or an MT5 Trade History Report: your file is read in this ' +
    'browser, nothing is uploaded. See the summary MetaTrader prints and whether the trading ' +
    'would have passed our plans.',
  traderTitle: 'Import a statement',
  traderIntro:
    'Drop an MT4 Detailed Statement or an MT5 Trade History Report to see its summary and what ' +
    'our plans would have said; save it to keep it in your analytics as a read-only account.',
  dropLabel: 'Statement file',
  dropHint: 'Drop the file here or choose it: .htm or .html as saved by MetaTrader 4 or 5.',
  chooseFile: 'Choose a file',
  reading: 'Reading the statement…',
  summaryTitle: 'Summary',
  analysisTitle: 'Analytics and rule what-if',
  analysisIntro:
    'The trades replayed on an account of the size picked: curves with the loss floors, daily ' +
    'results, metrics, and whether each of our plans would have passed them.',
  sizeLabel: 'Account size',
  sizeOption: (sizeK: number) => `$${sizeK >= 1000 ? `${sizeK / 1000}M` : `${sizeK}K`}`,
  analysing: 'Working out the analytics and the what-if…',
  analysisFailed: 'The analytics of this statement could not be worked out.',
  tradesCount: (count: number) => `${count} closed ${count === 1 ? 'trade' : 'trades'}`,
  noTrades: 'The statement has no closed trades.',
  save: 'Save to my analytics',
  saving: 'Saving…',
  saved: 'Saved to your analytics as an imported account.',
  ...importedAccountMessages,
  tooManyImports: `You have ${MAX_STATEMENT_IMPORTS} saved imports; delete one before saving another.`,
  fileRequired: 'Attach the statement file.',
  tooLarge: `The file is too large: a statement of up to ${STATEMENT_UPLOAD_MAX_BYTES / 1024 / 1024} MB can be saved.`,
  notFound: 'That imported statement does not exist.',
  /** what the user reads when the file cannot be read, by the importer's error code */
  unreadable: {
    empty: 'The file is empty.',
    'too-large': 'The file is too large to be a MetaTrader statement.',
    undecodable: 'The file’s text encoding could not be read.',
    truncated:
      'The file is incomplete: it ends before its last trade rows. Save it again from MetaTrader.',
    'not-a-statement':
      'This file is not an MT4 Detailed Statement or an MT5 Trade History Report (HTML as saved by the terminal).',
    'malformed-row': 'The statement has a row MetaTrader would not write:',
    unexpected: 'The file could not be read.',
  },
} as const

export type UnreadableStatementCode = keyof typeof statementImportMessages.unreadable

/** The message for a file the importer refused (the detail names the row for a malformed one). */
export function describeUnreadableStatement(code: string, detail: string): string {
  const known = statementImportMessages.unreadable as Record<string, string>
  const message = known[code] ?? statementImportMessages.unreadable.unexpected
  return code === 'malformed-row' ? `${message} ${detail}` : message
}

/** a field of @tp/domain/statement's StatementSummary (typed there; this module stays light) */
type SummaryField = string

/**
 * The summary as MetaTrader prints it, in its order and words: each line one figure of the
 * importer's summary (money in the account currency, percents, counts).
 */
export const statementSummaryLines: ReadonlyArray<{
  field: SummaryField
  label: string
  kind: 'money' | 'percent' | 'count' | 'ratio'
}> = [
  { field: 'totalNetProfit', label: 'Total net profit', kind: 'money' },
  { field: 'grossProfit', label: 'Gross profit', kind: 'money' },
  { field: 'grossLoss', label: 'Gross loss', kind: 'money' },
  { field: 'profitFactor', label: 'Profit factor', kind: 'ratio' },
  { field: 'expectedPayoff', label: 'Expected payoff', kind: 'money' },
  { field: 'absoluteDrawdown', label: 'Absolute drawdown', kind: 'money' },
  { field: 'maximalDrawdown', label: 'Maximal drawdown', kind: 'money' },
  { field: 'maximalDrawdownPercent', label: 'Maximal drawdown %', kind: 'percent' },
  { field: 'relativeDrawdownPercent', label: 'Relative drawdown %', kind: 'percent' },
  { field: 'relativeDrawdown', label: 'Relative drawdown', kind: 'money' },
  { field: 'totalTrades', label: 'Total trades', kind: 'count' },
  { field: 'shortTrades', label: 'Short positions', kind: 'count' },
  { field: 'shortTradesWonPercent', label: 'Short positions won %', kind: 'percent' },
  { field: 'longTrades', label: 'Long positions', kind: 'count' },
  { field: 'longTradesWonPercent', label: 'Long positions won %', kind: 'percent' },
  { field: 'profitTrades', label: 'Profit trades', kind: 'count' },
  { field: 'lossTrades', label: 'Loss trades', kind: 'count' },
  { field: 'largestProfitTrade', label: 'Largest profit trade', kind: 'money' },
  { field: 'largestLossTrade', label: 'Largest loss trade', kind: 'money' },
  { field: 'averageProfitTrade', label: 'Average profit trade', kind: 'money' },
  { field: 'averageLossTrade', label: 'Average loss trade', kind: 'money' },
  { field: 'maxConsecutiveWins', label: 'Maximum consecutive wins', kind: 'count' },
  { field: 'maxConsecutiveWinsAmount', label: 'Maximum consecutive wins ($)', kind: 'money' },
  { field: 'maxConsecutiveLosses', label: 'Maximum consecutive losses', kind: 'count' },
  { field: 'maxConsecutiveLossesAmount', label: 'Maximum consecutive losses ($)', kind: 'money' },
  { field: 'maximalConsecutiveProfit', label: 'Maximal consecutive profit', kind: 'money' },
  {
    field: 'maximalConsecutiveProfitCount',
    label: 'Maximal consecutive profit (count)',
    kind: 'count',
  },
  { field: 'maximalConsecutiveLoss', label: 'Maximal consecutive loss', kind: 'money' },
  {
    field: 'maximalConsecutiveLossCount',
    label: 'Maximal consecutive loss (count)',
    kind: 'count',
  },
]

/** A summary figure as the page prints it (en-US digits; "—" for a profit factor without losses). */
export function formatSummaryFigure(
  value: number | null,
  kind: 'money' | 'percent' | 'count' | 'ratio',
): string {
  if (value === null) return '—'
  if (kind === 'count') return value.toLocaleString('en-US')
  const text = value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return kind === 'percent' ? `${text}%` : text
}
