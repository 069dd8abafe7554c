import { sql } from 'drizzle-orm'
import {
  bigint,
  doublePrecision,
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
import { users } from './users'

// The economic calendar (issue 14 item 10, decision 0037): high-impact events managed by admins,
// imported from CSV / ICS files or synced from a feed, idempotent by (source, source_uid); and
// the news rule's violations (an Instant Funding trade opened or closed inside an event's window).

const at = (name: string) => timestamp(name, { withTimezone: true })

export const economicImpact = pgEnum('economic_impact', ['high', 'medium', 'low'])
export const economicEventSource = pgEnum('economic_event_source', [
  'manual',
  'csv',
  'ics',
  'feed',
  'demo',
])

export const economicEvents = pgTable(
  'economic_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    time: at('time').notNull(),
    /** ISO 4217 (or the market's code, e.g. XAU), upper case */
    currency: text('currency').notNull(),
    title: text('title').notNull(),
    impact: economicImpact('impact').notNull(),
    source: economicEventSource('source').notNull(),
    /** the event's id in its source (ICS UID, CSV uid column, feed key); null for manual events */
    sourceUid: text('source_uid'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('economic_events_source_uid_key').on(t.source, t.sourceUid),
    index('economic_events_time_idx').on(t.time),
    // the news rule's look-up: high-impact events of a currency around an instant
    index('economic_events_restricting_idx')
      .on(t.currency, t.time)
      .where(sql`${t.impact} = 'high'`),
  ],
)
export type EconomicEventRow = typeof economicEvents.$inferSelect

export const newsViolationKind = pgEnum('news_violation_kind', ['open', 'close'])

/**
 * A trade of an account under the news rule opened or closed inside a high-impact event's
 * window: the evidence (trade, event, both instants, the distance, the blackout in force).
 * Recorded once per (account, position, kind, event).
 */
export const newsViolations = pgTable(
  'news_violations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    kind: newsViolationKind('kind').notNull(),
    positionId: text('position_id').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    volume: doublePrecision('volume').notNull(),
    tradeTime: at('trade_time').notNull(),
    eventId: uuid('event_id').references(() => economicEvents.id, { onDelete: 'set null' }),
    eventTime: at('event_time').notNull(),
    eventCurrency: text('event_currency').notNull(),
    eventTitle: text('event_title').notNull(),
    signedDistanceMs: bigint('signed_distance_ms', { mode: 'number' }).notNull(),
    blackoutMinutes: integer('blackout_minutes').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('news_violations_once_key').on(
      t.accountId,
      t.positionId,
      t.kind,
      t.eventTime,
      t.eventCurrency,
    ),
    index('news_violations_account_idx').on(t.accountId, t.tradeTime),
  ],
)
export type NewsViolationRow = typeof newsViolations.$inferSelect
