import { describe, expect, it } from 'vitest'
import {
  centsToDecimalString,
  centsToDollars,
  ceilToWholeDollar,
  dollarsToCents,
  formatMoney,
  moneySchema,
  mulDivCeil,
  percentOf,
  scaleUpToWholeDollar,
  toCents,
  usd,
  usdFromDollars,
} from '../../src/pricing'

describe('money in integer cents', () => {
  it('converts dollars to cents exactly, from numbers and decimal strings', () => {
    expect(dollarsToCents(19.99)).toBe(1999)
    expect(dollarsToCents('19.99')).toBe(1999)
    expect(dollarsToCents(0.29)).toBe(29) // 0.29 * 100 is 28.999999999999996 in floating point
    expect(dollarsToCents(' 1999 ')).toBe(199900)
    expect(dollarsToCents('-5.5')).toBe(-550)
    expect(usdFromDollars(9999)).toEqual({ cents: 999900, currency: 'USD' })
  })

  it('refuses amounts with a fraction of a cent or that are not numbers', () => {
    expect(() => dollarsToCents(0.1 + 0.2)).toThrow(RangeError) // 0.30000000000000004
    expect(() => dollarsToCents('1.005')).toThrow(RangeError)
    expect(() => dollarsToCents('ten')).toThrow(RangeError)
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError)
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })

  it('only accepts whole, safe cents', () => {
    expect(() => toCents(1.5)).toThrow(RangeError)
    expect(() => usd(2 ** 53)).toThrow(RangeError)
    expect(Object.is(toCents(-0), 0)).toBe(true)
    expect(moneySchema.safeParse({ cents: 10.5, currency: 'USD' }).success).toBe(false)
    expect(moneySchema.safeParse({ cents: 100, currency: 'EUR' }).success).toBe(false)
    expect(moneySchema.parse({ cents: 100, currency: 'USD' })).toEqual(usd(100))
  })

  it('converts cents back to dollars for JSON and to decimal strings', () => {
    expect(centsToDollars(1999)).toBe(19.99)
    expect(centsToDollars(5)).toBe(0.05)
    expect(centsToDecimalString(199900)).toBe('1999.00')
    expect(centsToDecimalString(-5)).toBe('-0.05')
  })

  it('formats US dollars with 2 decimals and thousands separators (spec 9.1)', () => {
    expect(formatMoney(usd(199900))).toBe('$1,999.00')
    expect(formatMoney(usd(99999900))).toBe('$999,999.00')
    expect(formatMoney(usd(100000000))).toBe('$1,000,000.00')
    expect(formatMoney(usd(5))).toBe('$0.05')
    expect(formatMoney(usd(0))).toBe('$0.00')
    expect(formatMoney(usd(-22400))).toBe('-$224.00')
  })

  it('formats whole dollars without cents for rule texts, but never hides cents', () => {
    expect(formatMoney(usd(1000000), { showCents: false })).toBe('$10,000')
    expect(formatMoney(usd(1050), { showCents: false })).toBe('$10.50')
  })

  it('rounds every pricing step up to the whole dollar, exactly', () => {
    expect(scaleUpToWholeDollar(usd(5900), 125, 100)).toEqual(usd(7400)) // 73.75 -> 74
    expect(scaleUpToWholeDollar(usd(7400), 70, 100)).toEqual(usd(5200)) // 51.80 -> 52
    expect(scaleUpToWholeDollar(usd(10000), 70, 100)).toEqual(usd(7000)) // exact stays
    expect(ceilToWholeDollar(usd(4801))).toEqual(usd(4900))
    expect(ceilToWholeDollar(usd(4800))).toEqual(usd(4800))
    expect(() => ceilToWholeDollar(usd(-1))).toThrow(RangeError)
  })

  it('multiplies and divides without intermediate rounding', () => {
    const big = Number.MAX_SAFE_INTEGER
    // big * big overflows a double's exact range; bigint keeps it exact
    expect(mulDivCeil(big, big, big)).toBe(big)
    expect(mulDivCeil(7, 3, 2)).toBe(11)
    expect(mulDivCeil(0, 3, 2)).toBe(0)
    expect(() => mulDivCeil(1, 1, 0)).toThrow(RangeError)
  })

  it('takes a percentage of an amount to the nearest cent', () => {
    expect(percentOf(usd(10000000), 10)).toEqual(usd(1000000))
    expect(percentOf(usd(500000), 6)).toEqual(usd(30000))
    expect(percentOf(usd(333), 50)).toEqual(usd(167)) // 166.5 -> 167
  })
})
