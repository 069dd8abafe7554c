import { createServer, Socket, type AddressInfo, type Server } from 'node:net'
import type { Session } from '@tp/api'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, createPool } from '../src/db/client'
import { ACCESS_CHANGED_CHANNEL, startNoticeListener } from '../src/db/notices'
import { users } from '../src/db/schema'
import {
  CALLER_CACHE_MAX_AGE_MS,
  CallerCache,
  type CachedSession,
} from '../src/modules/access/caller-cache'
import { startServer, type RunningServer } from '../src/server'
import { createTestApp, type TestApp, type TestUser } from './support'
import { waitFor } from './support/wait-for'
import type pg from 'pg'

// Decision 0024: who is calling is cached per session, and the cache never outlives a change.
// A change made through this process drops the entry before the statement that made it returns;
// a change made by another instance sharing the database (its own pool, its own process in
// production) reaches this one through the access notices, well within the cache's max age; a
// lost listening connection turns the cache off until it listens again.

let a: TestApp
let b: RunningServer
let bPool: pg.Pool

beforeAll(async () => {
  a = await createTestApp()
  // a second instance of the app on the same database, through a pool of its own (in
  // production, another process)
  const url = a.ctx.pool.options.connectionString!
  bPool = createPool(url, 4)
  b = await startServer({
    env: a.env,
    clock: a.clock,
    database: {
      db: createDatabase(bPool),
      pool: bPool,
      url,
      description: 'second instance',
      close: () => bPool.end(),
    },
    isJobMaintenanceOn: false,
  })
})
afterAll(async () => {
  await b?.stop()
  await bPool?.end()
  await a?.close()
})

const sessionIdOf = (user: TestUser): string =>
  (JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as { sid: string })
    .sid

const onB = async (url: string, token: string) =>
  (await b.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }))
    .statusCode

const onBMethod = async (method: 'POST', url: string, body: unknown) =>
  (await b.app.inject({ method, url, payload: body as object })).statusCode

describe('the caller cache', () => {
  it('serves an open session from memory, and drops it before a change made here returns', async () => {
    expect(a.ctx.callers.isOn).toBe(true)
    const admin = await a.createUser({ role: 'admin' })
    const sessionId = sessionIdOf(admin)
    expect((await a.get('/api/admin/users', { token: admin.token })).status).toBe(200)
    expect(a.ctx.callers.get(sessionId)).toMatchObject({ userId: admin.user.id, role: 'admin' })

    await a.db.update(users).set({ role: 'trader' }).where(eq(users.id, admin.user.id))
    // no wait: the notice came back on the connection that made the change
    expect(a.ctx.callers.get(sessionId)).toBeUndefined()
    expect((await a.get('/api/admin/users', { token: admin.token })).status).toBe(403)
  })

  it('a role change in one instance reaches another sharing the database at once', async () => {
    const admin = await a.createUser({ role: 'admin' })
    const sessionId = sessionIdOf(admin)
    expect(await onB('/api/admin/users', admin.token)).toBe(200)
    expect(b.ctx.callers.get(sessionId)).toMatchObject({ role: 'admin' })

    const changedAt = performance.now()
    await a.db.update(users).set({ role: 'trader' }).where(eq(users.id, admin.user.id))
    await waitFor(() => b.ctx.callers.get(sessionId) === undefined, {
      timeoutMs: CALLER_CACHE_MAX_AGE_MS / 2,
      what: "the other instance's entry to be dropped",
    })
    // by the notice, not by age
    expect(performance.now() - changedAt).toBeLessThan(CALLER_CACHE_MAX_AGE_MS / 2)
    expect(await onB('/api/admin/users', admin.token)).toBe(403)
  })

  it('a sign-out in one instance ends the session in another at once', async () => {
    const trader = await a.createUser()
    const login = await a.post<Session>('/api/auth/login', {
      email: trader.user.email,
      password: trader.password,
    })
    expect(login.status, login.text).toBe(200)
    const token = login.body.token
    const sessionId = (
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }
    ).sid
    expect(await onB('/api/auth/me', token)).toBe(200)
    expect(b.ctx.callers.get(sessionId)).toBeDefined()

    expect(
      (await a.post('/api/auth/logout', { refreshToken: login.body.refreshToken })).status,
    ).toBe(204)
    expect(a.ctx.callers.get(sessionId)).toBeUndefined()
    await waitFor(() => b.ctx.callers.get(sessionId) === undefined, {
      timeoutMs: CALLER_CACHE_MAX_AGE_MS / 2,
      what: "the other instance's entry to be dropped",
    })
    expect(await onB('/api/auth/me', token)).toBe(401)
    expect(
      await onBMethod('POST', '/api/auth/refresh', { refreshToken: login.body.refreshToken }),
    ).not.toBe(200)
  })

  it('is off and empty while notices cannot arrive', () => {
    let now = 0
    const cache = new CallerCache(() => now)
    const session: CachedSession = { userId: 'u1', role: 'admin' }
    cache.store('s1', session, cache.beginRead())
    expect(cache.get('s1')).toBeUndefined() // not listening yet: nothing kept
    cache.setListening(true)
    cache.store('s1', session, cache.beginRead())
    expect(cache.get('s1')).toEqual(expect.objectContaining(session))
    // a read that began before a change is not kept
    const stale = cache.beginRead()
    cache.handleNotice('user:u1')
    cache.store('s1', session, stale)
    expect(cache.get('s1')).toBeUndefined()
    cache.store('s1', session, cache.beginRead())
    now += CALLER_CACHE_MAX_AGE_MS
    expect(cache.get('s1')).toBeUndefined() // too old
    cache.store('s1', session, cache.beginRead())
    cache.setListening(false)
    expect(cache.get('s1')).toBeUndefined()
    cache.setListening(true)
    expect(cache.get('s1')).toBeUndefined() // emptied when it was lost
    cache.store('s1', session, cache.beginRead())
    cache.handleNotice('garbage')
    expect(cache.get('s1')).toBeUndefined() // a notice it does not understand clears all
  })
})

