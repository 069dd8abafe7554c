import type { OrderSummaryDto } from '@tp/api'
import {
  challengeTypeLabels,
  formatMoney,
  paymentMethodLabels,
  tradingPlatformLabels,
  usd,
} from '@tp/domain'
import { BRAND, renderEmail } from '../../lib/email-layout'

/** The receipt of a paid order: what was bought and what it cost, line by line. */
export function orderReceiptEmail(
  to: string,
  data: {
    number: string
    summary: OrderSummaryDto
    platform: 'mt4' | 'mt5'
    paidAt: Date
    appUrl: string
  },
) {
  const { summary } = data
  return renderEmail(to, {
    subject: `${BRAND} receipt for order ${data.number}`,
    paragraphs: [
      `Thank you: order ${data.number} is paid (${data.paidAt.toISOString().slice(0, 16).replace('T', ' ')} UTC).`,
      `${challengeTypeLabels[summary.challenge]} challenge, $${summary.sizeK}K, ${tradingPlatformLabels[data.platform]}.`,
      ...summary.lines.map((line) => `${line.label}: ${line.text}`),
      `Paid by ${paymentMethodLabels[summary.method].toLowerCase()}: ${formatMoney(usd(summary.total))} ${summary.currency}.`,
      'Your trading account is being set up; its credentials arrive in a separate email within a minute.',
    ],
    action: { label: 'Open your dashboard', url: `${data.appUrl}/user/dashboard` },
    footnote: 'All trading accounts are simulated. The evaluation fee is a one-time payment.',
  })
}

/** A refunded order: how much goes back, how, and which accounts were closed. */
export function refundEmail(
  to: string,
  data: {
    number: string
    /** cents */
    total: number
    method: 'card' | 'crypto'
    closedLogins: string[]
    appUrl: string
  },
) {
  const amount = formatMoney(usd(data.total))
  return renderEmail(to, {
    subject: `${BRAND}: order ${data.number} was refunded`,
    paragraphs: [
      data.method === 'card'
        ? `Order ${data.number} was refunded: ${amount} USD goes back to the card or PayPal account you paid with. PayPal usually shows it within a few days.`
        : `Order ${data.number} was refunded: the coins you paid with were sent back to you (the order was ${amount} USD).`,
      data.closedLogins.length > 0
        ? `The trading ${data.closedLogins.length === 1 ? 'account' : 'accounts'} it bought (${data.closedLogins.join(', ')}) ${data.closedLogins.length === 1 ? 'is' : 'are'} closed: open positions were closed at market and trading is disabled. The history stays on your dashboard.`
        : 'No trading account had been created for it.',
    ],
    action: { label: 'Open your billing page', url: `${data.appUrl}/user/billing` },
  })
}
