import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './support'

// The dashboard's roll-ups (decision 0046, migration 0027) are kept by the database's triggers:
// after any run of inserts, updates and deletes - users, billing profiles, trading accounts,
// orders, breaches, ledger trade events, and the cascades of an account's deletion (a user is
// never deleted: the audit log's append-only trigger refuses its foreign key's update) -
// each roll-up equals the aggregate computed from scratch over its tables, and
// admin_rollups_rebuild() (the backfill, the bench fixture) computes the same rows again.

let app: TestApp

beforeAll(async () => {
  app = await createTestApp()
})
afterAll(async () => {
  await app?.close()
})

type Row = Record<string, unknown>

async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = await app.db.execute<Row>(query)
  // numbers as numbers, whatever the driver sends for a count or a sum
  return result.rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value,
      ]),
    ),
  )
}

/** Each roll-up as stored (rows netted to nothing left out) and as computed from scratch. */
async function rollupsAndScratch() {
  const stored = {
    facts: await rows(sql`
      select user_id, role::text, status::text, email_verified, own_phone, billing_phone,
        active_accounts
      from admin_user_facts order by user_id`),
    users: await rows(sql`
      select role::text, status::text, email_verified, has_phone, has_active_account, users
      from admin_user_counts where users <> 0 order by 1, 2, 3, 4, 5`),
    accounts: await rows(sql`
      select status::text, plan_key, stage::text, platform::text, provisioned, accounts,
        initial_balance_cents
      from admin_account_groups where accounts <> 0 or initial_balance_cents <> 0
      order by 1, 2, 3, 4, 5`),
    salesDays: await rows(sql`
      select day::text, orders, cents from admin_sales_days
      where orders <> 0 or cents <> 0 order by 1`),
    salesPlans: await rows(sql`
      select challenge_type::text, size_k, method::text, orders, cents from admin_sales_plans
      where orders <> 0 or cents <> 0 order by 1, 2, 3`),
    breaches: await rows(sql`
      select rule, breaches from admin_breach_rules where breaches <> 0 order by 1`),
    trades: await rows(sql`
      select active, opened, closed from admin_trade_totals
      where opened <> 0 or closed <> 0 order by 1`),
  }
  const scratch = {
    facts: await rows(sql`
      select u.id as user_id, u.role::text, u.status::text, u.email_verified,
        coalesce(u.phone, '') <> '' as own_phone,
        exists (select 1 from billing_profiles b where b.user_id = u.id and b.phone <> '')
          as billing_phone,
        (select count(*) from trading_accounts a where a.user_id = u.id and a.status = 'active')
          as active_accounts
      from users u order by u.id`),
    users: await rows(sql`
      select u.role::text, u.status::text, u.email_verified,
        coalesce(u.phone, '') <> '' or exists (
          select 1 from billing_profiles b where b.user_id = u.id and b.phone <> '') as has_phone,
        exists (select 1 from trading_accounts a where a.user_id = u.id and a.status = 'active')
          as has_active_account,
        count(*) as users
      from users u group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
    accounts: await rows(sql`
      select status::text, plan_key, stage::text, platform::text, external_id is not null
        as provisioned, count(*) as accounts, sum(initial_balance_cents) as initial_balance_cents
      from trading_accounts group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
    salesDays: await rows(sql`
      select ((paid_at at time zone 'UTC')::date)::text as day, count(*) as orders,
        sum(total_cents) as cents
      from orders where paid_at is not null and status <> 'refunded' group by 1 order by 1`),
    salesPlans: await rows(sql`
      select challenge_type::text, size_k, method::text, count(*) as orders,
        sum(total_cents) as cents
      from orders where paid_at is not null and status <> 'refunded'
      group by 1, 2, 3 order by 1, 2, 3`),
    breaches: await rows(sql`
      select rule, count(*) as breaches from breaches group by 1 order by 1`),
    trades: await rows(sql`
      select a.status = 'active' as active,
        count(*) filter (where e.kind = 'trade-open') as opened,
        count(*) filter (where e.kind = 'trade-close') as closed
      from evaluation_events e join trading_accounts a on a.id = e.account_id
      where e.kind <> 'snapshot' group by 1 order by 1`),
  }
  return { stored, scratch }
}

const statuses = ['provisioning', 'active', 'passed', 'failed', 'closed'] as const
const plans = [
  { plan: 'twoPhase.phase1', stage: 'phase1', challenge: 'twoPhase' },
  { plan: 'twoPhase.phase2', stage: 'phase2', challenge: 'twoPhase' },
  { plan: 'instantFund.funded', stage: 'funded', challenge: 'instantFund' },
] as const
const orderStatuses = ['pending', 'paid', 'fulfilled', 'failed', 'refunded', 'expired'] as const
const DAY_MS = 86_400_000
const BASE_MS = Date.parse('2026-03-18T23:30:00Z') // near a UTC midnight: days split

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!

const command = fc.oneof(
  fc.record({
    op: fc.constant('addUser' as const),
    role: fc.constantFrom('trader', 'admin', 'support'),
    disabled: fc.boolean(),
    verified: fc.boolean(),
    phone: fc.constantFrom(null, '', '+15550100'),
  }),
  fc.record({
    op: fc.constant('updateUser' as const),
    n: fc.nat(),
    field: fc.constantFrom('role', 'status', 'verified', 'phone', 'name'),
    flip: fc.nat(),
  }),
  fc.record({
    op: fc.constant('billing' as const),
    n: fc.nat(),
    phone: fc.constantFrom(null, '', '+15550199'),
  }),
  fc.record({
    op: fc.constant('addAccount' as const),
    n: fc.nat(),
    status: fc.nat(),
    plan: fc.nat(),
    mt4: fc.boolean(),
    provisioned: fc.boolean(),
    sizeK: fc.constantFrom(5, 10, 25),
  }),
  fc.record({
    op: fc.constant('updateAccount' as const),
    n: fc.nat(),
    field: fc.constantFrom('status', 'owner', 'external', 'balance', 'meters'),
    value: fc.nat(),
  }),
  fc.record({ op: fc.constant('deleteAccount' as const), n: fc.nat() }),
  fc.record({
    op: fc.constant('addOrder' as const),
    n: fc.nat(),
    status: fc.nat(),
    days: fc.integer({ min: 0, max: 3 }),
    total: fc.integer({ min: 1, max: 50_000 }),
    crypto: fc.boolean(),
    plan: fc.nat(),
  }),
  fc.record({
    op: fc.constant('updateOrder' as const),
    n: fc.nat(),
    field: fc.constantFrom('status', 'paidAt', 'total', 'method'),
    value: fc.nat(),
  }),
  fc.record({ op: fc.constant('deleteOrder' as const), n: fc.nat() }),
  fc.record({ op: fc.constant('breach' as const), n: fc.nat(), daily: fc.boolean() }),
  fc.record({ op: fc.constant('unbreach' as const), n: fc.nat() }),
  fc.record({
    op: fc.constant('trades' as const),
    n: fc.nat(),
    kinds: fc.array(fc.constantFrom('snapshot', 'trade-open', 'trade-close'), {
      minLength: 1,
      maxLength: 4,
    }),
  }),
)
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never

let serial = 0

async function ids(table: 'users' | 'trading_accounts' | 'orders' | 'breaches') {
  const key = table === 'breaches' ? sql.raw('account_id') : sql.raw('id')
  // the users this test made (the app's own, an audit log's actors, stay)
  const mine = table === 'users' ? sql`where email like 'rollup-%'` : sql``
  const result = await app.db.execute<{ id: string }>(
    sql`select ${key} as id from ${sql.raw(table)} ${mine} order by ${key}`,
  )
  return result.rows.map((row) => row.id)
}

async function run(c: Command) {
  serial += 1
  switch (c.op) {
    case 'addUser': {
      await app.db.execute(sql`
        insert into users (email, role, status, email_verified, phone, name)
        values (${`rollup-${serial}-${Date.now()}@example.test`}, ${c.role}::user_role,
          ${c.disabled ? 'disabled' : 'active'}::user_status, ${c.verified}, ${c.phone},
          'Roll Up')`)
      return
    }
    case 'updateUser': {
      const users = await ids('users')
      if (users.length === 0) return
      const id = pick(users, c.n)
      const set = {
        role: sql`role = ${pick(['trader', 'admin', 'support'], c.flip)}::user_role`,
        status: sql`status = case when status = 'active' then 'disabled' else 'active' end::user_status`,
        verified: sql`email_verified = not email_verified`,
        phone: sql`phone = ${pick([null, '', '+15550123'], c.flip)}`,
        name: sql`name = ${`Renamed ${c.flip}`}`,
      }[c.field]
      await app.db.execute(sql`update users set ${set} where id = ${id}`)
      return
    }
    case 'billing': {
      const users = await ids('users')
      if (users.length === 0) return
      const id = pick(users, c.n)
      if (c.phone === null) {
        await app.db.execute(sql`delete from billing_profiles where user_id = ${id}`)
        return
      }
      await app.db.execute(sql`
        insert into billing_profiles (user_id, first_name, last_name, country, apartment, town,
          state, company_name, postal_code, phone, locked_at)
        values (${id}, 'Roll', 'Up', 'CA', '', 'Town', '', '', 'V5K', ${c.phone}, now())
        on conflict (user_id) do update set phone = excluded.phone`)
      return
    }
    case 'addAccount': {
      const users = await ids('users')
      if (users.length === 0) return
      const userId = pick(users, c.n)
      const plan = pick(plans, c.plan)
      const platform = c.mt4 ? 'mt4' : 'mt5'
      const challenge = await app.db.execute<{ id: string }>(sql`
        insert into challenges (user_id, challenge_type, size_k, platform, rulebook_version)
        values (${userId}, ${plan.challenge}::challenge_type, ${c.sizeK},
          ${platform}::trading_platform, 'test')
        returning id`)
      await app.db.execute(sql`
        insert into trading_accounts (challenge_id, user_id, stage, plan_key, rulebook_version,
          size_k, platform, adapter, external_id, leverage, initial_balance_cents, status)
        values (${challenge.rows[0]!.id}, ${userId}, ${plan.stage}::challenge_stage, ${plan.plan},
          'test', ${c.sizeK}, ${platform}::trading_platform, 'rollup-test',
          ${c.provisioned ? `ext-${serial}` : null}, 100, ${c.sizeK * 100_000},
          ${pick(statuses, c.status)}::trading_account_status)`)
      return
    }
    case 'updateAccount': {
      const accounts = await ids('trading_accounts')
      if (accounts.length === 0) return
      const id = pick(accounts, c.n)
      if (c.field === 'owner') {
        const users = await ids('users')
        await app.db.execute(
          sql`update trading_accounts set user_id = ${pick(users, c.value)} where id = ${id}`,
        )
        return
      }
      const set = {
        status: sql`status = ${pick(statuses, c.value)}::trading_account_status`,
        external: sql`external_id = case when external_id is null then ${`ext-u${serial}`} end`,
        balance: sql`initial_balance_cents = ${(1 + (c.value % 7)) * 250_000}`,
        // a column the roll-ups do not read (as the risk flush's writes)
        meters: sql`evaluator_seq = ${c.value % 1000}`,
      }[c.field]
      await app.db.execute(sql`update trading_accounts set ${set} where id = ${id}`)
      return
    }
    case 'deleteAccount': {
      const accounts = await ids('trading_accounts')
      if (accounts.length === 0) return
      await app.db.execute(sql`delete from trading_accounts where id = ${pick(accounts, c.n)}`)
      return
    }
    case 'addOrder': {
      const users = await ids('users')
      if (users.length === 0) return
      const status = pick(orderStatuses, c.status)
      const paid = !['pending', 'expired'].includes(status)
      const plan = pick(plans, c.plan)
      await app.db.execute(sql`
        insert into orders (user_id, status, challenge_type, platform, size_k, add_ons, method,
          summary, total_cents, rulebook_version, paid_at)
        values (${pick(users, c.n)}, ${status}::order_status, ${plan.challenge}::challenge_type,
          'mt5', ${10 * (1 + (c.plan % 3))}, '{}'::jsonb,
          ${c.crypto ? 'crypto' : 'card'}::payment_method, '{}'::jsonb, ${c.total}, 'test',
          ${paid ? new Date(BASE_MS - c.days * DAY_MS + c.total * 1000).toISOString() : null})`)
      return
    }
    case 'updateOrder': {
      const orders = await ids('orders')
      if (orders.length === 0) return
      const id = pick(orders, c.n)
      const set = {
        status: sql`status = ${pick(orderStatuses, c.value)}::order_status`,
        paidAt: sql`paid_at = ${
          c.value % 3 === 0 ? null : new Date(BASE_MS + (c.value % 5) * 3_600_000).toISOString()
        }`,
        total: sql`total_cents = ${1 + (c.value % 40_000)}`,
        method: sql`method = case when method = 'card' then 'crypto' else 'card' end::payment_method`,
      }[c.field]
      await app.db.execute(sql`update orders set ${set} where id = ${id}`)
      return
    }
    case 'deleteOrder': {
      const orders = await ids('orders')
      if (orders.length === 0) return
      await app.db.execute(sql`delete from orders where id = ${pick(orders, c.n)}`)
      return
    }
    case 'breach': {
      const accounts = await ids('trading_accounts')
      if (accounts.length === 0) return
      await app.db.execute(sql`
        insert into breaches (account_id, rule, t_ms, balance_cents, equity_cents, floor,
          rulebook_version, plan_key, open_positions)
        values (${pick(accounts, c.n)}, ${c.daily ? 'dailyLoss' : 'maxLoss'}, 1, 1, 1, 1, 'test',
          'twoPhase.phase1', '[]'::jsonb)
        on conflict (account_id) do update set rule = excluded.rule`)
      return
    }
    case 'unbreach': {
      const breached = await ids('breaches')
      if (breached.length === 0) return
      await app.db.execute(sql`delete from breaches where account_id = ${pick(breached, c.n)}`)
      return
    }
    case 'trades': {
      const accounts = await ids('trading_accounts')
      if (accounts.length === 0) return
      const id = pick(accounts, c.n)
      // one statement of several ledger rows, as the risk flush writes them
      await app.db.execute(sql`
        insert into evaluation_events (account_id, seq, kind, t_ms, trade_id, balance_cents,
          equity_cents)
        select ${id}, coalesce((select max(seq) from evaluation_events where account_id = ${id}),
            0) + k.i, k.kind::evaluation_event_kind, 1, k.i::text, 1, 1
        from unnest(${`{${c.kinds.join(',')}}`}::text[]) with ordinality as k(kind, i)`)
      return
    }
  }
}

describe('the admin roll-ups (decision 0046)', () => {
  it('equal the from-scratch aggregates after any inserts, updates and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        for (const c of commands) await run(c)
        const { stored, scratch } = await rollupsAndScratch()
        expect(stored).toEqual(scratch)
      }),
      { numRuns: 30 },
    )
    // and the database holds something of every kind by now
    const { stored } = await rollupsAndScratch()
    expect(stored.users.length).toBeGreaterThan(0)
    expect(stored.accounts.length).toBeGreaterThan(0)
  })

  it('admin_rollups_rebuild() computes the same rows from scratch', async () => {
    const before = await rollupsAndScratch()
    await app.db.execute(sql`select admin_rollups_rebuild()`)
    const after = await rollupsAndScratch()
    expect(after.stored).toEqual(before.stored)
    expect(after.stored).toEqual(after.scratch)
  })
})