describe('the notice listener', () => {
  let proxy: Server
  const sockets = new Set<Socket>()

  beforeAll(async () => {
    // a loopback proxy to the database, so the test can cut the listening connection
    const target = new URL(a.ctx.pool.options.connectionString!)
    proxy = createServer((client) => {
      const upstream = new Socket()
      upstream.connect(Number(target.port), target.hostname)
      client.pipe(upstream).pipe(client)
      const close = () => {
        client.destroy()
        upstream.destroy()
      }
      client.on('error', close).on('close', close)
      upstream.on('error', close).on('close', close)
      sockets.add(client)
      client.on('close', () => sockets.delete(client))
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => proxy?.close(resolve))
  })

  it('reports a lost connection at once, listens again, and delivers notices', async () => {
    const url = new URL(a.ctx.pool.options.connectionString!)
    url.host = `127.0.0.1:${(proxy.address() as AddressInfo).port}`
    const states: boolean[] = []
    const notices: (string | undefined)[] = []
    const listener = startNoticeListener({
      connection: { connectionString: url.toString() },
      channel: ACCESS_CHANGED_CHANNEL,
      onNotice: (payload) => notices.push(payload),
      onState: (isListening) => states.push(isListening),
      retryMs: 50,
    })
    try {
      await listener.ready
      expect(states).toEqual([true])
      await a.db.execute(sql`select pg_notify(${ACCESS_CHANGED_CHANNEL}, 'user:first')`)
      await waitFor(() => notices.includes('user:first'), { what: 'the first notice' })

      for (const socket of sockets) socket.destroy()
      await waitFor(() => states.at(-1) === false, { what: 'the loss to be reported' })
      await waitFor(() => states.at(-1) === true, { what: 'listening again' })
      await a.db.execute(sql`select pg_notify(${ACCESS_CHANGED_CHANNEL}, 'user:second')`)
      await waitFor(() => notices.includes('user:second'), { what: 'a notice after reconnecting' })
    } finally {
      await listener.stop()
    }
  })
})
