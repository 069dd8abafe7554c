import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { tradingAccounts } from './trading'

// The trade journal of the account metrics page (issue 12 item 6): the owner's note and tags on
// a closed trade of one of their accounts. Trades live on the platform (not in our database), so
// an entry names its trade by the platform's id within the account. An entry left with an empty
// note and no tags is deleted.

export const tradeJournalEntries = pgTable(
  'trade_journal_entries',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    tradeId: text('trade_id').notNull(),
    note: text('note').notNull().default(''),
    /** lower-case one-word tags, each once */
    tags: text('tags').array().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.tradeId] })],
)
export type TradeJournalEntryRow = typeof tradeJournalEntries.$inferSelect
