import { describe, expect, it } from 'vitest'
import { importStatement } from '../../src/statement'
import { MT4_FIXTURE, MT5_FIXTURE, readFixture, readFixtureText, utf8 } from './terminal-summary'

const mt4Html = readFixtureText(MT4_FIXTURE)
const mt5Html = readFixtureText(MT5_FIXTURE)

describe('MT4 statement trades', () => {
  const report = importStatement(readFixture(MT4_FIXTURE))

  it('are the closed buy/sell rows in close order; balance, cancelled and open rows are not trades', () => {
    expect(report.trades.map((t) => t.id)).toEqual([
      '27823353',
      '27830668',
      '27830182',
      '27819918',
      '27851949',
      '27854045',
      '27857212',
      '27871503',
      '27883890',
      '27900367',
    ])
  })

  it("carry the row's figures in the engine's trade format", () => {
    expect(report.trades.find((t) => t.id === '27819918')).toEqual({
      id: '27819918',
      symbol: 'xauusd@',
      side: 'sell',
      volume: 0.01,
      openTime: '2024-03-13T15:39:29Z',
      closeTime: '2024-03-14T10:45:06Z',
      openPrice: 2169.7,
      closePrice: 2168.98,
      profit: 0.72,
      commission: 0,
      swap: 0.55,
    })
  })

  it('count taxes in the result, carried in the trade as commission', () => {
    const taxed = mt4Html.replace(
      '<td class=mspt>0.00</td><td class=mspt>0.00</td><td class=mspt>0.55</td><td class=mspt>0.72</td>',
      '<td class=mspt>0.00</td><td class=mspt>-1.00</td><td class=mspt>0.55</td><td class=mspt>0.72</td>',
    )
    expect(taxed).not.toBe(mt4Html)
    const taxedReport = importStatement(utf8(taxed))
    expect(taxedReport.trades.find((t) => t.id === '27819918')?.commission).toBe(-1)
    expect(taxedReport.summary.totalNetProfit).toBe(44.74)
    expect(taxedReport.summary.grossProfit).toBe(80.94)
  })

  it('leave later deposits and credit out of the drawdown curve', () => {
    // a deposit between the curve's peak (10:11) and its trough (17:21) on 13 March
    const deposit =
      '<tr align=right><td>27829999</td><td class=msdate nowrap>2024.03.13 12:00:00</td><td>balance</td><td colspan=10 align=left>Deposit</td><td class=mspt>5 000.00</td></tr>' +
      '<tr align=right><td>27829998</td><td class=msdate nowrap>2024.03.13 12:01:00</td><td>credit</td><td colspan=10 align=left>Bonus</td><td class=mspt>300.00</td></tr>'
    const withDeposit = mt4Html.replace(
      '<tr align=right><td title="#2022052714 Filled SL">27830182</td>',
      deposit + '<tr align=right><td title="#2022052714 Filled SL">27830182</td>',
    )
    expect(withDeposit).toContain('27829999')
    expect(importStatement(utf8(withDeposit))).toEqual(report)
  })

  it('read server times in a given zone when the caller knows it', () => {
    const athens = importStatement(readFixture(MT4_FIXTURE), { serverTimeZone: 'Europe/Athens' })
    // 13 March: Athens is UTC+2 (summer time starts on 31 March)
    expect(athens.trades[0]).toMatchObject({
      openTime: '2024-03-13T06:05:43Z',
      closeTime: '2024-03-13T08:11:57Z',
    })
    expect(athens.summary).toEqual(report.summary)
  })

  it('refuse a server time zone that does not exist', () => {
    expect(() =>
      importStatement(readFixture(MT4_FIXTURE), { serverTimeZone: 'Mars/Olympus' }),
    ).toThrow(/not an IANA time zone/)
  })
})

describe('MT5 report trades', () => {
  const report = importStatement(readFixture(MT5_FIXTURE))

  it('are the closed positions, the zero-result one included', () => {
    expect(report.trades).toHaveLength(18)
    expect(report.trades.find((t) => t.id === '50485256131')).toEqual({
      id: '50485256131',
      symbol: 'EURUSD',
      side: 'sell',
      volume: 0.1,
      openTime: '2023-06-08T23:05:00Z',
      closeTime: '2023-06-08T23:06:01Z',
      openPrice: 1.0781,
      closePrice: 1.0781,
      profit: 0,
      commission: 0,
      swap: 0,
    })
  })

  it('come from matching entry and exit deals when the report has no Positions section', () => {
    const positionRow = /<tr[^>]*>(?:(?!<\/tr>)[\s\S])*class="hidden" colspan="8"[\s\S]*?<\/tr>/g
    const withoutPositions = mt5Html.replace(positionRow, '')
    expect(withoutPositions).not.toContain('colspan="8">85144267')
    const fromDeals = importStatement(utf8(withoutPositions))
    const withoutIds = (trades: typeof report.trades) => trades.map(({ id: _id, ...rest }) => rest)
    expect(withoutIds(fromDeals.trades)).toEqual(withoutIds(report.trades))
    expect(fromDeals.summary).toEqual(report.summary)
  })

  it('read summer server times in a given zone', () => {
    const athens = importStatement(readFixture(MT5_FIXTURE), { serverTimeZone: 'Europe/Athens' })
    expect(athens.trades[0]).toMatchObject({ openTime: '2023-06-08T20:03:00Z' })
  })
})

describe('MT5 exit deals', () => {
  const report = importStatement(readFixture(MT5_FIXTURE))
  const withDirection = (ticket: string, direction: string) => {
    const deal = `<td nowrap>${ticket}</td><td nowrap>EURUSD</td><td nowrap>buy</td><td nowrap>`
    expect(mt5Html).toContain(`${deal}out</td>`)
    return (html: string) => html.replace(`${deal}out</td>`, `${deal}${direction}</td>`)
  }

  it('count "in/out" and "out by" deals as trades, like "out"', () => {
    const html = [
      withDirection('50485185809', 'in/out'),
      withDirection('50485186554', 'out by'),
    ].reduce((text, edit) => edit(text), mt5Html)
    expect(importStatement(utf8(html)).summary).toEqual(report.summary)
  })

  it('do not count an entry deal: the direction column decides', () => {
    const html = withDirection('50485185809', 'in')(mt5Html)
    expect(importStatement(utf8(html)).summary.totalTrades).toBe(report.summary.totalTrades - 1)
  })
})
