import {
  adminRiskResponseSchema,
  messages,
  streamServerMessageSchema,
  type RiskNearestRow,
  type StreamServerMessage,
} from '@tp/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { RiskDeskBuild } from '../src/modules/stream/risk-desk-feed'
import { createTestApp, type TestApp, type TestUser } from './support'

// The admin's live risk view (issue 14 item 6, decision 0038): GET /api/admin/risk and the
// stream's `risk-desk` topic. Three 100k two-phase accounts (daily floor 94,000.00 with a 6,000.00
// allowance, max floor 88,000.00 with 12,000.00) hold 1.00, 0.50 and no BTCUSD bought at
// 65,025.00; at a bid of 62,025.00 they are 50%, 75% and 100% of the daily allowance from its
// floor. Then a fall through the floor breaches the first: the watching admins are told.

let app: TestApp
let admin: TestUser
let otherAdmin: TestUser
let support: TestUser
let trader: TestUser
let heavy: string
let half: string
let flat: string

const BTC = (price: number) => Math.round(price * 100)
const tick = (bid: number) =>
  app.simulated.pushTick({
    symbol: 'BTCUSD',
    bid: BTC(bid),
    ask: BTC(bid) + 2_500,
    tMs: app.clock.now().getTime(),
  })

type Client = {
  /** every message as received, unparsed */
  raw: string[]
  send(message: unknown): void
  waitFor(match: (message: StreamServerMessage) => boolean, what: string): Promise<string>
  close(): void
}

async function connect(token: string): Promise<Client> {
  const socket = new WebSocket(`${app.baseUrl!.replace('http', 'ws')}/api/stream`)
  const raw: string[] = []
  const waiters: { match: (m: StreamServerMessage) => boolean; resolve: (raw: string) => void }[] =
    []
  socket.on('message', (data) => {
    const text = String(data)
    const message = streamServerMessageSchema.parse(JSON.parse(text))
    raw.push(text)
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(text)
      }
    }
  })
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve())
    socket.on('error', reject)
  })
  const client: Client = {
    raw,
    send: (message) => socket.send(JSON.stringify(message)),
    waitFor: (match, what) => {
      const seen = raw.find((text) => match(streamServerMessageSchema.parse(JSON.parse(text))))
      if (seen) return Promise.resolve(seen)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${what} message`)), 10_000)
        waiters.push({
          match,
          resolve: (text) => {
            clearTimeout(timer)
            resolve(text)
          },
        })
      })
    },
    close: () => socket.close(),
  }
  client.send({ type: 'auth', token })
  await client.waitFor((m) => m.type === 'ready', 'ready')
  return client
}

const parse = (text: string) => streamServerMessageSchema.parse(JSON.parse(text))
const mine = (rows: RiskNearestRow[]) =>
  rows.filter((row) => [heavy, half, flat].includes(row.accountId))

/** Resolves with the next ranking the feed takes that matches. */
function nextBuild(match: (build: RiskDeskBuild) => boolean): Promise<RiskDeskBuild> {
  return new Promise((resolve) => {
    const stop = app.ctx.trading.hub.riskDesk.onBuilt((build) => {
      if (!match(build)) return
      stop()
      resolve(build)
    })
  })
}

beforeAll(async () => {
  app = await createTestApp({ listen: true })
  admin = await app.createUser({ role: 'admin' })
  otherAdmin = await app.createUser({ role: 'admin' })
  support = await app.createUser({ role: 'support' })
  trader = await app.createUser({ name: 'Risky Trader' })
  tick(65_000)
  heavy = (await app.createTradingAccount(trader)).id
  half = (await app.createTradingAccount(trader)).id
  flat = (await app.createTradingAccount(trader)).id
  for (const [id, volume] of [
    [heavy, '1.00'],
    [half, '0.50'],
  ] as const) {
    const order = await app.post(
      `/api/trading/accounts/${id}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume },
      { token: trader.token },
    )
    expect(order.status, order.text).toBe(201)
  }
  tick(62_025)
})
afterAll(async () => {
  await app?.close()
})

