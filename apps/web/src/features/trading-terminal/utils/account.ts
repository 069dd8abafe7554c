import { tradingAccountStatusLabels, type TradingAccountDto } from '@tp/api'
import { currentRulebookVersion, getPlanPolicy, stageLabels, type PlanPolicy } from '@tp/domain'

/** Whether the account may place and change trades now (here: not one that trades in MetaTrader). */
export function canTrade(account: TradingAccountDto): boolean {
  return (
    account.status === 'active' &&
    account.isTradingEnabled &&
    !account.isReadOnly &&
    account.isTerminalTrading !== false
  )
}

/** Whether the account's evaluation is over (failed, passed, closed, suspended): its figures are final. */
export function isEnded(account: TradingAccountDto): boolean {
  return account.status !== 'active' && account.status !== 'provisioning'
}

/** The plan's trading limits the account was sold with (its rulebook version). */
export function policyOf(account: TradingAccountDto): Readonly<PlanPolicy> {
  try {
    return getPlanPolicy(account.planKey, account.rulebookVersion)
  } catch {
    // a version this build does not know yet: the current one is the closest guess for display;
    // the server judges every order by the account's own version anyway
    return getPlanPolicy(account.planKey, currentRulebookVersion)
  }
}

/** "#1001234 · Phase 1 · $100K · Active" */
export function accountLabel(account: TradingAccountDto): string {
  return [
    `#${account.login}`,
    stageLabels[account.stage],
    `$${account.sizeK}K`,
    tradingAccountStatusLabels[account.status],
  ].join(' · ')
}
