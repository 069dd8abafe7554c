import { sql } from 'drizzle-orm'
import type { AdminAccountRow } from '@tp/api'
import type { AppContext } from '../../context'
import { AppError } from '../../lib/errors'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { rowsOf, toAdminAccountRow, type AccountRowSql } from './list-accounts'

/** One account's row of the table (its admin page): 404 when there is none. */
export async function getAdminAccount(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string },
): Promise<AdminAccountRow> {
  const account = await loadAccountFor(ctx, caller, input.accountId, 'read')
  const rows = await ctx.db.execute<AccountRowSql>(rowsOf(sql`select ${account.id}::uuid as id`))
  const row = rows.rows[0]
  if (!row) throw new AppError('NOT_FOUND')
  return toAdminAccountRow(ctx, row)
}
