import iconv from 'iconv-lite'
import { parse } from 'node-html-parser'
import { describe, expect, it } from 'vitest'
import { computeTradeAnalytics } from '../../src/analytics'
import { decodeStatementBytes, importStatement } from '../../src/statement'
import {
  CONFORMANCE_SUITE,
  hasRealExports,
  MT4_EXPORT,
  MT5_EXPORT,
  readExport,
  readExportText,
} from '../support/real-exports'
import { mt4DetailedStatement, mt5TradeHistoryReport, utf8 } from '../support/statement-files'
import {
  deleteSummarySection,
  MT4_SUMMARY_MARKER,
  mt4SummaryLabels,
  MT5_BULGARIAN_SUMMARY_MARKER,
  mt5BulgarianSummaryLabels,
  readTerminalSummary,
} from '../support/terminal-summary'
import { mt4Spec, mt5Spec } from './known-histories'

// The conformance suite: real terminal exports (../shared/fixtures/mt-statements, beside the
// repository; never copied into it) against the importer, with the summary each terminal printed
// as the ground truth, and against the generator the unit tests use. It runs wherever the exports
// are (always in CI, which sets REQUIRE_REAL_EXPORTS=1); a fresh clone on its own lists it as
// skipped. Files are read inside the tests: a skipped suite still collects its tests.

const exports = [
  {
    name: 'MT4 Detailed Statement',
    path: MT4_EXPORT,
    labels: mt4SummaryLabels,
    marker: MT4_SUMMARY_MARKER,
    platform: 'MT4',
    account: { login: '8165516', currency: 'USD' },
    trades: 10,
  },
  {
    name: 'MT5 Trade History Report (Bulgarian)',
    path: MT5_EXPORT,
    labels: mt5BulgarianSummaryLabels,
    marker: MT5_BULGARIAN_SUMMARY_MARKER,
    platform: 'MT5',
    account: { login: '5014131788', currency: 'USD' },
    trades: 18,
  },
] as const

/** every row as the importer sees its structure: cells, colspans, hidden cells */
function rowShapes(html: string): Set<string> {
  const cell = (c: ReturnType<typeof parse>) => {
    const colspan = c.getAttribute('colspan')
    const isHidden = /\bhidden\b/.test(c.getAttribute('class') ?? '')
    return `${c.tagName.toLowerCase()}${colspan ? `*${colspan}` : ''}${isHidden ? '.hidden' : ''}`
  }
  return new Set(
    parse(html)
      .querySelectorAll('tr')
      .map((tr) => tr.querySelectorAll('td, th').map(cell).join(' ')),
  )
}

describe.skipIf(!hasRealExports)(CONFORMANCE_SUITE, () => {
  describe.each(exports)('$name', (real) => {
    const html = () => readExportText(real.path)
    const report = () => importStatement(readExport(real.path))

    it('prints every figure of the contract in its summary (test support check)', () => {
      const terminal = readTerminalSummary(html(), real.labels)
      expect(Object.keys(terminal).sort()).toEqual(Object.keys(report().summary).sort())
    })

    it('is imported with every summary figure exactly as the terminal printed it', () => {
      const imported = report()
      expect(imported.platform).toBe(real.platform)
      expect(imported.account).toEqual(real.account)
      expect(imported.summary).toEqual(readTerminalSummary(html(), real.labels))
      expect(imported.trades).toHaveLength(real.trades)
    })

    it('gives the same report with the summary section deleted from the file', () => {
      const withoutSummary = deleteSummarySection(html(), real.marker)
      expect(withoutSummary).not.toContain(real.marker)
      expect(importStatement(utf8(withoutSummary))).toEqual(report())
    })

    it('gives the same report with everything from the summary on cut off, closing tags included', () => {
      const text = html()
      const cut = text.slice(0, text.lastIndexOf('<tr', text.indexOf(real.marker)))
      expect(cut).not.toMatch(/<\/html>/i)
      expect(importStatement(utf8(cut))).toEqual(report())
    })

    it('ignores the printed summary: doctoring its figures changes nothing', () => {
      const doctored = html().replace(/<b>(-?[\d ]+\.\d\d)<\/b>/g, '<b>999.99</b>')
      expect(doctored).not.toEqual(html())
      expect(importStatement(utf8(doctored)).summary).toEqual(report().summary)
    })
  })

  describe('dashboard analytics of an imported real history', () => {
    it.each([
      ['MT4', MT4_EXPORT],
      ['MT5', MT5_EXPORT],
    ])("agree with the %s terminal's own figures", (_, path) => {
      const { summary, trades } = importStatement(readExport(path))
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
    })
  })

  describe('the generator of the unit tests writes the terminals’ layouts', () => {
    it('MT4: the same rows, cell for cell (colspans included), as the real statement', () => {
      const generated = new Set([
        ...rowShapes(mt4DetailedStatement(mt4Spec).html),
        ...rowShapes(mt4DetailedStatement({ ...mt4Spec, workingOrders: [] }).html),
      ])
      expect(generated).toEqual(rowShapes(readExportText(MT4_EXPORT)))
    })

    it('MT5: the same rows, cell for cell (colspans and hidden cells included), as the real report', () => {
      expect(rowShapes(mt5TradeHistoryReport(mt5Spec).html)).toEqual(
        rowShapes(readExportText(MT5_EXPORT)),
      )
    })
  })

  describe('MT4 statement trades', () => {
    it('are the closed buy/sell rows in close order; balance, cancelled and open rows are not trades', () => {
      expect(importStatement(readExport(MT4_EXPORT)).trades.map((t) => t.id)).toEqual([
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
      const trades = importStatement(readExport(MT4_EXPORT)).trades
      expect(trades.find((t) => t.id === '27819918')).toEqual({
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
  })

  describe('MT5 report trades', () => {
    it('are the closed positions, the zero-result one included', () => {
      const report = importStatement(readExport(MT5_EXPORT))
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

    it('come out the same from matching entry and exit deals when the Positions section is removed', () => {
      const positionRow = /<tr[^>]*>(?:(?!<\/tr>)[\s\S])*class="hidden" colspan="8"[\s\S]*?<\/tr>/g
      const withoutPositions = readExportText(MT5_EXPORT).replace(positionRow, '')
      const report = importStatement(readExport(MT5_EXPORT))
      const fromDeals = importStatement(utf8(withoutPositions))
      const withoutIds = (trades: typeof report.trades) =>
        trades.map(({ id: _id, ...rest }) => rest)
      expect(withoutIds(fromDeals.trades)).toEqual(withoutIds(report.trades))
      expect(fromDeals.summary).toEqual(report.summary)
    })

    it('come out the same from the bytes the terminal writes: UTF-16LE with a byte-order mark (the export is stored re-saved as UTF-8)', () => {
      const text = readExportText(MT5_EXPORT)
      expect(decodeStatementBytes(readExport(MT5_EXPORT))).toMatchObject({ source: 'utf8', text })
      const asWritten = iconv.encode(text, 'utf16le', { addBOM: true })
      expect(importStatement(asWritten)).toEqual(importStatement(readExport(MT5_EXPORT)))
    })
  })

  describe('the example of contracts/statement-report.md (the MT4 export)', () => {
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
      const { trades, ...report } = importStatement(readExport(MT4_EXPORT))
      expect(report).toEqual(example)
      expect(Object.keys(report.summary)).toEqual(Object.keys(example.summary))
      expect(trades).toHaveLength(example.summary.totalTrades)
    })
  })
})
