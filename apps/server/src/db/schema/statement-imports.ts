import type { StatementSummary } from '@tp/domain/statement'
import type { ClosedTrade } from '@tp/domain/trades'
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users'

// Saved statement imports (issue 12 item 8): a trader's MT4 Detailed Statement or MT5 Trade
// History Report, imported on the server again by @tp/domain/statement from the bytes the
// browser sent, kept as a read-only "imported" account of their analytics (never a trading
// account, never on the platform). The report is stored as the importer returned it (summary and
// closed trades in the engine's trade format); the file itself is not kept.

export const statementImports = pgTable(
  'statement_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the file's name as dropped */
    fileName: text('file_name').notNull(),
    platform: text('platform').$type<'MT4' | 'MT5'>().notNull(),
    login: text('login').notNull(),
    currency: text('currency').notNull(),
    totalTrades: integer('total_trades').notNull(),
    /** the summary's total net profit in cents of the account currency */
    totalNetProfitCents: bigint('total_net_profit_cents', { mode: 'number' }).notNull(),
    firstTradeAt: timestamp('first_trade_at', { withTimezone: true }),
    lastTradeAt: timestamp('last_trade_at', { withTimezone: true }),
    summary: jsonb('summary').$type<StatementSummary>().notNull(),
    trades: jsonb('trades').$type<ClosedTrade[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('statement_imports_user_created_idx').on(t.userId, t.createdAt)],
)
export type StatementImportRow = typeof statementImports.$inferSelect
