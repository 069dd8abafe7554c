import { sql, type SQL } from 'drizzle-orm'
import type {
  AdminAccountRow,
  AdminAccountSort,
  FloorDistance,
  LossMeter,
  Platform,
  RuleMeters,
  TradingAccountStatus,
} from '@tp/api'
import type { PlatformKind } from '@tp/api/trading-platform'
import type { PlanKey, Stage } from '@tp/domain'
import type { AppContext } from '../../context'
import { platformKindOf } from '../../integrations/trading-platform/trading-platform'
import { computeMeters } from '../../risk/meters'
import { escapeLike } from '../admin/list-users'

// The admin's trading accounts table (issue 14 item 4): searched (login, owner email or name),
// filtered (status, plan, platform, platform server), sorted and paged in one SQL query; each row's figures are
// the risk monitor's live meters when the account is monitored (active), otherwise the final
// meters kept as it ended, or its last ledger snapshot.

export type ListAccountsQuery = {
  page: number
  pageSize: number
  search?: string | undefined
  status?: TradingAccountStatus | undefined
  plan?: PlanKey | undefined
  platform?: Platform | undefined
  adapter?: PlatformKind | undefined
  sort: AdminAccountSort
  dir: 'asc' | 'desc'
}

export type AccountRowSql = {
  id: string
  login: string | null
  platform: Platform
  adapter: string
  external_id: string | null
  plan_key: PlanKey
  stage: Stage
  size_k: number
  status: TradingAccountStatus
  is_trading_enabled: boolean
  leverage: number
  user_id: string
  email: string
  name: string | null
  initial_balance_cents: string | number
  final_meters: RuleMeters | null
  last_balance: string | number | null
  last_equity: string | number | null
  created_at: Date | string
}

const sortColumns: Record<AdminAccountSort, string> = {
  createdAt: 'a.created_at',
  login: 'a.login',
  size: 'a.size_k',
  status: 'a.status',
}

export function whereOf(
  query: Pick<ListAccountsQuery, 'search' | 'status' | 'plan' | 'platform' | 'adapter'>,
): SQL {
  const conditions: SQL[] = [sql`true`]
  if (query.search) {
    const pattern = `%${escapeLike(query.search.toLowerCase())}%`
    // the accounts whose login matches (its trigram index) or whose owner does (the owners found
    // by their trigram indexes first, then their accounts by trading_accounts_user_idx): one
    // bitmap scan of the two, rather than every account joined to its owner and compared
    // (decisions 0039, 0046)
    conditions.push(
      sql`(a.login like ${pattern} or a.user_id = any(array(
        select su.id from users su
        where su.email like ${pattern} or lower(coalesce(su.name, '')) like ${pattern})))`,
    )
  }
  if (query.status) conditions.push(sql`a.status = ${query.status}`)
  if (query.plan) conditions.push(sql`a.plan_key = ${query.plan}`)
  if (query.platform) conditions.push(sql`a.platform = ${query.platform}`)
  if (query.adapter) conditions.push(sql`a.adapter = ${query.adapter}`)
  return sql.join(conditions, sql` and `)
}

export function floorDistanceOf(meter: LossMeter | null): FloorDistance | null {
  if (!meter) return null
  return {
    floorCents: meter.floor,
    distanceCents: meter.distance,
    allowanceCents: meter.allowance,
    leftPercent:
      meter.allowance > 0 ? Math.round((meter.distance / meter.allowance) * 10_000) / 100 : 0,
  }
}

export function toAdminAccountRow(ctx: AppContext, row: AccountRowSql): AdminAccountRow {
  const monitored = row.status === 'active' ? ctx.trading.risk.get(row.id) : undefined
  const initial = Number(row.initial_balance_cents)
  let balance = row.last_balance === null ? initial : Number(row.last_balance)
  let equity = row.last_equity === null ? initial : Number(row.last_equity)
  let meters = row.final_meters
  const adapter = platformKindOf(row.adapter)
  if (monitored) {
    balance = monitored.balanceNow
    equity = monitored.equityNow
    meters = computeMeters(monitored.evaluator, equity, balance, ctx.clock.now().getTime())
  }
  return {
    id: row.id,
    login: row.login,
    platform: row.platform,
    adapter,
    planKey: row.plan_key,
    stage: row.stage,
    sizeK: row.size_k,
    status: row.status,
    isTradingEnabled: row.is_trading_enabled,
    canDisableKeepPositions:
      ctx.trading.platform.canDisableKeepPositions?.(row.external_id ?? '', adapter) ?? true,
    leverage: row.leverage,
    ownerId: row.user_id,
    ownerEmail: row.email,
    ownerName: row.name,
    balanceCents: balance,
    equityCents: equity,
    live: monitored !== undefined,
    dailyLoss: floorDistanceOf(meters?.dailyLoss ?? null),
    maxLoss: floorDistanceOf(meters?.maxLoss ?? null),
    createdAt: new Date(row.created_at).toISOString(),
  }
}

