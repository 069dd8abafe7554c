import {
  computeAccountFigures,
  type LiveAccountFigures,
  type MarginPolicy,
  type OpenPosition,
  type TradingAccount,
} from './account-figures'
import { closePosition, type PositionClose } from './close-position'
import { positionProfit } from './profit'
import type { QuoteBook } from './quotes'

export interface StopOutClose extends PositionClose {
  readonly positionId: string
}

export interface StopOutPlan {
  /** positions to close at market, in this order; empty when the account is not stopped out */
  readonly closes: readonly StopOutClose[]
  /** the account once they are closed */
  readonly account: TradingAccount
  readonly figures: LiveAccountFigures
}

/**
 * MetaTrader's stop-out: while the margin level is at or below the plan's stop-out percent,
 * close the position with the largest loss (floating profit + swap; ties: the larger volume,
 * then the id) at market, and look again. Each close books its profit, swap and closing
 * commission to the balance and releases its margin (under the hedging rule a close of the
 * smaller leg releases none, and the next loser goes). Stops as soon as the level is back above
 * the stop-out, or nothing is left open.
 */
export function planStopOut(
  account: TradingAccount,
  quotes: QuoteBook,
  policy: MarginPolicy,
): StopOutPlan {
  let current = account
  let figures = computeAccountFigures(current, quotes, policy)
  if (!figures.isStopOut) return { closes: [], account, figures }

  const byLossFirst = account.positions
    .map((position) => ({ position, result: positionProfit(position, quotes) + position.swap }))
    .sort(
      (a, b) =>
        a.result - b.result ||
        b.position.volume - a.position.volume ||
        compareIds(a.position, b.position),
    )
    .map(({ position }) => position)

  const closes: StopOutClose[] = []
  for (const position of byLossFirst) {
    if (!figures.isStopOut) break
    const close = closePosition(position, position.volume, quotes)
    closes.push({ ...close, positionId: position.id })
    current = {
      ...current,
      balance: current.balance + close.balanceChange,
      positions: current.positions.filter((open) => open.id !== position.id),
    }
    figures = computeAccountFigures(current, quotes, policy)
  }
  return { closes, account: current, figures }
}

function compareIds(a: OpenPosition, b: OpenPosition): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}
