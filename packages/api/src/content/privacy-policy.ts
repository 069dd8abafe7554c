import { contact, list, paragraph, section, type InfoDocument } from './documents'

/** Days within which a privacy request is answered (spec 2.5, 9.6). */
export const privacyRequestAnswerDays = 30

export const privacyPolicyDocument: InfoDocument = {
  title: 'Privacy Policy',
  lastUpdated: '2026-11-25',
  intro: [
    'This policy explains what personal data Tradepeak collects when you visit the website, create a user account, buy a challenge or write to us, what we use it for and the choices you have.',
  ],
  sections: [
    section(
      'controller',
      '1. Who is responsible',
      paragraph(
        'Tradepeak, with its registered office in Vancouver, British Columbia, Canada, is responsible for the personal data described here.',
      ),
      contact,
    ),
    section(
      'data-we-collect',
      '2. Data we collect',
      list(
        'User account: your email address, your name and a hash of your password (never the password itself). If you sign in with Google, the name, email and picture Google shares with us.',
        'Profile and billing: the name, address, country and phone number you enter at checkout or in your profile.',
        'Orders and payments: the challenge, add-ons, coupon, amounts, payment method and the payment provider’s reference. Card details are entered with PayPal and crypto payments are made through OxaPay; we never receive your card number or wallet keys.',
        'Trading: your trading accounts, their credentials (stored encrypted), orders, positions, balances, equity and rule evaluations, including the evidence of a breach.',
        'Messages: what you send us through the contact, partner and newsletter forms, and emails we exchange.',
        'Technical data: your IP address and browser details in security logs and to limit repeated requests.',
      ),
    ),
    section(
      'how-we-use-it',
      '3. How we use it',
      list(
        'to provide the service: your user account, checkout, your trading accounts, the rule evaluation, payouts and certificates (contract);',
        'to send service emails: credentials, order and payment confirmations, breach and pass notices, password resets (contract);',
        'to keep the service secure and prevent fraud, abuse and prohibited trading practices (legitimate interest);',
        'to keep accounting and tax records (legal obligation);',
        'to send the newsletter, only if you subscribed and confirmed your address (consent, which you can withdraw with the unsubscribe link of any newsletter).',
      ),
      paragraph('We do not sell personal data and we do not use it for advertising profiles.'),
    ),
    section(
      'sharing',
      '4. Who receives it',
      list(
        'payment providers: PayPal for card payments and OxaPay for crypto payments, for the orders you pay with them;',
        'our email delivery provider, to send you service emails;',
        'the trading platform provider that hosts your account when it is not our own simulated server;',
        'our hosting and infrastructure providers, bound to process data only on our instructions;',
        'authorities, when the law requires it.',
      ),
    ),
    section(
      'browser-storage',
      '5. Cookies and browser storage',
      paragraph(
        'The website keeps your sign-in session and your challenge selection in your browser’s storage so that you stay signed in and your checkout is remembered. We use no advertising or third-party tracking cookies. Google’s sign-in button, if you use it, is subject to Google’s own privacy policy.',
      ),
    ),
    section(
      'retention',
      '6. How long we keep it',
      list(
        'user account and trading data: while your user account exists, and afterwards as long as needed to answer claims about your challenges and payouts;',
        'orders, payments and payouts: as long as accounting and tax law require;',
        'messages: as long as needed to answer them and follow up;',
        'security logs: for a short period, unless needed to investigate an incident.',
      ),
    ),
    section(
      'security',
      '7. Security',
      paragraph(
        'Data travels encrypted over HTTPS. Passwords are stored as slow salted hashes and trading passwords are encrypted. Access to personal data within Tradepeak is limited to staff who need it, and admin actions on a trader’s accounts are recorded.',
      ),
    ),
    section(
      'your-rights',
      '8. Your rights',
      paragraph(
        'You may ask for a copy of your personal data, its correction or deletion, the restriction of its use or its transfer to you in a machine-readable form, and you may object to uses based on our legitimate interest. You may withdraw a consent at any time.',
      ),
      paragraph(
        `Send your request with the quick-contact form on this page or by email. We answer every privacy request within ${privacyRequestAnswerDays} days. We may ask you to confirm your identity first. You may also complain to your data protection authority.`,
      ),
    ),
    section(
      'transfers',
      '9. International transfers',
      paragraph(
        'We and our providers may process data outside your country. Where that happens we rely on adequacy decisions or contractual safeguards for the transfer.',
      ),
    ),
    section(
      'children',
      '10. Children',
      paragraph(
        'The service is for adults only. We do not knowingly collect data of anyone under 18; tell us and we delete it.',
      ),
    ),
    section(
      'changes',
      '11. Changes to this policy',
      paragraph(
        'We may update this policy; the date above shows the latest change. We tell account holders about important changes by email.',
      ),
    ),
  ],
}
