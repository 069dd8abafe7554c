import { days, feeRangeText, joinWords, minutes, readPlanFacts, type PlanFacts } from './plan-facts'

// The 20 questions of the FAQ page (spec 2.5's topics) and the 5 of the landing page, one source
// for the pages, the prerendered HTML and the FAQPage structured data. Every number is read from
// the plans of @tp/domain (see plan-facts.ts), never typed here.

export interface FaqItem {
  /** stable anchor: /faq#<id> */
  id: string
  question: string
  /** plain text, one or more sentences (structured data takes it as it is) */
  answer: string
}

/** The FAQ worded from the given plan facts (tests pass altered facts to see the words follow). */
export function buildFaqItems(facts: PlanFacts): FaqItem[] {
  const { twoPhase, instantFund } = facts
  const platforms = joinWords(
    facts.platforms.map((p) => `${p.long} (${p.short})`),
    'or',
  )
  const prohibited = joinWords(facts.prohibitedStrategies)
  const reset = `${facts.dayReset.time} ${facts.dayReset.timeZone}`
  const split = facts.profitSplitPercent
  const interval = facts.payoutIntervalDays
  const surcharge = facts.addOnSurchargePercent
  const phase1Target = twoPhase.phase1.profitTargetPercent
  const phase2Target = twoPhase.phase2.profitTargetPercent
  const dailyLoss = twoPhase.phase1.dailyLossPercent
  const maxLoss = twoPhase.phase1.maxLossPercent

  const newsAnswer = (label: string, allowed: boolean, blackout: number | null) =>
    allowed
      ? `${label}: yes, you may trade through news releases.`
      : `${label}: no trade may be opened or closed within ${minutes(blackout ?? 0)} before or after a high-impact news event.`
  const weekendAnswer = (label: string, allowed: boolean) =>
    allowed
      ? `${label}: positions may also stay open over the weekend.`
      : `${label}: positions must be closed before the market closes for the weekend; any still open are closed for you.`
  const refundAnswer = (label: string, percent: number | null) =>
    percent === null
      ? `${label}: the fee is not refundable.`
      : `${label}: ${percent}% of the fee is refunded together with your first payout from the funded account.`

  return [
    {
      id: 'what-is-tradepeak',
      question: 'What is Tradepeak?',
      answer:
        'Tradepeak runs trading evaluations. You buy a challenge for a one-time fee, trade a simulated account under published rules, and once you qualify you trade a funded simulated account and request payouts of your share of its profit. All accounts are simulated: no real money is traded.',
    },
    {
      id: 'simulated-accounts',
      question: 'Are the accounts real trading accounts?',
      answer:
        'No. Every Tradepeak account, in the evaluation and after it, is a simulated account with simulated funds and market prices. Payouts are paid by Tradepeak from its own funds according to the payout rules; no trade is placed on a real market for you.',
    },
    {
      id: 'platforms',
      question: 'Which trading platforms can I use?',
      answer: `You choose ${platforms} when you buy a challenge. The platform you picked is recorded on your account and shown on your dashboard, and you can also trade from the web terminal in your dashboard.`,
    },
    {
      id: 'challenge-types',
      question: 'What challenges do you offer?',
      answer: `${twoPhase.label}: pass Phase 1 (${phase1Target}% profit target) and Phase 2 (${phase2Target}% profit target) to get a funded account. ${instantFund.label}: your account is funded from the start, with no profit target. Account sizes: ${joinWords(facts.accountSizes)}.`,
    },
    {
      id: 'fees',
      question: 'How much does a challenge cost, and is it a subscription?',
      answer: `The fee is a one-time payment, never a subscription. ${twoPhase.label} costs ${feeRangeText(twoPhase)}; ${instantFund.label} costs ${feeRangeText(instantFund)}. Add-ons cost +${surcharge.single}% of the fee each, or +${surcharge.both}% for both. Paying with cryptocurrency takes ${facts.cryptoDiscountPercent}% off the total. Every step rounds up to the whole dollar.`,
    },
    {
      id: 'profit-targets',
      question: 'What are the profit targets?',
      answer: `Phase 1: ${phase1Target}% of the starting balance. Phase 2: ${phase2Target}%. A target counts on your closed balance with no position open. Funded accounts have no profit target.`,
    },
    {
      id: 'daily-loss',
      question: 'How does the daily loss limit work?',
      answer: `Your equity may not fall more than ${dailyLoss}% of the starting balance below the higher of your balance and equity at the last daily reset (${reset}). Touching the limit fails the account at once.`,
    },
    {
      id: 'max-loss',
      question: 'How does the maximum loss limit work?',
      answer: `Your equity may not fall more than ${maxLoss}% of the starting balance below your highest end-of-day balance. The limit ${twoPhase.phase1.isMaxLossTrailing ? 'trails upwards at each daily reset and stops rising once it reaches your starting balance' : 'stays where it started'}. Touching it fails the account at once.`,
    },
    {
      id: 'minimum-trading-days',
      question: 'Is there a minimum number of trading days?',
      answer: `${twoPhase.label}: at least ${days(twoPhase.phase1.minTradingDays)} in Phase 1 and ${days(twoPhase.phase2.minTradingDays)} in Phase 2. Funded accounts: ${days(instantFund.minTradingDaysBeforeFirstPayout)} before the first payout of an ${instantFund.label} account, ${days(twoPhase.minTradingDaysBeforeFirstPayout)} before the first payout of a ${twoPhase.label} funded account, and ${days(twoPhase.minTradingDaysBetweenPayouts)} between later payouts. A day counts when you open a trade on it; each trading day starts at ${reset}.`,
    },
    {
      id: 'time-limit',
      question: 'Is there a time limit to pass?',
      answer:
        facts.maxTradingDays === null
          ? `No. There is no maximum number of days; take the time you need. An account without a trade for ${days(facts.inactivityDays)} is suspended, though.`
          : `Yes: pass within ${days(facts.maxTradingDays)}. An account without a trade for ${days(facts.inactivityDays)} is suspended.`,
    },
    {
      id: 'expert-advisors',
      question: 'Can I use Expert Advisors (EAs)?',
      answer: facts.areExpertAdvisorsAllowed
        ? `Yes, EAs are allowed on every account. ${prohibited} strategies are prohibited, whether traded by hand or by an EA.`
        : `No, EAs may not be used. ${prohibited} strategies are prohibited.`,
    },
    {
      id: 'news-trading',
      question: 'Can I trade during news releases?',
      answer: `${newsAnswer(twoPhase.label, twoPhase.isNewsTradingAllowed, twoPhase.newsBlackoutMinutes)} ${newsAnswer(instantFund.label, instantFund.isNewsTradingAllowed, instantFund.newsBlackoutMinutes)}`,
    },
    {
      id: 'overnight-weekend',
      question: 'Can I hold positions overnight and over the weekend?',
      answer: `Overnight holding is allowed on every account. ${weekendAnswer(twoPhase.label, twoPhase.isWeekendHoldingAllowed)} ${weekendAnswer(instantFund.label, instantFund.isWeekendHoldingAllowed)}`,
    },
    {
      id: 'multiple-accounts',
      question: 'Can I have more than one account?',
      answer:
        'Yes. You may buy as many challenges as you like, of any type and size. Each is its own account with its own credentials and is judged on its own rules; a breach on one account does not affect the others.',
    },
    {
      id: 'leverage-lots',
      question: 'What leverage and position sizes are allowed?',
      answer: `Accounts open at 1:${facts.leverage.standard} leverage and you may raise it to at most 1:${facts.leverage.max}. A single forex order may be at most ${facts.maxLotsPerForexOrder} lots. A margin call comes at a margin level of ${facts.marginCallPercent}% and positions are closed from ${facts.stopOutPercent}%.`,
    },
    {
      id: 'payouts',
      question: 'How do I get paid?',
      answer: `Request a payout from your dashboard once your funded account has its minimum trading days, the payout interval has passed and no position is open. You receive ${split.standard}% of the profit (${split.withAddOn}% with the profit-split add-on). Our team reviews every request and pays it; your loss limits are then measured from the balance after the payout.`,
    },
    {
      id: 'payout-frequency',
      question: 'How often can I request a payout?',
      answer: `Every ${days(interval.standard)}, or every ${days(interval.withFastPayout)} with the Fast Payout add-on. When you request a payout, your most profitable day may account for at most ${twoPhase.bestDayPercent}% of the profit since the last payout.`,
    },
    {
      id: 'fee-refund',
      question: 'Is the fee refundable?',
      answer: `${refundAnswer(twoPhase.label, twoPhase.feeRefundPercent)} ${refundAnswer(instantFund.label, instantFund.feeRefundPercent)} Apart from this, a fee is refunded only when we cannot provide the account you paid for or you were charged twice.`,
    },
    {
      id: 'rule-breach',
      question: 'What happens if I break a rule?',
      answer: `Touching the daily or maximum loss limit fails the account on that tick: open positions are closed, trading is disabled and you receive an email. Your dashboard shows the evidence: the moment, your equity and the limit it touched. Using a prohibited strategy (${joinWords(facts.prohibitedStrategies, 'or')}) can also end an account. You can start again with a new challenge at any time.`,
    },
    {
      id: 'after-passing',
      question: 'What happens when I pass a phase?',
      answer:
        'Within seconds of passing you receive a new account for the next stage, with new login credentials by email and on your dashboard; the old account becomes read-only. Passing Phase 2 also issues a certificate that anyone can verify on our website.',
    },
  ]
}

/** The FAQ of the plans sold now. */
export const faqItems: readonly FaqItem[] = buildFaqItems(readPlanFacts())

const landingFaqIds = ['what-is-tradepeak', 'platforms', 'fees', 'payouts', 'fee-refund'] as const

/** The five questions of the landing page's FAQ (spec 2.3), a subset of `faqItems`. */
export const landingFaqItems: readonly FaqItem[] = landingFaqIds.map((id) => {
  const item = faqItems.find((candidate) => candidate.id === id)
  if (item === undefined) throw new Error(`landing FAQ names an unknown question: ${id}`)
  return item
})
