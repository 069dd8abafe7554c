import type { ImportedAccount } from '@tp/api/statement-import-schemas'
import { desc, eq, getTableColumns } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { statementImports } from '../../db/schema'
import type { Caller } from '../access/authenticate'
import { toImportedAccount } from './imported-account'

/** The caller's own saved imports, newest first (without their trades). */
export async function listStatementImports(
  ctx: AppContext,
  caller: Caller,
): Promise<ImportedAccount[]> {
  const { summary: _summary, trades: _trades, ...columns } = getTableColumns(statementImports)
  const rows = await ctx.db
    .select(columns)
    .from(statementImports)
    .where(eq(statementImports.userId, caller.userId))
    .orderBy(desc(statementImports.createdAt))
  return rows.map(toImportedAccount)
}
