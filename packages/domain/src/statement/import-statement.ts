import { computeStatementSummary } from './compute-statement-summary'
import { decodeStatementBytes } from './decode-statement-bytes'
import type { ParsedStatement, ReadOptions } from './parsed-statement'
import { readMt4Statement } from './read-mt4-statement'
import { readMt5Report } from './read-mt5-report'
import { readTableRows, type TableRow } from './read-table-rows'
import { isKnownTimeZone, looksLikeTotalsRow } from './report-cells'
import { StatementError } from './statement-error'
import type { StatementReport } from './statement-report'

/** A 10k-trade statement is ~5 MB; far beyond this is not a terminal export. */
export const MAX_STATEMENT_BYTES = 64 * 1024 * 1024

export interface ImportStatementOptions {
  /**
   * IANA zone of the trade server's clock. Reports print server wall-clock times without a zone;
   * by default they are kept as printed and labelled UTC.
   */
  serverTimeZone?: string
}

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
 * An exported MT4 Detailed Statement or MT5 Trade History Report (bytes as read from the file)
 * -> platform, account, MetaTrader's summary recomputed from the rows, and the closed trades
 * (contracts/statement-report.md). Throws StatementError for anything that is not such a file.
 */
export function importStatement(
  bytes: Uint8Array,
  options: ImportStatementOptions = {},
): StatementReport {
  assertStatementSize(bytes.length)
  const serverTimeZone = options.serverTimeZone ?? null
  if (serverTimeZone !== null && !isKnownTimeZone(serverTimeZone)) {
    throw new RangeError(`serverTimeZone "${serverTimeZone}" is not an IANA time zone`)
  }
  const readOptions: ReadOptions = { serverTimeZone }

  const { text } = decodeStatementBytes(bytes)
  if (!/<t[dh][\s>]/i.test(text)) {
    throw new StatementError(
      'not-a-statement',
      'no HTML table found: this is not an MT4 Detailed Statement or an MT5 Trade History Report',
    )
  }
  const { rows, hasClosedDocument } = readTableRows(text)
  const parsed = readRows(rows, readOptions, hasClosedDocument)
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
