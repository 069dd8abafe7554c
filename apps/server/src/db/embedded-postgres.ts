import { Worker } from 'node:worker_threads'
import type { FromWorker, ToWorker, WorkerOptions } from './embedded-postgres-worker'

// The embedded PostgreSQL (PGlite) runs in a worker thread of its own, which owns the PGlite
// instance and serves it on a loopback port over the wire protocol
// (embedded-postgres-backend.ts). This thread, the app's event loop, never executes SQL: it
// connects to that port with an ordinary pg Pool, like to any PostgreSQL server, and only learns
// the port, asks for dumps and sends `close`. A SIGKILL of the process ends the worker with it.
// See docs/decisions/0006-embedded-postgres.md.

export type EmbeddedPostgres = {
  /** postgres:// URL of the loopback server, for node-postgres and pg-boss. */
  url: string
  /** The whole database as a PGlite dump (tests: a migrated template). */
  dumpDataDir(): Promise<ArrayBuffer>
  /** The worker's thread id (it is never this thread). */
  threadId: number
  stop(): Promise<void>
}

export type EmbeddedPostgresOptions = {
  /** Directory to persist into; omitted: in memory. */
  dataDir?: string
  /** A dump (dumpDataDir) to start from, e.g. a migrated template in tests. */
  loadDataDir?: Blob | ArrayBuffer | Uint8Array
  /** Loopback port; 0 (default) lets the OS pick a free one. */
  port?: number
  maxConnections?: number
  /** How long a query may wait for the backend before it is refused. Default 15 s. */
  waitTimeoutMs?: number
}

async function toArrayBuffer(data: Blob | ArrayBuffer | Uint8Array): Promise<ArrayBuffer> {
  if (data instanceof ArrayBuffer) return data
  if (data instanceof Uint8Array) {
    return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer
  }
  return data.arrayBuffer()
}

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedPostgres> {
  const { loadDataDir, ...rest } = options
  const workerOptions: WorkerOptions = {
    ...rest,
    ...(loadDataDir ? { loadDataDir: await toArrayBuffer(loadDataDir) } : {}),
  }
  const worker = new Worker(new URL('./embedded-postgres-worker-boot.mjs', import.meta.url), {
    // not the process's own flags: a test's `--import` failpoint must not load in this thread
    execArgv: [],
    workerData: {
      entry: new URL('./embedded-postgres-worker.ts', import.meta.url).href,
      options: workerOptions,
    },
    transferList: workerOptions.loadDataDir ? [workerOptions.loadDataDir] : [],
  })
  const post = (message: ToWorker) => worker.postMessage(message)

  let isStopping = false
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve))
  const port = await new Promise<number>((resolve, reject) => {
    const fail = (error: Error) => {
      cleanup()
      reject(new Error(`embedded PostgreSQL failed to start: ${error.message}`, { cause: error }))
    }
    const onMessage = (message: FromWorker) => {
      if (message.type === 'ready') {
        cleanup()
        resolve(message.port)
      } else if (message.type === 'failed') {
        const error = new Error(message.message)
        if (message.stack) error.stack = message.stack
        fail(error)
      }
    }
    const onError = (error: Error) => fail(error)
    const onExit = (code: number) => fail(new Error(`its worker thread exited (code ${code})`))
    const cleanup = () => {
      worker.off('message', onMessage)
      worker.off('error', onError)
      worker.off('exit', onExit)
    }
    worker.on('message', onMessage)
    worker.on('error', onError)
    worker.on('exit', onExit)
  }).catch(async (error: unknown) => {
    await worker.terminate()
    throw error
  })

  // After startup the database is gone if the worker dies: fail loudly, not with every query
  // timing out.
  worker.on('error', (error) => {
    if (isStopping) return
    queueMicrotask(() => {
      throw new Error(`embedded PostgreSQL crashed: ${error.message}`, { cause: error })
    })
  })

  let nextDumpId = 0
  const dumps = new Map<number, { resolve(data: ArrayBuffer): void; reject(e: Error): void }>()
  worker.on('message', (message: FromWorker) => {
    // the worker's backend is closed: nothing of it is left to wait for
    if (message.type === 'closed') void worker.terminate()
    if (message.type !== 'dump' && message.type !== 'dump-failed') return
    const waiter = dumps.get(message.id)
    dumps.delete(message.id)
    if (message.type === 'dump') waiter?.resolve(message.data)
    else waiter?.reject(new Error(`embedded PostgreSQL dump failed: ${message.message}`))
  })

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    threadId: worker.threadId,
    dumpDataDir() {
      const id = nextDumpId++
      return new Promise<ArrayBuffer>((resolve, reject) => {
        dumps.set(id, { resolve, reject })
        post({ type: 'dump', id })
      })
    },
    async stop() {
      if (isStopping) return void (await exited)
      isStopping = true
      post({ type: 'close' })
      await exited
    },
  }
}
