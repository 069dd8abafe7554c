import {
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { tradingAccounts } from './trading'

// The firm's policy checked after the fact on platforms the app does not run (decision 0045): a
// position a trader opened in MetaTrader that the firm's rules (decision 0018) would have refused,
// or a position of a plan without weekend holding still open at the weekend close. One row per
// (account, rule, position), with its evidence and what the firm did about it.

const at = (name: string) => timestamp(name, { withTimezone: true })

export const policyRules = ['lot-cap', 'weekend-holding', 'market-hours'] as const
export const policyRule = pgEnum('policy_rule', policyRules)
export const policyActions = ['closed', 'trading-disabled', 'none'] as const
export const policyAction = pgEnum('policy_action', policyActions)

export const policyViolations = pgTable(
  'policy_violations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    rule: policyRule('rule').notNull(),
    positionId: text('position_id').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    /** hundredths of a lot */
    volume: integer('volume').notNull(),
    /** the most the rule allowed, hundredths of a lot (lot cap); null for other rules */
    limitVolume: integer('limit_volume'),
    /** when the position was opened on the platform */
    tradeTime: at('trade_time').notNull(),
    action: policyAction('action').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('policy_violations_once_key').on(t.accountId, t.rule, t.positionId),
    index('policy_violations_account_idx').on(t.accountId, t.createdAt),
  ],
)
export type PolicyViolationRow = typeof policyViolations.$inferSelect
