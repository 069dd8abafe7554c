import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { describeUnreadableStatement } from '@tp/api/statement-import'
import type { StatementWorkerReply, StatementWorkerRequest } from '../worker/messages'
import { STATEMENT_WORKER_TIMEOUT_MS, useStatementImport } from './use-statement-import'

// The statement check's worker: started while the page is shown (not inside the drop), one for
// every drop of the page's life, replaced when it fails, hangs or is busy with a superseded file,
// terminated with the page.

/** A Worker that records what it is asked and answers when the test says. */
class FakeWorker extends EventTarget {
  static started: FakeWorker[] = []
  requests: StatementWorkerRequest[] = []
  terminated = false
  constructor() {
    super()
    FakeWorker.started.push(this)
  }
  postMessage(request: StatementWorkerRequest) {
    this.requests.push(request)
  }
  terminate() {
    this.terminated = true
  }
  reply(
    reply: StatementWorkerReply extends infer R
      ? R extends unknown
        ? Omit<R, 'id'>
        : never
      : never,
  ) {
    const id = this.requests.at(-1)!.id
    this.dispatchEvent(new MessageEvent('message', { data: { ...reply, id } }))
  }
  fail() {
    this.dispatchEvent(new ErrorEvent('error', { error: new Error('out of memory') }))
  }
}

const head = {
  platform: 'MT4',
  account: { number: '123', name: 'A', currency: 'USD' },
  summary: {},
  tradeCount: 0,
} as unknown as Extract<StatementWorkerReply, { kind: 'import' }>['report']

const file = (name: string) => new File(['<html>'], name, { type: 'text/html' })

beforeEach(() => {
  vi.useFakeTimers()
  FakeWorker.started = []
  vi.stubGlobal('Worker', FakeWorker)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** Lets the page go idle: the worker's start is due. */
async function idle() {
  await act(async () => {
    await vi.runOnlyPendingTimersAsync()
  })
}

/** Lets the page's timers and promises run until `done()` (the file read, the worker asked). */
async function until(done: () => boolean) {
  for (let step = 0; step < 100 && !done(); step++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1)
    })
  }
  expect(done()).toBe(true)
}

type Hook = { current: ReturnType<typeof useStatementImport> }

/** Drops `name` on the page, once the worker has been asked to import it: the import's end. */
async function drop(result: Hook, name: string, worker: () => FakeWorker | undefined) {
  const asked = worker()?.requests.length ?? 0
  let done!: Promise<void>
  act(() => {
    done = result.current.importFile(file(name), 100)
  })
  await until(() => (worker()?.requests.length ?? 0) > asked)
  // in an object: an async function returning the promise itself would wait for the import
  return { done }
}

describe('useStatementImport', () => {
  it('starts the worker once the page is idle, before any file, and keeps it for every drop', async () => {
    const { result, unmount } = renderHook(() => useStatementImport())
    expect(FakeWorker.started).toHaveLength(0)
    await idle()
    expect(FakeWorker.started).toHaveLength(1)
    const worker = FakeWorker.started[0]!

    const { done: first } = await drop(result, 'a.htm', () => worker)
    expect(result.current.state).toEqual({ status: 'reading', fileName: 'a.htm' })
    await act(async () => {
      worker.reply({ ok: true, kind: 'import', report: head })
      await first
    })
    expect(result.current.state).toMatchObject({ status: 'done', report: head })

    const { done: second } = await drop(result, 'b.htm', () => worker)
    await act(async () => {
      worker.reply({ ok: false, code: 'not-a-statement', detail: 'no table' })
      await second
    })
    expect(result.current.state).toEqual({
      status: 'failed',
      fileName: 'b.htm',
      message: describeUnreadableStatement('not-a-statement', 'no table'),
    })
    expect(FakeWorker.started).toHaveLength(1)
    expect(worker.terminated).toBe(false)

    unmount()
    expect(worker.terminated).toBe(true)
  })

  it('a file dropped while another is read replaces the busy worker; the first answer is ignored', async () => {
    const { result } = renderHook(() => useStatementImport())
    await idle()
    const busy = FakeWorker.started[0]!
    const { done: first } = await drop(result, 'a.htm', () => busy)

    const { done: second } = await drop(result, 'b.htm', () => FakeWorker.started[1])
    expect(busy.terminated).toBe(true)
    const fresh = FakeWorker.started[1]!
    await act(async () => {
      fresh.reply({ ok: true, kind: 'import', report: head })
      await second
    })
    expect(result.current.state).toMatchObject({ status: 'done', file: { name: 'b.htm' } })

    // the superseded request ends with the timeout without touching the page or the new worker
    await act(async () => {
      await vi.advanceTimersByTimeAsync(STATEMENT_WORKER_TIMEOUT_MS)
      await first
    })
    expect(result.current.state).toMatchObject({ status: 'done', file: { name: 'b.htm' } })
    expect(fresh.terminated).toBe(false)
    expect(FakeWorker.started).toHaveLength(2)
  })

  it('a worker that fails or does not answer is replaced, and the file shows as unreadable', async () => {
    const { result, unmount } = renderHook(() => useStatementImport())
    await idle()
    const crashed = FakeWorker.started[0]!
    const { done: first } = await drop(result, 'a.htm', () => crashed)
    await act(async () => {
      crashed.fail()
      await first
    })
    expect(result.current.state).toEqual({
      status: 'failed',
      fileName: 'a.htm',
      message: describeUnreadableStatement('unexpected', ''),
    })
    expect(crashed.terminated).toBe(true)
    expect(FakeWorker.started).toHaveLength(2)

    const hanging = FakeWorker.started[1]!
    const { done: second } = await drop(result, 'b.htm', () => hanging)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(STATEMENT_WORKER_TIMEOUT_MS)
      await second
    })
    expect(result.current.state).toMatchObject({ status: 'failed', fileName: 'b.htm' })
    expect(hanging.terminated).toBe(true)
    expect(FakeWorker.started).toHaveLength(3)

    unmount()
    expect(FakeWorker.started[2]!.terminated).toBe(true)
  })
})
