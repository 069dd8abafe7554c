import { stageLabels, type Stage } from '@tp/domain'
import { BRAND, renderEmail } from '../../lib/email-layout'

export type AdminAccountAction = 'pass' | 'fail' | 'leverage' | 'extend'

/** The owner is told what the risk desk did to the account and why (the reason is audited too). */
export function adminAccountActionEmail(
  to: string,
  data: {
    action: AdminAccountAction
    stage: Stage
    login: string
    reason: string
    leverage?: number
    appUrl: string
  },
) {
  const account = `${stageLabels[data.stage]} account ${data.login}`
  const what = {
    pass: {
      subject: `${BRAND}: your ${account} was passed`,
      done: `Our risk desk passed your ${account}. It is now read-only; your next stage (or certificate) follows as after any pass.`,
    },
    fail: {
      subject: `${BRAND}: your ${account} was failed`,
      done: `Our risk desk failed your ${account}: trading is disabled, pending orders were cancelled and open positions closed at market.`,
    },
    extend: {
      subject: `${BRAND}: inactivity window extended on your ${account}`,
      done: `Our risk desk extended the inactivity window of your ${account}: the days without a trade count from today.`,
    },
    leverage: {
      subject: `${BRAND}: leverage changed on your ${account}`,
      done: `Our risk desk set the leverage of your ${account} to 1:${data.leverage ?? 0}.`,
    },
  }[data.action]
  return renderEmail(to, {
    subject: what.subject,
    paragraphs: [what.done, `Reason: ${data.reason}`],
    action: { label: 'Open your dashboard', url: `${data.appUrl}/user/dashboard` },
  })
}
