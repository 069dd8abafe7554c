import type { TradingAccountDto } from '@tp/api'
import { accountBalance, formatMoney, isAccountSizeK } from '@tp/domain'

/** "$100,000": the account's starting size. */
export function accountSizeText(sizeK: number): string {
  return isAccountSizeK(sizeK)
    ? formatMoney(accountBalance(sizeK), { showCents: false })
    : `$${sizeK}K`
}

/** Whether the trader may still change the account's trading password. */
export function canChangePassword(account: TradingAccountDto): boolean {
  return account.status === 'active' && !account.isReadOnly
}

/** Whether the account has a login and passwords yet (not while it is being set up). */
export function hasCredentials(account: TradingAccountDto): boolean {
  return account.status !== 'provisioning' && account.login !== ''
}
