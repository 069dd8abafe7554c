// statement-import-10k-trades-ms (target < 500): importing an MT4 Detailed Statement of 10,000
// closed trades in the terminal's real format (the fixture's rows replicated with new tickets,
// times and results), from bytes to the report.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { importStatement } from '@tp/domain/statement'
import { medianMs, seededRandom, type BenchSuite } from '../support'

const TRADES = 10_000
const fixture = fileURLToPath(
  new URL('../../../shared/fixtures/mt-statements/mt4-detailed-statement.htm', import.meta.url),
)

/** The fixture with its closed-trade rows replaced by `count` rows shaped like its own. */
function generateStatement(count: number): Uint8Array {
  const html = readFileSync(fixture, 'latin1')
  const tradeRow =
    /<tr[^>]*><td title="[^"]*">\d+<\/td><td class=msdate nowrap>[^<]+<\/td><td>(?:buy|sell)<\/td>.*?<\/tr>\r?\n/g
  // closed trades: rows with an open and a close time (open trades have no close time)
  const rows = html.match(tradeRow)?.filter((row) => /nowrap>\d{4}\..*nowrap>\d{4}\./.test(row))
  if (!rows || rows.length < 10) throw new Error('fixture rows not found')
  const firstAt = html.indexOf(rows[0]!)
  const lastRow = rows[rows.length - 1]!
  const afterLast = html.indexOf(lastRow) + lastRow.length

  const random = seededRandom(10_000)
  const startMs = Date.parse('2024-01-02T00:00:00Z')
  const generated: string[] = []
  for (let i = 0; i < count; i++) {
    const openMs = startMs + i * 20 * 60_000
    const closeMs = openMs + Math.floor(random() * 6 * 3_600_000)
    const profit = ((random() - 0.45) * 80).toFixed(2)
    generated.push(
      rows[i % rows.length]!.replace(/(<td title="[^"]*">)\d+/, `$1${30_000_000 + i}`)
        .replace(/(<td class=msdate nowrap>)[^<]+(<\/td><td>(?:buy|sell))/, `$1${mtTime(openMs)}$2`)
        .replace(
          /(<td class=msdate nowrap>)\d{4}\.[^<]+(<\/td><td style)/,
          `$1${mtTime(closeMs)}$2`,
        )
        .replace(/<td class=mspt>-?[\d.]+<\/td><\/tr>/, `<td class=mspt>${profit}</td></tr>`),
    )
  }
  return new TextEncoder().encode(
    html.slice(0, firstAt) + generated.join('') + html.slice(afterLast),
  )
}

function mtTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, '.')
}

const suite: BenchSuite = async function* () {
  const bytes = generateStatement(TRADES)
  const report = importStatement(bytes)
  if (report.summary.totalTrades !== TRADES) {
    throw new Error(
      `generated statement imports ${report.summary.totalTrades} trades, not ${TRADES}`,
    )
  }
  yield {
    name: 'statement-import-10k-trades-ms',
    value: medianMs(() => importStatement(bytes)),
    unit: 'ms',
  }
}
export default suite
