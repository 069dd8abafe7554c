import { describe, expect, it } from 'vitest'
import {
  balanceAfterPayout,
  computePayoutAmount,
  judgeLateBonus,
  judgePayoutEligibility,
  LATE_BONUS_CENTS,
  rebaseRulebook,
  type PayoutEligibilityInput,
  type PeriodTrade,
} from '../../src/payouts'
import { getRulebook } from '../../src/plans'
import { evaluate } from '../../src/rules'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const at = (iso: string) => Date.parse(iso)

// March 2026 after the DST change: the 17:00 New York reset is 21:00 UTC; a trade at 12:00 UTC
// on a date belongs to that date's trading day.
function trade(date: string, netProfitCents: number): PeriodTrade {
  return {
    openMs: at(`${date}T12:00:00Z`),
    closeMs: at(`${date}T14:00:00Z`),
    netProfitCents,
  }
}

// five days: 300 + 400 + 500 + 600 + 580 = $2,380 (best day $600 = 25%)
const fiveDays = [
  trade('2026-03-16', 30_000),
  trade('2026-03-17', 40_000),
  trade('2026-03-18', 50_000),
  trade('2026-03-19', 60_000),
  trade('2026-03-20', 58_000),
]

function input(overrides: Partial<PayoutEligibilityInput> = {}): PayoutEligibilityInput {
  return {
    planKey: 'twoPhase.funded',
    rulebookVersion: 'v1',
    sizeK: 100,
    addOns: { profitSplit100: false, fastPayout: false },
    accountStatus: 'active',
    firstTradeAtMs: at('2026-03-16T12:00:00Z'),
    lastPayoutAtMs: null,
    periodBaseCents: 10_000_000,
    balanceCents: 10_238_000,
    openPositions: 0,
    pendingOrders: 0,
    trades: fiveDays,
    hasOpenRequest: false,
    nowMs: at('2026-03-30T12:00:00Z'),
    ...overrides,
  }
}

const condition = (result: ReturnType<typeof judgePayoutEligibility>, key: string) =>
  result.conditions.find((c) => c.key === key)!

