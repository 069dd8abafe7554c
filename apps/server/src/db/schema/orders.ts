import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { challengeType, tradingPlatform } from './trading'
import { users } from './users'

// Orders (a purchase of a challenge, priced by the server), the payments made for them through
// PayPal or OxaPay, an audit row for every status change, the provider notifications seen (so a
// duplicate is recognised), and coupons. Money: integer USD cents.

const cents = (name: string) => bigint(name, { mode: 'number' })

export const orderStatus = pgEnum('order_status', [
  'pending',
  'paid',
  'provisioning',
  'fulfilled',
  'failed',
  'expired',
  'refunded',
  'under_review',
])
export const paymentMethod = pgEnum('payment_method', ['card', 'crypto'])
export const paymentProvider = pgEnum('payment_provider', ['paypal', 'oxapay'])

/** Human order numbers: TP-100001, ... */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100_001 })

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** normalised: trimmed, upper-case (domain normaliseCouponCode) */
    code: text('code').notNull(),
    kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
    /** percent (1-100) or cents */
    value: integer('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    isActive: boolean('is_active').notNull().default(true),
    challenges: jsonb('challenges').$type<('twoPhase' | 'instantFund')[] | null>(),
    minimumSubtotalCents: cents('minimum_subtotal_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupons_code_key').on(t.code)],
)
export type CouponRow = typeof coupons.$inferSelect

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: orderStatus('status').notNull().default('pending'),
    challengeType: challengeType('challenge_type').notNull(),
    platform: tradingPlatform('platform').notNull(),
    sizeK: integer('size_k').notNull(),
    addOns: jsonb('add_ons').$type<{ profitSplit100: boolean; fastPayout: boolean }>().notNull(),
    method: paymentMethod('method').notNull(),
    couponId: uuid('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    /**
     * The order holds one of its coupon's uses: taken when the order is made (under a lock on the
     * coupon row, so a limit holds under concurrency), given back when it expires, fails or is
     * refunded, taken again if it is paid after that (modules/orders/coupon-uses.ts).
     */
    isCouponReserved: boolean('is_coupon_reserved').notNull().default(false),
    /** the domain's order summary as priced when the order was made (what is charged) */
    summary: jsonb('summary').notNull(),
    total: cents('total_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    rulebookVersion: text('rulebook_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /** the trading account it bought (its first stage) */
    accountId: uuid('account_id'),
    reviewReason: text('review_reason'),
    provisioningError: text('provisioning_error'),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status),
    index('orders_coupon_idx').on(t.couponId),
    // the admin dashboard's sales by day, month and year (docs/admin-metrics.md)
    index('orders_paid_at_idx')
      .on(t.paidAt)
      .where(sql`paid_at is not null`),
    // decision 0039: each user's kept orders' sum read from the index alone (the users table's
    // Price), and the orders newest first (the admin list and its CSV export's keyset)
    index('orders_kept_user_idx')
      .on(t.userId, t.total)
      .where(sql`paid_at is not null and status <> 'refunded'`),
    index('orders_created_at_idx').on(t.createdAt, t.id),
    // the dashboard's sales (total, by plan, by method, by day, month and year) read from this
    // narrow index alone, not from the orders' wide rows (decision 0039)
    index('orders_kept_sales_idx')
      .on(t.paidAt, t.challengeType, t.sizeK, t.method, t.total)
      .where(sql`paid_at is not null and status <> 'refunded'`),
  ],
)
export type OrderRow = typeof orders.$inferSelect

/** Every status change of an order, with what caused it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: orderStatus('from_status'),
    toStatus: orderStatus('to_status').notNull(),
    /** 'checkout' | 'capture' | 'webhook' | 'callback' | 'poll' | 'job' | 'admin' | 'sweep' */
    source: text('source').notNull(),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
)

/** One attempt to pay an order: a PayPal order or an OxaPay white-label payment. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: paymentProvider('provider').notNull(),
    /** PayPal order id, OxaPay track id */
    reference: text('reference').notNull(),
    /** the provider's latest status as we read it (normalised lower-case) */
    status: text('status').notNull(),
    amount: cents('amount_cents').notNull(),
    payCurrency: text('pay_currency'),
    payAmount: text('pay_amount'),
    network: text('network'),
    address: text('address'),
    memo: text('memo'),
    qrCodeUrl: text('qr_code_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** card declines so far: each capture attempt after a decline gets a new request id */
    declines: integer('declines').notNull().default(0),
    payerName: text('payer_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_reference_key').on(t.provider, t.reference),
    index('payments_order_idx').on(t.orderId),
  ],
)
export type PaymentRow = typeof payments.$inferSelect

/** Provider notifications already taken in (PayPal event id, OxaPay track id + status). */
export const providerNotifications = pgTable(
  'provider_notifications',
  {
    provider: paymentProvider('provider').notNull(),
    key: text('key').notNull(),
    reference: text('reference'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('provider_notifications_key').on(t.provider, t.key)],
)
