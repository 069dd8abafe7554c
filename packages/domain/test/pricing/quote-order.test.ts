import { describe, expect, it } from 'vitest'
import {
  accountSizesK,
  challengeTypes,
  type AccountSizeK,
  type AddOns,
  type ChallengeType,
} from '../../src/plans'
import { paymentMethods, quoteOrder, toPriceQuote, type PaymentMethod } from '../../src/pricing'

// Spec 9.1, typed again here so the test does not read the catalogue it checks.
const feeDollars: Record<ChallengeType, Record<AccountSizeK, number>> = {
  twoPhase: { 5: 59, 10: 89, 25: 199, 50: 379, 100: 599, 500: 1999, 1000: 4999 },
  instantFund: { 5: 109, 10: 279, 25: 379, 50: 599, 100: 1999, 500: 4999, 1000: 9999 },
}

const addOnCases: Array<{ name: string; addOns: AddOns; percent: number }> = [
  { name: 'none', addOns: { profitSplit100: false, fastPayout: false }, percent: 0 },
  { name: 'profitSplit100', addOns: { profitSplit100: true, fastPayout: false }, percent: 15 },
  { name: 'fastPayout', addOns: { profitSplit100: false, fastPayout: true }, percent: 15 },
  { name: 'both', addOns: { profitSplit100: true, fastPayout: true }, percent: 25 },
]

/** ceil(a / b) for non-negative integers, by integer arithmetic only. */
const ceilDiv = (a: number, b: number): number => Math.floor((a + b - 1) / b)

function expectedDollars(
  challenge: ChallengeType,
  sizeK: AccountSizeK,
  percent: number,
  method: PaymentMethod,
) {
  const base = feeDollars[challenge][sizeK]
  const subtotal = ceilDiv(base * (100 + percent), 100)
  const total = method === 'crypto' ? ceilDiv(subtotal * 70, 100) : subtotal
  return { base, addOns: subtotal - base, discount: subtotal - total, total }
}

const now = new Date('2026-03-02T12:00:00Z')

describe('pricing for every size x challenge x add-on x method', () => {
  const matrix = challengeTypes.flatMap((challenge) =>
    accountSizesK.flatMap((sizeK) =>
      addOnCases.flatMap((addOnCase) =>
        paymentMethods.map((method) => ({ challenge, sizeK, addOnCase, method })),
      ),
    ),
  )

  it('covers all 112 combinations', () => {
    expect(matrix).toHaveLength(2 * 7 * 4 * 2)
  })

  it.each(
    matrix.map((c) => [`${c.challenge} ${c.sizeK}K ${c.addOnCase.name} ${c.method}`, c] as const),
  )('%s', (_name, { challenge, sizeK, addOnCase, method }) => {
    const summary = quoteOrder({ challenge, sizeK, addOns: addOnCase.addOns, method, now })
    const expected = expectedDollars(challenge, sizeK, addOnCase.percent, method)

    expect(toPriceQuote(summary)).toEqual({ ...expected, currency: 'USD' })
    expect(summary.base.cents).toBe(expected.base * 100)
    expect(summary.addOnPercent).toBe(addOnCase.percent)
    expect(summary.subtotal.cents).toBe((expected.base + expected.addOns) * 100)
    expect(summary.cryptoDiscount.cents).toBe(expected.discount * 100)
    expect(summary.couponDiscount.cents).toBe(0)
    expect(summary.total).toEqual({ cents: expected.total * 100, currency: 'USD' })
    expect(summary.balance.cents).toBe(sizeK * 1000 * 100)
  })
})

