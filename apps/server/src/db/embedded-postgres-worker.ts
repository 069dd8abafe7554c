import { parentPort, workerData } from 'node:worker_threads'
import { serveEmbeddedBackend, type EmbeddedBackendOptions } from './embedded-postgres-backend'

// The embedded database's thread: it owns the PGlite instance and the loopback wire-protocol
// server, so SQL runs here and never on the app's event loop. The main thread
// (embedded-postgres.ts) learns the port, asks for a dump (test templates), and sends `close`.

export type WorkerOptions = Omit<EmbeddedBackendOptions, 'loadDataDir'> & {
  /** the bytes of a PGlite dump to start from */
  loadDataDir?: ArrayBuffer
}

export type ToWorker = { type: 'close' } | { type: 'dump'; id: number }

export type FromWorker =
  | { type: 'ready'; port: number }
  | { type: 'failed'; message: string; stack?: string }
  | { type: 'dump'; id: number; data: ArrayBuffer }
  | { type: 'dump-failed'; id: number; message: string }
  | { type: 'closed' }

const port = parentPort!
const send = (message: FromWorker, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer)

const { loadDataDir, ...options } = (workerData as { options: WorkerOptions }).options

try {
  const backend = await serveEmbeddedBackend({
    ...options,
    ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
  })
  port.on('message', (message: ToWorker) => {
    if (message.type === 'dump') {
      backend.db
        .dumpDataDir('none')
        .then((blob) => blob.arrayBuffer())
        .then(
          (data) => send({ type: 'dump', id: message.id, data }, [data]),
          (error: unknown) => send({ type: 'dump-failed', id: message.id, message: String(error) }),
        )
    } else if (message.type === 'close') {
      void backend.stop().finally(() => {
        send({ type: 'closed' })
        port.close()
      })
    }
  })
  send({ type: 'ready', port: backend.port })
} catch (error) {
  send({
    type: 'failed',
    message: error instanceof Error ? error.message : String(error),
    ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
  })
  port.close()
}
