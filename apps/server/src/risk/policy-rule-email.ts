import { policyMessages, type PolicyAction, type PolicyRule } from '@tp/api/policy-violations'
import { BRAND, renderEmail } from '../lib/email-layout'

/** The trader is told which position broke which firm rule and what the firm did (decision 0045). */
export function policyViolationEmail(
  to: string,
  data: {
    login: string
    rule: PolicyRule
    action: PolicyAction
    symbol: string
    side: string
    lots: string
    capLots: string | null
    openTime: string
    appUrl: string
  },
) {
  const why =
    data.rule === 'lot-cap'
      ? policyMessages.lotCap(data.lots, data.capLots ?? '')
      : data.rule === 'weekend-holding'
        ? policyMessages.weekendHolding
        : policyMessages.marketHours
  return renderEmail(to, {
    subject: `${BRAND}: ${policyMessages.emailSubject(data.rule)}`,
    paragraphs: [
      `On your account ${data.login}, a ${data.lots}-lot ${data.side} position in ${data.symbol} opened at ${data.openTime} UTC broke the firm’s trading rules.`,
      why,
      policyMessages.action(data.action),
    ],
    action: { label: 'Open your dashboard', url: `${data.appUrl}/user/dashboard` },
  })
}
