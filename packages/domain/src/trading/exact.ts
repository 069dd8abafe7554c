/**
 * Exact integer arithmetic for the trading maths (docs/decisions/0013-trading-maths.md).
 *
 * Every amount is a ratio of integers rounded once, at the end, to a whole cent, half away from
 * zero. The mark-to-market path runs for every open position on every tick, so the common case
 * stays in plain numbers: while the numerator and denominator are safe integers a double holds
 * them exactly, and the quotient is corrected with an exact remainder. Larger operands (huge
 * volumes on converted pairs) fall back to bigint, with the same result.
 */

const MAX_SAFE = Number.MAX_SAFE_INTEGER

/** round(n / d) half away from zero, for integers n and d > 0 (numbers or, when large, bigint). */
export function roundDiv(n: number, d: number): number {
  if (!(d > 0)) throw new RangeError(`divisor must be positive, got ${d}`)
  const magnitude = Math.abs(n)
  // |q x d| <= |n| + d below 2^53 keeps every intermediate exact
  if (magnitude + d <= MAX_SAFE && Number.isInteger(n) && Number.isInteger(d)) {
    let q = Math.trunc(n / d)
    let r = n - q * d
    // the double quotient can be one off near an integer: settle q so that |r| < d, r ~ sign(n)
    if (n >= 0 ? r < 0 : -r >= d) {
      q -= 1
      r += d
    } else if (n >= 0 ? r >= d : r > 0) {
      q += 1
      r -= d
    }
    const rest = Math.abs(r)
    if (rest >= d - rest) q += n >= 0 ? 1 : -1
    return q === 0 ? 0 : q
  }
  return roundDivBig(toBigInt(n), toBigInt(d))
}

/**
 * round(a x b x c / (d x e x f)) half away from zero for integers (d, e, f > 0), exact. The
 * products are taken in doubles first: once one exceeds 2^53 it may be inexact, but then it is
 * also above MAX_SAFE_INTEGER, which sends the call to bigint.
 */
export function roundMulDiv(a: number, b: number, c: number, d: number, e = 1, f = 1): number {
  const n = a * b * c
  const den = d * e * f
  if (Math.abs(n) <= MAX_SAFE && den <= MAX_SAFE) return roundDiv(n, den)
  return roundDivBig(
    toBigInt(a) * toBigInt(b) * toBigInt(c),
    toBigInt(d) * toBigInt(e) * toBigInt(f),
  )
}

function roundDivBig(n: bigint, d: bigint): number {
  if (d <= 0n) throw new RangeError('divisor must be positive')
  const isNegative = n < 0n
  const magnitude = isNegative ? -n : n
  let q = magnitude / d
  const r = magnitude % d
  if (r >= d - r) q += 1n
  const result = Number(isNegative ? -q : q)
  if (!Number.isSafeInteger(result)) throw new RangeError(`amount out of range: ${q}`)
  return result === 0 ? 0 : result
}

function toBigInt(n: number): bigint {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a safe integer: ${n}`)
  return BigInt(n)
}

export function gcd(a: number, b: number): number {
  let x = Math.abs(a)
  let y = Math.abs(b)
  while (y !== 0) [x, y] = [y, x % y]
  return x
}

/** A positive ratio of safe integers in lowest terms. */
export interface Ratio {
  readonly num: number
  readonly den: number
}

export function ratio(num: number, den: number): Ratio {
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || num <= 0 || den <= 0) {
    throw new RangeError(`a ratio needs positive safe integers, got ${num}/${den}`)
  }
  const divisor = gcd(num, den)
  return { num: num / divisor, den: den / divisor }
}
