import {
  accountSizesK,
  baseFee,
  formatMoney,
  getPlanPolicy,
  getRulebook,
  addOnSurchargePercent,
  cryptoDiscountPercent,
} from '@tp/domain'
import { describe, expect, it } from 'vitest'
import { buildFaqItems, faqItems, landingFaqItems } from '../src/content/faq'
import { readPlanFacts } from '../src/content/plan-facts'

const answer = (items: readonly { id: string; answer: string }[], id: string) => {
  const item = items.find((candidate) => candidate.id === id)
  expect(item, `FAQ item ${id}`).toBeDefined()
  return item!.answer
}

describe('FAQ content', () => {
  it('has 20 questions with unique ids and 5 of them on the landing page', () => {
    expect(faqItems).toHaveLength(20)
    expect(new Set(faqItems.map((item) => item.id)).size).toBe(20)
    expect(landingFaqItems).toHaveLength(5)
    for (const item of landingFaqItems) expect(faqItems).toContain(item)
  })

  it('quotes the numbers of the rulebooks, policies and price table sold now', () => {
    const size = accountSizesK[0]
    const phase1 = getRulebook('twoPhase.phase1', 'v1', size)
    const phase2 = getRulebook('twoPhase.phase2', 'v1', size)
    const instant = getPlanPolicy('instantFund.funded')
    const twoPhaseFunded = getPlanPolicy('twoPhase.funded')
    const whole = { showCents: false }

    expect(answer(faqItems, 'profit-targets')).toContain(
      `Phase 1: ${phase1.profitTarget!.percent}%`,
    )
    expect(answer(faqItems, 'profit-targets')).toContain(
      `Phase 2: ${phase2.profitTarget!.percent}%`,
    )
    expect(answer(faqItems, 'daily-loss')).toContain(
      `${phase1.dailyLoss!.percent}% of the starting`,
    )
    expect(answer(faqItems, 'max-loss')).toContain(`${phase1.maxLoss!.percent}% of the starting`)
    expect(answer(faqItems, 'minimum-trading-days')).toContain(
      `${instant.payout!.minTradingDaysBeforeFirstPayout} days before the first payout of an Instant Funding`,
    )
    expect(answer(faqItems, 'leverage-lots')).toContain(
      `1:${instant.leverage.standard} leverage and you may raise it to at most 1:${instant.leverage.max}`,
    )
    expect(answer(faqItems, 'leverage-lots')).toContain(`${instant.maxLotsPerForexOrder} lots`)
    expect(answer(faqItems, 'payouts')).toContain(
      `${twoPhaseFunded.profitSplitPercent.standard}% of the profit`,
    )
    expect(answer(faqItems, 'payout-frequency')).toContain(
      `Every ${twoPhaseFunded.payoutIntervalDays.standard} days, or every ${twoPhaseFunded.payoutIntervalDays.withFastPayout} days`,
    )
    expect(answer(faqItems, 'fee-refund')).toContain(
      `Two Phase: ${twoPhaseFunded.feeRefundPercent}% of the fee`,
    )
    expect(answer(faqItems, 'news-trading')).toContain(
      `within ${instant.newsBlackoutMinutes} minutes`,
    )
    const fees = answer(faqItems, 'fees')
    expect(fees).toContain(formatMoney(baseFee('twoPhase', 5), whole))
    expect(fees).toContain(formatMoney(baseFee('instantFund', 1000), whole))
    expect(fees).toContain(`+${addOnSurchargePercent.single}%`)
    expect(fees).toContain(`${cryptoDiscountPercent}% off`)
  })

  it('follows the plan facts it is given: a changed rule changes the answer', () => {
    const facts = readPlanFacts()
    const changed = {
      ...facts,
      leverage: { max: 77, standard: 11 },
      maxTradingDays: 60,
      twoPhase: {
        ...facts.twoPhase,
        isNewsTradingAllowed: false,
        newsBlackoutMinutes: 9,
        phase1: { ...facts.twoPhase.phase1, profitTargetPercent: 12 },
      },
    }
    const items = buildFaqItems(changed)
    expect(answer(items, 'leverage-lots')).toContain('1:11 leverage')
    expect(answer(items, 'leverage-lots')).toContain('at most 1:77')
    expect(answer(items, 'time-limit')).toContain('pass within 60 days')
    expect(answer(items, 'profit-targets')).toContain('Phase 1: 12%')
    expect(answer(items, 'news-trading')).toContain('Two Phase: no trade may be opened')
    expect(answer(items, 'news-trading')).toContain('within 9 minutes')
  })
})
