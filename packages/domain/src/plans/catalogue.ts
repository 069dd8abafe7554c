import { z } from 'zod'
import { usd, type Money } from '../money'

// The plan catalogue: every plan fact a page, the server or a job shows or uses comes from here
// (decisions.md: "one source of truth for plans").

export const challengeTypes = ['twoPhase', 'instantFund'] as const
export type ChallengeType = (typeof challengeTypes)[number]
export const challengeTypeSchema = z.enum(challengeTypes)
export const challengeTypeLabels: Readonly<Record<ChallengeType, string>> = {
  twoPhase: 'Two Phase',
  instantFund: 'Instant Funding',
}

export const tradingPlatforms = ['mt4', 'mt5'] as const
export type TradingPlatform = (typeof tradingPlatforms)[number]
export const tradingPlatformSchema = z.enum(tradingPlatforms)
export const tradingPlatformLabels: Readonly<Record<TradingPlatform, string>> = {
  mt4: 'MetaTrader 4',
  mt5: 'MetaTrader 5',
}
export const tradingPlatformShortLabels: Readonly<Record<TradingPlatform, string>> = {
  mt4: 'MT4',
  mt5: 'MT5',
}

/** The chooser's 1-based step values of spec 4 (challenge 1 = Two Phase, platform 1 = MT4). */
export const challengeTypeByIndex = { 1: 'twoPhase', 2: 'instantFund' } as const satisfies Record<
  number,
  ChallengeType
>
export const tradingPlatformByIndex = { 1: 'mt4', 2: 'mt5' } as const satisfies Record<
  number,
  TradingPlatform
>
export type ChallengeTypeIndex = keyof typeof challengeTypeByIndex
export type TradingPlatformIndex = keyof typeof tradingPlatformByIndex

/** Account sizes in thousands of US dollars; the chooser's size index is the position (0-6). */
export const accountSizesK = [5, 10, 25, 50, 100, 500, 1000] as const
export type AccountSizeK = (typeof accountSizesK)[number]
export const accountSizeKSchema = z.literal(accountSizesK)

export function isAccountSizeK(value: unknown): value is AccountSizeK {
  return accountSizesK.includes(value as AccountSizeK)
}

/** "5K" ... "500K", "1M". */
export function accountSizeLabel(sizeK: AccountSizeK): string {
  return sizeK >= 1000 ? `${sizeK / 1000}M` : `${sizeK}K`
}

/** The starting balance in whole dollars (size in thousands x 1000), as the rulebook takes it. */
export function accountBalanceDollars(sizeK: AccountSizeK): number {
  assertAccountSize(sizeK)
  return sizeK * 1000
}

export function accountBalance(sizeK: AccountSizeK): Money {
  return usd(accountBalanceDollars(sizeK) * 100)
}

/** Sizes of a stored balance in dollars (spec 3 keeps `balance` = size x 1000 in the browser). */
export function accountSizeFromBalance(balanceDollars: number): AccountSizeK | null {
  const sizeK = balanceDollars / 1000
  return isAccountSizeK(sizeK) ? sizeK : null
}

/** Base fees in whole US dollars, spec 9.1. */
const baseFeeDollars: Readonly<Record<ChallengeType, Readonly<Record<AccountSizeK, number>>>> = {
  twoPhase: { 5: 59, 10: 89, 25: 199, 50: 379, 100: 599, 500: 1999, 1000: 4999 },
  instantFund: { 5: 109, 10: 279, 25: 379, 50: 599, 100: 1999, 500: 4999, 1000: 9999 },
}

export function baseFee(challenge: ChallengeType, sizeK: AccountSizeK): Money {
  assertAccountSize(sizeK)
  const dollars = baseFeeDollars[challenge]?.[sizeK]
  if (dollars === undefined) throw new RangeError(`unknown challenge type: ${String(challenge)}`)
  return usd(dollars * 100)
}

export interface PlanOption {
  challenge: ChallengeType
  sizeK: AccountSizeK
  /** position in the chooser (spec 4: 0-6) */
  sizeIndex: number
  sizeLabel: string
  balance: Money
  fee: Money
}

export function getPlanOption(challenge: ChallengeType, sizeK: AccountSizeK): PlanOption {
  return {
    challenge,
    sizeK,
    sizeIndex: accountSizesK.indexOf(sizeK),
    sizeLabel: accountSizeLabel(sizeK),
    balance: accountBalance(sizeK),
    fee: baseFee(challenge, sizeK),
  }
}

/** Every purchasable option, challenge by challenge, sizes ascending. */
export const planOptions: readonly PlanOption[] = challengeTypes.flatMap((challenge) =>
  accountSizesK.map((sizeK) => getPlanOption(challenge, sizeK)),
)

function assertAccountSize(sizeK: number): asserts sizeK is AccountSizeK {
  if (!isAccountSizeK(sizeK)) {
    throw new RangeError(
      `account size must be one of ${accountSizesK.join(', ')} (K), got ${sizeK}`,
    )
  }
}
