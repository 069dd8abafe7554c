// The statement importer in a Web Worker: a 10k-trade statement (~5 MB of HTML in a legacy code
// page or UTF-16) takes a few hundred milliseconds to decode and read, and its analytics and
// what-if (every plan of the catalogue replayed by the rules engine) as long again: on the page's
// thread they would freeze the drop zone and the spinner. The importer is the one the CLI's
// `engine report` runs (`@tp/domain/statement/as-printed`: importStatement without a server time
// zone, whose luxon stays out of this chunk, decision 0052), the analytics the metrics page's
// (`@tp/domain/analytics`); this chunk is fetched only when a file is dropped. The analytics (with
// zod, luxon and the rules engine) are a chunk of their own, loaded once a summary has been sent:
// the worker starts with the importer alone (decision 0047).
import type { computeStatementMetrics } from '@tp/domain/analytics'
import {
  importStatementAsPrinted,
  StatementError,
  type StatementReport,
} from '@tp/domain/statement/as-printed'
import type { StatementWorkerReply, StatementWorkerRequest } from './messages'

/** The last file imported: its analytics are asked for next, at the size the visitor picks. */
let lastReport: StatementReport | null = null

let analytics: Promise<{ computeStatementMetrics: typeof computeStatementMetrics }> | null = null
const loadAnalytics = () => (analytics ??= import('@tp/domain/analytics'))

async function answer(request: StatementWorkerRequest): Promise<StatementWorkerReply> {
  const { id } = request
  if (request.kind === 'import') {
    lastReport = null
    const report = importStatementAsPrinted(new Uint8Array(request.bytes))
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
  const report = lastReport
  if (!report) return { id, ok: false, code: 'unexpected', detail: 'no statement imported' }
  const metrics = (await loadAnalytics()).computeStatementMetrics(report.trades, request.sizeK)
  return { id, ok: true, kind: 'metrics', metrics }
}

self.onmessage = async (event: MessageEvent<StatementWorkerRequest>) => {
  let reply: StatementWorkerReply
  try {
    reply = await answer(event.data)
  } catch (error) {
    const { id } = event.data
    reply =
      error instanceof StatementError
        ? { id, ok: false, code: error.code, detail: error.message }
        : { id, ok: false, code: 'unexpected', detail: String(error) }
  }
  self.postMessage(reply)
  // the analytics are asked for next: fetch and compile them while the page shows the summary
  if (reply.ok && reply.kind === 'import') void loadAnalytics()
}
