import {
  accountSizeKSchema,
  challengeTypeSchema,
  couponCodeSchema,
  createCouponSchema,
  paymentMethodSchema,
  tradingPlatformSchema,
} from '@tp/domain'
import { z } from 'zod'
import { adminReasonBodySchema, adminReasonSchema } from './admin-reason'
import { emailSchema } from './auth'
import { tradingAccountSchema } from './trading'

// Checkout: prices, orders, card (PayPal) and crypto (OxaPay) payments, and the billing list.
// The server prices every order itself from the plan table (@tp/domain quoteOrder); an amount
// sent by a browser is accepted for compatibility with spec 7 and ignored. Money is integer USD
// cents, except where a spec 7 / issue contract fixes dollars (noted).

const cents = z.number().int()
const instant = z.string()

export const addOnsSchema = z.object({
  profitSplit100: z.boolean().default(false),
  fastPayout: z.boolean().default(false),
})

/** "profitSplit100,fastPayout" (query strings) -> add-ons. */
const addOnsListSchema = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const keys = (value ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean)
    for (const key of keys) {
      if (key !== 'profitSplit100' && key !== 'fastPayout') {
        ctx.addIssue({
          code: 'custom',
          message: `unknown add-on "${key}" (profitSplit100, fastPayout)`,
        })
        return z.NEVER
      }
    }
    return {
      profitSplit100: keys.includes('profitSplit100'),
      fastPayout: keys.includes('fastPayout'),
    }
  })

// GET /api/pricing/quote?challenge=twoPhase|instantFund&size=5|...|1000&addOns=profitSplit100,fastPayout
//   &method=card|crypto&coupon=CODE -> { base, addOns, discount, total, currency } in DOLLARS (issue 5)
export const pricingQuoteQuerySchema = z.object({
  challenge: challengeTypeSchema,
  size: z.coerce.number().pipe(accountSizeKSchema),
  addOns: addOnsListSchema,
  method: paymentMethodSchema.default('card'),
  coupon: z.string().trim().max(40).optional(),
})
export const pricingQuoteResponseSchema = z.object({
  base: z.number(),
  addOns: z.number(),
  discount: z.number(),
  total: z.number(),
  currency: z.literal('USD'),
})
export type PricingQuote = z.infer<typeof pricingQuoteResponseSchema>

export const orderLineSchema = z.object({
  kind: z.enum(['base', 'addOns', 'coupon', 'crypto', 'total']),
  label: z.string(),
  /** signed cents: discounts are negative */
  amount: cents,
  /** e.g. "$599.00", "+$90.00", "-$180.00" */
  text: z.string(),
})

/** The checkout's order summary: the very object the server charges. */
export const orderSummarySchema = z.object({
  challenge: challengeTypeSchema,
  sizeK: accountSizeKSchema,
  addOns: addOnsSchema,
  method: paymentMethodSchema,
  base: cents,
  addOnPercent: z.number(),
  addOnAmount: cents,
  subtotal: cents,
  couponDiscount: cents,
  cryptoDiscount: cents,
  discount: cents,
  total: cents,
  currency: z.literal('USD'),
  coupon: z
    .object({
      code: z.string(),
      isApplied: z.boolean(),
      /** why it was not applied, or what it took off ("10% off") */
      message: z.string(),
    })
    .nullable(),
  lines: z.array(orderLineSchema),
})
export type OrderSummaryDto = z.infer<typeof orderSummarySchema>

// GET /api/pricing/summary?(same query as /api/pricing/quote) -> { summary }
export const pricingSummaryResponseSchema = z.object({ summary: orderSummarySchema })

// ---- orders ---------------------------------------------------------------------------------

export const orderStatuses = [
  'pending',
  'paid',
  'provisioning',
  'fulfilled',
  'failed',
  'expired',
  'refunded',
  'under_review',
] as const
export const orderStatusSchema = z.enum(orderStatuses)
export type OrderStatus = z.infer<typeof orderStatusSchema>
export const orderStatusLabels = {
  pending: 'Pending',
  paid: 'Paid',
  provisioning: 'Setting up',
  fulfilled: 'Completed',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
  under_review: 'Under review',
} as const satisfies Readonly<Record<OrderStatus, string>>
export type OrderStatusLabel = (typeof orderStatusLabels)[OrderStatus]
const orderStatusLabelList = Object.values(orderStatusLabels) as [
  OrderStatusLabel,
  ...OrderStatusLabel[],
]

