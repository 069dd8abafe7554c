import { sql } from 'drizzle-orm'
import { adminExportColumns } from '@tp/api/admin-audit'
import type { Role, UserStatus } from '@tp/api'
import type { AppContext } from '../../context'
import { whereOf, type ListUsersQuery } from '../admin/list-users'
import { userFundCents, userPriceCents } from '../admin/user-money'
import type { Caller } from '../access/authenticate'
import { auditExport, cellsOf, keysetPages, type CsvExport, type KeysetRow } from './csv-export'

type UserExportRow = KeysetRow & {
  email: string
  name: string | null
  role: Role
  status: UserStatus
  email_verified: boolean
  price_cents: string | number
  fund_cents: string | number
  created_at: Date | string
}

/** The users table as CSV with its filters (search, status, role), newest first (audited). */
export async function exportUsers(
  ctx: AppContext,
  caller: Caller,
  filters: Pick<ListUsersQuery, 'search' | 'status' | 'role'>,
  pageSize?: number,
): Promise<CsvExport> {
  await auditExport(ctx, caller, 'users', filters)
  const where = whereOf(filters)
  const pages = keysetPages<UserExportRow>(async (after, size) => {
    const result = await ctx.db.execute<UserExportRow>(sql`
      select u.id, u.created_at::text as cursor_at, u.email, u.name, u.role, u.status,
        u.email_verified, u.created_at, ${userPriceCents} as price_cents,
        ${userFundCents} as fund_cents
      from users u
      where ${where}
        ${after ? sql`and (u.created_at, u.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by u.created_at desc, u.id desc
      limit ${size}`)
    return result.rows
  }, pageSize)
  return {
    name: 'users',
    columns: adminExportColumns.users,
    pages: cellsOf(pages, (row) => [
      row.id,
      row.email,
      row.name,
      row.role,
      row.status,
      row.email_verified,
      Number(row.price_cents),
      Number(row.fund_cents),
      new Date(row.created_at),
    ]),
  }
}
