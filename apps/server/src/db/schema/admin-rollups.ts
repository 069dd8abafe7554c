import {
  bigint,
  boolean,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core'
import { paymentMethod } from './orders'
import { challengeStage, challengeType, tradingAccountStatus, tradingPlatform } from './trading'
import { userRole, userStatus, users } from './users'

// The admin dashboard's roll-ups (decision 0046, docs/admin-metrics.md): each card's aggregate
// kept by the database's own triggers (migration 0027) in the same transaction as the write that
// changes it, whoever writes, so a card reads a handful of rows instead of every user, order,
// account and breach, and is never stale. A roll-up row whose count fell to 0 stays (the readers
// skip it). `admin_rollups_rebuild()` recomputes them all from scratch (the migration's backfill
// and the bench fixture, which writes with triggers off); admin-rollups.test.ts checks each one
// against the from-scratch aggregate after random inserts, updates and deletes.

const cents = (name: string) => bigint(name, { mode: 'number' })

/**
 * One row per user: what the user cards group by, mirrored from users (role, status, email
 * verified, a phone of their own), billing_profiles (a phone given at checkout) and
 * trading_accounts (how many are active). Gone with the user.
 */
export const adminUserFacts = pgTable('admin_user_facts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: userRole('role').notNull(),
  status: userStatus('status').notNull(),
  emailVerified: boolean('email_verified').notNull(),
  ownPhone: boolean('own_phone').notNull(),
  billingPhone: boolean('billing_phone').notNull(),
  activeAccounts: integer('active_accounts').notNull(),
})

/** admin_user_facts counted by the keys the user cards filter on. */
export const adminUserCounts = pgTable(
  'admin_user_counts',
  {
    role: userRole('role').notNull(),
    status: userStatus('status').notNull(),
    emailVerified: boolean('email_verified').notNull(),
    /** a phone on the user or on the billing profile */
    hasPhone: boolean('has_phone').notNull(),
    /** at least one active trading account */
    hasActiveAccount: boolean('has_active_account').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.role, t.status, t.emailVerified, t.hasPhone, t.hasActiveAccount],
    }),
  ],
)

/**
 * Trading accounts counted by status, plan, stage, platform and whether provisioned (an external
 * id), with their initial balances: Total Accounts, pass rates, Total Funds, and the accounts
 * table's count without a search.
 */
export const adminAccountGroups = pgTable(
  'admin_account_groups',
  {
    status: tradingAccountStatus('status').notNull(),
    planKey: text('plan_key').notNull(),
    stage: challengeStage('stage').notNull(),
    platform: tradingPlatform('platform').notNull(),
    provisioned: boolean('provisioned').notNull(),
    accounts: integer('accounts').notNull(),
    initialBalanceCents: cents('initial_balance_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.planKey, t.stage, t.platform, t.provisioned] })],
)

/** Kept orders (paid, not refunded) by the UTC day of paid_at: the sales series. */
export const adminSalesDays = pgTable('admin_sales_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  orders: integer('orders').notNull(),
  cents: cents('cents').notNull(),
})

/** Kept orders by challenge, size and method: Total Revenue, revenue by plan and by method. */
export const adminSalesPlans = pgTable(
  'admin_sales_plans',
  {
    challengeType: challengeType('challenge_type').notNull(),
    sizeK: integer('size_k').notNull(),
    method: paymentMethod('method').notNull(),
    orders: integer('orders').notNull(),
    cents: cents('cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.challengeType, t.sizeK, t.method] })],
)

/** Breaches by rule. */
export const adminBreachRules = pgTable('admin_breach_rules', {
  rule: text('rule').primaryKey(),
  breaches: integer('breaches').notNull(),
})

/** ledger_trade_counts summed by whether the account is active: Total, Open, Completed Trade. */
export const adminTradeTotals = pgTable('admin_trade_totals', {
  active: boolean('active').primaryKey(),
  opened: bigint('opened', { mode: 'number' }).notNull(),
  closed: bigint('closed', { mode: 'number' }).notNull(),
})
