import { describe, expect, it } from 'vitest'
import { importStatement, type StatementReport } from '../../src/statement'
import type { ClosedTrade } from '../../src/trades/trade'
import {
  mt4DetailedStatement,
  mt5TradeHistoryReport,
  randomMt4History,
  randomMt5History,
  utf8,
  type Mt4ClosedTrade,
  type Mt4StatementSpec,
  type Mt5ReportSpec,
} from '../support/statement-files'
import {
  deleteSummarySection,
  MT4_SUMMARY_MARKER,
  mt4SummaryLabels,
  MT5_SUMMARY_MARKER,
  mt5SummaryLabels,
  readTerminalSummary,
} from '../support/terminal-summary'

// Long generated histories (test/support/statement-files): the importer's summary against the
// one the file prints, worked out apart from the importer; the trades against the history; and
// the summary section, which the importer must not need.

const iso = (serverTime: string) => serverTime.replace(/\./g, '-').replace(' ', 'T') + 'Z'

/** the MT4 history's closed trades as the report must give them: close time, then ticket */
function mt4Trades(spec: Mt4StatementSpec): ClosedTrade[] {
  return spec.closed
    .filter((row): row is Mt4ClosedTrade => row.kind === 'trade')
    .sort((a, b) => a.closeTime.localeCompare(b.closeTime) || a.ticket - b.ticket)
    .map((t) => ({
      id: String(t.ticket),
      symbol: t.item,
      side: t.type,
      volume: t.size,
      openTime: iso(t.openTime),
      closeTime: iso(t.closeTime),
      openPrice: t.openPrice,
      closePrice: t.closePrice,
      profit: t.profit,
      commission: Math.round(((t.commission ?? 0) + (t.taxes ?? 0)) * 100) / 100,
      swap: t.swap ?? 0,
    }))
}

/** the MT5 history's closed positions, in the order of their last exit */
function mt5PositionIds(spec: Mt5ReportSpec): string[] {
  return spec.positions
    .filter((p) => p.exits.length > 0)
    .sort(
      (a, b) => a.exits.at(-1)!.time.localeCompare(b.exits.at(-1)!.time) || a.position - b.position,
    )
    .map((p) => String(p.position))
}

const mt4Spec = randomMt4History({ trades: 2000, seed: 41 })
const mt5Spec = randomMt5History({ trades: 2000, seed: 53 })
const files = [
  {
    name: 'MT4 Detailed Statement of 2,000 trades',
    file: mt4DetailedStatement(mt4Spec),
    labels: mt4SummaryLabels,
    marker: MT4_SUMMARY_MARKER,
  },
  {
    name: 'MT5 Trade History Report of 2,000 positions',
    file: mt5TradeHistoryReport(mt5Spec),
    labels: mt5SummaryLabels,
    marker: MT5_SUMMARY_MARKER,
  },
]

describe.each(files)('a generated $name', ({ file, labels, marker }) => {
  const report = importStatement(file.bytes)

  it('recomputes every figure the file prints in its summary', () => {
    expect(report.summary).toEqual(file.printed)
    // the printed section says the same, read back by a terminal's labels (test support check)
    const summarySection = file.html.slice(file.html.lastIndexOf('<tr', file.html.indexOf(marker)))
    expect(readTerminalSummary(summarySection, labels)).toEqual({
      ...file.printed,
      profitFactor: file.printed.profitFactor ?? 0,
    })
  })

  it('gives the same report with the summary section deleted from the file', () => {
    const withoutSummary = deleteSummarySection(file.html, marker)
    expect(withoutSummary).not.toContain(marker)
    expect(importStatement(utf8(withoutSummary))).toEqual(report)
  })

  it('gives the same report with everything from the summary on cut off, closing tags included', () => {
    const cut = file.html.slice(0, file.html.lastIndexOf('<tr', file.html.indexOf(marker)))
    expect(cut).not.toMatch(/<\/html>/i)
    expect(importStatement(utf8(cut))).toEqual(report)
  })

  it('ignores the printed summary: doctoring its figures changes nothing', () => {
    const doctored = file.html.replace(/<b>(-?[\d ]+\.\d\d)<\/b>/g, '<b>999.99</b>')
    expect(doctored).not.toEqual(file.html)
    expect(importStatement(utf8(doctored))).toEqual(report)
  })
})

describe('trades of generated histories', () => {
  it('MT4: every closed trade row, with its figures, in close order', () => {
    const report: StatementReport = importStatement(mt4DetailedStatement(mt4Spec).bytes)
    expect(report.trades).toEqual(mt4Trades(mt4Spec))
    expect(report.summary.totalTrades).toBe(2000)
  })

  it('MT5: every closed position; the summary counts every exit deal, partial closes included', () => {
    const report = importStatement(mt5TradeHistoryReport(mt5Spec).bytes)
    expect(report.trades.map((t) => t.id)).toEqual(mt5PositionIds(mt5Spec))
    const exits = mt5Spec.positions.reduce((n, p) => n + p.exits.length, 0)
    expect(exits).toBeGreaterThan(2000)
    expect(report.summary.totalTrades).toBe(exits)
  })
})

describe('files as the terminals write them', () => {
  it('MT4: HTML 4.01, no byte-order mark, no charset declared, CRLF template lines and LF trade rows', () => {
    const { bytes, html } = mt4DetailedStatement(randomMt4History({ trades: 5, seed: 1 }))
    expect(html.startsWith('<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN"')).toBe(true)
    expect(bytes[0]).toBe(0x3c) // "<"
    expect(html).not.toMatch(/charset/i)
    expect(html).toMatch(/<\/td><\/tr>\n<tr/) // transaction rows end in LF
    expect(html.endsWith('</div></body></html>\r\n')).toBe(true)
    expect(html.replace(/<tr[^\n]*<\/tr>\n/g, '')).not.toMatch(/[^\r]\n/) // everything else CRLF
  })

  it('MT5: UTF-16LE with a byte-order mark, hidden cells in Positions and Deals', () => {
    const { bytes, html } = mt5TradeHistoryReport(randomMt5History({ trades: 5, seed: 1 }))
    expect([bytes[0], bytes[1], bytes[2], bytes[3]]).toEqual([0xff, 0xfe, 0x3c, 0x00]) // BOM, "<"
    expect(bytes.length).toBe(2 + 2 * html.length)
    expect(html).toContain('<td class="hidden" colspan="8">')
    expect(html).toContain('<td nowrap class="hidden"></td>')
    expect(html.trimEnd().endsWith('</html>')).toBe(true)
  })

  it('the same seed gives the same file', () => {
    const again = mt4DetailedStatement(randomMt4History({ trades: 2000, seed: 41 }))
    expect(Buffer.compare(again.bytes, files[0]!.file.bytes)).toBe(0)
  })
})
