// The terminal's own summary figures, read from a statement's printed summary section (for a real
// export, the ground truth of contracts/statement-report.md), with node-html-parser, a parser
// independent of the importer's, by the labels the file itself prints.
import { parse } from 'node-html-parser'
import type { StatementSummary } from '../../src/statement'

type Field = keyof StatementSummary

/**
 * Where a figure is printed: the label cell's text (and, where a label repeats, the first
 * cell of its row), which of the "a (b)" parts holds it, and whether the terminal prints a
 * loss as a positive number (MT4's Gross Loss).
 */
export interface SummaryLabel {
  field: Field
  label: string
  rowStartsWith?: string
  part?: 0 | 1
  isPrintedPositive?: boolean
}

export function readTerminalSummary(html: string, labels: readonly SummaryLabel[]) {
  const rows = parse(html)
    .querySelectorAll('tr')
    .map((tr) => tr.querySelectorAll('td').map((td) => td.text.replace(/\s+/g, ' ').trim()))
  const summary: Partial<Record<Field, number>> = {}
  for (const { field, label, rowStartsWith, part = 0, isPrintedPositive } of labels) {
    const row = rows.find(
      (cells) => cells.includes(label) && (!rowStartsWith || cells[0] === rowStartsWith),
    )
    const printed = row?.[row.indexOf(label) + 1]
    if (printed === undefined) throw new Error(`export has no "${label}" figure`)
    // "19.06 (1.89%)", "1.89% (19.06)", "10 (60.00%)", "100 000.00"
    const parts = printed.replace(/[%)]/g, '').split('(')
    const value = Number((parts[part] ?? '').replace(/ /g, ''))
    if (Number.isNaN(value)) throw new Error(`"${label}" is not a number: ${printed}`)
    summary[field] = isPrintedPositive ? -Math.abs(value) : value
  }
  return summary
}

/** the labels of an English MT4 terminal (the real export's and the generated files') */
export const mt4SummaryLabels: SummaryLabel[] = [
  { field: 'totalNetProfit', label: 'Total Net Profit:' },
  { field: 'grossProfit', label: 'Gross Profit:' },
  { field: 'grossLoss', label: 'Gross Loss:', isPrintedPositive: true },
  { field: 'profitFactor', label: 'Profit Factor:' },
  { field: 'expectedPayoff', label: 'Expected Payoff:' },
  { field: 'absoluteDrawdown', label: 'Absolute Drawdown:' },
  { field: 'maximalDrawdown', label: 'Maximal Drawdown:' },
  { field: 'maximalDrawdownPercent', label: 'Maximal Drawdown:', part: 1 },
  { field: 'relativeDrawdownPercent', label: 'Relative Drawdown:' },
  { field: 'relativeDrawdown', label: 'Relative Drawdown:', part: 1 },
  { field: 'totalTrades', label: 'Total Trades:' },
  { field: 'shortTrades', label: 'Short Positions (won %):' },
  { field: 'shortTradesWonPercent', label: 'Short Positions (won %):', part: 1 },
  { field: 'longTrades', label: 'Long Positions (won %):' },
  { field: 'longTradesWonPercent', label: 'Long Positions (won %):', part: 1 },
  { field: 'profitTrades', label: 'Profit Trades (% of total):' },
  { field: 'lossTrades', label: 'Loss trades (% of total):' },
  { field: 'largestProfitTrade', label: 'profit trade:', rowStartsWith: 'Largest' },
  { field: 'largestLossTrade', label: 'loss trade:', rowStartsWith: 'Largest' },
  { field: 'averageProfitTrade', label: 'profit trade:', rowStartsWith: 'Average' },
  { field: 'averageLossTrade', label: 'loss trade:', rowStartsWith: 'Average' },
  { field: 'maxConsecutiveWins', label: 'consecutive wins ($):' },
  { field: 'maxConsecutiveWinsAmount', label: 'consecutive wins ($):', part: 1 },
  { field: 'maxConsecutiveLosses', label: 'consecutive losses ($):' },
  { field: 'maxConsecutiveLossesAmount', label: 'consecutive losses ($):', part: 1 },
  { field: 'maximalConsecutiveProfit', label: 'consecutive profit (count):' },
  { field: 'maximalConsecutiveProfitCount', label: 'consecutive profit (count):', part: 1 },
  { field: 'maximalConsecutiveLoss', label: 'consecutive loss (count):' },
  { field: 'maximalConsecutiveLossCount', label: 'consecutive loss (count):', part: 1 },
]

