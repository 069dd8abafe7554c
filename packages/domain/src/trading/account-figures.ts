import type { PlanPolicy } from '../plans'
import { roundDiv } from './exact'
import { accountMargin, positionMargin } from './margin'
import { tradingMessages } from './messages'
import { tradingIssue, type TradingIssue } from './orders'
import { positionProfit, type PositionTerms } from './profit'
import type { QuoteBook } from './quotes'

/**
 * An open position as the account maths sees it. Commissions are not here: like MetaTrader 5,
 * each deal's commission is booked to the balance when the deal happens. Swaps accumulate on
 * the position at each rollover and reach the balance when it closes.
 */
export interface OpenPosition extends PositionTerms {
  readonly id: string
  /** swap accumulated so far, USD cents */
  readonly swap: number
}

export interface TradingAccount {
  /** USD cents */
  readonly balance: number
  /** 1:N */
  readonly leverage: number
  readonly positions: readonly OpenPosition[]
}

export type MarginPolicy = Pick<PlanPolicy, 'marginCallPercent' | 'stopOutPercent'>

/** An account's figures, all in USD cents except the margin level. */
export interface LiveAccountFigures {
  readonly balance: number
  /** Σ floating profit of the open positions at the current quotes */
  readonly floatingProfit: number
  /** Σ swap accumulated on the open positions */
  readonly swap: number
  /** balance + floating profit + swap */
  readonly equity: number
  readonly margin: number
  /** equity - margin */
  readonly freeMargin: number
  /** equity / margin x 100, to 2 decimals; null without margin (no open position) */
  readonly marginLevelPercent: number | null
  readonly isMarginCall: boolean
  readonly isStopOut: boolean
}

/**
 * Equity, margin, free margin and margin level of an account at the current quotes. A margin
 * call is a margin level at or below the plan's margin-call percent (80), a stop-out at or below
 * its stop-out percent (50): both compared exactly in integers, never through the rounded level.
 */
export function computeAccountFigures(
  account: TradingAccount,
  quotes: QuoteBook,
  policy: MarginPolicy,
): LiveAccountFigures {
  let floatingProfit = 0
  let swap = 0
  for (const position of account.positions) {
    floatingProfit += positionProfit(position, quotes)
    swap += position.swap
  }
  const margin = accountMargin(account.positions, account.leverage, quotes)
  return figuresOf(account.balance, floatingProfit, swap, margin, policy)
}

/**
 * The figures from their parts, for a caller that keeps some of them (a server caching an
 * account's margin between ticks that cannot change it).
 */
export function figuresOf(
  balance: number,
  floatingProfit: number,
  swap: number,
  margin: number,
  policy: MarginPolicy,
): LiveAccountFigures {
  const equity = balance + floatingProfit + swap
  return {
    balance,
    floatingProfit,
    swap,
    equity,
    margin,
    freeMargin: equity - margin,
    marginLevelPercent: margin > 0 ? roundDiv(equity * 10_000, margin) / 100 : null,
    isMarginCall: isLevelAtOrBelow(equity, margin, policy.marginCallPercent),
    isStopOut: isLevelAtOrBelow(equity, margin, policy.stopOutPercent),
  }
}

/** equity / margin x 100 <= percent, exactly. */
export function isLevelAtOrBelow(equity: number, margin: number, percent: number): boolean {
  return margin > 0 && equity * 100 <= percent * margin
}

/** One position's live figures for the terminal: its P/L now and the margin it holds. */
export function positionFigures(
  position: OpenPosition,
  accountLeverage: number,
  quotes: QuoteBook,
): { profit: number; margin: number } {
  return {
    profit: positionProfit(position, quotes),
    margin: positionMargin(position, accountLeverage, quotes),
  }
}

/**
 * Whether the account can hold one more position: its free margin after the position is added
 * (hedging rule of accountMargin, and the opening commission taken from the balance) must not be
 * negative. Returns the issue to show, or null.
 */
export function checkMargin(
  account: TradingAccount,
  position: OpenPosition,
  openingCommission: number,
  quotes: QuoteBook,
  policy: MarginPolicy,
): TradingIssue | null {
  const before = computeAccountFigures(account, quotes, policy)
  const after = computeAccountFigures(
    {
      ...account,
      balance: account.balance + openingCommission,
      positions: [...account.positions, position],
    },
    quotes,
    policy,
  )
  if (after.freeMargin >= 0) return null
  const required = after.margin - before.margin
  return tradingIssue(
    'not-enough-margin',
    'account',
    tradingMessages.notEnoughMargin(required, before.freeMargin),
  )
}
