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
  const cards = ctx.db.execute<Record<string, Count>>(sql`
    select
      (select count(*) from users where role = 'trader') as total_users,
      (select count(*) from users u where u.role = 'trader' and u.status = 'active'
         and exists (select 1 from trading_accounts a where a.user_id = u.id and a.status = 'active')
      ) as active_users,
      (select count(*) from users where role = 'trader' and not email_verified) as email_unverified,
      (select count(*) from users u where u.role = 'trader' and coalesce(u.phone, '') = ''
         and not exists (select 1 from billing_profiles b where b.user_id = u.id and b.phone <> '')
      ) as phone_unverified,
      (select count(*) from trading_accounts where external_id is not null) as total_accounts,
      (select coalesce(sum(total_cents), 0) from orders o where ${keptOrder('o')}) as total_sales,
      (select coalesce(sum(initial_balance_cents), 0) from trading_accounts where status = 'active')
        as total_fund`)
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
  const passRates = ctx.db.execute<{
    plan_key: string
    stage: string
    passed: Count
    failed: Count
  }>(sql`
    select plan_key, stage::text as stage,
      count(*) filter (where status = 'passed') as passed,
      count(*) filter (where status = 'failed') as failed
    from trading_accounts where external_id is not null
    group by plan_key, stage order by plan_key, stage`)
  const breaches = ctx.db.execute<{ rule: string; count: Count }>(
    sql`select rule, count(*) as count from breaches group by rule order by count(*) desc, rule`,
  )
  const byPlan = ctx.db.execute<{
    challenge: string
    size_k: Count
    orders: Count
    cents: Count
  }>(sql`
    select o.challenge_type::text as challenge, o.size_k, count(*) as orders,
      sum(o.total_cents) as cents
    from orders o where ${keptOrder('o')}
    group by 1, 2 order by 1, 2`)
  const byMethod = ctx.db.execute<{ method: string; orders: Count; cents: Count }>(sql`
    select o.method::text as method, count(*) as orders, sum(o.total_cents) as cents
    from orders o where ${keptOrder('o')}
    group by 1 order by 1`)

  const [cardRows, tradeRows, users, passRows, breachRows, planRows, methodRows, day, month, year] =
    await Promise.all([
      cards,
      trades,
      userList,
      passRates,
      breaches,
      byPlan,
      byMethod,
      soldSeries(ctx, now, 'day'),
      soldSeries(ctx, now, 'month'),
      soldSeries(ctx, now, 'year'),
    ])
  const card = cardRows.rows[0] ?? {}
  const totalTrade = n(tradeRows.rows[0]?.total)
  const openTrade = n(tradeRows.rows[0]?.open)
  const totalSales = n(card.total_sales)
  const payouts = await readPayoutTotals(ctx)
  return {
    summary: {
      totalUsers: n(card.total_users),
      activeUsers: n(card.active_users),
      emailUnverifiedUsers: n(card.email_unverified),
      phoneUnverifiedUsers: n(card.phone_unverified),
      totalAccounts: n(card.total_accounts),
      totalSales,
      totalFund: n(card.total_fund),
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
      passRates: passRows.rows.map((row) => {
        const passed = n(row.passed)
        const failed = n(row.failed)
        return {
          planKey: row.plan_key,
          stage: row.stage,
          passed,
          failed,
          passRate: passed + failed > 0 ? passed / (passed + failed) : null,
        }
      }),
      breachesByRule: breachRows.rows.map((row) => ({ rule: row.rule, count: n(row.count) })),
      revenueByPlan: planRows.rows.map((row) => ({
        challenge: row.challenge,
        sizeK: n(row.size_k),
        orders: n(row.orders),
        cents: n(row.cents),
      })),
      revenueByMethod: methodRows.rows.map((row) => ({
        method: row.method,
        orders: n(row.orders),
        cents: n(row.cents),
      })),
      payouts: {
        ...payouts,
        payoutsToRevenue: totalSales > 0 ? payouts.paidCents / totalSales : null,
      },
    },
    generatedAt: now.toISOString(),
  }
}
