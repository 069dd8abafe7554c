import type { StatementImportMetricsResponse } from '@tp/api/statement-import-schemas'
import { computeStatementMetrics } from '@tp/domain/analytics'
import type { AccountSizeK } from '@tp/domain/plans'
import type { AppContext } from '../../context'
import { loadStatementImportFor } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { toImportedAccount } from './imported-account'

/**
 * A saved import on the metrics page: its trades' analytics and rule what-if at an account size,
 * computed by @tp/domain as the browser's statement check does (owner or admin).
 */
export async function getStatementImportMetrics(
  ctx: AppContext,
  caller: Caller,
  importId: string,
  sizeK: AccountSizeK,
): Promise<StatementImportMetricsResponse['data']> {
  const row = await loadStatementImportFor(ctx, caller, importId, 'read')
  return {
    account: toImportedAccount(row),
    metrics: computeStatementMetrics(row.trades, sizeK),
  }
}
