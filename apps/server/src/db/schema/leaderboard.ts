import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { tradingAccounts } from './trading'
import { users } from './users'

// The leaderboard's figures per account (issue 12 item 9): the closed trades of the current UTC
// month are only reachable per account through the platform port, so the `leaderboard.refresh`
// job computes them every few minutes into this small table and pages are served from it.
// Names and the opt-out are not copied here: they are joined at read time, so a change of the
// display name or an opt-out shows at once.

const cents = (name: string) => bigint(name, { mode: 'number' })

export const leaderboardEntries = pgTable(
  'leaderboard_entries',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the UTC month the figures are of, 'YYYY-MM' */
    month: text('month').notNull(),
    stage: text('stage').notNull(),
    accountSizeCents: cents('account_size_cents').notNull(),
    totalTrades: integer('total_trades').notNull(),
    winTrades: integer('win_trades').notNull(),
    grossProfitCents: cents('gross_profit_cents').notNull(),
    /** the losing trades' sum as a positive number */
    grossLossCents: cents('gross_loss_cents').notNull(),
    /** the month's net result over the account size, in basis points (1 bp = 0.01 %) */
    monthlyReturnBp: integer('monthly_return_bp').notNull(),
    lastMonthReturnBp: integer('last_month_return_bp').notNull(),
    /** the month's cumulative return at the end of each of its last trading days, basis points */
    trendBp: jsonb('trend_bp').$type<number[]>().notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('leaderboard_entries_month_return_idx').on(t.month, t.monthlyReturnBp)],
)
export type LeaderboardEntryRow = typeof leaderboardEntries.$inferSelect
