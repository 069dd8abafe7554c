import { printedTimeAsUtc, type ReadOptions } from './parsed-statement'
import { assertStatementSize, readStatementFile } from './read-statement-file'
import { isKnownTimeZone, zonedServerTimeToIso } from './server-time-zone'
import type { StatementReport } from './statement-report'

export { assertStatementSize, MAX_STATEMENT_BYTES } from './read-statement-file'

export interface ImportStatementOptions {
  /**
   * IANA zone of the trade server's clock. Reports print server wall-clock times without a zone;
   * by default they are kept as printed and labelled UTC.
   */
  serverTimeZone?: string
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
  const readOptions: ReadOptions =
    serverTimeZone === null
      ? { serverTimeToIso: printedTimeAsUtc }
      : { serverTimeToIso: (local) => zonedServerTimeToIso(local, serverTimeZone) }
  return readStatementFile(bytes, readOptions)
}
