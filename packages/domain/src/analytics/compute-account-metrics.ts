import type { AccountSizeK } from '../plans/catalogue'
import type { HistoryInput } from '../rules/history'
import type { Rulebook } from '../rules/rulebook'
import { isClosed } from '../trades/trade'
import { buildTradeLedger } from './build-trade-ledger'
import { computeBreakdowns, type Breakdowns } from './compute-breakdowns'
import { computeEquityCurve, type EquityCurve } from './compute-equity-curve'
import { computeRuleWhatIf, type WhatIfVerdict } from './compute-rule-what-if'
import {
  closeOrder,
  computeMaxDrawdown,
  computeTradeMetrics,
  type MaxDrawdown,
  type TradeMetrics,
} from './compute-trade-metrics'
import { amountToCents } from './trade-result'

/** A closed trade as the metrics page lists it (net result = profit + commission + swap). */
export interface MetricsTrade {
  id: string
  symbol: string
  side: 'buy' | 'sell'
  volume: number
  openTime: string
  closeTime: string
  openPrice: number
  closePrice: number
  /** net result, cents */
  result: number
}

/**
 * Everything the account metrics page shows (issue 12 items 4, 5, 7), as plain data: the server
 * computes it from an account's evaluation ledger, the browser from an imported statement, and
 * the page's components draw it from props alone. Money is integer cents of the account
 * currency; prices and volumes (lots) are the numbers the source gave (a statement's symbols
 * need not be in our instrument catalogue).
 */
export interface AccountMetrics {
  /** cents */
  initialBalance: number
  /** the zone of the weekday and hour tables (IANA) */
  timeZone: string
  /** trades in close order; daily results point into it */
  trades: MetricsTrade[]
  curve: EquityCurve
  metrics: TradeMetrics
  /** over every snapshot's equity (for a statement, the closed balance after each close) */
  maxDrawdown: MaxDrawdown
  breakdowns: Breakdowns
  /** null when the source has no plan size to judge at */
  whatIf: WhatIfVerdict[] | null
}

export interface AccountMetricsInput {
  rules: Rulebook
  history: HistoryInput
  /** the zone of the weekday and hour tables (the rulebook's day reset zone by default) */
  timeZone?: string
  /** the catalogue size to judge the what-if at; null skips it */
  sizeK: AccountSizeK | null
  /** stop-loss prices by trade id, where the source knows them (average R) */
  stopLossById?: ReadonlyMap<string, number>
}

export function computeAccountMetrics(input: AccountMetricsInput): AccountMetrics {
  const { rules, history } = input
  const closed = (history.trades ?? [])
    .map((trade) => ({ commission: 0, swap: 0, ...trade }))
    .filter(isClosed)
  const timeZone = input.timeZone ?? rules.dayReset.timeZone
  const ledger = buildTradeLedger(closed, {
    timeZone,
    dayReset: rules.dayReset,
  })
  const order = closeOrder(ledger)
  const position = new Map(order.map((ledgerIndex, k) => [ledgerIndex, k]))
  const breakdowns = computeBreakdowns(ledger, order)
  const curve = computeEquityCurve(rules, history)
  return {
    initialBalance: amountToCents(rules.initialBalance),
    timeZone,
    trades: order.map((i) => {
      const trade = ledger.trades[i]!
      return {
        id: trade.id,
        symbol: trade.symbol,
        side: trade.side,
        volume: trade.volume,
        openTime: trade.openTime,
        closeTime: trade.closeTime,
        openPrice: trade.openPrice,
        closePrice: trade.closePrice,
        result: ledger.resultCents[i]!,
      }
    }),
    curve,
    metrics: computeTradeMetrics(ledger, {
      initialBalance: rules.initialBalance,
      ...(input.stopLossById ? { stopLossById: input.stopLossById } : {}),
    }),
    maxDrawdown: computeMaxDrawdown(history.snapshots.map((s) => amountToCents(s.equity))),
    breakdowns: {
      ...breakdowns,
      daily: breakdowns.daily.map((day) => ({
        ...day,
        tradeIndexes: day.tradeIndexes.map((i) => position.get(i)!),
      })),
    },
    whatIf: input.sizeK === null ? null : computeRuleWhatIf(history, input.sizeK),
  }
}
