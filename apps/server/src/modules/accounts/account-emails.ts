import { messages } from '@tp/api'
import { formatMoney, stageLabels, usd, type Stage } from '@tp/domain'
import { BRAND, renderEmail } from '../../lib/email-layout'

// The emails of an account's life: its credentials, a breach with its evidence, a pass, a
// suspension for inactivity, an admin's risk action with its reason.

export function credentialsEmail(
  to: string,
  data: {
    stage: Stage
    sizeK: number
    platformLabel: string
    login: string
    password: string
    investorPassword: string | null
    server: string
    appUrl: string
    /** on the built-in simulated server (default); false: a real MetaTrader server (0042) */
    isSimulated?: boolean
  },
) {
  const stage = stageLabels[data.stage]
  const isSimulated = data.isSimulated ?? true
  return renderEmail(to, {
    subject: `Your ${BRAND} ${stage} account is ready`,
    paragraphs: [
      `Your ${formatMoney(usd(data.sizeK * 100_000), { showCents: false })} ${stage} account is ready to trade.`,
      `Platform: ${data.platformLabel}${isSimulated ? ' (simulated account)' : ''}`,
      `Login: ${data.login}`,
      `Password: ${data.password}`,
      ...(data.investorPassword ? [`Investor (read-only) password: ${data.investorPassword}`] : []),
      `Server: ${data.server}`,
      isSimulated
        ? 'Keep these details private. You can always see them on your dashboard, and trade in the web terminal.'
        : `Keep these details private. You can always see them on your dashboard. Trade in your ${data.platformLabel} terminal: sign in to server ${data.server} with this login and password.`,
    ],
    action: { label: 'Open the trading terminal', url: `${data.appUrl}/user/tradingtool` },
  })
}

export function breachEmail(
  to: string,
  data: {
    stage: Stage
    login: string
    rule: 'dailyLoss' | 'maxLoss'
    at: string
    equity: number
    floor: number
    rulebookVersion: string
    openPositions: number
    appUrl: string
  },
) {
  const ruleLabel = messages.trading.ruleLabels[data.rule]
  return renderEmail(to, {
    subject: `${BRAND}: your ${stageLabels[data.stage]} account ${data.login} breached the ${ruleLabel}`,
    paragraphs: [
      messages.trading.breached(ruleLabel),
      `At ${data.at} (UTC) your equity was ${formatMoney(usd(data.equity))}, at or below the ${ruleLabel.toLowerCase()} floor of ${formatMoney(usd(data.floor))}.`,
      `Positions open at that moment: ${data.openPositions}. Rules: version ${data.rulebookVersion} of your plan.`,
      'The evidence is on your trading terminal; the account history can be replayed against the rules to check the verdict.',
    ],
    action: { label: 'See the evidence', url: `${data.appUrl}/user/tradingtool` },
  })
}

export function passedEmail(to: string, data: { stage: Stage; login: string; appUrl: string }) {
  return renderEmail(to, {
    subject: `${BRAND}: you passed ${stageLabels[data.stage]}`,
    paragraphs: [
      `Your ${stageLabels[data.stage]} account ${data.login} met every objective.`,
      messages.trading.passed,
      'This account is now read-only: its history stays on your dashboard.',
    ],
    action: { label: 'Open your dashboard', url: `${data.appUrl}/user/dashboard` },
  })
}

export function suspendedEmail(
  to: string,
  data: {
    stage: Stage
    login: string
    inactivityDays: number
    closedPositions: number
    cancelledOrders: number
    /** the balance after the closes, cents */
    balance: number
    appUrl: string
  },
) {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
  return renderEmail(to, {
    subject: `${BRAND}: your ${stageLabels[data.stage]} account ${data.login} was suspended`,
    paragraphs: [
      `No trade was opened on your ${stageLabels[data.stage]} account ${data.login} for ${data.inactivityDays} days, so the account was suspended under the inactivity rule.`,
      `Trading is disabled: ${count(data.closedPositions, 'open position was', 'open positions were')} closed at market and ${count(data.cancelledOrders, 'pending order was', 'pending orders were')} cancelled. The balance is now ${formatMoney(usd(data.balance))}.`,
      'The account is read-only: its history stays on your dashboard.',
    ],
    action: { label: 'Open your dashboard', url: `${data.appUrl}/user/dashboard` },
  })
}

export type RiskAction = 'close-all' | 'disable-trading' | 'enable-trading'

/** An admin's risk action on the account, with the reason the admin gave (audited too). */
export function riskActionEmail(
  to: string,
  data: {
    action: RiskAction
    stage: Stage
    login: string
    reason: string
    closedPositions: number
    cancelledOrders: number
    appUrl: string
  },
) {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
  const account = `${stageLabels[data.stage]} account ${data.login}`
  const what = {
    'close-all': {
      subject: `${BRAND}: positions closed on your ${account}`,
      done: `Our risk desk closed ${count(data.closedPositions, 'open position', 'open positions')} at market on your ${account} and cancelled ${count(data.cancelledOrders, 'pending order', 'pending orders')}.`,
    },
    'disable-trading': {
      subject: `${BRAND}: trading disabled on your ${account}`,
      done: `Our risk desk disabled trading on your ${account}${data.cancelledOrders > 0 ? ` and cancelled ${count(data.cancelledOrders, 'pending order', 'pending orders')}` : ''}. Open positions stay open; you cannot open, change or close trades until trading is enabled again.`,
    },
    'enable-trading': {
      subject: `${BRAND}: trading enabled again on your ${account}`,
      done: `Our risk desk enabled trading on your ${account} again.`,
    },
  }[data.action]
  return renderEmail(to, {
    subject: what.subject,
    paragraphs: [
      what.done,
      `Reason: ${data.reason}`,
      "The account's positions, orders and history are on your trading terminal.",
    ],
    action: { label: 'Open the trading terminal', url: `${data.appUrl}/user/tradingtool` },
  })
}
