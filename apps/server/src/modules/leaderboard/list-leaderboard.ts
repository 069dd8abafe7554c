import {
  LEADERBOARD_PAGE_SIZE,
  type LeaderboardResponse,
  type LeaderboardRow,
  type leaderboardQuerySchema,
  type LeaderboardSortField,
} from '@tp/api'
import { sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { AppContext } from '../../context'
import { utcMonthOf } from './leaderboard-month'
import { refreshLeaderboardJob } from './refresh-leaderboard'

type LeaderboardQuery = z.output<typeof leaderboardQuerySchema>

/**
 * Figures older than this ask the refresh job to run now (it also runs every 5 minutes), at most
 * once per this interval from a process: a new account's month shows within about a minute.
 */
const STALE_MS = 60 * 1000
const lastAsked = new WeakMap<AppContext, number>()

/**
 * The public display name: the profile's userName, else the first name and the last name's
 * initial ("Ada L."), else "Trader #<first 6 of the user id>". Never the email: a name that looks
 * like one falls back to the id.
 */
const displayName = sql`case
  when nullif(trim(p.user_name), '') is not null then trim(p.user_name)
  when nullif(trim(u.name), '') is null or u.name like '%@%'
    then 'Trader #' || upper(left(replace(u.id::text, '-', ''), 6))
  when position(' ' in trim(u.name)) = 0 then trim(u.name)
  else split_part(trim(u.name), ' ', 1) || ' '
    || upper(left(regexp_replace(trim(u.name), '^.*\\s', ''), 1)) || '.'
end`

const sortColumns: Record<LeaderboardSortField, SQL> = {
  rank: sql`rank`,
  name: sql`lower(name)`,
  accountSize: sql`account_size_cents`,
  winRate: sql`win_trades::float8 / nullif(total_trades, 0)`,
  // no losing trade: an infinite profit factor, above every other
  profitFactor: sql`coalesce(gross_profit_cents::float8 / nullif(gross_loss_cents, 0), 'Infinity'::float8)`,
  totalTrades: sql`total_trades`,
  monthlyReturn: sql`monthly_return_bp`,
}

type EntryRow = {
  rank: string
  name: string
  stage: 'phase1' | 'phase2' | 'funded'
  account_size_cents: string
  total_trades: number
  win_trades: number
  gross_profit_cents: string
  gross_loss_cents: string
  monthly_return_bp: number
  last_month_return_bp: number
  trend_bp: number[]
  total: string
}

const percentOf = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part * 10_000) / whole) / 100

function toRow(entry: EntryRow): LeaderboardRow {
  const rank = Number(entry.rank)
  const grossLoss = Number(entry.gross_loss_cents)
  return {
    rank,
    name: entry.name,
    accountSize: Number(entry.account_size_cents),
    stage: entry.stage,
    winRate: percentOf(entry.win_trades, entry.total_trades),
    profitFactor:
      grossLoss === 0
        ? null
        : Math.round((Number(entry.gross_profit_cents) * 100) / grossLoss) / 100,
    totalTrades: entry.total_trades,
    monthlyReturn: entry.monthly_return_bp / 100,
    status: entry.monthly_return_bp >= entry.last_month_return_bp ? 'increasing' : 'decreasing',
    trend: entry.trend_bp.map((bp) => bp / 100),
    badge: rank <= 3 ? 'elite' : entry.stage === 'funded' ? 'advanced' : 'regular',
  }
}

/** `%` and `_` typed by the user are letters, not wildcards. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * GET /api/leaderboard: one page of the month's ranking from leaderboard_entries (the refresh
 * job's figures), opted-out and disabled users left out, ranked by monthly return before the
 * name search so a trader keeps their rank; the names joined now, so a new name or an opt-out
 * shows at once.
 */
export async function listLeaderboard(
  ctx: AppContext,
  query: LeaderboardQuery,
): Promise<LeaderboardResponse> {
  const now = ctx.clock.now()
  const month = utcMonthOf(now.getTime())
  const direction = query.order === 'desc' ? sql`desc` : sql`asc`
  const offset = (query.page - 1) * LEADERBOARD_PAGE_SIZE
  const [page, refreshed] = await Promise.all([
    ctx.db.execute<EntryRow>(sql`
      with visible as (
        select e.*, ${displayName} as name,
          row_number() over (
            order by e.monthly_return_bp desc, e.total_trades desc, e.account_id
          ) as rank
        from leaderboard_entries e
        join users u on u.id = e.user_id
        left join profiles p on p.user_id = e.user_id
        where e.month = ${month.key} and u.status = 'active'
          and coalesce(p.is_on_leaderboard, true)
      )
      select rank, name, stage, account_size_cents, total_trades, win_trades,
        gross_profit_cents, gross_loss_cents, monthly_return_bp, last_month_return_bp, trend_bp,
        count(*) over () as total
      from visible
      where ${query.search ? sql`name ilike ${likePattern(query.search)}` : sql`true`}
      order by ${sortColumns[query.sort]} ${direction} nulls last, rank
      limit ${LEADERBOARD_PAGE_SIZE} offset ${offset}`),
    ctx.db.execute<{ at: Date | string | null }>(
      sql`select max(refreshed_at) as at from leaderboard_entries`,
    ),
  ])
  const at = refreshed.rows[0]?.at ?? null
  const refreshedAt = at === null ? null : new Date(at)
  const nowMs = now.getTime()
  const isStale = !refreshedAt || nowMs - refreshedAt.getTime() > STALE_MS
  if (isStale && nowMs - (lastAsked.get(ctx) ?? -Infinity) > STALE_MS) {
    lastAsked.set(ctx, nowMs)
    await ctx.jobs.schedule(refreshLeaderboardJob, {}, { startAfter: now, singletonKey: 'now' })
  }
  let total = Number(page.rows[0]?.total ?? 0)
  if (page.rows.length === 0 && offset > 0) {
    // past the last page: still tell how many there are
    const counted = await ctx.db.execute<{ total: string }>(sql`
      select count(*) as total from leaderboard_entries e
      join users u on u.id = e.user_id left join profiles p on p.user_id = e.user_id
      where e.month = ${month.key} and u.status = 'active' and coalesce(p.is_on_leaderboard, true)
        and ${query.search ? sql`${displayName} ilike ${likePattern(query.search)}` : sql`true`}`)
    total = Number(counted.rows[0]?.total ?? 0)
  }
  return {
    data: {
      month: month.key,
      rows: page.rows.map(toRow),
      total,
      page: query.page,
      pageSize: LEADERBOARD_PAGE_SIZE,
      refreshedAt: refreshedAt?.toISOString() ?? null,
    },
  }
}
