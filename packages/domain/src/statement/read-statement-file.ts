import { computeStatementSummary } from './compute-statement-summary'
import { decodeStatementBytes } from './decode-statement-bytes'
import { printedTimeAsUtc, type ParsedStatement, type ReadOptions } from './parsed-statement'
import { readMt4Statement } from './read-mt4-statement'
import { readMt5Report } from './read-mt5-report'
import { readTableRows, type TableRow } from './read-table-rows'
import { looksLikeTotalsRow } from './report-cells'
import { StatementError } from './statement-error'
import type { StatementReport } from './statement-report'

/** A 10k-trade statement is ~5 MB; far beyond this is not a terminal export. */
export const MAX_STATEMENT_BYTES = 64 * 1024 * 1024

/** Refuses a file too large to be a terminal export; callers may check before reading it. */
export function assertStatementSize(byteLength: number): void {
  if (byteLength > MAX_STATEMENT_BYTES) {
    throw new StatementError(
      'too-large',
      `the file is ${byteLength} bytes; statements over ${MAX_STATEMENT_BYTES} bytes are refused`,
    )
  }
}

/**
 * importStatement without a server time zone: times kept as printed, labelled UTC. What the
 * browser's worker runs (@tp/domain/statement/as-printed): the same report as importStatement
 * without options, without luxon's zone rules in its chunk (decision 0052).
 */
export function importStatementAsPrinted(bytes: Uint8Array): StatementReport {
  return readStatementFile(bytes, { serverTimeToIso: printedTimeAsUtc })
}

/** The bytes of an export -> its report, times converted by `options` (import-statement.ts). */
export function readStatementFile(bytes: Uint8Array, options: ReadOptions): StatementReport {
  assertStatementSize(bytes.length)
  const { text } = decodeStatementBytes(bytes)
  if (!/<t[dh][\s>]/i.test(text)) {
    throw new StatementError(
      'not-a-statement',
      'no HTML table found: this is not an MT4 Detailed Statement or an MT5 Trade History Report',
    )
  }
  const { rows, hasClosedDocument } = readTableRows(text)
  const parsed = readRows(rows, options, hasClosedDocument)
  if (!parsed) {
    throw new StatementError(
      'not-a-statement',
      'no MetaTrader account header found: this is not an MT4 Detailed Statement or an MT5 Trade History Report',
    )
  }
  // The terminal always closes the document. Without </html> the file was cut short: that is
  // harmless when the cut came after the trade rows (e.g. the summary section deleted to the end
  // of the file), which the totals row the terminal writes after them shows; otherwise importing
  // the rows that did arrive would report a history that never happened.
  if (!hasClosedDocument && !hasTotalsRowAfter(rows, parsed.lastDataRow)) throw truncated()
  return {
    platform: parsed.platform,
    account: parsed.account,
    summary: computeStatementSummary(parsed.results, parsed.curve),
    trades: parsed.trades,
  }
}

function readRows(
  rows: readonly TableRow[],
  options: ReadOptions,
  hasClosedDocument: boolean,
): ParsedStatement | null {
  try {
    return readMt5Report(rows, options) ?? readMt4Statement(rows, options)
  } catch (error) {
    // a row cut in the middle is malformed because the file was cut, not because it was written so
    if (!hasClosedDocument && error instanceof StatementError) throw truncated()
    throw error
  }
}

function hasTotalsRowAfter(rows: readonly TableRow[], lastDataRow: number): boolean {
  if (lastDataRow < 0) return false
  for (let i = lastDataRow + 1; i < rows.length; i++) {
    if (looksLikeTotalsRow(rows[i]!.cells.map((cell) => cell.text))) return true
  }
  return false
}

function truncated(): StatementError {
  return new StatementError(
    'truncated',
    'the file ends before the end of its trade rows (no closing </html>, no totals row after the last trade): it looks truncated',
  )
}
