// @tp/domain/statement/as-printed: the statement importer without a server time zone, for the
// browser's worker: the report importStatement gives without options, and a chunk without
// luxon's zone rules (decision 0052). Everything else is @tp/domain/statement's.
export { importStatementAsPrinted } from './read-statement-file'
export { StatementError, type StatementErrorCode } from './statement-error'
export type { StatementReport } from './statement-report'
