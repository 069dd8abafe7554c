import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// The MetaApi adapter's own memory of its accounts (decision 0043), keyed by MetaApi's account id
// (trading_accounts.external_id of an account bound to `metaapi`):
// - the deal watermark: the time of the newest history deal already turned into position events
//   and the ids of the deals of that millisecond, so a (re)watched account replays exactly the
//   deals made while it was not polled (before its first watch, while the app was down);
// - the final state of an ended account, kept before it is undeployed (MetaApi answers nothing
//   for an undeployed account): its last account information and every history deal, in the
//   port's units, from which the port's reads of that account are served afterwards.

export const metaApiAccounts = pgTable('metaapi_accounts', {
  externalId: text('external_id').primaryKey(),
  dealCursorMs: bigint('deal_cursor_ms', { mode: 'number' }).notNull().default(0),
  /** the deals at dealCursorMs already turned into events */
  cursorDealIds: jsonb('cursor_deal_ids').$type<string[]>().notNull().default([]),
  /** PlatformAccountInfo at the account's end */
  finalInfo: jsonb('final_info').$type<Record<string, unknown>>(),
  /** every PlatformDeal of the account at its end, oldest first */
  finalDeals: jsonb('final_deals').$type<Record<string, unknown>[]>(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  /**
   * The account's risk-management trackers (decision 0048) by our name for them: MetaApi's id and
   * the threshold in cents it was created with, so an unchanged level asks MetaApi nothing
   */
  trackers: jsonb('trackers').$type<Record<string, { id: string; thresholdCents: number }>>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Where the adapter's reading of a MetaApi event stream stands (decision 0048): the sequence
 * number of the last tracker event handled (`tracker-events`), so a restart asks for the events
 * after it: none lost, none handled twice.
 */
export const metaApiStreamCursors = pgTable('metaapi_stream_cursors', {
  stream: text('stream').primaryKey(),
  sequenceNumber: bigint('sequence_number', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
