// The statement importer in a Web Worker: a 10k-trade statement (~5 MB of HTML in a legacy code
// page or UTF-16) takes a few hundred milliseconds to decode and read, which on the page's thread
// would freeze the drop zone and the spinner. The importer is the one the CLI's `engine report`
// runs (`@tp/domain/statement`); this chunk is fetched only when a file is dropped.
import { importStatement, StatementError } from '@tp/domain/statement'
import type { StatementWorkerReply, StatementWorkerRequest } from './messages'

self.onmessage = (event: MessageEvent<StatementWorkerRequest>) => {
  const { id, bytes } = event.data
  let reply: StatementWorkerReply
  try {
    reply = { id, ok: true, report: importStatement(new Uint8Array(bytes)) }
  } catch (error) {
    reply =
      error instanceof StatementError
        ? { id, ok: false, code: error.code, detail: error.message }
        : { id, ok: false, code: 'unexpected', detail: String(error) }
  }
  self.postMessage(reply)
}
