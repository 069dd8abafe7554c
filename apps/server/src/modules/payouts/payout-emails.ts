import { formatMoney, usd } from '@tp/domain'
import { BRAND, renderEmail } from '../../lib/email-layout'

// The emails of a payout: paid (with the amount and the certificate), rejected (with the reason),
// and an owed late bonus paid by itself (with its reference).

export function payoutPaidEmail(
  to: string,
  data: {
    totalCents: number
    methodLabel: string
    appUrl: string
    /** the account's platform cannot book the withdrawal: a new funded account replaced it (0054) */
    rolledOver?: { closedLogin: string; newLogin: string }
  },
) {
  return renderEmail(to, {
    subject: `${BRAND}: your payout of ${formatMoney(usd(data.totalCents))} is paid`,
    paragraphs: [
      `Your payout of ${formatMoney(usd(data.totalCents))} was sent to ${data.methodLabel}.`,
      data.rolledOver
        ? `Your account's trading platform cannot withdraw the profit from it, so account ${data.rolledOver.closedLogin} is closed and a new funded account of the same size, ${data.rolledOver.newLogin}, replaces it, starting at the balance after the payout. Its password comes in a separate email; the closed account stays on your dashboard, read-only. A payout certificate is on its way to your certificates page.`
        : 'Your account is re-based on its balance after the payout and trading is open again. A payout certificate is on its way to your certificates page.',
    ],
    action: { label: 'See your payouts', url: `${data.appUrl}/user/payouts` },
  })
}

export function payoutRejectedEmail(to: string, data: { reason: string; appUrl: string }) {
  return renderEmail(to, {
    subject: `${BRAND}: your payout request was not approved`,
    paragraphs: [
      `Your payout request was rejected: ${data.reason}`,
      'Trading on the account is open again. You can request a payout again once the conditions are met.',
    ],
    action: { label: 'See your payouts', url: `${data.appUrl}/user/payouts` },
  })
}

export function lateBonusPaidEmail(
  to: string,
  data: { bonusCents: number; reference: string; appUrl: string },
) {
  return renderEmail(to, {
    subject: `${BRAND}: your ${formatMoney(usd(data.bonusCents))} late payout bonus is paid`,
    paragraphs: [
      `Your payout was not paid within 24 hours, so we owed you a late bonus of ${formatMoney(usd(data.bonusCents))}. It has now been paid (reference ${data.reference}).`,
      "It shows on the payout's timeline.",
    ],
    action: { label: 'See your payouts', url: `${data.appUrl}/user/payouts` },
  })
}
