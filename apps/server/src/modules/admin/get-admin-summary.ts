import { sql } from 'drizzle-orm'
import type { AdminSummary, SoldPoint } from '@tp/api'
import type { AppContext } from '../../context'
import { readPayoutTotals } from './payout-totals'
import { keptOrder, userFundCents, userPriceCents } from './user-money'

// GET /api/admin/summary (spec 3 "Admin summary", spec 7): every card of the admin dashboard and
// the sales series, each figure one aggregate in the database, as docs/admin-metrics.md defines
// it. Money in USD cents. Nothing is computed by loading rows into Node.

type Count = string | number
const n = (value: Count | null | undefined) => Number(value ?? 0)

const SERIES = {
  day: { unit: 'day', points: 30, step: '1 day', format: 'YYYY-MM-DD' },
  month: { unit: 'month', points: 12, step: '1 month', format: 'YYYY-MM' },
  year: { unit: 'year', points: 5, step: '1 year', format: 'YYYY' },
} as const

async function soldSeries(
  ctx: AppContext,
  now: Date,
  period: keyof typeof SERIES,
): Promise<SoldPoint[]> {
  const { unit, points, step, format } = SERIES[period]
  const nowUtc = now.toISOString()
  const result = await ctx.db.execute<{ ts: string; value: Count }>(sql`
    with buckets as (
      select generate_series(
        date_trunc(${unit}, ${nowUtc}::timestamptz at time zone 'UTC') - ${`${points - 1} ${unit}`}::interval,
        date_trunc(${unit}, ${nowUtc}::timestamptz at time zone 'UTC'),
        ${step}::interval
      ) as bucket
    ),
    sold as (
      select date_trunc(${unit}, o.paid_at at time zone 'UTC') as bucket, sum(o.total_cents) as cents
      from orders o
      where ${keptOrder('o')}
        and o.paid_at >= (select min(bucket) from buckets) at time zone 'UTC'
      group by 1
    )
    select to_char(b.bucket, ${format}) as ts, coalesce(s.cents, 0) as value
    from buckets b left join sold s on s.bucket = b.bucket
    order by b.bucket`)
  return result.rows.map((row) => ({ timeStamp: row.ts, value: n(row.value) }))
}

export async function getAdminSummary(ctx: AppContext): Promise<AdminSummary> {
  const now = ctx.clock.now()
  // decision 0039: each big table is read once, from a narrow index where one exists, and the
  // statements run side by side on the pool's connections
  const userCards = ctx.db.execute<Record<string, Count>>(sql`
    select count(*) as total_users,
      count(*) filter (where u.status = 'active' and act.user_id is not null) as active_users,
      count(*) filter (where not u.email_verified) as email_unverified,
      count(*) filter (where coalesce(u.phone, '') = '' and bp.user_id is null) as phone_unverified
    from users u
    left join (select distinct a.user_id from trading_accounts a where a.status = 'active') act
      on act.user_id = u.id
    left join (select b.user_id from billing_profiles b where b.phone <> '') bp
      on bp.user_id = u.id
    where u.role = 'trader'`)
  const totalFund = ctx.db.execute<{ cents: Count }>(sql`
    select coalesce(sum(initial_balance_cents), 0) as cents
    from trading_accounts where status = 'active'`)
  // provisioned accounts by plan, stage and status: Total Accounts and the pass rates
  const accountGroups = ctx.db.execute<{
    plan_key: string
    stage: string
    status: string
    count: Count
  }>(sql`
    select plan_key, stage::text as stage, status::text as status, count(*) as count
    from trading_accounts where external_id is not null
    group by plan_key, stage, status order by plan_key, stage`)
  // the ledgers' trade events as counted per account by the database (ledger_trade_counts,
  // decision 0039): every account's opens, and opens minus closes on the active ones
  const trades = ctx.db.execute<{ total: Count; open: Count }>(sql`
    select
      (select coalesce(sum(c.opened), 0) from ledger_trade_counts c) as total,
      (select coalesce(sum(c.opened - c.closed), 0)
         from trading_accounts a join ledger_trade_counts c on c.account_id = a.id
         where a.status = 'active') as open`)
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
  const breaches = ctx.db.execute<{ rule: string; count: Count }>(
    sql`select rule, count(*) as count from breaches group by rule order by count(*) desc, rule`,
  )
  // kept orders by challenge, size and method: Total Revenue, revenue by plan and by method
  const sales = ctx.db.execute<{
    challenge: string
    size_k: Count
    method: string
    orders: Count
    cents: Count
  }>(sql`
    select o.challenge_type::text as challenge, o.size_k, o.method::text as method,
      count(*) as orders, sum(o.total_cents) as cents
    from orders o where ${keptOrder('o')}
    group by o.challenge_type, o.size_k, o.method`)

  const [
    userRows,
    fundRows,
    accountRows,
    tradeRows,
    users,
    breachRows,
    salesRows,
    day,
    month,
    year,
    payouts,
  ] = await Promise.all([
    userCards,
    totalFund,
    accountGroups,
    trades,
    userList,
    breaches,
    sales,
    soldSeries(ctx, now, 'day'),
    soldSeries(ctx, now, 'month'),
    soldSeries(ctx, now, 'year'),
    readPayoutTotals(ctx),
  ])
  const card = userRows.rows[0] ?? {}
  const totalTrade = n(tradeRows.rows[0]?.total)
  const openTrade = n(tradeRows.rows[0]?.open)
  const byStage = new Map<
    string,
    { planKey: string; stage: string; passed: number; failed: number }
  >()
  let totalAccounts = 0
  for (const row of accountRows.rows) {
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
  for (const row of salesRows.rows) {
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
      totalFund: n(fundRows.rows[0]?.cents),
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
      breachesByRule: breachRows.rows.map((row) => ({ rule: row.rule, count: n(row.count) })),
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
