// The admin-scale suite's fixture (not demo data, not a suite itself: run.ts loads *.bench.ts
// only): traders, their orders, challenges and trading accounts, and the evaluation ledgers' deals,
// written by the database itself (generate_series, one statement per table), so 100,000 users and
// 5,000,000 deals take seconds, not hours, and nothing is built row by row in Node.
//
// Shape (every figure deterministic; ids are an md5 of a name and a number, so tables join
// without lookups):
// - users: traders named from 40 first x 50 last names (each last name ~2% of users), 1 in 97
//   disabled, 1 in 5 email unverified, 1 in 3 without a phone; joined over the last two years.
// - orders: 3 per user. The first `accounts` of them are paid (1 in 40 refunded), each bought one
//   challenge and its trading account; the rest are pending, expired or under review. Prices are
//   the domain's own quotes (quoteOrder) per challenge, size and method.
// - trading accounts: one per paid order; 1 in 10 active (on the simulated server, so the risk
//   monitor watches it at start), the others passed, failed (with their breach) or closed, each
//   ended one with its final rule meters.
// - deals: the ledgers' trade-open and trade-close events (what the admin figures count), spread
//   over every account; one opening snapshot per account; two in three active accounts hold their
//   last trade open.
import { currentRulebookVersion, quoteOrder, type AccountSizeK } from '@tp/domain'
import type pg from 'pg'
import { toSummaryDto } from '@tp/server/bench'

export type FixtureSize = {
  users: number
  /** orders: 3 per user */
  orders: number
  /** trading accounts: one per paid order, so at most `orders` */
  accounts: number
  /** ledger trade events (deals): trade-open + trade-close */
  deals: number
}

export const FULL_SIZE: FixtureSize = {
  users: 100_000,
  orders: 300_000,
  accounts: 200_000,
  deals: 5_000_000,
}

export const FIXTURE_NOW_MS = Date.parse('2026-11-18T15:00:00Z') // a Wednesday, 10:00 New York

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Amelia',
  'Oliver',
  'Sophia',
  'Elijah',
  'Mia',
  'James',
  'Ava',
  'William',
  'Isabella',
  'Lucas',
  'Evelyn',
  'Henry',
  'Harper',
  'Theodore',
  'Luna',
  'Mateo',
  'Camila',
  'Jack',
  'Gianna',
  'Levi',
  'Elena',
  'Asher',
  'Aria',
  'Leo',
  'Chloe',
  'Ezra',
  'Priya',
  'Arjun',
  'Yuki',
  'Hiro',
  'Fatima',
  'Omar',
  'Ingrid',
  'Lars',
  'Chiara',
  'Marco',
]
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
]

const SIZES: AccountSizeK[] = [5, 10, 25, 50, 100, 500, 1000]
const CHALLENGES = ['twoPhase', 'instantFund'] as const
const METHODS = ['card', 'crypto'] as const

/** Every (challenge, size, method) with the domain's quote: what such an order is charged. */
function priceList() {
  const rows: {
    challenge: string
    sizeK: number
    method: string
    total: number
    summary: string
  }[] = []
  for (const challenge of CHALLENGES) {
    for (const sizeK of SIZES) {
      for (const method of METHODS) {
        const summary = quoteOrder({
          challenge,
          sizeK,
          method,
          addOns: { profitSplit100: false, fastPayout: false },
          coupon: null,
          couponCode: null,
          couponUses: 0,
          now: new Date(FIXTURE_NOW_MS),
        })
        rows.push({
          challenge,
          sizeK,
          method,
          total: summary.total.cents,
          summary: JSON.stringify(toSummaryDto(summary)),
        })
      }
    }
  }
  return rows
}

