import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

// The built-in simulated trading server's own books (integrations/trading-platform/simulated):
// accounts, open positions, pending orders, deals, the market model's state and 1-minute bars.
// Prices are integer points, volumes hundredths of a lot, money USD cents (decision 0013).

const cents = (name: string) => bigint(name, { mode: 'number' })
const points = (name: string) => bigint(name, { mode: 'number' })

/** Account numbers, as a MetaTrader server hands them out. */
export const simLoginSeq = pgSequence('sim_login_seq', { startWith: 7_000_001 })
/** Tickets of orders, positions and deals share one sequence, as in MT5. */
export const simTicketSeq = pgSequence('sim_ticket_seq', { startWith: 10_000_001 })

export const simAccounts = pgTable(
  'sim_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** the caller's idempotency key: creating twice with it returns the first account */
    requestId: text('request_id').notNull(),
    login: bigint('login', { mode: 'number' }).notNull(),
    server: text('server').notNull(),
    platform: text('platform').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    investorPasswordHash: text('investor_password_hash').notNull(),
    balance: cents('balance_cents').notNull(),
    leverage: integer('leverage').notNull(),
    maxLotsPerForexOrder: integer('max_lots_per_forex_order').notNull(),
    marginCallPercent: integer('margin_call_percent').notNull(),
    stopOutPercent: integer('stop_out_percent').notNull(),
    isWeekendHoldingAllowed: boolean('is_weekend_holding_allowed').notNull().default(true),
    isTradingEnabled: boolean('is_trading_enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sim_accounts_request_key').on(t.requestId),
    uniqueIndex('sim_accounts_login_key').on(t.login),
  ],
)
export type SimAccountRow = typeof simAccounts.$inferSelect

export const simPositions = pgTable(
  'sim_positions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => simAccounts.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    volume: integer('volume_units').notNull(),
    initialVolume: integer('initial_volume_units').notNull(),
    openPrice: points('open_price_points').notNull(),
    openTimeMs: bigint('open_time_ms', { mode: 'number' }).notNull(),
    stopLoss: points('stop_loss_points'),
    takeProfit: points('take_profit_points'),
    swap: cents('swap_cents').notNull().default(0),
    /** commission booked for the whole position so far (opening and partial closes), <= 0 */
    commission: cents('commission_cents').notNull().default(0),
    /** what partial closes have realised so far */
    realizedProfit: cents('realized_profit_cents').notNull().default(0),
    realizedSwap: cents('realized_swap_cents').notNull().default(0),
  },
  (t) => [index('sim_positions_account_idx').on(t.accountId)],
)
export type SimPositionRow = typeof simPositions.$inferSelect

export const simOrders = pgTable(
  'sim_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => simAccounts.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    type: text('type').notNull(),
    volume: integer('volume_units').notNull(),
    price: points('price_points').notNull(),
    stopLoss: points('stop_loss_points'),
    takeProfit: points('take_profit_points'),
    createdAtMs: bigint('created_at_ms', { mode: 'number' }).notNull(),
  },
  (t) => [index('sim_orders_account_idx').on(t.accountId)],
)
export type SimOrderRow = typeof simOrders.$inferSelect

/**
 * Every deal: opening ('in'), closing ('out', with the position's open price and time so the
 * history reads as closed trades) and balance operations. The balance after it is kept, as
 * MetaTrader's history report does.
 */
export const simDeals = pgTable(
  'sim_deals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => simAccounts.id, { onDelete: 'cascade' }),
    positionId: bigint('position_id', { mode: 'number' }),
    entry: text('entry').notNull(),
    symbol: text('symbol'),
    /** the position's side */
    side: text('side'),
    volume: integer('volume_units'),
    price: points('price_points'),
    openPrice: points('open_price_points'),
    openTimeMs: bigint('open_time_ms', { mode: 'number' }),
    timeMs: bigint('time_ms', { mode: 'number' }).notNull(),
    profit: cents('profit_cents').notNull().default(0),
    swap: cents('swap_cents').notNull().default(0),
    commission: cents('commission_cents').notNull().default(0),
    reason: text('reason').notNull(),
    balanceAfter: cents('balance_after_cents').notNull(),
  },
  (t) => [index('sim_deals_account_time_idx').on(t.accountId, t.timeMs)],
)
export type SimDealRow = typeof simDeals.$inferSelect

/** The market model's state (one row), saved often so prices continue across restarts. */
export const simMarket = pgTable('sim_market', {
  id: smallint('id').primaryKey(),
  state: jsonb('state').notNull(),
  /** the last rollover whose swaps were charged */
  lastRolloverMs: bigint('last_rollover_ms', { mode: 'number' }).notNull(),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
})

/** 1-minute bars of the bid, so charts have history after a restart. */
export const simBars = pgTable(
  'sim_bars',
  {
    symbol: text('symbol').notNull(),
    tMs: bigint('t_ms', { mode: 'number' }).notNull(),
    open: points('open').notNull(),
    high: points('high').notNull(),
    low: points('low').notNull(),
    close: points('close').notNull(),
    tickVolume: integer('tick_volume').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.tMs] })],
)
