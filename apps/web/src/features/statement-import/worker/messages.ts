import type { StatementErrorCode, StatementReport } from '@tp/domain/statement'

/** The page asks the worker to import one file (its bytes are transferred, not copied). */
export type StatementWorkerRequest = { id: number; bytes: ArrayBuffer }

/** The importer's report, or why the file could not be read. */
export type StatementWorkerReply =
  | { id: number; ok: true; report: StatementReport }
  | { id: number; ok: false; code: StatementErrorCode | 'unexpected'; detail: string }
