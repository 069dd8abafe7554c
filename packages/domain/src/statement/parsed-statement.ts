import type { ClosedTrade } from '../trades/trade'
import { CellIssue, type CellReader, type CellText } from './report-cells'
import type { BalanceCurve, ClosingResult } from './compute-statement-summary'
import { StatementError } from './statement-error'
import type { StatementPlatform } from './statement-report'

/** What a platform reader extracts from the rows; the summary is computed from it alone. */
export interface ParsedStatement {
  platform: StatementPlatform
  account: { login: string; currency: string }
  /** closing results in close order (close time, then ticket) */
  results: ClosingResult[]
  curve: BalanceCurve
  trades: ClosedTrade[]
  /**
   * Index of the last row the summary and trades were read from (-1: none). A file cut short
   * (no closing </html>) is still whole where it matters when a section's totals row follows it.
   */
  lastDataRow: number
}

export interface ReadOptions {
  /**
   * Server wall-clock time "2024-03-12T05:14:04" -> ISO-8601 UTC: in the trade server's zone
   * when the caller knows it, else the printed wall clock labelled UTC (printedTimeAsUtc).
   */
  serverTimeToIso: (local: string) => string
}

/**
 * Reports do not say the server's zone; without one the wall clock is kept and labelled UTC, so
 * times read exactly as the terminal printed them.
 */
export const printedTimeAsUtc = (local: string): string => local + 'Z'

/**
 * One column of a row read by its cell reader; a refused cell is the row's `malformed-row`
 * error naming the row and the column. A row's columns are read in order, so the error names the
 * first bad one.
 */
export function readCell<T>(read: CellReader<T>, cell: CellText, column: string, where: string): T {
  try {
    return read(cell)
  } catch (error) {
    throw error instanceof CellIssue ? malformed(where, column, error.message) : error
  }
}

/** A run of like columns (taxes, fees); the error names the column and the cell's index. */
export function readCells<T>(
  read: CellReader<T>,
  cells: readonly CellText[],
  column: string,
  where: string,
): T[] {
  const values: T[] = []
  for (let i = 0; i < cells.length; i++)
    values.push(readCell(read, cells[i], `${column}.${i}`, where))
  return values
}

export function malformed(where: string, column: string, message: string): StatementError {
  return new StatementError('malformed-row', `${where}: column "${column}" ${message}`)
}

/** Orders by (time, ticket); tickets compare numerically, as digit strings of any length. */
export function compareTimeThenTicket(
  aTime: string,
  aTicket: string,
  bTime: string,
  bTicket: string,
): number {
  if (aTime !== bTime) return aTime < bTime ? -1 : 1
  if (aTicket.length !== bTicket.length) return aTicket.length - bTicket.length
  return aTicket < bTicket ? -1 : aTicket > bTicket ? 1 : 0
}

export function sumCents(values: readonly number[]): number {
  let sum = 0
  for (const v of values) sum += v
  return sum
}