/**
 * The accounts a page is chosen from. A search of three characters or more is answered by the
 * trigram and owner indexes (whereOf) and its matches sorted: the subquery fence (offset 0) keeps
 * the planner from walking a sort's index instead, filtering every account until it finds a
 * page of matches (620 ms for a login part whose matches are the oldest accounts; decision 0046).
 */
function pageSource(query: ListAccountsQuery, where: SQL): SQL {
  const fence = query.search && query.search.length >= 3 ? sql`offset 0` : sql``
  return sql`(select a.id, a.login, a.size_k, a.status, a.created_at from trading_accounts a
    where ${where} ${fence}) a`
}

/**
 * The list's total: without a search or a platform server, from the accounts' roll-up by status, plan and platform
 * (admin_account_groups, kept by the database's triggers: decision 0046), a few rows whatever
 * the number of accounts; with one, the matches counted.
 */
async function countAccounts(ctx: AppContext, query: ListAccountsQuery, where: SQL) {
  // the roll-up has no adapter: a platform server's accounts are counted (decision 0056)
  if (query.search || query.adapter) {
    const counted = await ctx.db.execute<{ total: string | number }>(
      sql`select count(*) as total from trading_accounts a where ${where}`,
    )
    return Number(counted.rows[0]?.total ?? 0)
  }
  const conditions: SQL[] = [sql`true`]
  if (query.status) conditions.push(sql`g.status = ${query.status}`)
  if (query.plan) conditions.push(sql`g.plan_key = ${query.plan}`)
  if (query.platform) conditions.push(sql`g.platform = ${query.platform}`)
  const counted = await ctx.db.execute<{ total: string | number }>(
    sql`select coalesce(sum(g.accounts), 0) as total from admin_account_groups g
      where ${sql.join(conditions, sql` and `)}`,
  )
  return Number(counted.rows[0]?.total ?? 0)
}

/** The rows of the accounts `ids` selects (a subquery of ids), owners and last snapshot. */
export function rowsOf(ids: SQL): SQL {
  return sql`
      select a.id, a.login, a.platform, a.adapter, a.external_id, a.plan_key, a.stage, a.size_k,
        a.status, a.is_trading_enabled, a.leverage, a.user_id, u.email, u.name,
        a.initial_balance_cents, a.final_meters, a.created_at, s.balance_cents as last_balance,
        s.equity_cents as last_equity
      from (${ids}) page
      join trading_accounts a on a.id = page.id
      join users u on u.id = a.user_id
      left join lateral (
        select e.balance_cents, e.equity_cents from evaluation_events e
        where e.account_id = a.id and e.kind = 'snapshot'
        order by e.seq desc limit 1
      ) s on true`
}

export async function listAccounts(ctx: AppContext, query: ListAccountsQuery) {
  const where = whereOf(query)
  const direction = sql.raw(query.dir === 'asc' ? 'asc' : 'desc')
  // only the login may be null (the others match their indexes' order as they are)
  const nulls = sql.raw(
    query.sort !== 'login' ? '' : query.dir === 'asc' ? 'nulls first' : 'nulls last',
  )
  const orderBy = sql.raw(sortColumns[query.sort])
  // the page's ids first (filter, sort, limit: from trading_accounts_admin_list_idx alone,
  // decision 0039), then its rows, owners and each one's last snapshot (one index probe)
  const [rows, counted] = await Promise.all([
    ctx.db.execute<AccountRowSql>(sql`
      ${rowsOf(sql`
        select a.id from ${pageSource(query, where)}
        order by ${orderBy} ${direction} ${nulls}, a.created_at desc, a.id desc
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`)}
      order by ${orderBy} ${direction} ${nulls}, a.created_at desc, a.id desc`),
    countAccounts(ctx, query, where),
  ])
  return {
    accounts: rows.rows.map((row) => toAdminAccountRow(ctx, row)),
    page: query.page,
    pageSize: query.pageSize,
    total: counted,
  }
}
