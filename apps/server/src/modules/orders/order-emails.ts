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
