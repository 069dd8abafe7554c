import { describe, expect, it } from 'vitest'
import {
  buildTradeLedger,
  computeProfitAndLossByDate,
  computeProfitByHoldingTime,
  computeProfitByPositionSize,
  computeProfitBySymbol,
  computeTradesByType,
  computeVisualTrades,
} from '../../src/analytics'
import { closedTrade, FOREX_DAY, NEW_YORK } from './trades'

const at = (iso: string, minutesHeld: number) => ({
  openTime: iso,
  closeTime: new Date(Date.parse(iso) + minutesHeld * 60_000).toISOString(),
})

describe('visual trades', () => {
  it('totals profit by position size, merging sizes that differ only by float noise', () => {
    const ledger = buildTradeLedger(
      [
        closedTrade({ ...at('2026-03-02T10:00:00Z', 5), volume: 0.1 + 0.2, profit: 10 }),
        closedTrade({ ...at('2026-03-02T10:00:00Z', 5), volume: 0.3, profit: 2.5 }),
        closedTrade({ ...at('2026-03-02T10:00:00Z', 5), volume: 0.01, profit: -1 }),
      ],
      { timeZone: 'UTC' },
    )
    expect(computeProfitByPositionSize(ledger)).toEqual([
      { positionSize: 0.01, totalProfit: -1 },
      { positionSize: 0.3, totalProfit: 12.5 },
    ])
  })

  it('totals profit by holding time, a range holding [from, to), every range listed', () => {
    const ledger = buildTradeLedger(
      [
        closedTrade({ ...at('2026-03-02T10:00:00Z', 0.5), profit: 1 }),
        closedTrade({ ...at('2026-03-02T10:00:00Z', 1), profit: 2 }),
        closedTrade({ ...at('2026-03-02T10:00:00Z', 60), profit: 4 }),
        closedTrade({ ...at('2026-03-02T10:00:00Z', 8 * 24 * 60), profit: -8 }),
      ],
      { timeZone: 'UTC' },
    )
    expect(computeProfitByHoldingTime(ledger)).toEqual([
      { range: '<1m', totalProfit: 1 },
      { range: '1m-5m', totalProfit: 2 },
      { range: '5m-15m', totalProfit: 0 },
      { range: '15m-1h', totalProfit: 0 },
      { range: '1h-4h', totalProfit: 4 },
      { range: '4h-1d', totalProfit: 0 },
      { range: '1d-1w', totalProfit: 0 },
      { range: '>1w', totalProfit: -8 },
    ])
  })

  it('totals profit by symbol in alphabetical order', () => {
    const ledger = buildTradeLedger(
      [
        closedTrade({ ...at('2026-03-02T10:00:00Z', 5), symbol: 'XAUUSD', profit: 30 }),
        closedTrade({ ...at('2026-03-02T10:00:00Z', 5), symbol: 'BTCUSD', profit: -12.25 }),
        closedTrade({
          ...at('2026-03-02T10:00:00Z', 5),
          symbol: 'XAUUSD',
          profit: 0.05,
          swap: -0.1,
        }),
      ],
      { timeZone: 'UTC' },
    )
    expect(computeProfitBySymbol(ledger)).toEqual([
      { symbol: 'BTCUSD', totalProfit: -12.25 },
      { symbol: 'XAUUSD', totalProfit: 29.95 },
    ])
  })

  it('counts long and short trades with their profit', () => {
    const ledger = buildTradeLedger(
      [
        closedTrade({ ...at('2026-03-02T10:00:00Z', 5), side: 'buy', profit: 5 }),
        closedTrade({ ...at('2026-03-02T10:00:00Z', 5), side: 'sell', profit: -2 }),
        closedTrade({ ...at('2026-03-02T10:00:00Z', 5), side: 'sell', profit: 1 }),
      ],
      { timeZone: 'UTC' },
    )
    expect(computeTradesByType(ledger)).toEqual([
      { type: 'long', tradeCount: 1, totalProfit: 5 },
      { type: 'short', tradeCount: 2, totalProfit: -1 },
    ])
  })

  describe('profit and loss by date', () => {
    // now: Friday 6 March 2026, 12:00 New York; trading days reset at 17:00 New York
    const now = '2026-03-06T17:00:00Z'
    const ledger = buildTradeLedger(
      [
        // Thursday 5 March 18:00 New York: after the reset, so trading day Friday 6 March
        closedTrade({ ...at('2026-03-05T22:00:00Z', 60), profit: 50 }),
        closedTrade({ ...at('2026-03-05T22:00:00Z', 90), profit: -20 }),
        // Thursday 5 March 16:00 New York: trading day Thursday 5 March
        closedTrade({ ...at('2026-03-05T20:00:00Z', 60), profit: 7 }),
        // 10 days ago: in the month, not in the week
        closedTrade({ ...at('2026-02-24T15:00:00Z', 60), profit: -3 }),
        // last October: only in the year
        closedTrade({ ...at('2025-10-10T15:00:00Z', 60), profit: 100 }),
        // before the year's window
        closedTrade({ ...at('2025-03-02T15:00:00Z', 60), profit: 1000 }),
      ],
      { timeZone: NEW_YORK, dayReset: FOREX_DAY },
    )

    it('week: the last 7 trading days up to today, oldest first, empty days included', () => {
      expect(computeProfitAndLossByDate(ledger, 'week', now)).toEqual([
        { date: '2026-02-28', profit: 0, loss: 0 },
        { date: '2026-03-01', profit: 0, loss: 0 },
        { date: '2026-03-02', profit: 0, loss: 0 },
        { date: '2026-03-03', profit: 0, loss: 0 },
        { date: '2026-03-04', profit: 0, loss: 0 },
        { date: '2026-03-05', profit: 7, loss: 0 },
        { date: '2026-03-06', profit: 50, loss: -20 },
      ])
    })

    it('month: the last 30 trading days', () => {
      const month = computeProfitAndLossByDate(ledger, 'month', now)
      expect(month).toHaveLength(30)
      expect(month[0]?.date).toBe('2026-02-05')
      expect(month.find((d) => d.date === '2026-02-24')).toEqual({
        date: '2026-02-24',
        profit: 0,
        loss: -3,
      })
    })

    it('year: the last 12 months by the trading days they hold', () => {
      const year = computeProfitAndLossByDate(ledger, 'year', now)
      expect(year.map((m) => m.date)).toEqual([
        '2025-04',
        '2025-05',
        '2025-06',
        '2025-07',
        '2025-08',
        '2025-09',
        '2025-10',
        '2025-11',
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
      ])
      expect(year.find((m) => m.date === '2025-10')).toEqual({
        date: '2025-10',
        profit: 100,
        loss: 0,
      })
      expect(year.find((m) => m.date === '2026-02')).toEqual({
        date: '2026-02',
        profit: 0,
        loss: -3,
      })
      expect(year.find((m) => m.date === '2026-03')).toEqual({
        date: '2026-03',
        profit: 57,
        loss: -20,
      })
    })

    it('puts a trade closed after the reset on the last day of a month into the next month', () => {
      const monthEnd = buildTradeLedger(
        [closedTrade({ ...at('2025-12-31T22:30:00Z', 30), profit: 9 })], // Wed 31 Dec 18:00 New York
        { timeZone: NEW_YORK, dayReset: FOREX_DAY },
      )
      const year = computeProfitAndLossByDate(monthEnd, 'year', now)
      expect(year.find((m) => m.date === '2025-12')?.profit).toBe(0)
      expect(year.find((m) => m.date === '2026-01')?.profit).toBe(9)
    })
  })

  it('gathers the views under the field names of spec section 3', () => {
    const ledger = buildTradeLedger([], { timeZone: 'UTC' })
    expect(Object.keys(computeVisualTrades(ledger, 'month', '2026-03-06T17:00:00Z'))).toEqual([
      'finalResult',
      'tradesByTimeRange',
      'tradesBySymbol',
      'tradesByPositionSizes',
      'tradesByType',
    ])
  })
})
