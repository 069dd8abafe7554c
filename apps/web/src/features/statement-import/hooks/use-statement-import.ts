import { useCallback, useEffect, useRef, useState } from 'react'
import { describeUnreadableStatement } from '@tp/api/statement-import'
import type { AccountMetrics } from '@tp/domain/analytics'
import type { AccountSizeK } from '@tp/domain/plans'
import type {
  StatementHead,
  StatementWorkerReply,
  StatementWorkerRequest,
} from '../worker/messages'

export type StatementImportState =
  | { status: 'idle' }
  | { status: 'reading'; fileName: string }
  | { status: 'done'; file: File; report: StatementHead }
  | { status: 'failed'; fileName: string; message: string }

export type StatementMetricsState =
  | { status: 'idle' | 'loading' | 'failed' }
  | { status: 'done'; sizeK: AccountSizeK; metrics: AccountMetrics }

type Request = StatementWorkerRequest extends infer R
  ? R extends StatementWorkerRequest
    ? Omit<R, 'id'>
    : never
  : never

/**
 * Reads a dropped statement in a Web Worker running `@tp/domain/statement` (the CLI's importer),
 * then its analytics and rule what-if (`@tp/domain/analytics`) at the account size asked for: the
 * summary (the file's head: its trades stay in the worker) shows as soon as the file is read. The worker starts when a file is first dragged into
 * the window (its code fetched, compiled and evaluated while the file is carried to the drop zone,
 * not after the drop: decision 0041), else with the first file, and is kept for the next. A
 * visitor who only looks loads no importer. A file dropped while another is read wins; earlier
 * answers are ignored.
 */
export function useStatementImport() {
  const [state, setState] = useState<StatementImportState>({ status: 'idle' })
  const [metricsState, setMetricsState] = useState<StatementMetricsState>({ status: 'idle' })
  const workerRef = useRef<Worker | null>(null)
  const lastRequest = useRef(0)
  const lastImport = useRef(0)
  /** requests sent to the current worker and not answered yet */
  const pending = useRef(0)

  useEffect(() => {
    // a file coming in: have the importer ready by the time it is dropped
    const start = () => {
      if (typeof Worker !== 'undefined') workerRef.current ??= startWorker()
    }
    window.addEventListener('dragenter', start, { once: true })
    return () => {
      window.removeEventListener('dragenter', start)
      workerRef.current?.terminate()
      workerRef.current = null
    }
  }, [])

  const ask = useCallback(async (request: Request): Promise<StatementWorkerReply> => {
    const id = ++lastRequest.current
    // a new file does not wait behind the last one's analytics: that worker is dropped
    if (request.kind === 'import' && pending.current > 0) {
      // its unanswered requests never settle; their callers were superseded anyway
      workerRef.current?.terminate()
      workerRef.current = null
      pending.current = 0
    }
    pending.current++
    try {
      workerRef.current ??= startWorker()
      return await askWorker(workerRef.current, { ...request, id } as StatementWorkerRequest)
    } catch {
      // a worker that failed (its chunk did not load, it ran out of memory) is not reused
      workerRef.current?.terminate()
      workerRef.current = null
      return { id, ok: false, code: 'unexpected', detail: '' }
    } finally {
      pending.current--
    }
  }, [])

  const loadMetrics = useCallback(
    async (sizeK: AccountSizeK) => {
      const importId = lastImport.current
      setMetricsState({ status: 'loading' })
      const reply = await ask({ kind: 'metrics', sizeK })
      if (importId !== lastImport.current) return
      setMetricsState(
        reply.ok && reply.kind === 'metrics'
          ? { status: 'done', sizeK, metrics: reply.metrics }
          : { status: 'failed' },
      )
    },
    [ask],
  )

  const importFile = useCallback(
    async (file: File, sizeK: AccountSizeK) => {
      const importId = ++lastImport.current
      setState({ status: 'reading', fileName: file.name })
      setMetricsState({ status: 'idle' })
      let reply: StatementWorkerReply
      try {
        reply = await ask({ kind: 'import', bytes: await file.arrayBuffer() })
      } catch {
        reply = { id: 0, ok: false, code: 'unexpected', detail: '' }
      }
      if (importId !== lastImport.current) return
      if (reply.ok && reply.kind === 'import') {
        setState({ status: 'done', file, report: reply.report })
        if (reply.report.tradeCount > 0) void loadMetrics(sizeK)
      } else {
        const { code, detail } = reply.ok ? { code: 'unexpected', detail: '' } : reply
        setState({
          status: 'failed',
          fileName: file.name,
          message: describeUnreadableStatement(code, detail),
        })
      }
    },
    [ask, loadMetrics],
  )

  return { state, metricsState, importFile, loadMetrics }
}

function startWorker(): Worker {
  return new Worker(new URL('../worker/statement-worker.ts', import.meta.url), {
    type: 'module',
    name: 'statement-import',
  })
}

function askWorker(worker: Worker, request: StatementWorkerRequest) {
  return new Promise<StatementWorkerReply>((resolve, reject) => {
    const onMessage = (event: MessageEvent<StatementWorkerReply>) => {
      if (event.data.id !== request.id) return
      cleanup()
      resolve(event.data)
    }
    const onError = (event: Event) => {
      cleanup()
      reject(event instanceof ErrorEvent ? event.error : new Error('worker failed'))
    }
    const cleanup = () => {
      worker.removeEventListener('message', onMessage)
      worker.removeEventListener('error', onError)
    }
    worker.addEventListener('message', onMessage)
    worker.addEventListener('error', onError)
    worker.postMessage(request, request.kind === 'import' ? [request.bytes] : [])
  })
}
