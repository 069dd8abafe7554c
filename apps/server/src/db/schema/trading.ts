import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './users'

// Challenges and their trading accounts (one per stage), the evaluation ledger the live risk
// monitor writes (replayable with `npm run engine -- evaluate`), and breach evidence.
// Money: integer USD cents (bigint, read as JS numbers: far below 2^53). Engine amounts that are
// not whole cents (floors) are exact decimals (numeric).

const cents = (name: string) => bigint(name, { mode: 'number' })
const ms = (name: string) => bigint(name, { mode: 'number' })

export const challengeType = pgEnum('challenge_type', ['twoPhase', 'instantFund'])
export const tradingPlatform = pgEnum('trading_platform', ['mt4', 'mt5'])
export const challengeStage = pgEnum('challenge_stage', ['phase1', 'phase2', 'funded'])
export const tradingAccountStatus = pgEnum('trading_account_status', [
  'provisioning',
  'active',
  'passed',
  'failed',
  'suspended',
  'closed',
])
export const evaluationEventKind = pgEnum('evaluation_event_kind', [
  'snapshot',
  'trade-open',
  'trade-close',
])

/** One purchase: a challenge type and size on a platform, judged by one rulebook version. */
export const challenges = pgTable(
  'challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeType: challengeType('challenge_type').notNull(),
    sizeK: integer('size_k').notNull(),
    platform: tradingPlatform('platform').notNull(),
    addOns: jsonb('add_ons')
      .$type<{ profitSplit100: boolean; fastPayout: boolean }>()
      .notNull()
      .default({ profitSplit100: false, fastPayout: false }),
    rulebookVersion: text('rulebook_version').notNull(),
    /** the order that paid for it (null for demo and scenario challenges) */
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('challenges_user_idx').on(t.userId),
    uniqueIndex('challenges_order_key').on(t.orderId),
  ],
)
export type ChallengeRow = typeof challenges.$inferSelect

/** A stage's trading account on the trading platform. Exactly one per (challenge, stage). */
export const tradingAccounts = pgTable(
  'trading_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeId: uuid('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: challengeStage('stage').notNull(),
    planKey: text('plan_key').notNull(),
    rulebookVersion: text('rulebook_version').notNull(),
    sizeK: integer('size_k').notNull(),
    platform: tradingPlatform('platform').notNull(),
    /** which trading-platform adapter holds it ('simulated') and its id there */
    adapter: text('adapter').notNull(),
    externalId: text('external_id'),
    login: text('login'),
    server: text('server'),
    /** the owner sees the passwords: kept encrypted (AES-256-GCM, lib/secret-box.ts) */
    passwordCipher: text('password_cipher'),
    investorPasswordCipher: text('investor_password_cipher'),
    leverage: integer('leverage').notNull(),
    initialBalance: cents('initial_balance_cents').notNull(),
    status: tradingAccountStatus('status').notNull().default('provisioning'),
    isTradingEnabled: boolean('is_trading_enabled').notNull().default(true),
    previousAccountId: uuid('previous_account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the account's start: the first snapshot of its evaluation */
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** the live evaluator's state at the last checkpoint (a day reset), and the ledger seq it includes */
    evaluatorState: jsonb('evaluator_state'),
    evaluatorSeq: integer('evaluator_seq').notNull().default(0),
    /** the rule meters when the account ended (the live evaluator is gone by then) */
    finalMeters: jsonb('final_meters'),
    /** a provisioning attempt holds the account until then (no two create it at once) */
    provisioningLeaseUntil: timestamp('provisioning_lease_until', { withTimezone: true }),
    provisioningAttempts: integer('provisioning_attempts').notNull().default(0),
    provisioningError: text('provisioning_error'),
    /** when the credentials email went out (an active account without it is owed one) */
    credentialsSentAt: timestamp('credentials_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('trading_accounts_stage_key').on(t.challengeId, t.stage),
    index('trading_accounts_user_idx').on(t.userId),
    // decision 0039: the admin accounts table newest first (whole or by status; also every read
    // by status alone, as trading_accounts_status_idx was), its search by a
    // part of the login (pg_trgm), and each user's Fund (active accounts' initial balances) read
    // from the index alone
    index('trading_accounts_created_at_idx').on(t.createdAt, t.id),
    index('trading_accounts_status_created_at_idx').on(t.status, t.createdAt, t.id),
    index('trading_accounts_login_trgm_idx').using('gin', sql`${t.login} gin_trgm_ops`),
    // the admin accounts table's page chosen from this index alone: every filter, sort key and
    // the id (0039), the wide rows read for the page's rows only
    index('trading_accounts_admin_list_idx').on(
      t.status,
      t.planKey,
      t.platform,
      t.sizeK,
      t.createdAt,
      t.id,
      t.login,
    ),
    // the accounts table of one status by size (the risk desk's live accounts biggest first):
    // the page read in order from here, not every account of the status sorted (0046)
    index('trading_accounts_status_size_idx').on(t.status, t.sizeK, t.createdAt, t.id),
    // the dashboard's accounts, pass rates and funds read from this index alone (0039)
    index('trading_accounts_provisioned_idx')
      .on(t.planKey, t.stage, t.status, t.initialBalance)
      .where(sql`external_id is not null`),
    index('trading_accounts_active_user_idx')
      .on(t.userId, t.initialBalance)
      .where(sql`status = 'active'`),
  ],
)
export type TradingAccountRow = typeof tradingAccounts.$inferSelect

/**
 * The evaluation ledger: every event the live evaluator was fed, in order (seq). Replaying it
 * gives the live verdict again (GET .../engine-input, `npm run engine -- evaluate`).
 */
export const evaluationEvents = pgTable(
  'evaluation_events',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    kind: evaluationEventKind('kind').notNull(),
    tMs: ms('t_ms').notNull(),
    balance: cents('balance_cents'),
    equity: cents('equity_cents'),
    tradeId: text('trade_id'),
    symbol: text('symbol'),
    side: text('side'),
    /** hundredths of a lot */
    volume: integer('volume_units'),
    /** points */
    openPrice: bigint('open_price_points', { mode: 'number' }),
    closePrice: bigint('close_price_points', { mode: 'number' }),
    profit: cents('profit_cents'),
    commission: cents('commission_cents'),
    swap: cents('swap_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.seq] }),
    // the admin dashboard's trade counts read the trade events alone, not the snapshots
    index('evaluation_events_trades_idx')
      .on(t.kind, t.accountId)
      .where(sql`kind <> 'snapshot'`),
  ],
)
export type EvaluationEventRow = typeof evaluationEvents.$inferSelect

/** Each trading day's anchor and floors (stored at the day reset), and its final figures. */
export const accountDays = pgTable(
  'account_days',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    anchor: numeric('anchor').notNull(),
    dailyFloor: numeric('daily_floor'),
    maxFloor: numeric('max_floor'),
    minEquity: numeric('min_equity').notNull(),
    closedProfit: numeric('closed_profit').notNull(),
    traded: boolean('traded').notNull(),
    paused: boolean('paused').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.date] })],
)

/** What the platform kept of a hard breach: the evidence shown to the trader. */
export const breaches = pgTable('breaches', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
  rule: text('rule').notNull(),
  tMs: ms('t_ms').notNull(),
  balance: cents('balance_cents').notNull(),
  equity: cents('equity_cents').notNull(),
  floor: numeric('floor').notNull(),
  rulebookVersion: text('rulebook_version').notNull(),
  planKey: text('plan_key').notNull(),
  openPositions: jsonb('open_positions').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
export type BreachRow = typeof breaches.$inferSelect
