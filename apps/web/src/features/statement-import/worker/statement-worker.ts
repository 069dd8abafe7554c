// The statement importer in a Web Worker: a 10k-trade statement (~5 MB of HTML in a legacy code
// page or UTF-16) takes a few hundred milliseconds to decode and read, and its analytics and
// what-if (every plan of the catalogue replayed by the rules engine) as long again: on the page's
// thread they would freeze the drop zone and the spinner. The importer is the one the CLI's
// `engine report` runs (`@tp/domain/statement`), the analytics the metrics page's
// (`@tp/domain/analytics`); this chunk is fetched only when a file is dropped.
import { computeStatementMetrics } from '@tp/domain/analytics'
import { importStatement, StatementError, type StatementReport } from '@tp/domain/statement'
import type { StatementWorkerReply, StatementWorkerRequest } from './messages'

/** The last file imported: its analytics are asked for next, at the size the visitor picks. */
let lastReport: StatementReport | null = null

function answer(request: StatementWorkerRequest): StatementWorkerReply {
  const { id } = request
  if (request.kind === 'import') {
    lastReport = null
    const report = importStatement(new Uint8Array(request.bytes))
    lastReport = report
    // the summary goes back alone, at once; the trades stay here for the analytics asked next
    const { platform, account, summary } = report
    return {
      id,
      ok: true,
      kind: 'import',
      report: { platform, account, summary, tradeCount: report.trades.length },
    }
  }
  if (!lastReport) return { id, ok: false, code: 'unexpected', detail: 'no statement imported' }
  const metrics = computeStatementMetrics(lastReport.trades, request.sizeK)
  return { id, ok: true, kind: 'metrics', metrics }
}

self.onmessage = (event: MessageEvent<StatementWorkerRequest>) => {
  let reply: StatementWorkerReply
  try {
    reply = answer(event.data)
  } catch (error) {
    const { id } = event.data
    reply =
      error instanceof StatementError
        ? { id, ok: false, code: error.code, detail: error.message }
        : { id, ok: false, code: 'unexpected', detail: String(error) }
  }
  self.postMessage(reply)
}
