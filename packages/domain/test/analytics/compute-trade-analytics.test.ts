import { describe, expect, it } from 'vitest'
import { buildTradeLedger, computeTradeAnalytics, listRecentTrades } from '../../src/analytics'
import { importStatement } from '../../src/statement'
import { mt4Spec } from '../statement/known-histories'
import {
  mt4DetailedStatement,
  mt5TradeHistoryReport,
  randomMt5History,
  type Mt5ReportSpec,
} from '../support/statement-files'
import { closedTrade } from './trades'

const cents = (amounts: readonly (number | undefined)[]) =>
  Math.round(amounts.reduce<number>((sum, a) => sum + (a ?? 0), 0) * 100) / 100

/**
 * An MT5 history whose trades carry every cost of the summary's results: no entry commission,
 * fee or partial close (those are in the summary but in no trade of a Positions section).
 */
function plainMt5History(): Mt5ReportSpec {
  const history = randomMt5History({ trades: 60, seed: 9 })
  return {
    ...history,
    positions: history.positions.map((p) => {
      const last = p.exits.at(-1)
      if (!last) return p
      const exit = {
        ...last,
        volume: p.volume,
        fee: 0,
        profit: cents(p.exits.map((e) => e.profit)),
        commission: cents(p.exits.map((e) => e.commission)),
        swap: cents(p.exits.map((e) => e.swap)),
      }
      return { ...p, entryCommission: 0, exits: [exit] }
    }),
  }
}

describe('dashboard analytics of an imported history', () => {
  it.each([
    ['MT4', mt4DetailedStatement(mt4Spec).bytes],
    ['MT5', mt5TradeHistoryReport(plainMt5History()).bytes],
  ])("agree with the %s terminal's own figures", (_, bytes) => {
    const { summary, trades } = importStatement(bytes)
    const analytics = computeTradeAnalytics(trades, {
      timeZone: 'UTC',
      account: { balance: 0, equity: 0 },
      now: '2026-03-02T12:00:00Z',
      period: 'month',
      recentTradesLimit: 5,
    })
    expect(analytics.totalStats).toMatchObject({
      profit: summary.totalNetProfit,
      totalTrades: summary.totalTrades,
      winTrades: summary.profitTrades,
    })
    const byType = analytics.visualTrades.tradesByType
    expect(byType.map((t) => t.tradeCount)).toEqual([summary.longTrades, summary.shortTrades])
    const won = analytics.visualStats.trades_by_hour.reduce((sum, h) => sum + h.wonProfit * 100, 0)
    expect(Math.round(won) / 100).toBe(summary.grossProfit)
    expect(analytics.recentTrades).toHaveLength(5)
  })
})

describe('recent trades', () => {
  it('lists the most recently closed first, with its result as profit and its side as type', () => {
    const trades = [
      closedTrade({
        id: 'a',
        openTime: '2026-03-02T09:00:00Z',
        closeTime: '2026-03-02T12:00:00Z',
        profit: 10,
        commission: -1,
      }),
      closedTrade({
        id: 'b',
        openTime: '2026-03-02T09:00:00Z',
        closeTime: '2026-03-02T14:00:00Z',
        side: 'sell',
      }),
      closedTrade({ id: 'c', openTime: '2026-03-02T09:00:00Z', closeTime: '2026-03-02T13:00:00Z' }),
      closedTrade({ id: 'd', openTime: '2026-03-02T09:00:00Z', closeTime: '2026-03-02T14:00:00Z' }),
    ]
    const recent = listRecentTrades(buildTradeLedger(trades, { timeZone: 'UTC' }), 3)
    expect(recent.map((t) => t.id)).toEqual(['d', 'b', 'c'])
    expect(recent[1]).toMatchObject({ type: 'sell' })
    expect(
      listRecentTrades(buildTradeLedger(trades, { timeZone: 'UTC' }), 10).at(-1),
    ).toMatchObject({
      id: 'a',
      profit: 9,
      lots: 1,
    })
  })
})
