import Decimal from 'decimal.js'
import { z } from 'zod'

/**
 * Amounts at the engine's boundary (docs/decisions/0002-engine-numbers.md).
 *
 * Every amount the engine accepts (balances, equities, trade results, the initial balance) is a
 * JSON number written with at most 6 decimal places and below one billion in magnitude. Inside
 * that range each amount is an exact whole number of micro-units (1e-6 of the account currency)
 * and the incremental evaluator can hold it, and any sum it keeps, as a safe JS integer.
 */
export const AMOUNT_DECIMALS = 6
export const MICROS_PER_UNIT = 1_000_000
export const AMOUNT_LIMIT = 1_000_000_000

/**
 * decimal.js with room to spare: products of a micro-unit amount (16 digits) by a percentage stay
 * exact. The default 20 significant digits would silently round them.
 */
export const Dec = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP })
export type Dec = InstanceType<typeof Dec>

/**
 * The exact number of micro-units in `amount`, or NaN when the amount has more than 6 decimal
 * places, is not finite or is out of range.
 *
 * Why this float arithmetic is exact: for |amount| < 1e9 the scaled value is below 1e15, where a
 * double's spacing is at most 0.125, so rounding recovers the exact integer m of a value written
 * with <= 6 decimals; and m / 1e6 (correctly rounded) gives back the same double only if the
 * amount's shortest decimal form has <= 6 decimals, because two different decimals of <= 15
 * significant digits never share a double. A property test checks this against decimal.js.
 */
export function toMicros(amount: number): number {
  const micros = Math.round(amount * MICROS_PER_UNIT)
  if (micros / MICROS_PER_UNIT !== amount || !(Math.abs(amount) < AMOUNT_LIMIT)) return NaN
  return micros === 0 ? 0 : micros // never -0: it would print as 0 anyway but breaks deep equality
}

export const isExactAmount = (amount: number): boolean => !Number.isNaN(toMicros(amount))

/** A JSON number the engine can hold exactly (see toMicros). */
export const amountSchema = z
  .number({ error: 'must be a number' })
  .refine((n) => Math.abs(n) < AMOUNT_LIMIT, { message: 'must be below 1,000,000,000 in size' })
  .refine(isExactAmount, { message: 'must have at most 6 decimal places' })

/** Printed amounts: 2 decimals, half away from zero (commercial rounding: 0.005 -> 0.01, -0.005 -> -0.01). */
export function roundAmount(value: Dec): number {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber() || 0
}

/** value x percent / 100, exact. */
export function percentOf(value: Dec, percent: number): Dec {
  return value.times(new Dec(percent)).dividedBy(100)
}
