import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// The MT5 Web API adapter's memory of its logins (decision 0053): the deal watermark of each
// login, the newest deal already turned into position events, by its time (true UTC, ms) and its
// ticket. Each poll reads the logins' new deals in batches and reports only the deals after it,
// so a restart reports the deals made while the app was down and never one it reported before.

export const mt5DealCursors = pgTable('mt5_deal_cursors', {
  /** the MT5 login (trading_accounts.external_id of an account bound to `mt5-webapi`) */
  login: text('login').primaryKey(),
  /** the newest reported deal's time, UTC milliseconds (0: none yet) */
  dealTimeMs: bigint('deal_time_ms', { mode: 'number' }).notNull(),
  /** its ticket ('': none yet); deals of the same millisecond are told apart by ticket */
  deal: text('deal').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
