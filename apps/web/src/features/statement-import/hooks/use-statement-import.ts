import { useCallback, useEffect, useRef, useState } from 'react'
import { describeUnreadableStatement } from '@tp/api/statement-import'
import type { StatementReport } from '@tp/domain/statement'
import type { StatementWorkerReply, StatementWorkerRequest } from '../worker/messages'

export type StatementImportState =
  | { status: 'idle' }
  | { status: 'reading'; fileName: string }
  | { status: 'done'; file: File; report: StatementReport }
  | { status: 'failed'; fileName: string; message: string }

/**
 * Reads a dropped statement in a Web Worker running `@tp/domain/statement` (the CLI's importer):
 * the worker's code is fetched on the first file, and kept for the next one. A file dropped while
 * another is read wins; the earlier answer is ignored.
 */
export function useStatementImport() {
  const [state, setState] = useState<StatementImportState>({ status: 'idle' })
  const workerRef = useRef<Worker | null>(null)
  const lastRequest = useRef(0)

  useEffect(() => () => workerRef.current?.terminate(), [])

  const importFile = useCallback(async (file: File) => {
    const id = ++lastRequest.current
    setState({ status: 'reading', fileName: file.name })
    let reply: StatementWorkerReply
    try {
      const bytes = await file.arrayBuffer()
      workerRef.current ??= new Worker(new URL('../worker/statement-worker.ts', import.meta.url), {
        type: 'module',
        name: 'statement-import',
      })
      reply = await askWorker(workerRef.current, { id, bytes })
    } catch {
      // a worker that failed (its chunk did not load, it ran out of memory) is not reused
      workerRef.current?.terminate()
      workerRef.current = null
      reply = { id, ok: false, code: 'unexpected', detail: '' }
    }
    if (id !== lastRequest.current) return
    setState(
      reply.ok
        ? { status: 'done', file, report: reply.report }
        : {
            status: 'failed',
            fileName: file.name,
            message: describeUnreadableStatement(reply.code, reply.detail),
          },
    )
  }, [])

  const reset = useCallback(() => {
    lastRequest.current++
    setState({ status: 'idle' })
  }, [])

  return { state, importFile, reset }
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
    worker.postMessage(request, [request.bytes])
  })
}
