import { describe, expect, it } from 'vitest'
import { importStatement } from '../../src/statement'
import {
  MT4_FIXTURE,
  MT4_SUMMARY_MARKER,
  MT5_FIXTURE,
  MT5_SUMMARY_MARKER,
  deleteSummarySection,
  mt4SummaryLabels,
  mt5SummaryLabels,
  readFixture,
  readFixtureText,
  readTerminalSummary,
  utf8,
} from './terminal-summary'

const fixtures = [
  {
    name: 'MT4 Detailed Statement',
    path: MT4_FIXTURE,
    labels: mt4SummaryLabels,
    marker: MT4_SUMMARY_MARKER,
    platform: 'MT4',
    account: { login: '8165516', currency: 'USD' },
    trades: 10,
  },
  {
    name: 'MT5 Trade History Report (Bulgarian)',
    path: MT5_FIXTURE,
    labels: mt5SummaryLabels,
    marker: MT5_SUMMARY_MARKER,
    platform: 'MT5',
    account: { login: '5014131788', currency: 'USD' },
    trades: 18,
  },
] as const

describe.each(fixtures)('$name', (fixture) => {
  const html = readFixtureText(fixture.path)
  const terminal = readTerminalSummary(html, fixture.labels)

  it('reads every figure of the contract from the terminal summary (test support check)', () => {
    const report = importStatement(readFixture(fixture.path))
    expect(Object.keys(terminal).sort()).toEqual(Object.keys(report.summary).sort())
  })

  it('recomputes every summary figure exactly as the terminal printed it', () => {
    const report = importStatement(readFixture(fixture.path))
    expect(report.platform).toBe(fixture.platform)
    expect(report.account).toEqual(fixture.account)
    expect(report.summary).toEqual(terminal)
    expect(report.trades).toHaveLength(fixture.trades)
  })

  it('gives the same report with the summary section deleted from the file', () => {
    const withoutSummary = deleteSummarySection(html, fixture.marker)
    expect(withoutSummary).not.toContain(fixture.marker)
    expect(importStatement(utf8(withoutSummary))).toEqual(
      importStatement(readFixture(fixture.path)),
    )
  })

  it('gives the same report with everything from the summary on cut off, closing tags included', () => {
    const at = html.indexOf(fixture.marker)
    const cut = html.slice(0, html.lastIndexOf('<tr', at))
    expect(cut).not.toMatch(/<\/html>/i)
    expect(importStatement(utf8(cut))).toEqual(importStatement(readFixture(fixture.path)))
  })

  it('ignores the printed summary: doctoring its figures changes nothing', () => {
    const doctored = html.replace(/<b>(-?[\d ]+\.\d\d)<\/b>/g, '<b>999.99</b>')
    expect(doctored).not.toEqual(html)
    expect(importStatement(utf8(doctored)).summary).toEqual(terminal)
  })
})

describe('the example of contracts/statement-report.md (the MT4 fixture)', () => {
  // the contract's "Output" example, verbatim, in its order
  const example = {
    platform: 'MT4',
    account: { login: '8165516', currency: 'USD' },
    summary: {
      totalNetProfit: 45.74,
      grossProfit: 81.94,
      grossLoss: -36.2,
      profitFactor: 2.26,
      expectedPayoff: 4.57,
      absoluteDrawdown: 8.56,
      maximalDrawdown: 19.06,
      maximalDrawdownPercent: 1.89,
      relativeDrawdownPercent: 1.89,
      relativeDrawdown: 19.06,
      totalTrades: 10,
      shortTrades: 10,
      shortTradesWonPercent: 60.0,
      longTrades: 0,
      longTradesWonPercent: 0.0,
      profitTrades: 6,
      lossTrades: 4,
      largestProfitTrade: 38.4,
      largestLossTrade: -10.28,
      averageProfitTrade: 13.66,
      averageLossTrade: -9.05,
      maxConsecutiveWins: 3,
      maxConsecutiveWinsAmount: 20.59,
      maxConsecutiveLosses: 2,
      maxConsecutiveLossesAmount: -19.06,
      maximalConsecutiveProfit: 38.4,
      maximalConsecutiveProfitCount: 1,
      maximalConsecutiveLoss: -19.06,
      maximalConsecutiveLossCount: 2,
    },
  }

  it('is what the import gives, field for field and in the same order', () => {
    const { trades, ...report } = importStatement(readFixture(MT4_FIXTURE))
    expect(report).toEqual(example)
    expect(Object.keys(report.summary)).toEqual(Object.keys(example.summary))
    expect(trades).toHaveLength(example.summary.totalTrades)
  })
})
