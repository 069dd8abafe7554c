import { connect, createServer, type AddressInfo } from 'node:net'
import { threadId } from 'node:worker_threads'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createPool } from '../src/db/client'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres'

// The embedded database runs in a worker thread of its own (docs/decisions/0006): this thread, the
// app's event loop, only holds a pool of connections to the worker's loopback port, so a long
// query keeps nothing else on the loop waiting. Asserted as an order of events, not durations.

let embedded: EmbeddedPostgres
beforeAll(async () => {
  embedded = await startEmbeddedPostgres()
})
afterAll(async () => {
  await embedded?.stop()
})

it('runs PGlite in another thread: this thread holds only the loopback URL', () => {
  expect(embedded.threadId).not.toBe(threadId)
  expect(Object.keys(embedded).sort()).toEqual(['dumpDataDir', 'stop', 'threadId', 'url'])
  expect(new URL(embedded.url).hostname).toBe('127.0.0.1')
})

it('answers requests on the event loop while a long query runs', async () => {
  // a plain TCP echo on this thread's event loop, standing in for any request the API serves
  const echo = createServer((socket) => socket.pipe(socket))
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve))
  const { port } = echo.address() as AddressInfo
  const roundTrip = () =>
    new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('error', reject)
      socket.once('data', () => {
        socket.destroy()
        resolve()
      })
      socket.write('ping')
    })

  const pool = createPool(embedded.url, 2)
  try {
    await pool.query('select 1') // connected: what follows only waits for the query itself
    const events: string[] = []
    const long = pool
      .query('select count(*)::int as n from generate_series(1, 3000000)')
      .then(({ rows }) => events.push(`query done (${rows[0].n})`))
    // the query is on its way to the worker; everything below runs on this thread meanwhile
    await new Promise((resolve) => setTimeout(resolve, 0))
    events.push('timer fired')
    for (let i = 0; i < 20; i++) await roundTrip()
    events.push('20 round trips')
    await long
    expect(events).toEqual(['timer fired', '20 round trips', 'query done (3000000)'])
  } finally {
    await pool.end()
    await new Promise((resolve) => echo.close(resolve))
  }
}, 120_000)

it('fails its start clearly when the worker cannot serve (the port is taken)', async () => {
  const taken = createServer()
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
  const { port } = taken.address() as AddressInfo
  try {
    await expect(startEmbeddedPostgres({ port })).rejects.toThrow(
      /embedded PostgreSQL failed to start: .*EADDRINUSE/,
    )
  } finally {
    await new Promise((resolve) => taken.close(resolve))
  }
}, 180_000) // a PGlite instance starts in seconds, tens of them on a busy machine
