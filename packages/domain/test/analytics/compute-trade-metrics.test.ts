import { describe, expect, it } from 'vitest'
import {
  buildTradeLedger,
  closeOrder,
  computeBreakdowns,
  computeMaxDrawdown,
  computeTradeMetrics,
  MIN_TRADES_FOR_RATIOS,
} from '../../src/analytics'
import type { Trade } from '../../src/trades/trade'
import { closedTrade, FOREX_DAY, NEW_YORK } from './trades'

/** Trades closing one hour apart from Monday 2026-03-02 10:00 UTC, with these results. */
function series(results: number[], fields: Partial<Omit<Trade, 'closeTime'>> = {}): Trade[] {
  return results.map((profit, k) => {
    const open = Date.UTC(2026, 2, 2, 9) + k * 3_600_000
    return closedTrade({
      openTime: new Date(open).toISOString(),
      closeTime: new Date(open + 1_800_000).toISOString(),
      profit,
      ...fields,
    })
  })
}

const ledgerOf = (trades: Trade[]) => buildTradeLedger(trades, { timeZone: 'UTC' })

describe('trade metrics (metrics page)', () => {
  // results 100, -50, 200, -50, -50, 0, 30 (a zero result is a win, as MetaTrader counts it)
  // gross win 330 (4 wins), gross loss 150 (3 losses): PF 2.2, expectancy 180/7 = 25.714 -> 25.71
  // average win 82.50, average loss -50, best 200, worst -50 (the first), streaks: W L W L L W W
  // (money in cents)
  const trades = series([100, -50, 200, -50, -50, 0, 30])
  const metrics = computeTradeMetrics(ledgerOf(trades), { initialBalance: 10_000 })

  it('profit factor, expectancy, average win and loss', () => {
    expect(metrics).toMatchObject({
      trades: 7,
      wins: 4,
      losses: 3,
      profitFactor: 2.2,
      expectancy: 2571,
      averageWin: 8250,
      averageLoss: -5000,
    })
  })

  it('best and worst trade and the longest streaks, in close order', () => {
    expect(metrics.best).toEqual({ tradeId: trades[2]!.id, symbol: 'EURUSD', result: 20_000 })
    expect(metrics.worst).toEqual({ tradeId: trades[1]!.id, symbol: 'EURUSD', result: -5_000 })
    expect(metrics.longestWinStreak).toBe(2)
    expect(metrics.longestLossStreak).toBe(2)
  })

  it('streaks follow close times, not the order trades are listed in', () => {
    const [a, b, c] = series([10, -10, -10])
    // listed a, c, b but closed a, b, c: the two losses are one streak
    const m = computeTradeMetrics(ledgerOf([a!, c!, b!]), { initialBalance: 10_000 })
    expect(m.longestLossStreak).toBe(2)
  })

  it('net results count commission and swap; no loss leaves the profit factor undefined', () => {
    const m = computeTradeMetrics(ledgerOf(series([10, 20], { commission: -2.5, swap: 0.5 })), {
      initialBalance: 10_000,
    })
    expect(m).toMatchObject({
      profitFactor: null,
      expectancy: 1300,
      averageWin: 1300,
      averageLoss: 0,
    })
  })

  it(`Sharpe and Sortino only from ${MIN_TRADES_FOR_RATIOS} closed trades on`, () => {
    expect(metrics.sharpe).toBeNull()
    expect(metrics.sortino).toBeNull()
    const few = computeTradeMetrics(ledgerOf(series(Array(29).fill(10))), {
      initialBalance: 10_000,
    })
    expect(few.sharpe).toBeNull()
  })

  it('Sharpe and Sortino of per-trade returns on the initial balance', () => {
    // 20 trades of +200 and 10 of -100 on 10,000: returns +2% x20, -1% x10, mean 1%
    // sample variance = (20 x 0.01^2 + 10 x 0.02^2) / 29 = 0.006 / 29; sd = 0.0143839
    // Sharpe = 0.01 / 0.0143839 = 0.6952 -> 0.70
    // downside deviation = sqrt(10 x 0.01^2 / 30) = 0.0057735; Sortino = 1.7321 -> 1.73
    const results = [...Array(20).fill(200), ...Array(10).fill(-100)] as number[]
    const m = computeTradeMetrics(ledgerOf(series(results)), { initialBalance: 10_000 })
    expect(m.sharpe).toBe(0.7)
    expect(m.sortino).toBe(1.73)
  })

  it('average R where stops exist: result over the money risked to the stop', () => {
    // buy 1.1000 -> 1.1050 for +500 with its stop at 1.0975: risk 25/50 x 500 = 250, R = 2
    // sell 1.2000 -> 1.2020 for -200 with its stop at 1.2040: risk 40/20 x 200 = 400, R = -0.5
    // a third trade has no stop: average R = (2 - 0.5) / 2 = 0.75 over 2 trades
    const win = closedTrade({
      openTime: '2026-03-02T09:00:00Z',
      closeTime: '2026-03-02T10:00:00Z',
      openPrice: 1.1,
      closePrice: 1.105,
      profit: 500,
    })
    const loss = closedTrade({
      openTime: '2026-03-02T11:00:00Z',
      closeTime: '2026-03-02T12:00:00Z',
      side: 'sell',
      openPrice: 1.2,
      closePrice: 1.202,
      profit: -200,
    })
    const free = closedTrade({
      openTime: '2026-03-02T13:00:00Z',
      closeTime: '2026-03-02T14:00:00Z',
      profit: 50,
    })
    const stops = new Map([
      [win.id, 1.0975],
      [loss.id, 1.204],
    ])
    const m = computeTradeMetrics(ledgerOf([win, loss, free]), {
      initialBalance: 10_000,
      stopLossById: stops,
    })
    expect(m.averageR).toBe(0.75)
    expect(m.tradesWithStops).toBe(2)
    expect(computeTradeMetrics(ledgerOf([win]), { initialBalance: 1 }).averageR).toBeNull()
  })

  it('no trades: zeros and nulls', () => {
    expect(computeTradeMetrics(ledgerOf([]), { initialBalance: 10_000 })).toMatchObject({
      trades: 0,
      profitFactor: null,
      expectancy: 0,
      best: null,
      worst: null,
      longestWinStreak: 0,
    })
  })
})