describe('the live risk view', () => {
  it('ranks the active accounts by the share of the allowance left, nearest first', async () => {
    const response = await app.get('/api/admin/risk', { token: admin.token })
    expect(response.status, response.text).toBe(200)
    const { data } = adminRiskResponseSchema.parse(response.body)
    expect(data.nearest.monitored).toBeGreaterThanOrEqual(3)
    const rows = mine(data.nearest.accounts)
    expect(rows.map((row) => row.accountId)).toEqual([heavy, half, flat])
    expect(rows.map((row) => [row.nearest, row.leftPercent])).toEqual([
      ['dailyLoss', 50],
      ['dailyLoss', 75],
      ['dailyLoss', 100],
    ])
    expect(rows[0]).toMatchObject({
      ownerEmail: trader.user.email,
      ownerName: 'Risky Trader',
      planKey: 'twoPhase.phase1',
      stage: 'phase1',
      platform: 'mt5',
      equityCents: BTC(97_000),
      balanceCents: BTC(100_000),
      dailyLoss: {
        floorCents: BTC(94_000),
        distanceCents: BTC(3_000),
        allowanceCents: BTC(6_000),
        leftPercent: 50,
      },
      maxLoss: {
        floorCents: BTC(88_000),
        distanceCents: BTC(9_000),
        allowanceCents: BTC(12_000),
        leftPercent: 75,
      },
    })
    // the page's order is the ranking's: every row at least as near as the next
    const percents = data.nearest.accounts.map((row) => row.leftPercent)
    expect(percents).toEqual([...percents].sort((a, b) => a - b))
    expect(data.breaches.filter((breach) => breach.accountId === heavy)).toEqual([])
  })

  it('is refused to traders over HTTP and on the stream', async () => {
    const refused = await app.get('/api/admin/risk', { token: trader.token })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ code: 'ADMIN_ONLY', message: messages.auth.adminOnly })
    expect((await app.get('/api/admin/risk')).status).toBe(401)

    const client = await connect(trader.token)
    client.send({ type: 'risk-desk', isWatching: true })
    const error = parse(await client.waitFor((m) => m.type === 'error', 'error'))
    expect(error).toEqual({ type: 'error', code: 'ADMIN_ONLY', message: messages.auth.adminOnly })
    // the connection stays usable, and nothing of the risk desk came
    client.send({ type: 'ping' })
    await client.waitFor((m) => m.type === 'pong', 'pong')
    expect(client.raw.some((text) => parse(text).type.startsWith('risk-'))).toBe(false)
    expect(app.ctx.trading.hub.riskDesk.watcherCount).toBe(0)
    client.close()
  })

  it('is an admin read: the support role reads it and watches it', async () => {
    expect((await app.get('/api/admin/risk', { token: support.token })).status).toBe(200)
    const client = await connect(support.token)
    client.send({ type: 'risk-desk', isWatching: true })
    const ranking = parse(await client.waitFor((m) => m.type === 'risk-nearest', 'ranking'))
    expect(ranking.type === 'risk-nearest' && mine(ranking.nearest.accounts).length).toBe(3)
    client.close()
    await expect.poll(() => app.ctx.trading.hub.riskDesk.watcherCount).toBe(0)
  })

  it('pushes one ranking per interval, the same bytes to every admin, and each new breach', async () => {
    const first = await connect(admin.token)
    first.send({ type: 'risk-desk', isWatching: true })
    const initial = parse(await first.waitFor((m) => m.type === 'risk-nearest', 'ranking'))
    expect(initial.type === 'risk-nearest' && mine(initial.nearest.accounts)[0]?.accountId).toBe(
      heavy,
    )
    // a second admin gets the last ranking at once: the bytes the first got
    const second = await connect(otherAdmin.token)
    second.send({ type: 'risk-desk', isWatching: true })
    const secondInitial = await second.waitFor((m) => m.type === 'risk-nearest', 'ranking')
    expect(secondInitial).toBe(first.raw.find((text) => text.includes('"risk-nearest"')))

    // nothing moved: the next ranking sends nothing
    const unchanged = await nextBuild(() => true)
    expect(unchanged).toMatchObject({ isSent: false, watchers: 2 })

    // the price moves: one ranking, sent as the same bytes to both
    const sent = nextBuild((build) => build.isSent)
    tick(63_025)
    expect(await sent).toMatchObject({ isSent: true, watchers: 2 })
    const moved = (m: StreamServerMessage) =>
      m.type === 'risk-nearest' &&
      m.nearest.accounts.some((row) => row.accountId === heavy && row.leftPercent === 66.67)
    const [a, b] = await Promise.all([
      first.waitFor(moved, 'moved ranking'),
      second.waitFor(moved, 'moved ranking'),
    ])
    expect(a).toBe(b)

    // a fall through the daily floor breaches the 1.00 lot account: both admins are told
    tick(58_000)
    const isBreach = (m: StreamServerMessage) =>
      m.type === 'risk-breach' && m.breach.accountId === heavy
    const [breachA, breachB] = await Promise.all([
      first.waitFor(isBreach, 'breach'),
      second.waitFor(isBreach, 'breach'),
    ])
    expect(breachA).toBe(breachB)
    const breach = parse(breachA)
    expect(breach.type === 'risk-breach' && breach.breach).toMatchObject({
      rule: 'dailyLoss',
      equityCents: BTC(100_000 - 7_025),
      floorCents: BTC(94_000),
      ownerEmail: trader.user.email,
      openPositions: 1,
    })
    // it leaves the ranking (no longer judged) and joins the list of the last 24 hours
    await first.waitFor(
      (m) =>
        m.type === 'risk-nearest' && !m.nearest.accounts.some((row) => row.accountId === heavy),
      'ranking without the breached account',
    )
    const { data } = adminRiskResponseSchema.parse(
      (await app.get('/api/admin/risk', { token: admin.token })).body,
    )
    expect(data.breaches.find((row) => row.accountId === heavy)).toEqual(
      breach.type === 'risk-breach' ? breach.breach : null,
    )

    // stopping: the feed idles once nobody watches
    first.send({ type: 'risk-desk', isWatching: false })
    second.close()
    first.send({ type: 'ping' })
    await first.waitFor((m) => m.type === 'pong', 'pong')
    await expect.poll(() => app.ctx.trading.hub.riskDesk.watcherCount).toBe(0)
    first.close()
  })
})
