import type { ClosedTrade, PositionFill } from '@tp/domain/trades'
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './users'

// TradeLocker linked accounts (issue 15 item 8, decision 0044). A link is a trader's TradeLocker
// login on one environment (demo/live) and broker server: its tokens sealed by ctx.secrets (the
// password is never kept), refreshed with rotation every 30 minutes while linked; a refused
// refresh marks it needs-login. Each imported account keeps its order history as closed trades
// in the engine's trade format (the read-only "linked" account of the trader's analytics), with
// the fills of positions still open, to be grouped again with the next import's fills.

export const tradeLockerLinks = pgTable(
  'tradelocker_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    server: text('server').notNull(),
    accountType: text('account_type').$type<'demo' | 'live'>().notNull(),
    /** sealed (lib/secret-box); null once the link needs a new sign-in */
    accessTokenSealed: text('access_token_sealed'),
    refreshTokenSealed: text('refresh_token_sealed'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    status: text('status').$type<'active' | 'needs-login'>().notNull().default('active'),
    lastError: text('last_error'),
    lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tradelocker_links_login_idx').on(t.userId, t.accountType, t.server, t.email),
  ],
)
export type TradeLockerLinkRow = typeof tradeLockerLinks.$inferSelect

export const tradeLockerAccounts = pgTable(
  'tradelocker_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => tradeLockerLinks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** TradeLocker's account id (the path's) and accNum (the header's) */
    tradeLockerId: text('tradelocker_id').notNull(),
    accNum: text('acc_num').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
    trades: jsonb('trades').$type<ClosedTrade[]>().notNull(),
    /** fills of positions not closed at the last import */
    openFills: jsonb('open_fills').$type<PositionFill[]>().notNull(),
    totalTrades: integer('total_trades').notNull(),
    totalNetProfitCents: bigint('total_net_profit_cents', { mode: 'number' }).notNull(),
    /** the history was read up to this instant (ms); the next import asks from here */
    importedThroughMs: bigint('imported_through_ms', { mode: 'number' }).notNull(),
    lastImportedAt: timestamp('last_imported_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tradelocker_accounts_link_account_idx').on(t.linkId, t.tradeLockerId),
    index('tradelocker_accounts_user_idx').on(t.userId),
  ],
)
export type TradeLockerAccountRow = typeof tradeLockerAccounts.$inferSelect
