// @tp/domain/statement: import of MetaTrader statements (contracts/statement-report.md). A
// separate entry point from @tp/domain because it pulls in HTML parsing and legacy code pages.
export {
  assertStatementSize,
  importStatement,
  MAX_STATEMENT_BYTES,
  type ImportStatementOptions,
} from './import-statement'
export { decodeStatementBytes, type DecodedStatement } from './decode-statement-bytes'
export { StatementError, type StatementErrorCode } from './statement-error'
export type { StatementPlatform, StatementReport, StatementSummary } from './statement-report'
