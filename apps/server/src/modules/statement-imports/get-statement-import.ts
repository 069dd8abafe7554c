import type { StatementImportReport } from '@tp/api/statement-import-schemas'
import type { AppContext } from '../../context'
import { loadStatementImportFor } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { toImportedAccount } from './imported-account'

/** A saved import's report (summary and closed trades), for its owner or an admin. */
export async function getStatementImport(
  ctx: AppContext,
  caller: Caller,
  importId: string,
): Promise<StatementImportReport> {
  const row = await loadStatementImportFor(ctx, caller, importId, 'read')
  return { account: toImportedAccount(row), summary: row.summary, trades: row.trades }
}
