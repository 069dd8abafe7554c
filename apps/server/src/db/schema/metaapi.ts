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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
