import {
  addMoney,
  centsToDollars,
  formatMoney,
  scaleUpToWholeDollar,
  subtractMoney,
  usd,
  type Currency,
  type Money,
} from '../money'
import {
  accountBalance,
  accountSizeLabel,
  addOnLabels,
  baseFee,
  challengeTypeLabels,
  selectedAddOnKeys,
  type AccountSizeK,
  type AddOns,
  type ChallengeType,
} from '../plans'
import {
  applyCoupon,
  checkCoupon,
  describeCouponValue,
  normaliseCouponCode,
  type CouponDefinition,
  type CouponKind,
  type CouponRejection,
} from './coupons'
import {
  addOnSurchargePercentFor,
  cryptoDiscountPercent,
  paymentMethods,
  type PaymentMethod,
} from './price-rules'

export interface QuoteOrderInput {
  challenge: ChallengeType
  sizeK: AccountSizeK
  addOns: AddOns
  method: PaymentMethod
  /** the coupon the entered code resolved to; null/absent: none found or none entered */
  coupon?: CouponDefinition | null
  /** the code the buyer typed: with no `coupon` found for it the summary says it is unknown */
  couponCode?: string | null
  /** paid orders that already used the coupon */
  couponUses?: number
  now: Date
}

export type CouponOutcome =
  | { code: string; isApplied: true; kind: CouponKind; value: number; discount: Money }
  | { code: string; isApplied: false; reason: CouponRejection; message: string }

export type OrderLineKind = 'base' | 'addOns' | 'coupon' | 'crypto' | 'total'

export interface OrderLine {
  kind: OrderLineKind
  label: string
  /** signed: discounts are negative, so the lines above 'total' add up to it */
  amount: Money
  /** e.g. "$599.00", "+$90.00", "-$180.00" */
  text: string
}

/** What checkout shows and the server charges: the same object, from the same function. */
export interface OrderSummary {
  challenge: ChallengeType
  sizeK: AccountSizeK
  balance: Money
  addOns: AddOns
  method: PaymentMethod
  base: Money
  addOnPercent: number
  addOnAmount: Money
  /** base plus add-ons: what a coupon is applied to */
  subtotal: Money
  coupon: CouponOutcome | null
  couponDiscount: Money
  cryptoDiscount: Money
  /** everything taken off the subtotal */
  discount: Money
  total: Money
  currency: Currency
  lines: OrderLine[]
}

/**
 * Prices an order (decisions.md): subtotal = ceil(base x (1 + add-on %)); then the coupon
 * (percent: ceil(subtotal x (1 - p)); fixed: ceil(subtotal - amount)), never below the minimum
 * order; then crypto: ceil(after coupon x 0.7). Every step rounds up to the whole dollar. A
 * coupon that cannot be used is reported in `coupon` and not applied.
 */
export function quoteOrder(input: QuoteOrderInput): OrderSummary {
  const { challenge, sizeK, method } = input
  if (!paymentMethods.includes(method)) throw new RangeError(`unknown payment method: ${method}`)
  const addOns: AddOns = {
    profitSplit100: input.addOns.profitSplit100,
    fastPayout: input.addOns.fastPayout,
  }
  const base = baseFee(challenge, sizeK)
  const addOnPercent = addOnSurchargePercentFor(addOns)
  const subtotal = scaleUpToWholeDollar(base, 100 + addOnPercent, 100)

  const coupon = resolveCoupon(input, subtotal)
  const afterCoupon = coupon?.isApplied ? subtractMoney(subtotal, coupon.discount) : subtotal
  const total =
    method === 'crypto'
      ? scaleUpToWholeDollar(afterCoupon, 100 - cryptoDiscountPercent, 100)
      : afterCoupon

  const addOnAmount = subtractMoney(subtotal, base)
  const couponDiscount = subtractMoney(subtotal, afterCoupon)
  const cryptoDiscount = subtractMoney(afterCoupon, total)
  return {
    challenge,
    sizeK,
    balance: accountBalance(sizeK),
    addOns,
    method,
    base,
    addOnPercent,
    addOnAmount,
    subtotal,
    coupon,
    couponDiscount,
    cryptoDiscount,
    discount: addMoney(couponDiscount, cryptoDiscount),
    total,
    currency: total.currency,
    lines: orderLines({
      challenge,
      sizeK,
      addOns,
      addOnPercent,
      base,
      addOnAmount,
      coupon,
      cryptoDiscount,
      total,
    }),
  }
}

