import { sql } from 'drizzle-orm'
import type { AdminSummary, SoldPoint } from '@tp/api'
import type { AppContext } from '../../context'
import { readPayoutTotals } from './payout-totals'
import { userFundCents, userPriceCents } from './user-money'

// GET /api/admin/summary (spec 3 "Admin summary", spec 7): every card of the admin dashboard and
// the sales series, each figure one aggregate in the database, as docs/admin-metrics.md defines
// it, read from the roll-ups the database keeps (decision 0046). Money in USD cents. Nothing is
// computed by loading rows into Node.

type Count = string | number
const n = (value: Count | null | undefined) => Number(value ?? 0)

const SERIES = {
  day: { unit: 'day', points: 30, step: '1 day', format: 'YYYY-MM-DD' },
  month: { unit: 'month', points: 12, step: '1 month', format: 'YYYY-MM' },
  year: { unit: 'year', points: 5, step: '1 year', format: 'YYYY' },
} as const

/** One sales series as a json array of {ts, value}, oldest first, from admin_sales_days. */
function soldSeries(now: Date, period: keyof typeof SERIES) {
  const { unit, points, step, format } = SERIES[period]
  const nowUtc = now.toISOString()
  return sql`(
    select json_agg(json_build_object('ts', to_char(b.bucket, ${format}),
      'value', coalesce(s.cents, 0)) order by b.bucket)
    from generate_series(
      date_trunc(${unit}, ${nowUtc}::timestamptz at time zone 'UTC') - ${`${points - 1} ${unit}`}::interval,
      date_trunc(${unit}, ${nowUtc}::timestamptz at time zone 'UTC'),
      ${step}::interval
    ) as b(bucket)
    left join (
      select date_trunc(${unit}, d.day::timestamp) as bucket, sum(d.cents) as cents
      from admin_sales_days d
      where d.day >= (date_trunc(${unit}, ${nowUtc}::timestamptz at time zone 'UTC')
        - ${`${points - 1} ${unit}`}::interval)::date
      group by 1
    ) s on s.bucket = b.bucket)`
}

type Rollups = {
  cards: Record<string, Count>
  fund: Count
  groups: { plan_key: string; stage: string; status: string; count: Count }[] | null
  trades: { total: Count; open: Count }
  breaches: { rule: string; count: Count }[] | null
  sales: { challenge: string; size_k: Count; method: string; orders: Count; cents: Count }[] | null
  day: { ts: string; value: Count }[]
  month: { ts: string; value: Count }[]
  year: { ts: string; value: Count }[]
}

const points = (series: { ts: string; value: Count }[]): SoldPoint[] =>
  series.map((point) => ({ timeStamp: point.ts, value: n(point.value) }))

