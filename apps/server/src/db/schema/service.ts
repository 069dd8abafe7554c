import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users'

// What the public forms file with the firm (decision 0026): contact messages and partner
// applications (one inbox, by kind), the admins' answers, and the newsletter's subscribers.

export const serviceMessageKind = pgEnum('service_message_kind', ['contact', 'partner'])
export const serviceMessageStatus = pgEnum('service_message_status', ['open', 'answered'])
export const newsletterStatus = pgEnum('newsletter_status', [
  'pending',
  'confirmed',
  'unsubscribed',
])

/** A contact message (kind contact) or a partner application (kind partner). */
export const serviceMessages = pgTable(
  'service_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: serviceMessageKind('kind').notNull(),
    status: serviceMessageStatus('status').notNull().default('open'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    socialUserName: text('social_user_name'),
    socialUrl: text('social_url'),
    partnershipType: text('partnership_type').$type<
      'affiliate' | 'broker' | 'educator' | 'community' | 'other'
    >(),
    /** the signed-in user who sent it (these are public forms: usually none) */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('service_messages_created_idx').on(t.createdAt),
    index('service_messages_kind_status_idx').on(t.kind, t.status, t.createdAt),
  ],
)

/** An admin's answer to a message, as it was emailed to the sender. */
export const serviceMessageReplies = pgTable(
  'service_message_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => serviceMessages.id, { onDelete: 'cascade' }),
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('service_message_replies_message_idx').on(t.messageId, t.createdAt)],
)

/**
 * One row per address. Pending until the emailed confirmation link is followed (double opt-in);
 * the link's token is stored as a SHA-256 digest. Unsubscribing keeps the row (and its dates).
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    status: newsletterStatus('status').notNull().default('pending'),
    confirmTokenHash: text('confirm_token_hash').unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [index('newsletter_subscribers_status_idx').on(t.status, t.confirmedAt)],
)

export type ServiceMessageRow = typeof serviceMessages.$inferSelect
export type NewsletterSubscriberRow = typeof newsletterSubscribers.$inferSelect
