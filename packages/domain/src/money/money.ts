import Decimal from 'decimal.js'
import { z } from 'zod'
import { CENTS_PER_DOLLAR, splitCents } from './format-money'

/**
 * Money is a whole number of cents with its currency. Amounts are JS numbers that must be safe
 * integers (checked on construction): the largest order is about 1.3e8 cents, far below 2^53, and
 * plain numbers travel through JSON, zod, the database and React without conversion. Products and
 * quotients that could round are computed with bigint (see `mulDivCeil`). See docs/decisions/0005.
 */
export type Cents = number & { readonly __unit: 'cents' }
export const currencies = ['USD'] as const
export type Currency = (typeof currencies)[number]

export interface Money {
  readonly cents: Cents
  readonly currency: Currency
}

/** Checks that `value` is a safe integer and brands it as cents. */
export function toCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`money amounts are whole cents (safe integers), got ${value}`)
  }
  // -0 would print as "-$0.00"
  return (value === 0 ? 0 : value) as Cents
}

export function usd(cents: number): Money {
  return { cents: toCents(cents), currency: 'USD' }
}

export function usdFromDollars(dollars: number | string): Money {
  return { cents: dollarsToCents(dollars), currency: 'USD' }
}

export const ZERO_USD: Money = usd(0)

/**
 * Dollars (a number or a decimal string such as "19.99") to cents, exactly. An amount with a
 * fraction of a cent is refused rather than rounded: it is a bug upstream, not a price.
 */
export function dollarsToCents(dollars: number | string): Cents {
  let value: Decimal
  try {
    value = new Decimal(typeof dollars === 'string' ? dollars.trim() : dollars)
  } catch {
    throw new RangeError(`not a dollar amount: ${String(dollars)}`)
  }
  const cents = value.times(CENTS_PER_DOLLAR)
  if (!cents.isFinite() || !cents.isInteger()) {
    throw new RangeError(`dollar amounts have at most 2 decimals, got ${String(dollars)}`)
  }
  return toCents(cents.toNumber())
}

/**
 * Cents to a dollar number for JSON answers. `cents / 100` is the double nearest to the exact
 * decimal, so it prints as that decimal (1999 -> 19.99); never do arithmetic on the result.
 */
export function centsToDollars(cents: Cents | number): number {
  return toCents(cents) / CENTS_PER_DOLLAR
}

/** "1999.00"-style exact decimal string, e.g. for payment providers that take amount strings. */
export function centsToDecimalString(cents: Cents | number): string {
  const { sign, dollars, rest } = splitCents(toCents(cents))
  return `${sign}${dollars}.${String(rest).padStart(2, '0')}`
}

export function addMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b)
  return { cents: toCents(a.cents + b.cents), currency: a.currency }
}

export function subtractMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b)
  return { cents: toCents(a.cents - b.cents), currency: a.currency }
}

export function maxMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b)
  return a.cents >= b.cents ? a : b
}

export function isWholeDollars(money: Money): boolean {
  return money.cents % CENTS_PER_DOLLAR === 0
}

/**
 * `money x numerator / denominator`, rounded UP to the whole dollar, computed in bigint so no
 * intermediate product or quotient can drift. This is the one rounding rule of pricing
 * (decisions.md: every step rounds up to the whole dollar). Negative amounts are refused.
 */
export function scaleUpToWholeDollar(money: Money, numerator: number, denominator: number): Money {
  if (money.cents < 0) throw new RangeError('cannot scale a negative amount')
  const scaledCents = mulDivCeil(money.cents, numerator, denominator * CENTS_PER_DOLLAR)
  return { cents: toCents(scaledCents * CENTS_PER_DOLLAR), currency: money.currency }
}

/** Rounds a non-negative amount up to the whole dollar. */
export function ceilToWholeDollar(money: Money): Money {
  return scaleUpToWholeDollar(money, 1, 1)
}

/** ceil(a x b / c) for non-negative safe integers a, b and positive c, exactly. */
export function mulDivCeil(a: number, b: number, c: number): number {
  for (const n of [a, b, c]) {
    if (!Number.isSafeInteger(n)) throw new RangeError(`not a safe integer: ${n}`)
  }
  if (a < 0 || b < 0 || c <= 0) throw new RangeError('mulDivCeil needs a, b >= 0 and c > 0')
  const product = BigInt(a) * BigInt(b)
  const divisor = BigInt(c)
  const quotient = product / divisor
  const result = product % divisor === 0n ? quotient : quotient + 1n
  return Number(result)
}

/** `percent`% of an amount, to the nearest cent (half up): amounts shown next to a rule's percent. */
export function percentOf(money: Money, percent: number): Money {
  const cents = new Decimal(money.cents).times(percent).dividedBy(100)
  return {
    cents: toCents(cents.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber()),
    currency: money.currency,
  }
}

function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) {
    throw new RangeError(`cannot combine ${a.currency} with ${b.currency}`)
  }
}

export const currencySchema = z.enum(currencies)
export const centsSchema = z
  .number()
  .int()
  .refine(Number.isSafeInteger, { message: 'must be a safe integer' })
  .transform((value) => toCents(value))
export const moneySchema = z.object({ cents: centsSchema, currency: currencySchema })