export async function getAdminSummary(ctx: AppContext): Promise<AdminSummary> {
  const now = ctx.clock.now()
  // decision 0046: every card but the ten newest users reads its roll-up (db/schema/admin-rollups.ts),
  // kept exact by the database's triggers in the writing transaction: a handful of rows each,
  // whatever the firm's size, all in one statement (one round trip, one plan)
  const rollups = ctx.db.execute<Rollups>(sql`
    select
      (select json_build_object(
          'total_users', coalesce(sum(c.users), 0),
          'active_users', coalesce(sum(c.users) filter (where c.status = 'active' and c.has_active_account), 0),
          'email_unverified', coalesce(sum(c.users) filter (where not c.email_verified), 0),
          'phone_unverified', coalesce(sum(c.users) filter (where not c.has_phone), 0))
        from admin_user_counts c where c.role = 'trader') as cards,
      (select coalesce(sum(g.initial_balance_cents), 0)
        from admin_account_groups g where g.status = 'active') as fund,
      -- provisioned accounts by plan, stage and status: Total Accounts and the pass rates
      (select json_agg(x order by x.plan_key, x.stage) from (
          select g.plan_key, g.stage::text as stage, g.status::text as status,
            sum(g.accounts) as count
          from admin_account_groups g where g.provisioned
          group by g.plan_key, g.stage, g.status having sum(g.accounts) > 0) x) as groups,
      -- the ledgers' trade events counted per account (ledger_trade_counts, 0039) and summed by
      -- whether the account is active: every account's opens, opens minus closes on active ones
      (select json_build_object('total', coalesce(sum(t.opened), 0),
          'open', coalesce(sum(t.opened - t.closed) filter (where t.active), 0))
        from admin_trade_totals t) as trades,
      (select json_agg(json_build_object('rule', r.rule, 'count', r.breaches)
          order by r.breaches desc, r.rule)
        from admin_breach_rules r where r.breaches > 0) as breaches,
      -- kept orders by challenge, size and method: Total Revenue, revenue by plan and by method
      (select json_agg(json_build_object('challenge', p.challenge_type, 'size_k', p.size_k,
          'method', p.method, 'orders', p.orders, 'cents', p.cents))
        from admin_sales_plans p where p.orders > 0) as sales,
      ${soldSeries(now, 'day')} as day,
      ${soldSeries(now, 'month')} as month,
      ${soldSeries(now, 'year')} as year`)
  const userList = ctx.db.execute<{
    user_name: string
    status: 'active' | 'disabled'
    price_cents: Count
    fund_cents: Count
  }>(sql`
    select coalesce(nullif(p.user_name, ''), nullif(u.name, ''), u.email) as user_name, u.status,
      ${userPriceCents} as price_cents, ${userFundCents} as fund_cents
    from users u left join profiles p on p.user_id = u.id
    where u.role = 'trader'
    order by u.created_at desc, u.id desc
    limit 10`)

  const [rollupRows, users, payouts] = await Promise.all([rollups, userList, readPayoutTotals(ctx)])
  const figures = rollupRows.rows[0]!
  const card = figures.cards
  const totalTrade = n(figures.trades.total)
  const openTrade = n(figures.trades.open)
  const day = points(figures.day)
  const month = points(figures.month)
  const year = points(figures.year)
  const byStage = new Map<
    string,
    { planKey: string; stage: string; passed: number; failed: number }
  >()
  let totalAccounts = 0
  for (const row of figures.groups ?? []) {
    const key = `${row.plan_key}\u0000${row.stage}`
    const group = byStage.get(key) ?? {
      planKey: row.plan_key,
      stage: row.stage,
      passed: 0,
      failed: 0,
    }
    if (row.status === 'passed') group.passed += n(row.count)
    if (row.status === 'failed') group.failed += n(row.count)
    byStage.set(key, group)
    totalAccounts += n(row.count)
  }
  const byPlan = new Map<
    string,
    { challenge: string; sizeK: number; orders: number; cents: number }
  >()
  const byMethod = new Map<string, { method: string; orders: number; cents: number }>()
  let totalSales = 0
  for (const row of figures.sales ?? []) {
    const plan = byPlan.get(`${row.challenge}:${row.size_k}`) ?? {
      challenge: row.challenge,
      sizeK: n(row.size_k),
      orders: 0,
      cents: 0,
    }
    plan.orders += n(row.orders)
    plan.cents += n(row.cents)
    byPlan.set(`${row.challenge}:${row.size_k}`, plan)
    const method = byMethod.get(row.method) ?? { method: row.method, orders: 0, cents: 0 }
    method.orders += n(row.orders)
    method.cents += n(row.cents)
    byMethod.set(row.method, method)
    totalSales += n(row.cents)
  }
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  return {
    summary: {
      totalUsers: n(card.total_users),
      activeUsers: n(card.active_users),
      emailUnverifiedUsers: n(card.email_unverified),
      phoneUnverifiedUsers: n(card.phone_unverified),
      totalAccounts,
      totalSales,
      totalFund: n(figures.fund),
      totalTrade,
      completedTrade: totalTrade - openTrade,
      openTrade,
    },
    groupedSoldData: { groupedByDay: day, groupedByMonth: month, groupedByYear: year },
    userList: users.rows.map((row) => ({
      userName: row.user_name,
      totalFee: n(row.price_cents),
      totalFund: n(row.fund_cents),
      status: row.status,
    })),
    insights: {
      passRates: [...byStage.values()].map(({ planKey, stage, passed, failed }) => ({
        planKey,
        stage,
        passed,
        failed,
        passRate: passed + failed > 0 ? passed / (passed + failed) : null,
      })),
      breachesByRule: (figures.breaches ?? []).map((row) => ({
        rule: row.rule,
        count: n(row.count),
      })),
      revenueByPlan: [...byPlan.values()].sort(
        (a, b) => byText(a.challenge, b.challenge) || a.sizeK - b.sizeK,
      ),
      revenueByMethod: [...byMethod.values()].sort((a, b) => byText(a.method, b.method)),
      payouts: {
        ...payouts,
        payoutsToRevenue: totalSales > 0 ? payouts.paidCents / totalSales : null,
      },
    },
    generatedAt: now.toISOString(),
  }
}