const textArray = (values: string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`

/**
 * Fills the (migrated, empty) database behind `pool` with the fixture; returns what each step
 * took. Runs on PostgreSQL and on PGlite alike.
 */
export async function seedAdminFixture(
  pool: pg.Pool,
  size: FixtureSize,
  log: (line: string) => void,
): Promise<void> {
  if (size.accounts > size.orders) throw new Error('one account per paid order: accounts <= orders')
  const client = await pool.connect()
  const step = async (name: string, statement: string, params: unknown[] = []) => {
    const t0 = performance.now()
    const result = await client.query(statement, params)
    log(
      `${name}: ${result.rowCount ?? 0} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    )
  }
  const nowIso = new Date(FIXTURE_NOW_MS).toISOString()
  try {
    // the app's triggers (read-cache and access notices, one per row) are for the app's own
    // writes: a fixture written in one statement per table skips them, and the foreign key
    // checks, which its ids satisfy by construction
    await client.query(`set session_replication_role = replica`)
    // ids: a name and a number hashed, shaped as version 4 UUIDs (the API checks the form)
    await client.query(`create function pg_temp.bench_id(text) returns uuid
      language sql immutable as
      $$ select overlay(overlay(md5($1) placing '4' from 13) placing '8' from 17)::uuid $$`)
    const prices = priceList()
    await client.query(`create temporary table bench_prices (
      idx int primary key, challenge challenge_type, size_k int, method payment_method,
      total_cents bigint, summary jsonb)`)
    await client.query(
      `insert into bench_prices
       select i - 1, c::challenge_type, s, m::payment_method, t, j::jsonb
       from unnest($1::text[], $2::int[], $3::text[], $4::bigint[], $5::text[])
         with ordinality as p(c, s, m, t, j, i)`,
      [
        prices.map((p) => p.challenge),
        prices.map((p) => p.sizeK),
        prices.map((p) => p.method),
        prices.map((p) => p.total),
        prices.map((p) => p.summary),
      ],
    )
    const priceCount = prices.length

    await step(
      'users',
      `insert into users (id, email, password_hash, role, status, name, phone, email_verified,
         created_at, updated_at)
       select pg_temp.bench_id('bench-user-' || i),
         'trader' || lpad(i::text, 6, '0') || '@bench.tradepeak.test', null, 'trader',
         (case when i % 97 = 0 then 'disabled' else 'active' end)::user_status,
         (${textArray(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}] || ' ' ||
           (${textArray(LAST_NAMES)})[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
         case when i % 3 = 0 then null else '+1555' || lpad(i::text, 7, '0') end,
         i % 5 <> 0,
         $1::timestamptz - make_interval(secs => ($2::int - i) * (730 * 86400.0 / $2::int) + 3600),
         $1::timestamptz - make_interval(secs => ($2::int - i) * (730 * 86400.0 / $2::int) + 3600)
       from generate_series(1, ${size.users}) i`,
      [nowIso, size.users],
    )

    // order k belongs to user 1 + (k - 1) % users, made after the user joined; the first
    // `accounts` orders are paid (1 in 40 refunded) and own account k
    await step(
      'orders',
      `insert into orders (id, user_id, status, challenge_type, platform, size_k, add_ons, method,
         summary, total_cents, currency, rulebook_version, created_at, updated_at, paid_at,
         fulfilled_at, account_id)
       select pg_temp.bench_id('bench-order-' || k), pg_temp.bench_id('bench-user-' || u),
         (case when k <= $2 and k % 40 = 0 then 'refunded'
               when k <= $2 then 'fulfilled'
               when k % 3 = 0 then 'expired'
               when k % 3 = 1 then 'pending'
               else 'under_review' end)::order_status,
         p.challenge, (case when k % 4 = 0 then 'mt4' else 'mt5' end)::trading_platform, p.size_k,
         '{"profitSplit100": false, "fastPayout": false}'::jsonb, p.method, p.summary,
         p.total_cents, 'USD', $3, t, t,
         case when k <= $2 then t + interval '5 minutes' end,
         case when k <= $2 then t + interval '6 minutes' end,
         case when k <= $2 then pg_temp.bench_id('bench-account-' || k) end
       from generate_series(1, ${size.orders}) k
       cross join lateral (select 1 + (k - 1) % $4::int as u) owner
       cross join lateral (
         select $1::timestamptz - make_interval(secs => ($4::int - owner.u) * (730 * 86400.0 / $4::int))
           + make_interval(secs => ((k - 1) / $4::int) * 86400 * 7 + k % 3600) as raw
       ) made
       cross join lateral (select least(made.raw, $1::timestamptz - interval '10 minutes') as t) at
       join bench_prices p on p.idx = k % ${priceCount}`,
      [nowIso, size.accounts, currentRulebookVersion, size.users],
    )

    await step(
      'challenges',
      `insert into challenges (id, user_id, challenge_type, size_k, platform, add_ons,
         rulebook_version, order_id, created_at)
       select pg_temp.bench_id('bench-challenge-' || j), o.user_id, o.challenge_type, o.size_k,
         o.platform, o.add_ons, o.rulebook_version, o.id, o.paid_at
       from generate_series(1, ${size.accounts}) j
       join orders o on o.id = pg_temp.bench_id('bench-order-' || j)`,
    )

    // account j: stage from the challenge (Two Phase: 3 in 5 phase 1, 1 phase 2, 1 funded); 1 in
    // 10 active (not the refunded ones), the rest ended
    await step(
      'trading accounts',
      `insert into trading_accounts (id, challenge_id, user_id, stage, plan_key, rulebook_version,
         size_k, platform, adapter, external_id, login, server, leverage, initial_balance_cents,
         status, is_trading_enabled, created_at, started_at, ended_at, final_meters,
         credentials_sent_at)
       select pg_temp.bench_id('bench-account-' || j), c.id, c.user_id, s.stage::challenge_stage,
         c.challenge_type || '.' || s.stage, c.rulebook_version, c.size_k, c.platform,
         'simulated', pg_temp.bench_id('bench-sim-' || j)::text, (10000000 + j)::text, 'Bench-MT5', 100,
         c.size_k * 100000, st.status::trading_account_status, st.status = 'active',
         c.created_at, st.started_at,
         case when st.status <> 'active'
           then least(st.started_at + make_interval(days => 1 + j % 40), $1::timestamptz - interval '1 minute') end,
         case when st.status <> 'active' then jsonb_build_object(
           'status', case when st.status = 'passed' then 'passed' when st.status = 'failed' then 'failed' else 'active' end,
           'day', to_char(st.started_at + make_interval(days => 1 + j % 40), 'YYYY-MM-DD'),
           'dayReset', jsonb_build_object('timeZone', 'America/New_York', 'time', '17:00'),
           'nextResetAt', to_char(st.started_at + make_interval(days => 2 + j % 40), 'YYYY-MM-DD"T"21:00:00.000"Z"'),
           'dailyLoss', jsonb_build_object('floor', c.size_k * 95000 - m.left_daily,
             'distance', m.left_daily, 'allowance', c.size_k * 5000,
             'usedPercent', round(100 - m.left_daily * 100.0 / (c.size_k * 5000), 2),
             'warning', 0),
           'maxLoss', jsonb_build_object('floor', c.size_k * 90000,
             'distance', m.left_max, 'allowance', c.size_k * 10000,
             'usedPercent', round(100 - m.left_max * 100.0 / (c.size_k * 10000), 2),
             'warning', 0),
           'profitTarget', null,
           'tradingDays', jsonb_build_object('required', 0, 'value', 1 + j % 12, 'met', true),
           'passedAt', null) end,
         c.created_at
       from generate_series(1, ${size.accounts}) j
       join challenges c on c.id = pg_temp.bench_id('bench-challenge-' || j)
       cross join lateral (select case
           when c.challenge_type = 'instantFund' or j % 5 = 4 then 'funded'
           when j % 5 = 3 then 'phase2' else 'phase1' end as stage) s
       cross join lateral (select case
           when j % 40 = 0 then 'closed'
           when j % 10 = 0 then 'active'
           when j % 10 in (1, 2) then 'passed'
           when j % 10 = 8 then 'closed'
           else 'failed' end as status,
           case when j % 10 = 0 and j % 40 <> 0
             then $1::timestamptz - interval '3 hours' else c.created_at + interval '10 minutes' end
             as started_at) st
       cross join lateral (select
           case when st.status = 'failed' and j % 2 = 0 then 0 else (j * 37) % (c.size_k * 5000) end as left_daily,
           case when st.status = 'failed' and j % 2 = 1 then 0 else (j * 53) % (c.size_k * 10000) end as left_max) m`,
      [nowIso],
    )

    // the active accounts' books on the simulated server (balance as the ledger ends)
    await step(
      'simulated accounts',
      `insert into sim_accounts (id, request_id, login, server, platform, name, password_hash,
         investor_password_hash, balance_cents, leverage, max_lots_per_forex_order,
         margin_call_percent, stop_out_percent, created_at)
       select a.external_id::uuid, 'bench-' || a.login, a.login::bigint, a.server, a.platform::text,
         'Bench', 'x', 'x', a.initial_balance_cents, a.leverage, 50, 80, 50, a.created_at
       from trading_accounts a where a.status = 'active'`,
    )

    await step(
      'breaches',
      `insert into breaches (account_id, rule, t_ms, balance_cents, equity_cents, floor,
         rulebook_version, plan_key, open_positions, created_at)
       select a.id, case when (a.final_meters->'dailyLoss'->>'distance')::bigint = 0
           then 'dailyLoss' else 'maxLoss' end,
         (extract(epoch from a.ended_at) * 1000)::bigint,
         a.initial_balance_cents - a.size_k * 4000, a.initial_balance_cents - a.size_k * 10000,
         (a.size_k * 90000)::numeric, a.rulebook_version, a.plan_key, '[]'::jsonb, a.ended_at
       from trading_accounts a where a.status = 'failed'`,
    )

    await step(
      'ledger snapshots',
      `insert into evaluation_events (account_id, seq, kind, t_ms, balance_cents, equity_cents)
       select a.id, 1, 'snapshot', (extract(epoch from a.started_at) * 1000)::bigint,
         a.initial_balance_cents, a.initial_balance_cents
       from trading_accounts a`,
    )

    // trade t is account 1 + (t - 1) % accounts's trade number n = 1 + (t - 1) / accounts: its
    // opening deal (seq 2n) and closing deal (seq 2n + 1), a minute apart; results within +-$20 so
    // no active account breaches on replay
    // (plus the closes the open trades lack, so the deals are `size.deals` exactly)
    const openTrades = size.accounts / 20
    const trades = (size.deals + openTrades) / 2
    await step(
      'ledger deals',
      `insert into evaluation_events (account_id, seq, kind, t_ms, trade_id, symbol, side,
         volume_units, open_price_points, close_price_points, profit_cents, commission_cents,
         swap_cents)
       select pg_temp.bench_id('bench-account-' || j), 2 * n + d.is_close, d.kind::evaluation_event_kind,
         started.ms + n * 60000 + d.is_close * 30000, (20000000 + t)::text,
         (array['EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD', 'BTCUSD', 'US30'])[1 + t % 6],
         case when t % 2 = 0 then 'buy' else 'sell' end, 1 + t % 50, 100000 + t % 9000,
         case when d.is_close = 1 then 100000 + t % 9000 + (t % 41) - 20 end,
         case when d.is_close = 1 then ((j * 7 + n * 13) % 41 - 20) * 100 end,
         case when d.is_close = 1 then -(1 + t % 50) * 7 end,
         case when d.is_close = 1 then 0 end
       from generate_series(1, ${trades}) t
       cross join lateral (select 1 + (t - 1) % ${size.accounts} as j,
         1 + (t - 1) / ${size.accounts} as n) tn
       join trading_accounts a on a.id = pg_temp.bench_id('bench-account-' || j)
       cross join lateral (select (extract(epoch from a.started_at) * 1000)::bigint as ms) started
       cross join lateral (values (0, 'trade-open'), (1, 'trade-close')) d(is_close, kind)
       where not (d.is_close = 1 and j % 20 = 10 and n = 1 + (${trades} - j) / ${size.accounts})
       order by a.id, 2`,
      [],
    )
    // the count the ledger's trigger keeps (off while the fixture is written), as the migration
    // that made it counts an existing ledger
    await step(
      'ledger trade counts',
      `insert into ledger_trade_counts (account_id, opened, closed)
       select account_id, count(*) filter (where kind = 'trade-open'),
         count(*) filter (where kind = 'trade-close')
       from evaluation_events where kind <> 'snapshot' group by account_id`,
    )

    // the dashboard's roll-ups (decision 0046), whose triggers were off too: computed from
    // scratch as the migration that made them computes an existing database's
    await step('admin roll-ups', `select admin_rollups_rebuild()`)

    // as autovacuum leaves a settled database: statistics, and the visibility map that lets the
    // dashboard's covering indexes answer without the rows
    const t0 = performance.now()
    await client.query('vacuum analyze')
    log(`vacuum analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  } finally {
    await client.query('drop table if exists bench_prices').catch(() => {})
    await client.query('reset session_replication_role').catch(() => {})
    client.release()
  }
}
