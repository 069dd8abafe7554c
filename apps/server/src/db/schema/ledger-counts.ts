import { boolean, integer, pgTable, uuid } from 'drizzle-orm/pg-core'
import { tradingAccounts } from './trading'

// Each evaluation ledger's trade events counted (decision 0039): the admin dashboard's Total,
// Open and Completed Trade (docs/admin-metrics.md) read these 1-per-account rows instead of
// counting millions of ledger rows per request. Kept by the database itself: a statement-level
// trigger on evaluation_events (migration 0020) adds each insert statement's trade-open and
// trade-close rows per account, in the same transaction, whoever writes the ledger. The ledger is
// append-only (no update or delete path; an account's rows go with the account, and so does its
// count), so the counts always equal a count of the ledger.

export const ledgerTradeCounts = pgTable('ledger_trade_counts', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
  /** trade-open events */
  opened: integer('opened').notNull().default(0),
  /** trade-close events */
  closed: integer('closed').notNull().default(0),
  /**
   * whether the account is active now (kept by a trigger on trading_accounts, decision 0046): the
   * dashboard's Open Trade sums the active ones from admin_trade_totals
   */
  active: boolean('active').notNull().default(false),
})
