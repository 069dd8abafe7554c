import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { statementImports } from '../../db/schema'
import { loadStatementImportFor } from '../access/access-policy'
import type { Caller } from '../access/authenticate'

/** Deletes one of the caller's own saved imports. */
export async function deleteStatementImport(
  ctx: AppContext,
  caller: Caller,
  importId: string,
): Promise<void> {
  const row = await loadStatementImportFor(ctx, caller, importId, 'manage')
  await ctx.db.delete(statementImports).where(eq(statementImports.id, row.id))
}
