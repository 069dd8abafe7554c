import { sql } from 'drizzle-orm'
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './users'

/** The public profile (spec 3: name lives on the user, the rest here). */
export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Public user name, unique regardless of case; null until chosen. */
    userName: text('user_name'),
    bio: text('bio').notNull().default(''),
    publicRole: text('public_role').notNull().default(''),
    /** shown on the leaderboard (under userName, or a default name); false: opted out */
    isOnLeaderboard: boolean('is_on_leaderboard').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('profiles_user_name_key').on(sql`lower(${t.userName})`)],
)

/** Billing profile (spec 3); locked once saved, except for admins (spec 4). */
export const billingProfiles = pgTable('billing_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  country: text('country').notNull(),
  apartment: text('apartment').notNull(),
  town: text('town').notNull(),
  state: text('state').notNull(),
  companyName: text('company_name').notNull(),
  postalCode: text('postal_code').notNull(),
  phone: text('phone').notNull(),
  lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export type ProfileRow = typeof profiles.$inferSelect
export type BillingProfileRow = typeof billingProfiles.$inferSelect
