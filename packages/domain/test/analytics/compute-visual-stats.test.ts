import { describe, expect, it } from 'vitest'
import {
  buildTradeLedger,
  computeTradesByHour,
  computeTradesByWeekday,
  computeVisualStats,
  computeWonLost,
} from '../../src/analytics'
import { closedTrade, NEW_YORK } from './trades'

// Monday 2 March 2026; New York is UTC-5 until 8 March
const trades = [
  closedTrade({ openTime: '2026-03-02T14:10:00Z', closeTime: '2026-03-02T15:00:00Z', profit: 40 }), // Mon 09:10
  closedTrade({
    openTime: '2026-03-02T14:50:00Z',
    closeTime: '2026-03-02T16:00:00Z',
    profit: -15.5,
  }), // Mon 09:50
  closedTrade({ openTime: '2026-03-02T14:55:00Z', closeTime: '2026-03-02T16:00:00Z', profit: 0 }), // Mon 09:55
  closedTrade({
    openTime: '2026-03-06T20:00:00Z',
    closeTime: '2026-03-09T13:00:00Z',
    profit: -4.5,
  }), // Fri 15:00
]
const ledger = buildTradeLedger(trades, { timeZone: NEW_YORK })

describe('visual stats', () => {
  it('counts won and lost trades with the win rate (a zero result is a win)', () => {
    expect(computeWonLost(ledger)).toEqual({ won: 2, lost: 2, winRate: 50 })
  })

  it('splits won and lost profit by the wall-clock hour the trade was opened, all 24 hours listed', () => {
    const byHour = computeTradesByHour(ledger)
    expect(byHour).toHaveLength(24)
    expect(byHour[9]).toEqual({ hour: 9, wonProfit: 40, lostProfit: -15.5 })
    expect(byHour[15]).toEqual({ hour: 15, wonProfit: 0, lostProfit: -4.5 })
    expect(
      byHour.filter((h) => h.wonProfit !== 0 || h.lostProfit !== 0).map((h) => h.hour),
    ).toEqual([9, 15])
  })

  it('splits won and lost profit by the weekday the trade was opened, Monday first', () => {
    expect(computeTradesByWeekday(ledger)).toEqual([
      { name: 'Mon', wonProfit: 40, lostProfit: -15.5 },
      { name: 'Tue', wonProfit: 0, lostProfit: 0 },
      { name: 'Wed', wonProfit: 0, lostProfit: 0 },
      { name: 'Thu', wonProfit: 0, lostProfit: 0 },
      { name: 'Fri', wonProfit: 0, lostProfit: -4.5 },
      { name: 'Sat', wonProfit: 0, lostProfit: 0 },
      { name: 'Sun', wonProfit: 0, lostProfit: 0 },
    ])
  })

  it("moves a trade to another hour and weekday in another trader's zone", () => {
    const tokyo = buildTradeLedger(trades, { timeZone: 'Asia/Tokyo' }) // UTC+9
    expect(computeTradesByHour(tokyo)[23]).toEqual({ hour: 23, wonProfit: 40, lostProfit: -15.5 })
    expect(computeTradesByWeekday(tokyo)[5]).toEqual({
      name: 'Sat',
      wonProfit: 0,
      lostProfit: -4.5,
    })
  })

  it('gathers the three views under the field names of spec section 3', () => {
    expect(Object.keys(computeVisualStats(ledger))).toEqual([
      'won_lost',
      'trades_by_week',
      'trades_by_hour',
    ])
  })
})
