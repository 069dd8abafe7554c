import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Messages caught by the local SMTP server (development and tests only). */
export const capturedEmails = pgTable(
  'captured_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: text('message_id'),
    from: text('from').notNull(),
    to: text('to').array().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    links: text('links').array().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captured_emails_received_idx').on(t.receivedAt)],
)

export type CapturedEmailRow = typeof capturedEmails.$inferSelect
