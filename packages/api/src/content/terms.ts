import { contact, list, paragraph, section, type InfoDocument } from './documents'
import { days, feeRangeText, joinWords, minutes, readPlanFacts, type PlanFacts } from './plan-facts'

/** The terms & conditions buyers accept at checkout, worded from the plans sold now. */
export function buildTermsDocument(facts: PlanFacts): InfoDocument {
  const { twoPhase, instantFund } = facts
  const reset = `${facts.dayReset.time} ${facts.dayReset.timeZone}`
  const platforms = joinWords(facts.platforms.map((p) => `${p.long} (${p.short})`))
  const prohibited = joinWords(facts.prohibitedStrategies)
  const refund = (label: string, percent: number | null) =>
    percent === null
      ? `${label}: the fee is not refundable.`
      : `${label}: ${percent}% of the fee is refunded with the first payout of the funded account.`
  const news = (label: string, allowed: boolean, blackout: number | null) =>
    allowed
      ? `${label}: trading through news releases is allowed.`
      : `${label}: no trade may be opened or closed within ${minutes(blackout ?? 0)} before or after a high-impact news event.`
  const weekend = (label: string, allowed: boolean) =>
    allowed
      ? `${label}: positions may be held over the weekend.`
      : `${label}: positions must be closed before the weekend market close; positions still open are closed by us.`

  return {
    title: 'Terms & Conditions',
    lastUpdated: '2026-11-25',
    intro: [
      'These terms govern your use of the Tradepeak website and the trading challenges you buy from us. By creating an account or buying a challenge you accept them. Please read them together with our Trading Rules, Privacy Policy and Disclaimer.',
    ],
    sections: [
      section(
        'the-service',
        '1. The service',
        paragraph(
          'Tradepeak provides trading evaluations. A challenge gives you a simulated trading account on which you show your trading skill under published rules. All accounts, during the evaluation and after it, are simulated: they hold simulated funds, no order you place reaches a real market, and you do not own or trade any financial instrument.',
        ),
        paragraph(
          'Tradepeak is not a broker, a bank or an investment adviser, does not accept deposits and gives no investment advice. Nothing on the website is an offer or a recommendation to buy or sell a financial instrument.',
        ),
      ),
      section(
        'eligibility',
        '2. Eligibility and your user account',
        list(
          'You must be at least 18 years old and allowed to use the service where you live.',
          'The information you give us (name, email, billing details) must be true and kept up to date.',
          'Your user account is personal. Keep your password and your trading credentials secret; you are responsible for everything done with them.',
          'You may hold several challenges at the same time; each is judged on its own.',
        ),
      ),
      section(
        'fees-and-payment',
        '3. Challenges, fees and payment',
        paragraph(
          `The fee of a challenge is a one-time payment for the evaluation; there is no subscription and no recurring charge. ${twoPhase.label} challenges cost ${feeRangeText(twoPhase)} and ${instantFund.label} challenges ${feeRangeText(instantFund)}, by account size, as shown on the pricing page at the time of purchase.`,
        ),
        list(
          `Add-ons: the 100% profit split and the fast payout add-on each cost +${facts.addOnSurchargePercent.single}% of the base fee; both together +${facts.addOnSurchargePercent.both}%.`,
          'Coupons are applied to the fee and add-ons, within their validity and usage limits.',
          `Paying with cryptocurrency takes ${facts.cryptoDiscountPercent}% off the order total, after any coupon.`,
          'Every step of a price is rounded up to the whole US dollar. The price is computed by our server from the price table; the amount charged is the one shown in the order summary.',
          'Card payments are processed by PayPal and crypto payments by OxaPay; we never see or store your card number. An order that is not paid in time expires.',
        ),
      ),
      section(
        'accounts',
        '4. Your challenge account',
        paragraph(
          `Once your payment is confirmed we create your trading account on the platform you chose (${platforms}) and send its credentials by email; they are also shown on your dashboard. Accounts are served by our simulated trading server unless your dashboard names another platform provider.`,
        ),
        paragraph(
          `Your account is judged by the version of the rules it was sold with (currently version ${facts.rulebookVersion}) for its whole life. Rule changes apply only to challenges bought after the change.`,
        ),
      ),
      section(
        'trading-rules',
        '5. Trading rules',
        paragraph(
          'The full rules, with the amounts for every account size, are on the Trading Rules page and on your dashboard. In short:',
        ),
        list(
          `Profit target: ${twoPhase.phase1.profitTargetPercent}% in Phase 1 and ${twoPhase.phase2.profitTargetPercent}% in Phase 2 of the ${twoPhase.label} challenge, reached on a closed balance with no position open; funded accounts have none.`,
          `Daily loss limit: ${twoPhase.phase1.dailyLossPercent}% of the starting balance below the higher of balance and equity at the daily reset (${reset}).`,
          `Maximum loss: ${twoPhase.phase1.maxLossPercent}% of the starting balance below the highest end-of-day balance; the limit stops rising once it reaches the starting balance.`,
          `Minimum trading days: ${days(twoPhase.phase1.minTradingDays)} in each ${twoPhase.label} phase; on funded accounts ${days(instantFund.minTradingDaysBeforeFirstPayout)} (${instantFund.label}) or ${days(twoPhase.minTradingDaysBeforeFirstPayout)} (${twoPhase.label}) before the first payout and ${days(twoPhase.minTradingDaysBetweenPayouts)} between payouts. A day counts when a trade is opened on it.`,
          facts.maxTradingDays === null
            ? 'There is no time limit to pass a phase.'
            : `A phase must be passed within ${days(facts.maxTradingDays)}.`,
          `Leverage: 1:${facts.leverage.standard} standard, at most 1:${facts.leverage.max}. At most ${facts.maxLotsPerForexOrder} lots per forex order. Margin call at ${facts.marginCallPercent}% margin level, stop-out from ${facts.stopOutPercent}%.`,
          news(twoPhase.label, twoPhase.isNewsTradingAllowed, twoPhase.newsBlackoutMinutes),
          news(
            instantFund.label,
            instantFund.isNewsTradingAllowed,
            instantFund.newsBlackoutMinutes,
          ),
          weekend(twoPhase.label, twoPhase.isWeekendHoldingAllowed),
          weekend(instantFund.label, instantFund.isWeekendHoldingAllowed),
          `Inactivity: an account without a trade for ${days(facts.inactivityDays)} is suspended.`,
        ),
      ),
      section(
        'prohibited-practices',
        '6. Prohibited practices',
        paragraph(
          `${prohibited} strategies are prohibited, by hand or by Expert Advisor. ${facts.areExpertAdvisorsAllowed ? 'Expert Advisors are otherwise allowed.' : 'Expert Advisors may not be used.'} Also prohibited:`,
        ),
        list(
          'exploiting errors, delays or faults of the simulated prices or of the platform;',
          'letting another person trade your account, or trading an account of someone else;',
          'opening opposite positions across accounts, yours or anyone else’s, to pass a challenge or to collect a payout whatever the market does;',
          'any attempt to interfere with the website, the platform or other traders.',
        ),
        paragraph(
          'When we find a prohibited practice we may refuse a payout, close the accounts concerned and end your access, after a review by our team. We tell you the reason by email.',
        ),
      ),
      section(
        'breaches-and-progress',
        '7. Breaches, passing and certificates',
        paragraph(
          'Touching the daily or maximum loss limit fails the account at once: open positions are closed, trading is disabled and we email you. Your dashboard keeps the evidence: the moment, your equity, the limit and the positions open at that time. A failed account cannot be reset; you may buy a new challenge.',
        ),
        paragraph(
          'Passing a phase gives you, within seconds, a new account for the next stage with new credentials; the old account becomes read-only. Passing Phase 2 and each payout issue a certificate that anyone can verify on our website.',
        ),
      ),
      section(
        'payouts',
        '8. Funded accounts and payouts',
        list(
          'You request a payout from your dashboard. A request is possible once the funded account has its minimum trading days, the payout interval has passed and no position is open.',
          `Payout interval: ${days(facts.payoutIntervalDays.standard)}, or ${days(facts.payoutIntervalDays.withFastPayout)} with the fast payout add-on.`,
          `When you request a payout, your most profitable day may account for at most ${twoPhase.bestDayPercent}% of the profit of the period.`,
          `Profit split: you receive ${facts.profitSplitPercent.standard}% of the profit of the period (${facts.profitSplitPercent.withAddOn}% with the profit split add-on).`,
          'Every request is reviewed by our team before it is paid. After a payout your loss limits are measured from the balance after the payout.',
        ),
      ),
      section(
        'refunds',
        '9. Refunds',
        list(
          refund(twoPhase.label, twoPhase.feeRefundPercent),
          refund(instantFund.label, instantFund.feeRefundPercent),
          'We refund a payment in full when we cannot provide the account you paid for, or when you were charged more than once for the same order.',
          'A refund or a chargeback of an order closes the accounts bought with it.',
          'Apart from these cases, fees are not refunded once the account has been created, whether the challenge is passed or failed.',
        ),
      ),
      section(
        'suspension',
        '10. Suspension and closing accounts',
        paragraph(
          'You may stop using the service at any time. We may suspend or close an account that breaks these terms or the trading rules, and close inactive accounts as described above.',
        ),
      ),
      section(
        'liability',
        '11. Liability',
        paragraph(
          'The service is provided as it is. We do our best to keep the website and the platform available and correct but do not promise that they will be free of interruptions or errors. To the extent the law allows, our total liability to you for a challenge is limited to the fee you paid for it, and we are not liable for indirect losses. Nothing in these terms limits liability that the law does not allow to be limited.',
        ),
      ),
      section(
        'changes',
        '12. Changes to these terms',
        paragraph(
          'We may change these terms; the date above shows the latest change. Changes to trading rules apply only to challenges bought afterwards. Other changes apply from their publication; we tell holders of active accounts about important changes by email.',
        ),
      ),
      section(
        'law',
        '13. Governing law',
        paragraph(
          'These terms are governed by the laws of the Province of British Columbia and the federal laws of Canada that apply there. The courts of British Columbia have jurisdiction, without limiting rights you have as a consumer where you live.',
        ),
      ),
      section(
        'contact',
        '14. Contact',
        paragraph('Questions about these terms are welcome:'),
        contact,
      ),
    ],
  }
}

export const termsDocument: InfoDocument = buildTermsDocument(readPlanFacts())
