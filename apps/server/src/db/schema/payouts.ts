import { sql } from 'drizzle-orm'
import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { tradingAccounts } from './trading'
import { users } from './users'

// Funded traders' payouts (issue 13): the payout methods saved in the profile, identity checks
// (documents kept privately in storage, by key), the funded-trader agreement accepted, and the
// payout requests with their status timeline. Money: integer USD cents.

const cents = (name: string) => bigint(name, { mode: 'number' })
const at = (name: string) => timestamp(name, { withTimezone: true })

export const payoutMethodKind = pgEnum('payout_method_kind', ['crypto', 'bank'])
export const identityCheckStatus = pgEnum('identity_check_status', [
  'pending',
  'approved',
  'rejected',
])
export const payoutStatus = pgEnum('payout_status', [
  'requested',
  'under_review',
  'approved',
  'sending',
  'sent',
  'paid',
  'rejected',
])

/** Where a payout goes: crypto (currency, network, address) or a bank wire (IBAN/SWIFT or account). */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: payoutMethodKind('kind').notNull(),
    label: text('label').notNull(),
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('payout_methods_user_idx').on(t.userId)],
)
export type PayoutMethodRow = typeof payoutMethods.$inferSelect

/** One submission of the identity check; a resubmission after a rejection is a new row. */
export const identityChecks = pgTable(
  'identity_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: identityCheckStatus('status').notNull().default('pending'),
    legalName: text('legal_name').notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    country: text('country').notNull(),
    /** private storage keys (never a public address): served to admins by an authorised route */
    documentKey: text('document_key').notNull(),
    documentContentType: text('document_content_type').notNull(),
    selfieKey: text('selfie_key').notNull(),
    selfieContentType: text('selfie_content_type').notNull(),
    rejectionReason: text('rejection_reason'),
    submittedAt: at('submitted_at').notNull(),
    reviewedAt: at('reviewed_at'),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('identity_checks_user_idx').on(t.userId, t.submittedAt)],
)
export type IdentityCheckRow = typeof identityChecks.$inferSelect

/** The funded-trader agreement accepted (click-through): one row per user and version. */
export const payoutAgreements = pgTable(
  'payout_agreements',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    acceptedAt: at('accepted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version] })],
)

/** A payout request of a funded account, from request to money sent. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    status: payoutStatus('status').notNull().default('requested'),
    methodKind: payoutMethodKind('method_kind').notNull(),
    /** the method as it was when requested (a later edit of the profile changes nothing here) */
    method: jsonb('method').$type<{ label: string; details: Record<string, string> }>().notNull(),
    profitCents: cents('profit_cents').notNull(),
    splitPercent: integer('split_percent').notNull(),
    traderShareCents: cents('trader_share_cents').notNull(),
    feeRefundCents: cents('fee_refund_cents').notNull(),
    lateBonusCents: cents('late_bonus_cents').notNull().default(0),
    /** the late bonus fell due after the money left (sending, sent or paid): owed by itself */
    lateBonusOwedAt: at('late_bonus_owed_at'),
    /** an admin paid the owed late bonus, with the reference of that payment */
    lateBonusPaidAt: at('late_bonus_paid_at'),
    lateBonusReference: text('late_bonus_reference'),
    /** what leaves the trading account: the whole profit */
    withdrawnCents: cents('withdrawn_cents').notNull(),
    /** the eligibility judged at the request (conditions with figures) */
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull(),
    requestedAt: at('requested_at').notNull(),
    reviewedAt: at('reviewed_at'),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    /** OxaPay's track id of the crypto payout, or the bank wire's reference */
    providerTrackId: text('provider_track_id'),
    providerStatus: text('provider_status'),
    reference: text('reference'),
    paidAt: at('paid_at'),
    /** the ledger seq of the period start the payout made (floors re-based from there) */
    ledgerSeq: integer('ledger_seq'),
    balanceAfterCents: cents('balance_after_cents'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('payouts_user_idx').on(t.userId, t.requestedAt),
    index('payouts_account_idx').on(t.accountId, t.requestedAt),
    index('payouts_status_idx').on(t.status),
    // one open request per account
    uniqueIndex('payouts_one_open_key')
      .on(t.accountId)
      .where(sql`status not in ('paid', 'rejected')`),
    uniqueIndex('payouts_track_key').on(t.providerTrackId),
  ],
)
export type PayoutRow = typeof payouts.$inferSelect

/** The status timeline of a payout: one row per step, who and why. */
export const payoutEvents = pgTable(
  'payout_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: at('at').notNull(),
  },
  (t) => [index('payout_events_payout_idx').on(t.payoutId, t.at)],
)
export type PayoutEventRow = typeof payoutEvents.$inferSelect