export const orderSelectionInputSchema = z.object({
  challenge: challengeTypeSchema,
  platform: tradingPlatformSchema,
  sizeK: accountSizeKSchema,
  addOns: addOnsSchema.default({ profitSplit100: false, fastPayout: false }),
  method: paymentMethodSchema,
  coupon: couponCodeSchema.nullish(),
})

/** An OxaPay payment session (spec 3): what the buyer sends, where, and until when. */
export const cryptoSessionSchema = z.object({
  orderId: z.uuid(),
  trackId: z.string(),
  /** what to send, an exact decimal string in the coin */
  payAmount: z.string(),
  payCurrency: z.string(),
  /** the order total in dollars (spec 3 "amount") */
  amount: z.number(),
  currency: z.literal('USD'),
  network: z.string(),
  address: z.string(),
  memo: z.string().nullable(),
  /** spec 3 spells it QRCode: the image of the payment URI */
  QRCode: z.string().nullable(),
  expiresAt: instant,
})
export type CryptoSession = z.infer<typeof cryptoSessionSchema>

export const orderSchema = z.object({
  id: z.uuid(),
  /** what the trader and support quote: "TP-100042" */
  number: z.string(),
  status: orderStatusSchema,
  challenge: challengeTypeSchema,
  platform: tradingPlatformSchema,
  sizeK: accountSizeKSchema,
  addOns: addOnsSchema,
  method: paymentMethodSchema,
  couponCode: z.string().nullable(),
  summary: orderSummarySchema,
  /** what was charged: the summary's total */
  total: cents,
  currency: z.literal('USD'),
  provider: z.enum(['paypal', 'oxapay']).nullable(),
  /** PayPal order id or OxaPay track id */
  providerReference: z.string().nullable(),
  createdAt: instant,
  paidAt: instant.nullable(),
  /** the trading account it bought, once provisioned */
  accountId: z.uuid().nullable(),
  /**
   * The crypto session the buyer opened for this order and OxaPay has not closed (waiting or
   * being paid), so the payment screen shows it again after a reload; null (or absent) otherwise.
   * Its expiresAt is OxaPay's: the countdown goes on from the real remaining time.
   */
  cryptoSession: cryptoSessionSchema.nullish(),
})
export type OrderDto = z.infer<typeof orderSchema>

// POST /api/orders {selection, email?, termsAccepted} -> 201 { order }
export const createOrderSchema = orderSelectionInputSchema.extend({
  email: emailSchema.optional(),
  termsAccepted: z.literal(true, { error: 'You must agree to the terms and conditions.' }),
  /** ignored: the server prices the order (spec 7 sends one) */
  amount: z.unknown().optional(),
})
export const orderResponseSchema = z.object({ order: orderSchema })
// GET /api/orders -> { orders }, newest first
export const ordersResponseSchema = z.object({ orders: z.array(orderSchema) })
export const checkoutOrderParamsSchema = z.object({ orderId: z.uuid() })

// ---- card: PayPal (spec 7 rows) ----------------------------------------------------------------

/** The spec 7 shape of a checkout selection; balance is the account size in dollars. */
export const legacySelectionSchema = z.object({
  email: emailSchema.optional(),
  platform: tradingPlatformSchema,
  challenge: challengeTypeSchema,
  balance: z.coerce.number().int().positive(),
  addOns: z
    .object({
      profitSplit100: z.boolean().default(false),
      fastPayout: z.boolean().default(false),
      both: z.boolean().optional(),
    })
    .default({ profitSplit100: false, fastPayout: false }),
  /** ignored: the server prices the order */
  amount: z.unknown().optional(),
  coupon: couponCodeSchema.nullish(),
})

/**
 * What a payment call pays for: an order made at checkout (`orderId`, POST /api/orders), or, as
 * spec 7 sends it, the selection itself (an order is then created from it).
 */
export const paymentTargetSchema = z
  .object({
    orderId: z.uuid().optional(),
    email: emailSchema.optional(),
    platform: tradingPlatformSchema.optional(),
    challenge: challengeTypeSchema.optional(),
    balance: z.coerce.number().int().positive().optional(),
    addOns: legacySelectionSchema.shape.addOns.optional(),
    amount: z.unknown().optional(),
    coupon: couponCodeSchema.nullish(),
  })
  .refine(
    (value) =>
      value.orderId !== undefined ||
      (value.platform !== undefined &&
        value.challenge !== undefined &&
        value.balance !== undefined),
    { message: 'Name the order (orderId) or the selection (platform, challenge, balance).' },
  )