/** the Bulgarian labels of the real MT5 export */
export const mt5BulgarianSummaryLabels: SummaryLabel[] = [
  { field: 'totalNetProfit', label: 'Обща нетна печалба:' },
  { field: 'grossProfit', label: 'Брутна печалба:' },
  { field: 'grossLoss', label: 'Брутна загуба:' },
  { field: 'profitFactor', label: 'Коефициент на печалба:' },
  { field: 'expectedPayoff', label: 'Очаквана печалба:' },
  { field: 'absoluteDrawdown', label: 'Абсолютен спад на баланса:' },
  { field: 'maximalDrawdown', label: 'Максимален спад на баланса:' },
  { field: 'maximalDrawdownPercent', label: 'Максимален спад на баланса:', part: 1 },
  { field: 'relativeDrawdownPercent', label: 'Относителен спад на баланса:' },
  { field: 'relativeDrawdown', label: 'Относителен спад на баланса:', part: 1 },
  { field: 'totalTrades', label: 'Общо сделки:' },
  { field: 'shortTrades', label: 'Къси позиции (печалба %):' },
  { field: 'shortTradesWonPercent', label: 'Къси позиции (печалба %):', part: 1 },
  { field: 'longTrades', label: 'Дълги позиции (печалба %):' },
  { field: 'longTradesWonPercent', label: 'Дълги позиции (печалба %):', part: 1 },
  { field: 'profitTrades', label: 'Печалба от сделки (% от общо):' },
  { field: 'lossTrades', label: 'Губещи сделки (% от общо):' },
  { field: 'largestProfitTrade', label: 'Най-голям печеливша сделка:' },
  { field: 'largestLossTrade', label: 'Най-голям губеща сделка:' },
  { field: 'averageProfitTrade', label: 'Средно печеливша сделка:' },
  { field: 'averageLossTrade', label: 'Средно губеща сделка:' },
  { field: 'maxConsecutiveWins', label: 'Максимум последователни печалби ($):' },
  { field: 'maxConsecutiveWinsAmount', label: 'Максимум последователни печалби ($):', part: 1 },
  { field: 'maxConsecutiveLosses', label: 'Максимум последователни загуби ($):' },
  { field: 'maxConsecutiveLossesAmount', label: 'Максимум последователни загуби ($):', part: 1 },
  { field: 'maximalConsecutiveProfit', label: 'Максимален последователна печалба (брой):' },
  {
    field: 'maximalConsecutiveProfitCount',
    label: 'Максимален последователна печалба (брой):',
    part: 1,
  },
  { field: 'maximalConsecutiveLoss', label: 'Максимален последователна загуба (брой):' },
  {
    field: 'maximalConsecutiveLossCount',
    label: 'Максимален последователна загуба (брой):',
    part: 1,
  },
]

/** the labels of an English MT5 terminal (the generated files') */
export const mt5SummaryLabels: SummaryLabel[] = [
  { field: 'totalNetProfit', label: 'Total Net Profit:' },
  { field: 'grossProfit', label: 'Gross Profit:' },
  { field: 'grossLoss', label: 'Gross Loss:' },
  { field: 'profitFactor', label: 'Profit Factor:' },
  { field: 'expectedPayoff', label: 'Expected Payoff:' },
  { field: 'absoluteDrawdown', label: 'Balance Drawdown Absolute:' },
  { field: 'maximalDrawdown', label: 'Balance Drawdown Maximal:' },
  { field: 'maximalDrawdownPercent', label: 'Balance Drawdown Maximal:', part: 1 },
  { field: 'relativeDrawdownPercent', label: 'Balance Drawdown Relative:' },
  { field: 'relativeDrawdown', label: 'Balance Drawdown Relative:', part: 1 },
  { field: 'totalTrades', label: 'Total Trades:' },
  { field: 'shortTrades', label: 'Short Trades (won %):' },
  { field: 'shortTradesWonPercent', label: 'Short Trades (won %):', part: 1 },
  { field: 'longTrades', label: 'Long Trades (won %):' },
  { field: 'longTradesWonPercent', label: 'Long Trades (won %):', part: 1 },
  { field: 'profitTrades', label: 'Profit Trades (% of total):' },
  { field: 'lossTrades', label: 'Loss Trades (% of total):' },
  { field: 'largestProfitTrade', label: 'Largest profit trade:' },
  { field: 'largestLossTrade', label: 'Largest loss trade:' },
  { field: 'averageProfitTrade', label: 'Average profit trade:' },
  { field: 'averageLossTrade', label: 'Average loss trade:' },
  { field: 'maxConsecutiveWins', label: 'Maximum consecutive wins ($):' },
  { field: 'maxConsecutiveWinsAmount', label: 'Maximum consecutive wins ($):', part: 1 },
  { field: 'maxConsecutiveLosses', label: 'Maximum consecutive losses ($):' },
  { field: 'maxConsecutiveLossesAmount', label: 'Maximum consecutive losses ($):', part: 1 },
  { field: 'maximalConsecutiveProfit', label: 'Maximal consecutive profit (count):' },
  { field: 'maximalConsecutiveProfitCount', label: 'Maximal consecutive profit (count):', part: 1 },
  { field: 'maximalConsecutiveLoss', label: 'Maximal consecutive loss (count):' },
  { field: 'maximalConsecutiveLossCount', label: 'Maximal consecutive loss (count):', part: 1 },
]

/**
 * A file without its summary: every row from the one holding `marker` to the end of the table.
 * The importer must not need them (contracts/statement-report.md).
 */
export function deleteSummarySection(html: string, marker: string): string {
  const at = html.indexOf(marker)
  const end = html.indexOf('</table>', at)
  if (at < 0 || end < 0) throw new Error(`marker "${marker}" not in the file`)
  return html.slice(0, html.lastIndexOf('<tr', at)) + html.slice(end)
}

export const MT4_SUMMARY_MARKER = '<b>Summary:</b>'
export const MT5_BULGARIAN_SUMMARY_MARKER = 'Баланс:</td>'
export const MT5_SUMMARY_MARKER = 'Balance:</td>'
