import { contact, list, paragraph, section, type InfoDocument } from './documents'
import { days, feeRangeText, joinWords, readPlanFacts, type PlanFacts } from './plan-facts'

/** The about-us page, its numbers read from the plans sold now. */
export function buildAboutUsDocument(facts: PlanFacts): InfoDocument {
  const { twoPhase, instantFund } = facts
  const platforms = joinWords(facts.platforms.map((p) => p.short))
  return {
    title: 'About Us',
    lastUpdated: '2026-11-25',
    intro: [
      'Tradepeak finds and rewards skilled traders. We give you a simulated account, clear rules and honest tools; you show what you can do.',
    ],
    sections: [
      section(
        'who-we-are',
        'Who we are',
        paragraph(
          'Tradepeak is a trading evaluation firm based in Vancouver, Canada. Our team of traders and engineers built an evaluation we would want to take ourselves: every rule published, measured the same way on the dashboard as by the engine that judges it, and no hidden conditions.',
        ),
      ),
      section(
        'how-it-works',
        'How it works',
        list(
          `Choose a challenge on ${platforms}: ${twoPhase.label}, ${feeRangeText(twoPhase)}, or ${instantFund.label}, ${feeRangeText(instantFund)}. The fee is paid once.`,
          `Trade your simulated account under the rules: in ${twoPhase.label}, reach ${twoPhase.phase1.profitTargetPercent}% and then ${twoPhase.phase2.profitTargetPercent}% in at least ${days(twoPhase.phase1.minTradingDays)} each, never losing more than ${twoPhase.phase1.dailyLossPercent}% in a day or ${twoPhase.phase1.maxLossPercent}% overall.`,
          `Get funded: your funded account opens within seconds of passing, with new credentials.`,
          `Request payouts from your dashboard and keep ${facts.profitSplitPercent.standard}% of the profit (${facts.profitSplitPercent.withAddOn}% with the add-on).`,
        ),
      ),
      section(
        'what-we-stand-for',
        'What we stand for',
        list(
          'Transparency: the rules on our website, on your dashboard and in our evaluation engine come from one source, and your account keeps the rules it was sold with.',
          'Honesty: all our accounts are simulated, and we say so. The fee is paid once; there is no subscription.',
          'Fairness: a breach is decided on the tick it happens and you see the evidence: the moment, your equity and the limit.',
          facts.maxTradingDays === null
            ? 'Patience: there is no time limit to pass. Trade your plan, not the clock.'
            : `Focus: pass within ${days(facts.maxTradingDays)}.`,
        ),
      ),
      section(
        'contact',
        'Talk to us',
        paragraph('Our support team answers by email and in our community channels.'),
        contact,
      ),
    ],
  }
}

export const aboutUsDocument: InfoDocument = buildAboutUsDocument(readPlanFacts())