describe('hand-computed prices', () => {
  // [challenge, size, add-ons, method, total in dollars, how it was worked out]
  const table: Array<
    [ChallengeType, AccountSizeK, keyof typeof named, PaymentMethod, number, string]
  > = [
    ['twoPhase', 5, 'none', 'card', 59, '59'],
    ['twoPhase', 5, 'both', 'crypto', 52, 'ceil(59x1.25)=74, ceil(74x0.7)=ceil(51.8)=52'],
    ['twoPhase', 5, 'split', 'card', 68, 'ceil(59x1.15)=ceil(67.85)=68'],
    ['twoPhase', 5, 'fast', 'crypto', 48, '68, ceil(68x0.7)=ceil(47.6)=48'],
    ['twoPhase', 10, 'none', 'crypto', 63, 'ceil(89x0.7)=ceil(62.3)=63'],
    ['instantFund', 25, 'both', 'card', 474, 'ceil(379x1.25)=ceil(473.75)=474'],
    ['twoPhase', 50, 'split', 'crypto', 306, 'ceil(379x1.15)=436, ceil(436x0.7)=ceil(305.2)=306'],
    ['instantFund', 100, 'none', 'crypto', 1400, 'ceil(1999x0.7)=ceil(1399.3)=1400'],
    ['twoPhase', 100, 'both', 'card', 749, 'ceil(599x1.25)=ceil(748.75)=749'],
    ['twoPhase', 500, 'fast', 'card', 2299, 'ceil(1999x1.15)=ceil(2298.85)=2299'],
    [
      'instantFund',
      1000,
      'both',
      'crypto',
      8750,
      'ceil(9999x1.25)=12499, ceil(12499x0.7)=ceil(8749.3)=8750',
    ],
    ['twoPhase', 1000, 'none', 'card', 4999, '4999'],
    ['instantFund', 10, 'both', 'crypto', 245, 'ceil(279x1.25)=349, ceil(349x0.7)=ceil(244.3)=245'],
    [
      'instantFund',
      500,
      'split',
      'crypto',
      4025,
      'ceil(4999x1.15)=5749, ceil(5749x0.7)=ceil(4024.3)=4025',
    ],
  ]

  it.each(table)('%s %sK %s %s costs $%s (%s)', (challenge, sizeK, addOnName, method, total) => {
    const summary = quoteOrder({ challenge, sizeK, addOns: named[addOnName], method, now })
    expect(summary.total.cents).toBe(total * 100)
  })
})

const named = {
  none: { profitSplit100: false, fastPayout: false },
  split: { profitSplit100: true, fastPayout: false },
  fast: { profitSplit100: false, fastPayout: true },
  both: { profitSplit100: true, fastPayout: true },
} satisfies Record<string, AddOns>

describe('the order summary checkout shows', () => {
  it('lists base, add-ons, crypto discount and total with display texts', () => {
    const summary = quoteOrder({
      challenge: 'twoPhase',
      sizeK: 100,
      addOns: named.both,
      method: 'crypto',
      now,
    })
    expect(summary.lines.map(({ kind, label, text }) => ({ kind, label, text }))).toEqual([
      { kind: 'base', label: 'Two Phase 100K Challenge', text: '$599.00' },
      { kind: 'addOns', label: '100% Profit Split + Fast Payout (+25%)', text: '+$150.00' },
      { kind: 'crypto', label: 'Crypto payment (30% off)', text: '-$224.00' },
      { kind: 'total', label: 'Total', text: '$525.00' },
    ])
  })

  it('shows only the base fee and total for a plain card order, with no fixed "+$50" line', () => {
    const summary = quoteOrder({
      challenge: 'instantFund',
      sizeK: 1000,
      addOns: named.none,
      method: 'card',
      now,
    })
    expect(summary.lines.map((line) => `${line.label}: ${line.text}`)).toEqual([
      'Instant Funding 1M Challenge: $9,999.00',
      'Total: $9,999.00',
    ])
  })

  it('keeps the buyer\'s add-ons and ignores any extra keys such as a stray "both" flag', () => {
    const summary = quoteOrder({
      challenge: 'twoPhase',
      sizeK: 5,
      addOns: { profitSplit100: true, fastPayout: false, both: true } as AddOns,
      method: 'card',
      now,
    })
    expect(summary.addOns).toEqual({ profitSplit100: true, fastPayout: false })
    expect(summary.total.cents).toBe(6800)
  })

  it('refuses a size that is not sold', () => {
    expect(() =>
      quoteOrder({
        challenge: 'twoPhase',
        sizeK: 200 as AccountSizeK,
        addOns: named.none,
        method: 'card',
        now,
      }),
    ).toThrow(RangeError)
  })

  it('refuses a payment method it does not price, rather than charging it as card', () => {
    expect(() =>
      quoteOrder({
        challenge: 'twoPhase',
        sizeK: 5,
        addOns: named.none,
        method: 'paypal' as PaymentMethod,
        now,
      }),
    ).toThrow(RangeError)
  })

  it('refuses an unknown challenge type', () => {
    expect(() =>
      quoteOrder({
        challenge: 'threePhase' as ChallengeType,
        sizeK: 5,
        addOns: named.none,
        method: 'card',
        now,
      }),
    ).toThrow(RangeError)
  })
})
