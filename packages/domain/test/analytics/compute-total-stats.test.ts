import { describe, expect, it } from 'vitest'
import { buildTradeLedger, computeTotalStats } from '../../src/analytics'
import { closedTrade, FOREX_DAY, NEW_YORK } from './trades'

const account = { balance: 100_120.5, equity: 100_080.25 }

describe('total stats (dashboard summary cards)', () => {
  it('passes the account figures through and sums results exactly', () => {
    const trades = [0.1, 0.2, 0.3].map((profit) =>
      closedTrade({ openTime: '2026-03-02T09:00:00Z', closeTime: '2026-03-02T10:00:00Z', profit }),
    )
    const stats = computeTotalStats(
      buildTradeLedger(trades, { timeZone: 'UTC' }),
      account,
      '2026-03-02T12:00:00Z',
    )
    expect(stats).toMatchObject({ balance: 100_120.5, equity: 100_080.25, profit: 0.6 })
  })

  it("counts today's profit from the trading-day reset (17:00 New York), not from midnight", () => {
    const trades = [
      // Monday 16:59 New York: the trading day that ended at 17:00
      closedTrade({
        openTime: '2026-03-02T20:00:00Z',
        closeTime: '2026-03-02T21:59:00Z',
        profit: 100,
      }),
      // Monday 17:01 New York: the new trading day ("Tuesday")
      closedTrade({
        openTime: '2026-03-02T21:30:00Z',
        closeTime: '2026-03-02T22:01:00Z',
        profit: -30,
      }),
      closedTrade({
        openTime: '2026-03-02T21:30:00Z',
        closeTime: '2026-03-02T23:00:00Z',
        profit: 12.5,
      }),
    ]
    const ledger = buildTradeLedger(trades, { timeZone: NEW_YORK, dayReset: FOREX_DAY })
    const stats = computeTotalStats(ledger, account, '2026-03-02T23:30:00Z') // Monday 18:30 New York
    expect(stats.todayProfit).toBe(-17.5)
    expect(stats.profit).toBe(82.5)
  })

  it("counts today's trades and their win rate in the same trading day as today's profit", () => {
    const trades = [
      // the previous trading day (closed 16:59 New York): a loss, not today's
      closedTrade({
        openTime: '2026-03-02T20:00:00Z',
        closeTime: '2026-03-02T21:59:00Z',
        profit: -40,
      }),
      // today (from 17:00 New York): a win, a zero (a win, as MetaTrader counts it), a loss
      ...[5, 0, -3].map((profit) =>
        closedTrade({
          openTime: '2026-03-02T21:30:00Z',
          closeTime: '2026-03-02T22:30:00Z',
          profit,
        }),
      ),
    ]
    const ledger = buildTradeLedger(trades, { timeZone: NEW_YORK, dayReset: FOREX_DAY })
    const stats = computeTotalStats(ledger, account, '2026-03-02T23:30:00Z')
    // 2 winning of 3 closed today = 66.666...% -> 66.67; all four: 2 of 4 = 50%
    expect(stats).toMatchObject({ todayTrades: 3, todayWinRate: 66.67, todayProfit: 2 })
    expect(stats).toMatchObject({ totalTrades: 4, winTrades: 2, successRate: 50 })
    // the next trading day has no trade yet
    const tomorrow = computeTotalStats(ledger, account, '2026-03-03T22:30:00Z')
    expect(tomorrow).toMatchObject({ todayTrades: 0, todayWinRate: 0, todayProfit: 0 })
  })

  it("counts today's profit by calendar day in the zone when no reset is given", () => {
    const trades = [
      closedTrade({
        openTime: '2026-03-02T20:00:00Z',
        closeTime: '2026-03-02T21:59:00Z',
        profit: 100,
      }),
      closedTrade({
        openTime: '2026-03-02T21:30:00Z',
        closeTime: '2026-03-03T05:30:00Z',
        profit: 7,
      }), // 00:30 Tue
    ]
    const ledger = buildTradeLedger(trades, { timeZone: NEW_YORK })
    expect(computeTotalStats(ledger, account, '2026-03-02T23:30:00Z').todayProfit).toBe(100)
    expect(computeTotalStats(ledger, account, '2026-03-03T06:00:00Z').todayProfit).toBe(7)
  })

  it('counts a zero result as a winning trade in the success rate', () => {
    const trades = [25, 0, -10].map((profit) =>
      closedTrade({ openTime: '2026-03-02T09:00:00Z', closeTime: '2026-03-02T10:00:00Z', profit }),
    )
    const stats = computeTotalStats(
      buildTradeLedger(trades, { timeZone: 'UTC' }),
      account,
      '2026-03-02T12:00:00Z',
    )
    expect(stats).toMatchObject({ totalTrades: 3, winTrades: 2, successRate: 66.67 })
  })

  it('averages the holding time in milliseconds', () => {
    const trades = [
      closedTrade({ openTime: '2026-03-02T09:00:00Z', closeTime: '2026-03-02T09:30:00Z' }),
      closedTrade({ openTime: '2026-03-02T09:00:00Z', closeTime: '2026-03-02T11:00:00.001Z' }),
    ]
    const stats = computeTotalStats(
      buildTradeLedger(trades, { timeZone: 'UTC' }),
      account,
      '2026-03-02T12:00:00Z',
    )
    expect(stats.avgHoldTime).toBe(75 * 60_000 + 1) // (30 min + 120 min + 1 ms) / 2, rounded
  })

  it('shows zeros before the first trade', () => {
    const stats = computeTotalStats(
      buildTradeLedger([], { timeZone: 'UTC' }),
      account,
      '2026-03-02T12:00:00Z',
    )
    expect(stats).toEqual({
      ...account,
      profit: 0,
      todayProfit: 0,
      todayTrades: 0,
      todayWinRate: 0,
      totalTrades: 0,
      winTrades: 0,
      avgHoldTime: 0,
      successRate: 0,
    })
  })

  it('refuses a `now` that is not an instant', () => {
    expect(() =>
      computeTotalStats(buildTradeLedger([], { timeZone: 'UTC' }), account, 'now'),
    ).toThrow(/now is not/)
  })
})
