import type { AccountMetricsDto, JournalEntryDto } from '@tp/api/analytics'
import { downloadBlob } from '@/lib/download-file'

// CSV exports of the metrics page, built from the page's own data (so an imported statement
// exports the same way), written by csv-stringify (quoting, separators and line breaks are the
// library's), which is loaded on the first click only.

const amount = (cents: number) => (cents / 100).toFixed(2)

export async function tradesCsv(
  metrics: AccountMetricsDto,
  journal: readonly JournalEntryDto[] = [],
): Promise<string> {
  const { stringify } = await import('csv-stringify/browser/esm/sync')
  const byTrade = new Map(journal.map((entry) => [entry.tradeId, entry]))
  return stringify(
    metrics.trades.map((trade) => [
      trade.id,
      trade.symbol,
      trade.side,
      trade.volume,
      trade.openTime,
      trade.closeTime,
      trade.openPrice,
      trade.closePrice,
      amount(trade.result),
      byTrade.get(trade.id)?.tags.join(' ') ?? '',
      byTrade.get(trade.id)?.note ?? '',
    ]),
    {
      header: true,
      columns: [
        'trade',
        'symbol',
        'side',
        'lots',
        'open time',
        'close time',
        'open price',
        'close price',
        'result',
        'tags',
        'note',
      ],
    },
  )
}

export async function dailyCsv(metrics: AccountMetricsDto): Promise<string> {
  const { stringify } = await import('csv-stringify/browser/esm/sync')
  return stringify(
    metrics.breakdowns.daily.map((day) => [
      day.date,
      day.trades,
      day.wins,
      amount(day.result),
      day.winRate.toFixed(2),
      day.profitFactor === null ? '' : day.profitFactor.toFixed(2),
    ]),
    {
      header: true,
      columns: ['date', 'trades', 'wins', 'result', 'win rate %', 'profit factor'],
    },
  )
}

/** Hands a CSV text to the browser's download. */
export function downloadText(filename: string, text: string) {
  downloadBlob(filename, new Blob([text], { type: 'text/csv;charset=utf-8' }))
}
