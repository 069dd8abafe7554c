import { describe, expect, it } from 'vitest'
import {
  accountBalance,
  accountBalanceDollars,
  accountSizeFromBalance,
  accountSizeKSchema,
  accountSizeLabel,
  accountSizesK,
  baseFee,
  challengeTypeByIndex,
  challengeTypeLabels,
  getPlanOption,
  planOptions,
  tradingPlatformByIndex,
  type AccountSizeK,
} from '../../src/plans'

describe('plan catalogue', () => {
  it.each([
    // size, Two Phase, Instant Funding (spec 9.1)
    [5, 59, 109],
    [10, 89, 279],
    [25, 199, 379],
    [50, 379, 599],
    [100, 599, 1999],
    [500, 1999, 4999],
    [1000, 4999, 9999],
  ] as const)(
    'the %sK account costs $%s (Two Phase) and $%s (Instant Funding)',
    (sizeK, twoPhase, instant) => {
      expect(baseFee('twoPhase', sizeK)).toEqual({ cents: twoPhase * 100, currency: 'USD' })
      expect(baseFee('instantFund', sizeK)).toEqual({ cents: instant * 100, currency: 'USD' })
    },
  )

  it('sells exactly the seven sizes of spec 9.1, in chooser order', () => {
    expect(accountSizesK).toEqual([5, 10, 25, 50, 100, 500, 1000])
    expect(accountSizesK.map(accountSizeLabel)).toEqual([
      '5K',
      '10K',
      '25K',
      '50K',
      '100K',
      '500K',
      '1M',
    ])
  })

  it('gives each size a balance of size x 1000 dollars', () => {
    expect(accountSizesK.map(accountBalanceDollars)).toEqual([
      5_000, 10_000, 25_000, 50_000, 100_000, 500_000, 1_000_000,
    ])
    expect(accountBalance(1000)).toEqual({ cents: 100_000_000, currency: 'USD' })
  })

  it('recognises a stored balance and nothing else', () => {
    expect(accountSizeFromBalance(25_000)).toBe(25)
    expect(accountSizeFromBalance(0)).toBeNull()
    expect(accountSizeFromBalance(20_000)).toBeNull()
  })

  it('numbers the chooser steps as spec 4 does', () => {
    expect(challengeTypeByIndex).toEqual({ 1: 'twoPhase', 2: 'instantFund' })
    expect(tradingPlatformByIndex).toEqual({ 1: 'mt4', 2: 'mt5' })
    expect(challengeTypeLabels).toEqual({ twoPhase: 'Two Phase', instantFund: 'Instant Funding' })
  })

  it('lists every challenge x size once, with its index, label, balance and fee', () => {
    expect(planOptions).toHaveLength(14)
    expect(new Set(planOptions.map((o) => `${o.challenge}/${o.sizeK}`)).size).toBe(14)
    expect(getPlanOption('instantFund', 1000)).toEqual({
      challenge: 'instantFund',
      sizeK: 1000,
      sizeIndex: 6,
      sizeLabel: '1M',
      balance: { cents: 100_000_000, currency: 'USD' },
      fee: { cents: 999_900, currency: 'USD' },
    })
  })

  it('refuses sizes that are not sold', () => {
    expect(() => baseFee('twoPhase', 200 as AccountSizeK)).toThrow(RangeError)
    expect(() => accountBalanceDollars(0 as AccountSizeK)).toThrow(RangeError)
    expect(accountSizeKSchema.safeParse(100).success).toBe(true)
    expect(accountSizeKSchema.safeParse(200).success).toBe(false)
    expect(accountSizeKSchema.safeParse('100').success).toBe(false)
  })
})