describe('max drawdown', () => {
  it('the largest fall from a running peak, in money and in percent of that peak', () => {
    // peak 10,000 -> 9,000 (1,000, 10%); peak 12,000 -> 10,920 (1,080, 9%)
    const cents = [10_000, 9_500, 9_000, 12_000, 10_920, 11_000].map((d) => d * 100)
    expect(computeMaxDrawdown(cents)).toEqual({
      amount: 108_000,
      percent: 10,
    })
    expect(computeMaxDrawdown([1_000_000, 1_010_000])).toEqual({ amount: 0, percent: 0 })
  })
})

describe('breakdowns: daily results, symbols, weekdays, hours', () => {
  it('groups by the trading day of the close (17:00 New York), symbol, weekday and hour', () => {
    const trades = [
      // Monday 2026-03-02 14:00 UTC (09:00 NY) -> Monday's trading day (named 2026-03-02)
      closedTrade({
        openTime: '2026-03-02T14:00:00Z',
        closeTime: '2026-03-02T15:00:00Z',
        profit: 100,
      }),
      // closes 22:30 UTC (17:30 NY): the day named Tuesday 2026-03-03
      closedTrade({
        openTime: '2026-03-02T21:00:00Z',
        closeTime: '2026-03-02T22:30:00Z',
        profit: -40,
        symbol: 'XAUUSD',
      }),
      closedTrade({
        openTime: '2026-03-03T14:00:00Z',
        closeTime: '2026-03-03T15:00:00Z',
        profit: 60,
        symbol: 'XAUUSD',
      }),
    ]
    const ledger = buildTradeLedger(trades, { timeZone: NEW_YORK, dayReset: FOREX_DAY })
    const b = computeBreakdowns(ledger, closeOrder(ledger))
    expect(b.daily.map((d) => [d.date, d.trades, d.result, d.tradeIndexes])).toEqual([
      ['2026-03-02', 1, 10_000, [0]],
      ['2026-03-03', 2, 2_000, [1, 2]],
    ])
    expect(b.daily[1]).toMatchObject({ wins: 1, winRate: 50, profitFactor: 1.5 })
    expect(b.bySymbol.map((s) => [s.symbol, s.trades, s.result])).toEqual([
      ['EURUSD', 1, 10_000],
      ['XAUUSD', 2, 2_000],
    ])
    // opened Monday 09:00 and 16:00 NY, Tuesday 09:00 NY
    expect(b.byWeekday[0]).toMatchObject({ weekday: 'Mon', trades: 2, result: 6_000 })
    expect(b.byWeekday[1]).toMatchObject({ weekday: 'Tue', trades: 1, result: 6_000 })
    expect(b.byHour[9]).toMatchObject({ hour: 9, trades: 2, result: 16_000 })
    expect(b.byHour[16]).toMatchObject({ trades: 1, result: -4_000, profitFactor: 0 })
    expect(b.byHour).toHaveLength(24)
  })
})
