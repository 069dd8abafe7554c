import { Readable, pipeline } from 'node:stream'
import { stringify } from 'csv-stringify'
import type { AppContext } from '../../context'
import { toCsvCell, type CsvCell } from '../../lib/csv'
import { recordAudit } from '../access/access-policy'
import type { Caller } from '../access/authenticate'

// The admin CSV exports (issue 14 item 8, decision 0036): read from the database a page at a time
// (keyset on the list's time and id, so page n costs what page 1 costs) and written to the
// response as the pages come, through csv-stringify: never the whole export in memory. Every
// cell goes through toCsvCell (CSV injection: text starting with = + - @ tab CR is quoted).

/** Rows per database page of an export. */
export const EXPORT_PAGE_SIZE = 1000

/** Where the next page starts: the last row's sort key (time as the database's text, exact). */
export type ExportCursor = { at: string; id: string }

/** Rows in export order, each with its keyset (`cursor_at`, `id`) beside the cells. */
export type KeysetRow = { cursor_at: string; id: string }

/**
 * The pages of a keyset read: `readPage(after, size)` answers up to `size` rows after the cursor
 * (null: from the start), in order; the pages end with the first short one.
 */
export async function* keysetPages<R extends KeysetRow>(
  readPage: (after: ExportCursor | null, size: number) => Promise<R[]>,
  pageSize: number = EXPORT_PAGE_SIZE,
): AsyncGenerator<R[]> {
  let after: ExportCursor | null = null
  for (;;) {
    const rows = await readPage(after, pageSize)
    if (rows.length > 0) yield rows
    if (rows.length < pageSize) return
    const last = rows[rows.length - 1]!
    after = { at: last.cursor_at, id: last.id }
  }
}

export type CsvExport = {
  /** the file's name without the day and extension, e.g. `users` */
  name: string
  columns: readonly string[]
  /** the rows as cells in column order, a page at a time */
  pages: AsyncIterable<CsvCell[][]>
}

/** Maps each page of rows to their cells. */
export async function* cellsOf<R>(
  pages: AsyncIterable<R[]>,
  toCells: (row: R) => CsvCell[],
): AsyncGenerator<CsvCell[][]> {
  for await (const page of pages) yield page.map(toCells)
}

/**
 * The export as a byte stream: the header row, then each page's rows as it is read. Reading
 * follows the response (a slow client reads no faster than it downloads); a failure ends the
 * stream with the error (logged by Fastify, the download cut short).
 */
export function csvStream(csvExport: CsvExport): Readable {
  async function* rows() {
    for await (const page of csvExport.pages) {
      for (const cells of page) yield cells.map(toCsvCell)
    }
  }
  const stringifier = stringify({ header: true, columns: [...csvExport.columns] })
  return pipeline(Readable.from(rows()), stringifier, () => {
    // pipeline destroys both streams on a failure; the reply reports the error
  })
}

/** The download's file name: `<name>-<UTC day>.csv`. */
export function exportFileName(ctx: AppContext, name: string): string {
  return `${name}-${ctx.clock.now().toISOString().slice(0, 10)}.csv`
}

/** Every export is audited: who, when, which list and with which filters. */
export async function auditExport(
  ctx: AppContext,
  caller: Caller,
  name: string,
  filters: Record<string, unknown>,
): Promise<void> {
  const applied = Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  )
  await recordAudit(ctx, {
    actor: caller,
    action: `export.${name}`,
    targetType: 'export',
    targetId: name,
    details: { filters: applied },
  })
}
