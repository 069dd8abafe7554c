import type { AccountMetrics } from '@tp/domain/analytics'
import type { AccountSizeK } from '@tp/domain/plans'
import type { StatementErrorCode, StatementReport } from '@tp/domain/statement'

/**
 * What the page shows of an imported file at once: MetaTrader's summary of the whole file, the
 * account and the number of closed trades. The trades stay in the worker (its analytics are
 * worked out there): copying 10k of them to the page took longer than showing the summary.
 */
export type StatementHead = Omit<StatementReport, 'trades'> & { tradeCount: number }

/**
 * The page asks the worker to import one file (its bytes are transferred, not copied; the answer
 * is the file's head), then for the analytics and the rule what-if of the last file imported at
 * an account size.
 */
export type StatementWorkerRequest =
  | { id: number; kind: 'import'; bytes: ArrayBuffer }
  | { id: number; kind: 'metrics'; sizeK: AccountSizeK }

export type StatementWorkerReply =
  | { id: number; ok: true; kind: 'import'; report: StatementHead }
  | { id: number; ok: true; kind: 'metrics'; metrics: AccountMetrics }
  | { id: number; ok: false; code: StatementErrorCode | 'unexpected'; detail: string }
