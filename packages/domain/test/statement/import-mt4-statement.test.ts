import { describe, expect, it } from 'vitest'
import { importStatement } from '../../src/statement'
import { mt4DetailedStatement, type Mt4ClosedTransaction } from '../support/statement-files'
import {
  mt4Closed as closed,
  mt4ExpectedSummary as expectedSummary,
  mt4Spec,
} from './known-histories'

// An MT4 Detailed Statement made from known rows (test/support/statement-files), imported and
// checked against figures worked out by hand from the contract's definitions.

describe('an MT4 Detailed Statement', () => {
  const file = mt4DetailedStatement(mt4Spec)
  const report = importStatement(file.bytes)

  it('gives the platform, the account and the summary of the closed trades', () => {
    expect(report.platform).toBe('MT4')
    expect(report.account).toEqual({ login: '8800123', currency: 'USD' })
    expect(report.summary).toEqual(expectedSummary)
    // and the file prints the same figures, as the terminal would
    expect(file.printed).toEqual(expectedSummary)
  })

  it('has the closed buy/sell rows as trades, in close order; balance, credit, cancelled, open and working rows are not trades', () => {
    expect(report.trades.map((t) => t.id)).toEqual([
      '1005',
      '1003',
      '1004',
      '1006',
      '1009',
      '1010',
      '1011',
    ])
  })

  it("carries each row's figures in the engine's trade format", () => {
    expect(report.trades[2]).toEqual({
      id: '1004',
      symbol: 'xauusd',
      side: 'buy',
      volume: 0.02,
      openTime: '2024-03-11T11:00:00Z',
      closeTime: '2024-03-12T09:30:00Z',
      openPrice: 2170.35,
      closePrice: 2178,
      profit: 15.3,
      commission: -1.4,
      swap: -0.62,
    })
  })

  it('keeps both parts of a partial close, each with its own volume and result', () => {
    const parts = report.trades.filter((t) => t.openTime === '2024-03-12T10:00:00Z')
    expect(parts).toEqual([
      expect.objectContaining({ id: '1006', side: 'sell', volume: 0.1, profit: 8 }),
      expect.objectContaining({ id: '1009', side: 'sell', volume: 0.2, profit: -30 }),
    ])
    expect(parts.every((t) => t.openPrice === 1.0951)).toBe(true)
  })

  it('counts taxes in the result, carried in the trade as commission', () => {
    expect(report.trades.at(-1)).toMatchObject({ id: '1011', profit: 10, commission: -0.5 })
  })

  it('leaves deposits, withdrawals and credit after the first deposit out of the drawdown curve', () => {
    const withoutLaterMoney = mt4DetailedStatement({
      ...mt4Spec,
      closed: closed.filter((row) => row.ticket !== 1007 && row.ticket !== 1008),
    })
    expect(importStatement(withoutLaterMoney.bytes)).toEqual(report)
  })

  it('reads a statement of a build without the Taxes column (13 columns) the same', () => {
    const spec = { ...mt4Spec, closed: closed.filter((row) => row.ticket !== 1011) }
    const withTaxes = mt4DetailedStatement(spec)
    const withoutTaxes = mt4DetailedStatement(spec, { hasTaxesColumn: false })
    expect(withoutTaxes.html).not.toContain('<td>Taxes</td>')
    expect(importStatement(withoutTaxes.bytes)).toEqual(importStatement(withTaxes.bytes))
  })

  it('reads server times in a given zone when the caller knows it', () => {
    const athens = importStatement(file.bytes, { serverTimeZone: 'Europe/Athens' })
    // 11 March: Athens is UTC+2 (summer time starts on 31 March)
    expect(athens.trades[0]).toMatchObject({
      id: '1005',
      openTime: '2024-03-11T09:30:00Z',
      closeTime: '2024-03-11T09:45:00Z',
    })
    expect(athens.summary).toEqual(report.summary)
  })

  it('refuses a server time zone that does not exist', () => {
    expect(() => importStatement(file.bytes, { serverTimeZone: 'Mars/Olympus' })).toThrow(
      /not an IANA time zone/,
    )
  })

  it('orders trades closed in the same second by ticket, numerically', () => {
    const sameSecond = (ticket: number, profit: number): Mt4ClosedTransaction => ({
      kind: 'trade',
      ticket,
      openTime: '2024.03.14 09:00:00',
      type: 'buy',
      size: 0.01,
      item: 'eurusd',
      openPrice: 1.09,
      closeTime: '2024.03.14 10:00:00',
      closePrice: 1.091,
      profit,
    })
    const deposit = closed[0]!
    const spec = {
      ...mt4Spec,
      closed: [deposit, sameSecond(10_000, -5), sameSecond(9_999, 7), sameSecond(10_001, 3)],
    }
    const tied = importStatement(mt4DetailedStatement(spec).bytes)
    expect(tied.trades.map((t) => t.id)).toEqual(['9999', '10000', '10001'])
    // +7 | -5 | +3: every run is one trade long
    expect(tied.summary).toMatchObject({ maxConsecutiveWins: 1, maxConsecutiveWinsAmount: 7 })
  })

  it('gives an empty summary for a statement with a deposit and no trades', () => {
    const empty = importStatement(
      mt4DetailedStatement({ account: mt4Spec.account, closed: [closed[0]!, closed[1]!] }).bytes,
    )
    expect(empty.trades).toEqual([])
    expect(empty.summary).toMatchObject({ totalTrades: 0, profitFactor: null, maximalDrawdown: 0 })
  })
})
