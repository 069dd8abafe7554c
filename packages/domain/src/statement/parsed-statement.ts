import type { z } from 'zod'
import type { ClosedTrade } from '../trades/trade'
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
  /** IANA zone of the trade server's clock, or null to keep the printed wall clock as UTC */
  serverTimeZone: string | null
}

/** Validates one row record; a failure names the row and the column. */
export function parseRow<S extends z.ZodType>(
  schema: S,
  record: Record<string, unknown>,
  where: string,
): z.output<S> {
  const result = schema.safeParse(record)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const column = issue?.path.join('.') ?? ''
  throw new StatementError(
    'malformed-row',
    `${where}: ${column ? `column "${column}" ` : ''}${issue?.message ?? 'is malformed'}`,
  )
}

/** Orders by (time, ticket); tickets compare numerically, as digit strings of any length. */
export function compareTimeThenTicket(
  a: { time: string; ticket: string },
  b: { time: string; ticket: string },
): number {
  if (a.time !== b.time) return a.time < b.time ? -1 : 1
  if (a.ticket.length !== b.ticket.length) return a.ticket.length - b.ticket.length
  return a.ticket < b.ticket ? -1 : a.ticket > b.ticket ? 1 : 0
}

export function sumCents(values: readonly number[]): number {
  let sum = 0
  for (const v of values) sum += v
  return sum
}
