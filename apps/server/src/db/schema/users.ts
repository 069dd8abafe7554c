import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/** support: the admin area read-only (decision 0036); admin: reads and acts. */
export const userRole = pgEnum('user_role', ['trader', 'admin', 'support'])
export const userStatus = pgEnum('user_status', ['active', 'disabled'])

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored trimmed and lower-cased (packages/api emailSchema). */
    email: text('email').notNull(),
    /** argon2id; null for an account that only signs in with Google. */
    passwordHash: text('password_hash'),
    role: userRole('role').notNull().default('trader'),
    status: userStatus('status').notNull().default('active'),
    name: text('name'),
    picture: text('picture'),
    phone: text('phone'),
    emailVerified: boolean('email_verified').notNull().default(false),
    googleSub: text('google_sub'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key')
      .on(t.googleSub)
      .where(sql`${t.googleSub} is not null`),
    index('users_created_at_idx').on(t.createdAt),
    // the admin users table (decision 0039): search by a part of the email or the name (pg_trgm,
    // the very expressions list-users.ts compares), sort by name in either direction
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`lower(coalesce(${t.name}, '')) gin_trgm_ops`),
    index('users_name_sort_idx').on(sql`lower(${t.name}) asc nulls first`),
  ],
)

export type UserRow = typeof users.$inferSelect
