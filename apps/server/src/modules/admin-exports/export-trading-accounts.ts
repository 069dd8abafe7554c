import { sql } from 'drizzle-orm'
import { adminExportColumns } from '@tp/api/admin-audit'
import type { AppContext } from '../../context'
import { whereOf, type ListAccountsQuery } from '../admin-accounts/list-accounts'
import type { Caller } from '../access/authenticate'
import { auditExport, cellsOf, keysetPages, type CsvExport, type KeysetRow } from './csv-export'

type AccountExportRow = KeysetRow & {
  login: string | null
  platform: string
  adapter: string
  plan_key: string
  stage: string
  size_k: number
  status: string
  is_trading_enabled: boolean
  leverage: number
  email: string
  name: string | null
  initial_balance_cents: string | number
  created_at: Date | string
}

/**
 * The trading accounts as CSV with the list's filters (search, status, plan, platform, platform server), newest
 * first (audited). The live figures (balance, equity, distances) are the page's, not the file's.
 */
export async function exportTradingAccounts(
  ctx: AppContext,
  caller: Caller,
  filters: Pick<ListAccountsQuery, 'search' | 'status' | 'plan' | 'platform' | 'adapter'>,
  pageSize?: number,
): Promise<CsvExport> {
  await auditExport(ctx, caller, 'trading-accounts', filters)
  const where = whereOf(filters)
  const pages = keysetPages<AccountExportRow>(async (after, size) => {
    const result = await ctx.db.execute<AccountExportRow>(sql`
      select a.id, a.created_at::text as cursor_at, a.login, a.platform, a.adapter, a.plan_key, a.stage,
        a.size_k, a.status, a.is_trading_enabled, a.leverage, u.email, u.name,
        a.initial_balance_cents, a.created_at
      from trading_accounts a join users u on u.id = a.user_id
      where ${where}
        ${after ? sql`and (a.created_at, a.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by a.created_at desc, a.id desc
      limit ${size}`)
    return result.rows
  }, pageSize)
  return {
    name: 'trading-accounts',
    columns: adminExportColumns['trading-accounts'],
    pages: cellsOf(pages, (row) => [
      row.id,
      row.login,
      row.platform,
      row.plan_key,
      row.stage,
      row.size_k,
      row.status,
      row.is_trading_enabled,
      row.leverage,
      row.email,
      row.name,
      Number(row.initial_balance_cents),
      new Date(row.created_at),
      row.adapter,
    ]),
  }
}