function resolveCoupon(input: QuoteOrderInput, subtotal: Money): CouponOutcome | null {
  const typed = input.couponCode?.trim() ? normaliseCouponCode(input.couponCode) : null
  const definition = input.coupon ?? null
  if (typed === null && definition === null) return null
  // a definition for another code than the one typed is a lookup bug: treat the code as unknown
  const matching =
    definition !== null && (typed === null || typed === normaliseCouponCode(definition.code))
      ? definition
      : null
  const code = typed ?? normaliseCouponCode(definition?.code ?? '')
  const check = checkCoupon(matching, {
    now: input.now,
    uses: input.couponUses ?? 0,
    subtotal,
    challenge: input.challenge,
  })
  if (!check.ok) return { code, isApplied: false, reason: check.reason, message: check.message }
  const applied = check.coupon
  return {
    code,
    isApplied: true,
    kind: applied.kind,
    value: applied.value,
    discount: subtractMoney(subtotal, applyCoupon(applied, subtotal)),
  }
}

function orderLines(parts: {
  challenge: ChallengeType
  sizeK: AccountSizeK
  addOns: AddOns
  addOnPercent: number
  base: Money
  addOnAmount: Money
  coupon: CouponOutcome | null
  cryptoDiscount: Money
  total: Money
}): OrderLine[] {
  const lines: OrderLine[] = [
    line(
      'base',
      `${challengeTypeLabels[parts.challenge]} ${accountSizeLabel(parts.sizeK)} Challenge`,
      parts.base,
    ),
  ]
  if (parts.addOnPercent > 0) {
    const names = selectedAddOnKeys(parts.addOns).map((key) => addOnLabels[key])
    lines.push(
      line('addOns', `${names.join(' + ')} (+${parts.addOnPercent}%)`, parts.addOnAmount, '+'),
    )
  }
  if (parts.coupon?.isApplied) {
    const { code, kind, value, discount } = parts.coupon
    const description = describeCouponValue({ kind, value })
    lines.push(line('coupon', `Coupon ${code} (${description})`, negate(discount)))
  }
  if (parts.cryptoDiscount.cents > 0) {
    lines.push(
      line(
        'crypto',
        `Crypto payment (${cryptoDiscountPercent}% off)`,
        negate(parts.cryptoDiscount),
      ),
    )
  }
  lines.push(line('total', 'Total', parts.total))
  return lines
}

function line(kind: OrderLineKind, label: string, amount: Money, sign: '' | '+' = ''): OrderLine {
  return { kind, label, amount, text: `${sign}${formatMoney(amount)}` }
}

function negate(money: Money): Money {
  return usd(-money.cents)
}

/**
 * The public quote endpoint's answer (`GET /api/pricing/quote`), in dollars: `addOns` is the
 * add-on surcharge and `discount` everything taken off (coupon plus crypto).
 */
export interface PriceQuote {
  base: number
  addOns: number
  discount: number
  total: number
  currency: Currency
}

export function toPriceQuote(summary: OrderSummary): PriceQuote {
  return {
    base: centsToDollars(summary.base.cents),
    addOns: centsToDollars(summary.addOnAmount.cents),
    discount: centsToDollars(summary.discount.cents),
    total: centsToDollars(summary.total.cents),
    currency: summary.currency,
  }
}
