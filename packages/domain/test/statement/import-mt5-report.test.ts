import { describe, expect, it } from 'vitest'
import { importStatement } from '../../src/statement'
import { mt5TradeHistoryReport, utf8 } from '../support/statement-files'
import { mt5ExpectedSummary, mt5Spec } from './known-histories'

// An MT5 Trade History Report made from known positions (test/support/statement-files),
// imported and checked against figures worked out by hand from the contract's definitions.

describe('an MT5 Trade History Report', () => {
  const file = mt5TradeHistoryReport(mt5Spec)
  const report = importStatement(file.bytes)

  it('gives the platform, the account and the summary of the exit deals', () => {
    expect(report.platform).toBe('MT5')
    expect(report.account).toEqual({ login: '51002003', currency: 'USD' })
    expect(report.summary).toEqual(mt5ExpectedSummary)
    expect(file.printed).toEqual(mt5ExpectedSummary)
  })

  it('has the closed positions as trades, in close order; open positions and cancelled orders are not trades', () => {
    expect(report.trades.map((t) => t.id)).toEqual(['5001', '5003', '5002', '5004'])
    expect(report.trades[0]).toEqual({
      id: '5001',
      symbol: 'EURUSD',
      side: 'buy',
      volume: 1,
      openTime: '2024-05-06T09:00:00Z',
      closeTime: '2024-05-06T10:00:00Z',
      openPrice: 1.075,
      closePrice: 1.0762,
      profit: 120,
      commission: -7, // the position's row: entry and exit commission
      swap: 0,
    })
  })

  it('has a position closed in two parts as one trade, and its two exits as two trades of the summary', () => {
    expect(report.trades.find((t) => t.id === '5002')).toEqual({
      id: '5002',
      symbol: 'XAUUSD',
      side: 'sell',
      volume: 0.3,
      openTime: '2024-05-06T09:30:00Z',
      closeTime: '2024-05-06T13:00:00Z',
      openPrice: 2310.5,
      closePrice: 2312.17, // volume-weighted exit price
      profit: -150,
      commission: 0,
      swap: -1.2,
    })
    expect(report.summary.totalTrades).toBe(5)
  })

  it('keeps the zero-result position as a trade', () => {
    expect(report.trades.find((t) => t.id === '5003')).toMatchObject({ profit: 0, volume: 0.5 })
  })

  it('pairs entry and exit deals itself when the report has no Positions section', () => {
    const noPositions = mt5TradeHistoryReport(mt5Spec, { hasPositionsSection: false })
    const fromDeals = importStatement(noPositions.bytes)
    expect(fromDeals.summary).toEqual(report.summary)
    // one trade per exit deal, named by the deal; the entry commission is in no trade
    expect(fromDeals.trades).toEqual([
      {
        id: '1003',
        symbol: 'EURUSD',
        side: 'buy',
        volume: 1,
        openTime: '2024-05-06T09:00:00Z',
        closeTime: '2024-05-06T10:00:00Z',
        openPrice: 1.075,
        closePrice: 1.0762,
        profit: 120,
        commission: -3.5,
        swap: 0,
      },
      expect.objectContaining({
        id: '1004',
        side: 'sell',
        volume: 0.1,
        openPrice: 2310.5,
        profit: 50,
      }),
      expect.objectContaining({ id: '1007', side: 'buy', volume: 0.5, profit: 0 }),
      expect.objectContaining({
        id: '1008',
        side: 'sell',
        volume: 0.2,
        openPrice: 2310.5,
        profit: -200,
        swap: -1.2,
      }),
      // the fee is a cost like commission
      expect.objectContaining({
        id: '1011',
        side: 'sell',
        volume: 0.2,
        profit: 10,
        commission: -0.4,
      }),
    ])
  })

  it('counts "in/out" and "out by" exit deals as trades, like "out"', () => {
    const [first, second, ...rest] = mt5Spec.positions
    const spec = {
      ...mt5Spec,
      positions: [
        { ...first!, exits: first!.exits.map((e) => ({ ...e, direction: 'in/out' as const })) },
        { ...second!, exits: second!.exits.map((e) => ({ ...e, direction: 'out by' as const })) },
        ...rest,
      ],
    }
    expect(importStatement(mt5TradeHistoryReport(spec).bytes).summary).toEqual(report.summary)
  })

  it('does not count an entry deal: the direction column decides', () => {
    const exitOf5003 =
      '<td nowrap>1007</td><td nowrap>USDJPY</td><td nowrap>sell</td><td nowrap>out</td>'
    expect(file.html).toContain(exitOf5003)
    const html = file.html.replace(exitOf5003, exitOf5003.replace('>out<', '>in<'))
    expect(importStatement(utf8(html)).summary.totalTrades).toBe(4)
  })

  it('starts the curve at the balance before the first deal for a report of a later period', () => {
    const later = importStatement(
      mt5TradeHistoryReport({
        ...mt5Spec,
        operations: [],
        openingBalance: 2500,
        positions: mt5Spec.positions.slice(0, 2),
      }).bytes,
    )
    // 2 500.00 -> 2 496.50 (entry commission) -> 2 613.00 -> 2 663.00 -> 2 461.80
    expect(later.summary).toMatchObject({
      totalTrades: 3,
      absoluteDrawdown: 38.2,
      maximalDrawdown: 201.2,
      maximalDrawdownPercent: 7.56, // 201.20 / 2 663.00
    })
  })

  it('reads summer server times in a given zone', () => {
    const athens = importStatement(file.bytes, { serverTimeZone: 'Europe/Athens' })
    expect(athens.trades[0]).toMatchObject({ openTime: '2024-05-06T06:00:00Z' }) // UTC+3
    expect(athens.summary).toEqual(report.summary)
  })
})
