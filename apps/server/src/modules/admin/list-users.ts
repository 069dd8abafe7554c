import { sql, type SQL } from 'drizzle-orm'
import type { AdminUserRow, AdminUserSort, Role, UserStatus } from '@tp/api'
import type { AppContext } from '../../context'
import type { Executor } from '../../db/client'
import { userFundCents, userPriceCents } from './user-money'

// The admin users table (spec 2.15): search in name and email, filters by status and role, sorted
// by any column and paged, all in the database; each row with its price and fund.

export type ListUsersQuery = {
  page: number
  pageSize: number
  search?: string | undefined
  status?: UserStatus | undefined
  role?: Role | undefined
  sort: AdminUserSort
  dir: 'asc' | 'desc'
}

type UserRowSql = {
  id: string
  email: string
  name: string | null
  role: Role
  status: UserStatus
  email_verified: boolean
  created_at: Date | string
  price_cents: string | number
  fund_cents: string | number
}

const sortColumns: Record<AdminUserSort, string> = {
  createdAt: 'u.created_at',
  name: 'lower(u.name)',
  email: 'u.email',
  price: 'coalesce(m.cents, 0)',
  fund: 'coalesce(m.cents, 0)',
}

/**
 * Sorted by price or fund without a search, every user's figure is needed: one grouped read of
 * the kept orders (or active accounts) joined to the users (decision 0039: a covering partial
 * index each), not one sub-select per user. With a search the few matches each read their own.
 */
const moneyJoins: Partial<Record<AdminUserSort, SQL>> = {
  price: sql.raw(`left join (select o.user_id, sum(o.total_cents) as cents from orders o
    where o.paid_at is not null and o.status <> 'refunded' group by o.user_id) m on m.user_id = u.id`),
  fund: sql.raw(`left join (select a.user_id, sum(a.initial_balance_cents) as cents
    from trading_accounts a where a.status = 'active' group by a.user_id) m on m.user_id = u.id`),
}
const searchedMoney: Partial<Record<AdminUserSort, string>> = {
  price: 'price_cents',
  fund: 'fund_cents',
}

/** A LIKE pattern's literal text: backslash, % and _ escaped. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`)
}

export function whereOf(query: Pick<ListUsersQuery, 'search' | 'status' | 'role'>): SQL {
  const conditions: SQL[] = [sql`true`]
  if (query.search) {
    const pattern = `%${escapeLike(query.search.toLowerCase())}%`
    conditions.push(sql`(u.email like ${pattern} or lower(coalesce(u.name, '')) like ${pattern})`)
  }
  if (query.status) conditions.push(sql`u.status = ${query.status}`)
  if (query.role) conditions.push(sql`u.role = ${query.role}`)
  return sql.join(conditions, sql` and `)
}

export function toAdminUserRow(row: UserRowSql): AdminUserRow {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    emailVerified: row.email_verified,
    createdAt: new Date(row.created_at).toISOString(),
    priceCents: Number(row.price_cents),
    fundCents: Number(row.fund_cents),
  }
}

const rowColumns = sql`u.id, u.email, u.name, u.role, u.status, u.email_verified, u.created_at,
  ${userPriceCents} as price_cents, ${userFundCents} as fund_cents`

/** One user as a row of the table, or undefined. */
export async function findAdminUserRow(
  db: Executor,
  userId: string,
): Promise<AdminUserRow | undefined> {
  const result = await db.execute<UserRowSql>(
    sql`select ${rowColumns} from users u where u.id = ${userId}`,
  )
  const row = result.rows[0]
  return row ? toAdminUserRow(row) : undefined
}

export async function listUsers(ctx: AppContext, query: ListUsersQuery) {
  const where = whereOf(query)
  const direction = sql.raw(query.dir === 'asc' ? 'asc' : 'desc')
  // only the name may be null (the others match their indexes' order as they are)
  const nulls = sql.raw(
    query.sort !== 'name' ? '' : query.dir === 'asc' ? 'nulls first' : 'nulls last',
  )
  const isSearching = Boolean(query.search)
  const join = isSearching ? sql`` : (moneyJoins[query.sort] ?? sql``)
  const orderBy = sql.raw(
    (isSearching ? searchedMoney[query.sort] : undefined) ?? sortColumns[query.sort],
  )
  const [rows, counted] = await Promise.all([
    ctx.db.execute<UserRowSql>(sql`
      select ${rowColumns} from users u ${join}
      where ${where}
      order by ${orderBy} ${direction} ${nulls}, u.created_at desc, u.id desc
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    ctx.db.execute<{ total: string | number }>(
      sql`select count(*) as total from users u where ${where}`,
    ),
  ])
  return {
    users: rows.rows.map(toAdminUserRow),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(counted.rows[0]?.total ?? 0),
  }
}
