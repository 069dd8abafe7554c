import { calendarMessages } from '@tp/api/calendar'
import { BRAND, renderEmail } from '../lib/email-layout'

/** The trader is told which trade fell inside which event's window (the evidence is on the dashboard). */
export function newsViolationEmail(
  to: string,
  data: {
    login: string
    kind: 'open' | 'close'
    symbol: string
    tradeTime: string
    eventTitle: string
    eventCurrency: string
    eventTime: string
    distance: string
    blackoutMinutes: number
    appUrl: string
  },
) {
  return renderEmail(to, {
    subject: `${BRAND}: ${calendarMessages.violationEmailSubject}`,
    paragraphs: [
      `On your account ${data.login}, a ${data.symbol} trade was ${data.kind === 'open' ? 'opened' : 'closed'} at ${data.tradeTime} UTC, ${data.distance} the high-impact event "${data.eventCurrency} ${data.eventTitle}" (${data.eventTime} UTC).`,
      calendarMessages.newsRuleNote(data.blackoutMinutes),
      'This is recorded as a news-rule violation on the account, with its evidence, for our risk desk to review.',
    ],
    action: { label: 'Open your dashboard', url: `${data.appUrl}/user/dashboard` },
  })
}
