import {
  orderSchema,
  orderSummarySchema,
  pricingQuoteQuerySchema,
  type BillingProfile,
  type OrderDto,
  type OrderSummaryDto,
  type User,
} from '@tp/api'
import {
  couponDefinitionSchema,
  describeCouponValue,
  quoteOrder,
  type AccountSizeK,
  type AddOns,
  type ChallengeType,
  type CouponDefinition,
  type PaymentMethod,
} from '@tp/domain'
import { json, makeUser, mockApi, type Handler, type RecordedCall } from '@/testing/mock-api'

// Test data of the checkout, valid by the contract (parsed with packages/api's schemas), and a
// stand-in for the pricing endpoints that prices with the domain exactly as the server does.

export const trader: User = makeUser()
export const orderId = '0b7f6a3e-5c1d-4e2f-9a8b-7c6d5e4f3a21'
export const otherOrderId = '4a3b2c1d-0e9f-4a8b-8c7d-6e5f4a3b2c1d'

/** The coupons the fake server knows. */
export const coupons: Record<string, CouponDefinition> = {
  SAVE10: couponDefinitionSchema.parse({ code: 'SAVE10', kind: 'percent', value: 10 }),
}

export function makeSummary(input: {
  challenge: ChallengeType
  sizeK: AccountSizeK
  addOns?: AddOns
  method?: PaymentMethod
  coupon?: string | null
}): OrderSummaryDto {
  const code = input.coupon?.trim().toUpperCase() || null
  const summary = quoteOrder({
    challenge: input.challenge,
    sizeK: input.sizeK,
    addOns: input.addOns ?? { profitSplit100: false, fastPayout: false },
    method: input.method ?? 'card',
    coupon: code ? (coupons[code] ?? null) : null,
    couponCode: code,
    now: new Date('2025-06-11T12:00:00.000Z'),
  })
  return orderSummarySchema.parse({
    challenge: summary.challenge,
    sizeK: summary.sizeK,
    addOns: summary.addOns,
    method: summary.method,
    base: summary.base.cents,
    addOnPercent: summary.addOnPercent,
    addOnAmount: summary.addOnAmount.cents,
    subtotal: summary.subtotal.cents,
    couponDiscount: summary.couponDiscount.cents,
    cryptoDiscount: summary.cryptoDiscount.cents,
    discount: summary.discount.cents,
    total: summary.total.cents,
    currency: 'USD',
    coupon: summary.coupon
      ? {
          code: summary.coupon.code,
          isApplied: summary.coupon.isApplied,
          message: summary.coupon.isApplied
            ? describeCouponValue(summary.coupon)
            : summary.coupon.message,
        }
      : null,
    lines: summary.lines.map((line) => ({
      kind: line.kind,
      label: line.label,
      amount: line.amount.cents,
      text: line.text,
    })),
  })
}

/** GET /api/pricing/summary priced from its query, as the server would. */
export const summaryHandler: Handler = (call: RecordedCall) => {
  const query = pricingQuoteQuerySchema.parse(Object.fromEntries(call.search))
  return json(200, {
    summary: makeSummary({
      challenge: query.challenge,
      sizeK: query.size,
      addOns: query.addOns,
      method: query.method,
      coupon: query.coupon ?? null,
    }),
  })
}

export function makeOrder(overrides: Partial<OrderDto> = {}): OrderDto {
  const method = overrides.method ?? 'card'
  const summary = makeSummary({ challenge: 'twoPhase', sizeK: 100, method })
  return orderSchema.parse({
    id: orderId,
    number: 'TP-100042',
    status: 'pending',
    challenge: 'twoPhase',
    platform: 'mt5',
    sizeK: 100,
    addOns: { profitSplit100: false, fastPayout: false },
    method,
    couponCode: null,
    summary,
    total: summary.total,
    currency: 'USD',
    provider: null,
    providerReference: null,
    createdAt: '2025-06-11T12:00:00.000Z',
    paidAt: null,
    accountId: null,
    ...overrides,
  })
}

export const savedBilling: BillingProfile = {
  email: trader.email,
  firstName: 'Tess',
  lastName: 'Trader',
  country: 'Canada',
  apartment: '12 Harbour St, Apt 4',
  town: 'Vancouver',
  state: 'BC',
  companyName: 'Tess Trading',
  postalCode: 'V6B 1A1',
  phone: '6045550123',
  lockedAt: '2025-06-01T10:00:00.000Z',
}

export function profileResponse(billing: BillingProfile | null, user: User = trader) {
  return {
    data: {
      user,
      profile: { name: user.name, userName: 'tess', bio: '', publicRole: '' },
      email: user.email,
      billing,
    },
  }
}

/** The API of a signed-in trader's checkout: pricing, profile and orders. */
export function checkoutApi(
  handlers: Record<string, Handler> = {},
  options: { billing?: BillingProfile | null; orders?: OrderDto[]; user?: User | null } = {},
) {
  const user = options.user === undefined ? trader : options.user
  return mockApi(
    {
      'GET /api/pricing/summary': summaryHandler,
      'POST /api/profile/get': () => json(200, profileResponse(options.billing ?? null)),
      'GET /api/orders': () => json(200, { orders: options.orders ?? [makeOrder()] }),
      ...handlers,
    },
    { user },
  )
}
