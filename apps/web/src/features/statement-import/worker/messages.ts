import type { AccountMetrics } from '@tp/domain/analytics'
import type { AccountSizeK } from '@tp/domain/plans'
import type { StatementErrorCode, StatementReport } from '@tp/domain/statement'

/**
 * The page asks the worker to import one file (its bytes are transferred, not copied), then for
 * the analytics and the rule what-if of the last file imported at an account size.
 */
export type StatementWorkerRequest =
  | { id: number; kind: 'import'; bytes: ArrayBuffer }
  | { id: number; kind: 'metrics'; sizeK: AccountSizeK }

export type StatementWorkerReply =
  | { id: number; ok: true; kind: 'import'; report: StatementReport }
  | { id: number; ok: true; kind: 'metrics'; metrics: AccountMetrics }
  | { id: number; ok: false; code: StatementErrorCode | 'unexpected'; detail: string }
