// statement-import-10k-trades-ms (target < 500): importing an MT4 Detailed Statement of 10,000
// closed trades, from bytes to the report. The file is made by the domain package's generator in
// the terminal's layout and code page (with cancelled orders, balance and credit rows and open
// trades among the trades), so the bench needs nothing outside the repository.
import { importStatement } from '@tp/domain/statement'
import { mt4DetailedStatement, randomMt4History } from '@tp/domain/statement/testing'
import { medianMs, type BenchSuite } from '../support'

const TRADES = 10_000

const suite: BenchSuite = async function* () {
  const { bytes, printed } = mt4DetailedStatement(
    randomMt4History({ trades: TRADES, seed: 10_000 }),
  )
  const report = importStatement(bytes)
  if (
    report.summary.totalTrades !== TRADES ||
    report.summary.totalNetProfit !== printed.totalNetProfit
  ) {
    throw new Error(
      `the generated statement imports ${report.summary.totalTrades} trades netting ` +
        `${report.summary.totalNetProfit}, not ${TRADES} netting ${printed.totalNetProfit}`,
    )
  }
  yield {
    name: 'statement-import-10k-trades-ms',
    value: medianMs(() => importStatement(bytes)),
    unit: 'ms',
  }
}
export default suite
