// read-routes-*: requests per second of the hot read routes over HTTP on loopback, on PostgreSQL
// (TEST_DATABASE_URL, default the local server), each as a ratio to GET /api/config (no database,
// no auth) measured in the same run, so a busy machine moves both: account state, accounts list,
// history, quotes, bars (M1, the chart's default) and orders. Target: ratio >= 0.5 each.
// A fixed number of keep-alive connections, each sending its next request when the previous
// answer has been read; every route runs for READ_ROUTES_SECONDS (bounded in time and count).
// `npm run bench -- read-routes`
import http from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import {
  confirmOrderPaid,
  createDatabaseTemplate,
  createOrder,
  loadEnv,
  openDatabaseFromTemplate,
  schema,
  startServer,
  startSession,
} from '@tp/server/bench'
import type { BenchSuite } from '../support'

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres'

const SECONDS = Number(process.env.READ_ROUTES_SECONDS ?? 3)
const CONNECTIONS = 16
const MAX_REQUESTS_PER_ROUTE = 200_000

/** Requests per second on `url` with CONNECTIONS keep-alive connections for `seconds`. */
async function measure(baseUrl: string, url: string, token: string, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const target = new URL(url, baseUrl)
  const headers = { authorization: `Bearer ${token}` }
  const get = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(target, { agent, headers }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`))
        response.resume()
        response.on('end', resolve)
      })
      request.on('error', reject)
    })
  let sent = 0
  let done = 0
  let endAt = 0
  const worker = async () => {
    while (performance.now() < endAt && sent < MAX_REQUESTS_PER_ROUTE) {
      sent++
      await get()
      done++
    }
  }
  // warm up (compiled serializers, caches, JIT), then measure
  for (let i = 0; i < 20; i++) await get()
  const t0 = performance.now()
  endAt = t0 + seconds * 1000
  await Promise.all(Array.from({ length: CONNECTIONS }, worker))
  const elapsedS = (performance.now() - t0) / 1000
  agent.destroy()
  return done / elapsedS
}

const suite: BenchSuite = async function* () {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-bench-read-routes-'))
  const template = await createDatabaseTemplate('postgres')
  const database = await openDatabaseFromTemplate(template.template)
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    SEED_DEMO: 'false',
    MARKET_FEED: 'manual',
    // stored bars for the chart
    MARKET_BACKFILL_HOURS: '3',
    PORT: '0',
  })
  const server = await startServer({ env, database, isJobMaintenanceOn: false })
  try {
    const { ctx, app } = server
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 })
    const [user] = await ctx.db
      .insert(schema.users)
      .values({ email: 'bench-reader@tradepeak.test', passwordHash: 'x', name: 'Bench Reader' })
      .returning()
    await ctx.db.insert(schema.billingProfiles).values({
      userId: user!.id,
      firstName: 'B',
      lastName: 'R',
      country: 'CA',
      apartment: '1',
      town: 'V',
      state: 'BC',
      companyName: '-',
      postalCode: 'V6B',
      phone: '1',
      lockedAt: new Date(),
    })
    const { token } = await startSession(ctx, user!)
    // two accounts (and their orders) through the real provisioning path
    let accountId = ''
    for (let i = 0; i < 2; i++) {
      const order = await createOrder(ctx, user!.id, {
        challenge: 'twoPhase',
        platform: 'mt5',
        sizeK: 100,
        addOns: { profitSplit100: false, fastPayout: false },
        method: 'card',
      })
      await confirmOrderPaid(ctx, order.id, { source: 'job' })
      const deadline = Date.now() + 30_000
      for (;;) {
        const [row] = await ctx.db
          .select({ accountId: schema.orders.accountId })
          .from(schema.orders)
          .where(eq(schema.orders.id, order.id))
        if (row?.accountId) {
          accountId = row.accountId
          break
        }
        if (Date.now() > deadline) throw new Error('the account was not provisioned in 30 s')
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    }
    // open positions, a pending order and closed trades (BTCUSD trades around the clock)
    const post = async (url: string, body: unknown) => {
      const response = await fetch(new URL(url, baseUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
      return (await response.json()) as { position: { id: string } | null }
    }
    const orders = `/api/trading/accounts/${accountId}/orders`
    for (let i = 0; i < 10; i++) {
      const placed = await post(orders, { symbol: 'BTCUSD', type: 'buy', volume: '0.01' })
      if (i % 2 === 0) {
        await post(`/api/trading/accounts/${accountId}/positions/${placed.position!.id}/close`, {})
      }
    }
    await post(orders, { symbol: 'BTCUSD', type: 'buy-limit', volume: '0.01', price: '1000.00' })

    const routes: [string, string][] = [
      ['account-state', `/api/trading/accounts/${accountId}`],
      ['accounts-list', '/api/trading/accounts'],
      ['history', `/api/trading/accounts/${accountId}/history`],
      ['quotes', '/api/market/quotes'],
      ['bars', '/api/market/bars?symbol=EURUSD&timeframe=M1'],
      ['orders', '/api/orders'],
    ]
    for (const [name, url] of routes) {
      // the baseline right before each route, so both see the same machine
      const config = await measure(baseUrl, '/api/config', token, SECONDS)
      const perS = await measure(baseUrl, url, token, SECONDS)
      yield { name: `read-routes-${name}-req-per-s`, value: perS, unit: 'req/s' }
      yield { name: `read-routes-${name}-baseline-config-req-per-s`, value: config, unit: 'req/s' }
      yield { name: `read-routes-${name}-ratio-to-config`, value: perS / config, unit: 'x' }
    }
  } finally {
    await server.stop()
    await database.close()
    await template.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export default suite
