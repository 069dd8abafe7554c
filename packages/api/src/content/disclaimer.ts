import { contact, paragraph, section, type InfoDocument } from './documents'
import { testimonialsNotice } from './testimonials'

export const disclaimerDocument: InfoDocument = {
  title: 'Disclaimer',
  lastUpdated: '2025-04-06',
  effectiveDate: '2025-04-06',
  intro: [
    'Please read this disclaimer before using the Tradepeak website or buying a challenge. It applies to every page of the website, every email we send and every account we provide.',
  ],
  sections: [
    section(
      'simulated-accounts',
      'Simulated accounts only',
      paragraph(
        'All accounts provided by Tradepeak are simulated. They hold simulated funds and trade on simulated prices; no order is sent to a real market and you do not own any financial instrument. The fee you pay buys an evaluation service, not a deposit or an investment.',
      ),
    ),
    section(
      'no-advice',
      'No investment advice',
      paragraph(
        'Tradepeak is not a broker, a bank or an investment adviser. Nothing on the website, in our emails, in our educational material or from our staff is investment, tax or legal advice, or an offer or recommendation to buy or sell a financial instrument.',
      ),
    ),
    section(
      'risk',
      'Trading risk',
      paragraph(
        'Trading leveraged products such as forex and contracts for difference carries a high level of risk and is not suitable for everyone. Losses in real trading can exceed deposits. Consider your situation and seek independent advice before trading with real money.',
      ),
    ),
    section(
      'results',
      'Results and testimonials',
      paragraph(
        'Simulated performance has limits: it does not reflect real liquidity, slippage or the psychology of trading real money, and past results, simulated or real, do not indicate future results. Figures shown on the website, including demo charts, are illustrations.',
      ),
      paragraph(testimonialsNotice),
    ),
    section(
      'payouts',
      'Payouts',
      paragraph(
        'Payouts are rewards paid by Tradepeak from its own funds under the payout rules of the Terms & Conditions. They are not returns on an investment and are not guaranteed; each request is reviewed.',
      ),
    ),
    section(
      'third-parties',
      'Third-party names and links',
      paragraph(
        'MetaTrader 4 and MetaTrader 5 are trademarks of their owner, who is not affiliated with Tradepeak. Links to other websites are given for convenience; we are not responsible for their content.',
      ),
    ),
    section(
      'jurisdictions',
      'Availability',
      paragraph(
        'The service is not directed at anyone in a country where its use would be against the law. You are responsible for making sure that you may use it where you live.',
      ),
    ),
    section('contact', 'Contact', contact),
  ],
}
