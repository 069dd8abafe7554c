import { describe, expect, it } from 'vitest'
import { buildAboutUsDocument } from '../src/content/about-us'
import { disclaimerDocument } from '../src/content/disclaimer'
import { documentText, type InfoDocument } from '../src/content/documents'
import { readPlanFacts, type PlanFacts } from '../src/content/plan-facts'
import { privacyPolicyDocument } from '../src/content/privacy-policy'
import { buildTermsDocument, termsDocument } from '../src/content/terms'

const facts = readPlanFacts()
// every figure of the plans moved, so a number typed into a text instead of read stands out
const altered: PlanFacts = {
  ...facts,
  leverage: { max: 77, standard: 11 },
  maxLotsPerForexOrder: 33,
  inactivityDays: 45,
  marginCallPercent: 91,
  stopOutPercent: 41,
  profitSplitPercent: { standard: 85, withAddOn: 99 },
  payoutIntervalDays: { standard: 21, withFastPayout: 9 },
  addOnSurchargePercent: { single: 12, both: 20 },
  cryptoDiscountPercent: 25,
  twoPhase: {
    ...facts.twoPhase,
    feeRefundPercent: 50,
    bestDayPercent: 35,
    minTradingDaysBeforeFirstPayout: 6,
    minTradingDaysBetweenPayouts: 8,
    phase1: {
      ...facts.twoPhase.phase1,
      profitTargetPercent: 11,
      dailyLossPercent: 4,
      maxLossPercent: 9,
      minTradingDays: 7,
    },
    phase2: { ...facts.twoPhase.phase2, profitTargetPercent: 6 },
  },
  instantFund: { ...facts.instantFund, newsBlackoutMinutes: 4, minTradingDaysBeforeFirstPayout: 2 },
}

const sections = (document: InfoDocument) => document.sections.map((section) => section.id)

describe('public documents', () => {
  it('have unique section ids and ISO dates; the disclaimer takes effect on April 6, 2025', () => {
    for (const document of [termsDocument, privacyPolicyDocument, disclaimerDocument]) {
      expect(new Set(sections(document)).size).toBe(document.sections.length)
      expect(document.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    }
    expect(disclaimerDocument.effectiveDate).toBe('2025-04-06')
  })

  it('word the terms from the plan facts: changed plans, changed terms', () => {
    const text = documentText(buildTermsDocument(altered))
    for (const expected of [
      'at most 1:77',
      '1:11 standard',
      'At most 33 lots',
      'Margin call at 91% margin level, stop-out from 41%',
      'trade for 45 days is suspended',
      'you receive 85% of the profit',
      '(99% with the profit split add-on)',
      'Payout interval: 21 days, or 9 days',
      'each cost +12%',
      'both together +20%',
      'takes 25% off',
      '50% of the fee is refunded',
      'at most 35% of the profit',
      'Profit target: 11% in Phase 1 and 6% in Phase 2',
      'Daily loss limit: 4% of the starting balance',
      'Maximum loss: 9% of the starting balance',
      '7 days in each Two Phase phase',
      '2 days (Instant Funding) or 6 days (Two Phase) before the first payout and 8 days between',
      'within 4 minutes',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('word the about-us page from the plan facts too', () => {
    const text = documentText(buildAboutUsDocument(altered))
    expect(text).toContain('reach 11% and then 6% in at least 7 days each')
    expect(text).toContain('more than 4% in a day or 9% overall')
    expect(text).toContain('keep 85% of the profit (99% with the add-on)')
  })
})