describe('payout eligibility', () => {
  it('a funded account 14 days after its first trade, 5 days, flat, in profit, best day 25%: eligible', () => {
    const result = judgePayoutEligibility(input())
    expect(result.conditions.filter((c) => !c.met)).toEqual([])
    expect(result.isEligible).toBe(true)
    expect(result.profitCents).toBe(238_000)
    expect(result.tradingDays).toBe(5)
    expect(result.bestDayPercent).toBe(25)
    expect(result.nextEligibleAtMs).toBe(at('2026-03-30T12:00:00Z'))
  })

  it('names the best day with its figures: $1,240 of $2,380 is 52%; at most 40%', () => {
    const trades = [
      trade('2026-03-16', 124_000),
      trade('2026-03-17', 30_000),
      trade('2026-03-18', 28_000),
      trade('2026-03-19', 28_000),
      trade('2026-03-20', 28_000),
    ]
    const result = judgePayoutEligibility(input({ trades }))
    const bestDay = condition(result, 'bestDay')
    expect(bestDay.met).toBe(false)
    expect(bestDay.message).toBe('best day $1,240 is 52% of $2,380; at most 40%')
    expect(result.isEligible).toBe(false)
  })

  it('best day exactly 40% passes (exact comparison)', () => {
    const trades = [
      trade('2026-03-16', 40_000),
      trade('2026-03-17', 20_000),
      trade('2026-03-18', 20_000),
      trade('2026-03-19', 10_000),
      trade('2026-03-20', 10_000),
    ]
    expect(condition(judgePayoutEligibility(input({ trades })), 'bestDay').met).toBe(true)
  })

  it('the interval: 13 of 14 days is not met and counts down to the 14th day', () => {
    const result = judgePayoutEligibility(input({ nowMs: at('2026-03-29T13:00:00Z') }))
    const interval = condition(result, 'interval')
    expect(interval.met).toBe(false)
    expect(interval.message).toBe("13 of 14 days since the funded account's first trade")
    expect(result.nextEligibleAtMs).toBe(at('2026-03-30T12:00:00Z'))
  })

  it('the fast-payout add-on makes the interval 7 days', () => {
    const result = judgePayoutEligibility(
      input({
        addOns: { profitSplit100: false, fastPayout: true },
        nowMs: at('2026-03-23T12:00:00Z'),
      }),
    )
    expect(condition(result, 'interval').met).toBe(true)
    expect(result.nextEligibleAtMs).toBe(at('2026-03-23T12:00:00Z'))
  })

  it('after a payout the interval and the trading days count from it', () => {
    const lastPayoutAtMs = at('2026-03-18T20:00:00Z')
    const result = judgePayoutEligibility(
      input({ lastPayoutAtMs, nowMs: at('2026-03-30T12:00:00Z') }),
    )
    // only the 19th and 20th were opened after the payout; 5 needed between payouts
    expect(condition(result, 'minTradingDays')).toEqual({
      key: 'minTradingDays',
      met: false,
      message: '2 trading days since the last payout; at least 5',
    })
    expect(result.nextEligibleAtMs).toBe(lastPayoutAtMs + 14 * DAY)
    expect(condition(result, 'interval').met).toBe(false)
  })

  it('Instant Funding needs 3 trading days before the first payout', () => {
    const result = judgePayoutEligibility(
      input({
        planKey: 'instantFund.funded',
        trades: fiveDays.slice(0, 3),
        balanceCents: 10_120_000,
      }),
    )
    expect(condition(result, 'minTradingDays').met).toBe(true)
    expect(result.requiredTradingDays).toBe(3)
  })

  it('Two Phase needs 5 trading days: 4 is named', () => {
    const result = judgePayoutEligibility(input({ trades: fiveDays.slice(0, 4) }))
    expect(condition(result, 'minTradingDays').message).toBe('4 trading days; at least 5')
  })

  it('open positions or pending orders block the request', () => {
    const result = judgePayoutEligibility(input({ openPositions: 1, pendingOrders: 2 }))
    expect(condition(result, 'flat')).toMatchObject({
      met: false,
      message: '1 open positions and 2 pending orders; close them first',
    })
  })

  it('no profit above the re-based balance: nothing to pay', () => {
    const result = judgePayoutEligibility(input({ balanceCents: 9_990_000 }))
    expect(condition(result, 'profit')).toMatchObject({
      met: false,
      message: 'balance $99,900 is not above $100,000; no profit to pay',
    })
    expect(result.profitCents).toBe(0)
  })

  it('a breached account, a phase account and an open request are named', () => {
    expect(
      condition(judgePayoutEligibility(input({ accountStatus: 'failed' })), 'notBreached'),
    ).toMatchObject({
      met: false,
      message: 'the account breached a rule',
    })
    const phase = judgePayoutEligibility(input({ planKey: 'twoPhase.phase2' }))
    expect(condition(phase, 'funded').met).toBe(false)
    expect(phase.isEligible).toBe(false)
    expect(
      condition(judgePayoutEligibility(input({ hasOpenRequest: true })), 'noOpenRequest').met,
    ).toBe(false)
  })

  it('no trade yet: the clock has not started', () => {
    const result = judgePayoutEligibility(input({ firstTradeAtMs: null, trades: [] }))
    expect(result.nextEligibleAtMs).toBeNull()
    expect(condition(result, 'interval').met).toBe(false)
  })
})

describe('payout amount', () => {
  const base = {
    planKey: 'twoPhase.funded' as const,
    rulebookVersion: 'v1',
    addOns: { profitSplit100: false, fastPayout: false },
    profitCents: 238_000,
    isFirstPayout: false,
    feePaidCents: 49_900,
  }

  it('90% of $2,380 is $2,142', () => {
    expect(computePayoutAmount(base)).toEqual({
      profitCents: 238_000,
      splitPercent: 90,
      traderShareCents: 214_200,
      feeRefundCents: 0,
      totalCents: 214_200,
      withdrawnCents: 238_000,
    })
  })

  it('100% with the add-on', () => {
    const amount = computePayoutAmount({
      ...base,
      addOns: { profitSplit100: true, fastPayout: false },
    })
    expect(amount.traderShareCents).toBe(238_000)
  })

  it('rounds the share down to the cent: 90% of $0.05 is $0.04', () => {
    expect(computePayoutAmount({ ...base, profitCents: 5 }).traderShareCents).toBe(4)
  })

  it('the first payout of a Two Phase funded account refunds the fee: $2,142 + $499 = $2,641', () => {
    const amount = computePayoutAmount({ ...base, isFirstPayout: true })
    expect(amount.feeRefundCents).toBe(49_900)
    expect(amount.totalCents).toBe(264_100)
  })

  it('Instant Funding has no fee refund', () => {
    const amount = computePayoutAmount({
      ...base,
      planKey: 'instantFund.funded',
      isFirstPayout: true,
    })
    expect(amount.feeRefundCents).toBe(0)
  })
})