// POST /api/payment/orders (bearer) {orderId} | {amount, email, platform, challenge, balance,
//   addOns, coupon?} -> 201 { id: <PayPal order id>, orderId: <our order id>, total } ; failure:
//   422/502 with { code, message, details: [{ issue, description }], debug_id }
export const paypalCreateResponseSchema = z.object({
  id: z.string(),
  orderId: z.uuid(),
  total: cents,
})
/**
 * PayPal issues after which the buyer must choose another funding source: the card screen calls
 * the buttons' actions.restart() (contracts/integrations.md 1.6); the server never retries them.
 */
export const paypalRestartIssues = [
  'INSTRUMENT_DECLINED',
  'PAYER_ACTION_REQUIRED',
  'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING',
] as const
export const paypalErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z
    .array(z.object({ issue: z.string(), description: z.string(), path: z.string().optional() }))
    .optional(),
  debug_id: z.string().optional(),
})

// POST /api/payment/orders/:orderID/capture -> 200 PayPal's capture shape (id, status,
// purchase_units[0].payments.captures[0], payer.name) plus { orderId, accountPending: true };
// a declined card -> 422 with details[0].issue = "INSTRUMENT_DECLINED" (the buttons restart)
export const paypalOrderParamsSchema = z.object({ orderID: z.string().min(1).max(64) })
export const paypalCaptureResponseSchema = z.object({
  id: z.string(),
  status: z.string(),
  orderId: z.uuid(),
  purchase_units: z.array(
    z.object({
      payments: z.object({
        captures: z.array(
          z.object({
            id: z.string(),
            status: z.string(),
            amount: z.object({ currency_code: z.string(), value: z.string() }),
          }),
        ),
      }),
    }),
  ),
  payer: z.object({ name: z.object({ given_name: z.string(), surname: z.string() }) }),
})

// POST /api/payment/orders/:orderID/create (bearer) -> the account a paid PayPal order bought:
// 200 { orderId, status: 'fulfilled', account } once it exists; 202 { ..., account: null } while
// it is being created (the browser asks again, up to 3 attempts: spec 7); 409 ORDER_NOT_PAYABLE
// when PayPal has not been paid for it.
export const paypalFulfilmentResponseSchema = z.object({
  orderId: z.uuid(),
  status: orderStatusSchema,
  account: tradingAccountSchema.nullable(),
})
export type PayPalFulfilment = z.infer<typeof paypalFulfilmentResponseSchema>

// ---- crypto: OxaPay (spec 2.7, 4, 7, 9.4) ----------------------------------------------------

// POST /api/payment/white-label/create {orderId | amount, email, platform, balance, challenge,
//   addOns, coupon?; currency, network} -> 201 { result: CryptoSession }
export const cryptoCreateSchema = z.intersection(
  paymentTargetSchema,
  z.object({
    /** the coin the buyer pays with, e.g. "USDT" */
    currency: z.string().trim().min(2).max(10),
    /** the network label chosen; absent: the coin's first network */
    network: z.string().trim().max(30).nullish(),
  }),
)
export const cryptoCreateResponseSchema = z.object({ result: cryptoSessionSchema })

export const paymentHistoryStatuses = [
  'Waiting',
  'Confirming',
  'Paid',
  'Expired',
  'Underpaid',
  'Under review',
  'Failed',
  'Refunded',
] as const
// POST /api/payment/get-history {trackId}  |  GET /api/payment/get-history?trackId=
//   -> { result: { status, orderId, accountId } }
export const paymentHistoryQuerySchema = z.object({ trackId: z.string().trim().min(1).max(64) })
export const paymentHistoryResponseSchema = z.object({
  result: z.object({
    trackId: z.string(),
    status: z.enum(paymentHistoryStatuses),
    orderId: z.uuid(),
    accountId: z.uuid().nullable(),
  }),
})

// ---- billing (spec 2.13) ------------------------------------------------------------------------

