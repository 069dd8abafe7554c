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
 * summary (the file's head: its trades stay in the worker) shows as soon as the file is read.
 * The worker starts while the page is shown, in idle time (its chunk fetched, compiled and
 * evaluated before a file comes, not inside the drop: decisions 0041, 0052), or on the first
 * `dragenter` or file if that comes first; one worker serves every drop of the page's life and is
 * terminated when the page goes. A file dropped while another is read wins: the busy worker is
 * replaced and earlier answers are ignored. A worker that fails or does not answer within
 * `STATEMENT_WORKER_TIMEOUT_MS` is replaced too, and the file shows as unreadable.
 */
export function useStatementImport() {
  const [state, setState] = useState<StatementImportState>({ status: 'idle' })
  const [metricsState, setMetricsState] = useState<StatementMetricsState>({ status: 'idle' })
  const workerRef = useRef<Worker | null>(null)
  /** false once the page is gone: a failed worker is then not replaced */
  const mounted = useRef(false)
  const lastRequest = useRef(0)
  const lastImport = useRef(0)
  /** requests sent to the current worker and not answered yet */
  const pending = useRef(0)

  useEffect(() => {
    mounted.current = true
    // the importer ready before a file comes: once the page is idle, or when a file is dragged in
    const start = () => {
      if (typeof Worker !== 'undefined') workerRef.current ??= startWorker()
    }
    const cancelIdle = whenIdle(start)
    window.addEventListener('dragenter', start, { once: true })
    return () => {
      mounted.current = false
      cancelIdle()
      window.removeEventListener('dragenter', start)
      workerRef.current?.terminate()
      workerRef.current = null
    }
  }, [])

  const ask = useCallback(async (request: Request): Promise<StatementWorkerReply> => {
    const id = ++lastRequest.current
    // a new file does not wait behind the last one's analytics: that worker is replaced
    if (request.kind === 'import' && pending.current > 0) {
      // its unanswered requests end with the timeout; their callers were superseded anyway
      workerRef.current?.terminate()
      workerRef.current = null
      pending.current = 0
    }
    let worker: Worker | null = null
    try {
      worker = workerRef.current ??= startWorker()
      pending.current++
      return await askWorker(worker, { ...request, id } as StatementWorkerRequest)
    } catch {
      // a worker that failed (its chunk did not load, it ran out of memory) or hangs is replaced
      if (worker && workerRef.current === worker) {
        worker.terminate()
        pending.current = 0
        workerRef.current = mounted.current ? startWorker() : null
      }
      return { id, ok: false, code: 'unexpected', detail: '' }
    } finally {
      if (worker && workerRef.current === worker) pending.current--
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

/** Longer than any terminal export takes (a 39 MB MT5 report: a few seconds on a slow laptop). */
export const STATEMENT_WORKER_TIMEOUT_MS = 120_000

/** Runs `run` when the page's thread is idle (soon after hydration); returns a cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 2000 })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(run, 0)
  return () => clearTimeout(handle)
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
    const timer = setTimeout(() => {
      cleanup()
      reject(new Error('the worker did not answer'))
    }, STATEMENT_WORKER_TIMEOUT_MS)
    const cleanup = () => {
      clearTimeout(timer)
      worker.removeEventListener('message', onMessage)
      worker.removeEventListener('error', onError)
    }
    worker.addEventListener('message', onMessage)
    worker.addEventListener('error', onError)
    worker.postMessage(request, request.kind === 'import' ? [request.bytes] : [])
  })
}