describe('late bonus', () => {
  const requestedAtMs = at('2026-03-30T12:00:00Z')

  it('paid within 24 hours: no bonus', () => {
    const result = judgeLateBonus({
      requestedAtMs,
      paidAtMs: requestedAtMs + 23 * HOUR,
      nowMs: requestedAtMs + 30 * HOUR,
      identityFixes: [],
    })
    expect(result).toEqual({
      deadlineMs: requestedAtMs + DAY,
      excludedMs: 0,
      isDue: false,
      bonusCents: 0,
    })
  })

  it('not paid after 24 h 1 min: $1,000', () => {
    const result = judgeLateBonus({
      requestedAtMs,
      paidAtMs: null,
      nowMs: requestedAtMs + DAY + 60_000,
      identityFixes: [],
    })
    expect(result.isDue).toBe(true)
    expect(result.bonusCents).toBe(LATE_BONUS_CENTS)
    expect(LATE_BONUS_CENTS).toBe(100_000)
  })

  it('exactly 24 h is on time', () => {
    expect(
      judgeLateBonus({
        requestedAtMs,
        paidAtMs: requestedAtMs + DAY,
        nowMs: requestedAtMs + DAY,
        identityFixes: [],
      }).isDue,
    ).toBe(false)
  })

  it('the 10 h the trader spent fixing a rejected identity check do not count', () => {
    // rejected 2 h after the request, resubmitted 10 h later, paid 30 h after the request
    const result = judgeLateBonus({
      requestedAtMs,
      paidAtMs: requestedAtMs + 30 * HOUR,
      nowMs: requestedAtMs + 40 * HOUR,
      identityFixes: [
        { rejectedAtMs: requestedAtMs + 2 * HOUR, resubmittedAtMs: requestedAtMs + 12 * HOUR },
      ],
    })
    expect(result.excludedMs).toBe(10 * HOUR)
    expect(result.deadlineMs).toBe(requestedAtMs + 34 * HOUR)
    expect(result.isDue).toBe(false)
  })

  it('only the part of a fix after the request is excluded; a fix still open stops the clock', () => {
    const result = judgeLateBonus({
      requestedAtMs,
      paidAtMs: null,
      nowMs: requestedAtMs + 50 * HOUR,
      identityFixes: [
        { rejectedAtMs: requestedAtMs - 5 * HOUR, resubmittedAtMs: requestedAtMs + HOUR },
        { rejectedAtMs: requestedAtMs + 20 * HOUR, resubmittedAtMs: null },
      ],
    })
    // 1 h of the first, 30 h (20 h -> now at 50 h) of the second
    expect(result.excludedMs).toBe(31 * HOUR)
    expect(result.isDue).toBe(false)
  })
})

describe('re-basing after a payout', () => {
  it('the balance drops by the withdrawn profit', () => {
    expect(balanceAfterPayout(10_238_000, 238_000)).toBe(10_000_000)
    expect(() => balanceAfterPayout(100, 200)).toThrow(RangeError)
  })

  it('replaying the period from the payout gives floors on the new balance: 12% below it, daily 6%', () => {
    const rules = getRulebook('twoPhase.funded', 'v1', 100)
    const rebased = rebaseRulebook(rules, 10_000_000)
    expect(rebased.initialBalance).toBe(100_000)
    // the period starts at the payout's snapshot (balance after payout), then a day of trading
    const verdict = evaluate(rebased, {
      snapshots: [
        { t: '2026-03-30T12:00:00Z', balance: 100_000, equity: 100_000 },
        { t: '2026-03-31T12:00:00Z', balance: 101_000, equity: 101_000 },
      ],
      trades: [],
    })
    expect(verdict.status).toBe('active')
    // day 1: anchor 100,000, daily floor 94,000, max floor 88,000
    expect(verdict.days[0]).toMatchObject({ anchor: 100_000, dailyFloor: 94_000, maxFloor: 88_000 })
    // day 2: the eod balance 100,000 (not above the base): floor stays 88,000; anchor 100,000
    expect(verdict.days[1]).toMatchObject({ anchor: 100_000, dailyFloor: 94_000, maxFloor: 88_000 })
  })

  it('a re-based balance below the account size trails from the new base', () => {
    const rules = getRulebook('twoPhase.funded', 'v1', 100)
    const rebased = rebaseRulebook(rules, 9_500_000)
    const verdict = evaluate(rebased, {
      snapshots: [{ t: '2026-03-30T12:00:00Z', balance: 95_000, equity: 95_000 }],
      trades: [],
    })
    // 95,000 - 12% x 95,000 = 83,600; daily 95,000 - 6% x 95,000 = 89,300
    expect(verdict.days[0]).toMatchObject({ maxFloor: 83_600, dailyFloor: 89_300 })
  })
})