// POST /api/payment/get-balance {email} -> { result: PaymentRecord[] }, newest first
export const paymentRecordSchema = z.object({
  id: z.string(),
  orderId: z.uuid(),
  /** USD, two decimals */
  amount: z.number(),
  type: z.enum(['Card', 'Crypto']),
  accountId: z.string().nullable(),
  date: instant,
  /** the order's status in words (orderStatusLabels): a refunded payment reads 'Refunded' */
  status: z.enum(orderStatusLabelList),
})
export type PaymentRecord = z.infer<typeof paymentRecordSchema>
export const paymentBalanceSchema = z.object({ email: emailSchema.optional() })
export const paymentBalanceResponseSchema = z.object({ result: z.array(paymentRecordSchema) })

// ---- admin -----------------------------------------------------------------------------------------

export const adminOrderSchema = orderSchema.extend({
  userEmail: z.string(),
  provisioningError: z.string().nullable(),
  reviewReason: z.string().nullable(),
})
// GET /api/admin/orders?status= -> { orders }
export const adminOrdersQuerySchema = z.object({ status: orderStatusSchema.optional() })
export const adminOrdersResponseSchema = z.object({ orders: z.array(adminOrderSchema) })
// Each admin action on an order carries its reason (the shared admin reason, decision 0055),
// kept in the audit log and in the order's history.
// POST /api/admin/orders/:orderId/review {decision: 'fulfil' | 'reject', note} (orders under review)
export const reviewOrderSchema = z.object({
  decision: z.enum(['fulfil', 'reject']),
  note: adminReasonSchema,
})
// POST /api/admin/orders/:orderId/retry {reason} (paid orders whose provisioning failed)
export const retryOrderSchema = adminReasonBodySchema
// POST /api/admin/orders/:orderId/refund {note} -> { ok: true }: a card payment goes back through
// PayPal; a crypto one is sent back by hand and the note names its transaction; the accounts the
// order bought are closed. Refused: 409 ORDER_NOT_REFUNDABLE, 422 (no note), 502.
export const refundOrderSchema = z.object({ note: adminReasonSchema })

export const couponSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  /** percent 1-100, or cents off */
  value: z.number().int(),
  expiresAt: instant.nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  isActive: z.boolean(),
  challenges: z.array(challengeTypeSchema).nullable(),
  minimumSubtotalCents: z.number().int().nullable(),
  createdAt: instant,
})
export type CouponDto = z.infer<typeof couponSchema>
// GET /api/admin/coupons -> { coupons }
// POST /api/admin/coupons (domain createCouponSchema and the reason) -> 201 { coupon }
// PATCH /api/admin/coupons/:couponId { isActive, reason } -> { coupon }
export const couponsResponseSchema = z.object({ coupons: z.array(couponSchema) })
export const couponParamsSchema = z.object({ couponId: z.uuid() })
export const adminCreateCouponSchema = z.intersection(createCouponSchema, adminReasonBodySchema)
export type AdminCreateCouponInput = z.output<typeof adminCreateCouponSchema>
export const updateCouponSchema = z.object({ isActive: z.boolean(), reason: adminReasonSchema })

export const checkoutMessages = {
  termsRequired: 'You must agree to the terms and conditions.',
  billingRequired: 'Please fill in all the billing information.',
  cardNotAvailable: 'Card Payment is not available in your area.',
  paypalCreateFailed: 'Could not initiate PayPal Checkout...',
  paypalCaptureFailed: 'Sorry, your transaction could not be processed...',
  paypalCompleted: (name: string) => `Transaction completed by ${name}`,
  cardSuccessRedirect: 'It may take a minute to create a new account',
  cryptoCreateFailed: 'Failed to create payment session. Please try again.',
  cryptoConfirming: 'Payment is confirming, please wait...',
  cryptoPaid: 'Payment successful!',
  cryptoReturnConfirmed: 'Your payment is confirmed! Please check your dashboard.',
  cryptoExpired: 'This payment session has expired. Please try again.',
  successPaid: 'Successfully paid. Please wait for a while to create new account.',
  successConfirming: 'Confirming payment. Please wait for a while',
  successMissing: 'There are some problem while confirming payment',
  somethingWrong: 'Something wrong!',
  paymentUnavailable: 'This payment method is not available right now. Please try again later.',
  orderNotPayable: 'This order can no longer be paid.',
  orderNotPaid: 'This order has not been paid yet.',
  underReview:
    'Your payment needs a manual check (it arrived late or incomplete). Our team will contact you shortly.',
} as const
