import { describe, expect, it } from 'vitest'
import {
  accountSizesK,
  describePlanRules,
  planKeys,
  timeZoneName,
  type PlanKey,
  type PlanRuleKey,
} from '../../src/plans'

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`
const texts = (...args: Parameters<typeof describePlanRules>) =>
  Object.fromEntries(describePlanRules(...args).map((text) => [text.key, text])) as Partial<
    Record<PlanRuleKey, { label: string; value: string; detail: string }>
  >

describe('rule texts shown on every page', () => {
  it.each(accountSizesK)(
    '%sK: profit targets shown as size x 100 (phase 1) and size x 50 (phase 2) dollars',
    (sizeK) => {
      expect(texts('twoPhase.phase1', sizeK).profitTarget?.value).toBe(
        `10% (${dollars(sizeK * 100)})`,
      )
      expect(texts('twoPhase.phase2', sizeK).profitTarget?.value).toBe(
        `5% (${dollars(sizeK * 50)})`,
      )
      expect(texts('twoPhase.funded', sizeK).profitTarget?.value).toBe('None')
      expect(texts('instantFund.funded', sizeK).profitTarget?.value).toBe('None')
    },
  )

  it.each(accountSizesK)(
    '%sK: daily loss 6% and max drawdown 12% trailing, with their dollar amounts',
    (sizeK) => {
      for (const planKey of planKeys) {
        const rules = texts(planKey, sizeK)
        expect(rules.dailyLoss?.value).toBe(`6% (${dollars(sizeK * 60)})`)
        expect(rules.maxLoss?.value).toBe(`12% (${dollars(sizeK * 120)}), trailing`)
      }
    },
  )

  it('words the 100K phase 1 rules exactly', () => {
    const rules = texts('twoPhase.phase1', 100)
    expect(rules.profitTarget).toEqual({
      label: 'Profit Target',
      value: '10% ($10,000)',
      detail: 'Reach a closed balance of $110,000 with no open position to pass Phase 1.',
      key: 'profitTarget',
    })
    expect(rules.dailyLoss?.detail).toBe(
      'Your equity must stay above the higher of your balance and equity at the daily reset (17:00 New York time) minus $6,000. Touching this limit fails the account.',
    )
    expect(rules.maxLoss?.detail).toBe(
      'Your equity must stay above your highest end-of-day balance minus $12,000. The limit moves up only at the daily reset and stops at $100,000, your starting balance. Touching this limit fails the account.',
    )
    expect(rules.minTradingDays).toMatchObject({
      label: 'Minimum Trading Days',
      value: '5 days',
      detail:
        'Trade on at least 5 days to pass. A day counts when you open a trade on it; days run from 17:00 to 17:00 New York time.',
    })
    expect(rules.maxTradingDays?.value).toBe('Unlimited')
    expect(rules.leverage?.value).toBe('Up to 1:50 (1:30 standard)')
    expect(rules.maxLots?.value).toBe('50 lots per forex order')
    expect(rules.inactivity?.detail).toBe('An account without a trade for 30 days is suspended.')
    expect(rules.refundableFee?.value).toBe('100%')
    expect(rules.profitSplit?.value).toBe('90% (100% with add-on)')
    expect(rules.payoutInterval?.value).toBe('14 days (7 days with Fast Payout)')
    expect(rules.dayReset?.value).toBe('17:00 New York time')
    expect(rules.platforms?.value).toBe('MT4 and MT5')
    expect(rules.bestDay).toBeUndefined()
  })

  it('shows Instant Funding as funded: 3 days before the first payout, 40% best day, no news or weekend trading', () => {
    const rules = texts('instantFund.funded', 25)
    expect(rules.minTradingDays?.value).toBe('3 days')
    expect(rules.minTradingDays?.detail).toMatch(
      /^Trade on at least 3 days before your first payout and 5 days between later payouts\./,
    )
    expect(rules.bestDay).toMatchObject({ label: 'Best Day Rule', value: '40% of total profit' })
    expect(rules.newsTrading).toMatchObject({
      value: 'Not allowed',
      detail:
        'Do not open or close trades within 2 minutes before or after a high-impact news event.',
    })
    expect(rules.weekendHolding?.value).toBe('Not allowed')
    expect(rules.refundableFee?.value).toBe('No')
    expect(rules.maxTradingDays).toBeUndefined()
  })

  it('keeps the Two Phase funded account as bought: news and weekend allowed, best day at payout', () => {
    const rules = texts('twoPhase.funded', 50)
    expect(rules.newsTrading?.value).toBe('Allowed')
    expect(rules.weekendHolding?.value).toBe('Allowed')
    expect(rules.bestDay?.value).toBe('40% of total profit')
    expect(rules.minTradingDays?.detail).toMatch(/^Trade on at least 5 days before each payout\./)
  })

  it("shows an account's own split and payout interval when its add-ons are known", () => {
    const rules = texts('twoPhase.funded', 50, {
      addOns: { profitSplit100: true, fastPayout: true },
    })
    expect(rules.profitSplit?.value).toBe('100%')
    expect(rules.payoutInterval?.value).toBe('7 days')
    const plain = texts('twoPhase.funded', 50, {
      addOns: { profitSplit100: false, fastPayout: false },
    })
    expect(plain.profitSplit?.value).toBe('90%')
    expect(plain.payoutInterval?.value).toBe('14 days')
  })

  it.each(planKeys)(
    '%s: lists each rule once, with label, value and detail',
    (planKey: PlanKey) => {
      const rules = describePlanRules(planKey, 10)
      expect(new Set(rules.map((rule) => rule.key)).size).toBe(rules.length)
      for (const rule of rules) {
        expect(rule.label.length).toBeGreaterThan(0)
        expect(rule.value.length).toBeGreaterThan(0)
        expect(rule.detail).toMatch(/\.$/)
      }
    },
  )

  it('words a stored version and refuses an unknown one', () => {
    expect(texts('twoPhase.phase1', 5, { version: 'v1' }).profitTarget?.value).toBe('10% ($500)')
    expect(() => describePlanRules('twoPhase.phase1', 5, { version: 'v0' })).toThrow(RangeError)
  })

  it('names time zones by their city', () => {
    expect(timeZoneName('America/New_York')).toBe('New York time')
    expect(timeZoneName('UTC')).toBe('UTC time')
  })
})
