// dashboard-api-*: the trader dashboard's data (spec 2.12, 7) for one account with 10,000 closed
// trades under 50 concurrent clients, over HTTP on loopback. A dashboard load is the calls the web
// app makes when the dashboard opens (meta/get-accounts, metaStats/total-stats, update-analysis,
// trades, visual-stats and visual-trades for the default month). 50 clients, each on its own
// keep-alive connection with one request in flight (50 concurrent requests, as a load tester's
// "-c 50"), load the dashboard again and again for DASHBOARD_BENCH_SECONDS. Figures: the p99
// latency of those calls (target < 50 ms); in the same run /api/health p99 under the same 50
// clients (baseline: the app's cheapest call that reaches the database) and the ratio to it; the
// p99 of a whole load as a browser sends it (the six calls at once on six connections) with the 50
// clients; and the first (cold) load that reads the 10,000 trades from the platform.
// On PostgreSQL when TEST_DATABASE_URL is set, else on the embedded PGlite.
// `npm run bench -- dashboard`
import http from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import {
  createDatabaseTemplate,
  loadEnv,
  openDatabaseFromTemplate,
  schema,
  startServer,
  startSession,
} from '@tp/server/bench'
import { percentile, seededRandom, type BenchSuite } from '../support'
import {
  insertActiveAccounts,
  insertChunks,
  insertSimulatedAccounts,
  START_MS,
} from './risk-support'

const TRADES = 10_000
const CLIENTS = 50
const SECONDS = Number(process.env.DASHBOARD_BENCH_SECONDS ?? 5)
const MAX_LOADS_PER_CLIENT = 2_000
const DAY_MS = 86_400_000

/** Symbols the trades are spread over, with a price (points) to open at. */
const SYMBOLS = [
  { symbol: 'EURUSD', price: 108_000 },
  { symbol: 'GBPUSD', price: 126_000 },
  { symbol: 'USDJPY', price: 15_000 },
  { symbol: 'XAUUSD', price: 265_000 },
  { symbol: 'BTCUSD', price: 6_500_000 },
  { symbol: 'US30', price: 4_200_000 },
]

/** 10,000 closed trades over the 120 days before the clock: random sides, sizes, results. */
function closingDeals(externalId: string) {
  const random = seededRandom(20_261_125)
  return Array.from({ length: TRADES }, (_, i) => {
    const { symbol, price } = SYMBOLS[Math.floor(random() * SYMBOLS.length)]!
    const heldMs = Math.round(30_000 + random() ** 3 * 3 * DAY_MS)
    const closeMs = START_MS - Math.round(random() * 120 * DAY_MS)
    const profit = Math.round((random() - 0.45) * 40_000)
    return {
      id: 100_000_000 + i,
      accountId: externalId,
      positionId: 100_000_000 + i,
      entry: 'out',
      symbol,
      side: random() < 0.5 ? 'buy' : 'sell',
      volume: 1 + Math.floor(random() * 200),
      openPrice: price,
      price: price + Math.round((random() - 0.5) * price * 0.01),
      openTimeMs: closeMs - heldMs,
      timeMs: closeMs,
      profit,
      swap: random() < 0.2 ? -Math.round(random() * 500) : 0,
      commission: -Math.round(random() * 700),
      reason: 'client',
      balanceAfter: 10_000_000,
    }
  })
}

type Call = { path: string; body: unknown }

/** POST `call` with the token on the agent; resolves with the latency (ms) once answered. */
function timedPost(baseUrl: string, agent: http.Agent, token: string, call: Call) {
  const payload = JSON.stringify(call.body)
  return new Promise<number>((resolve, reject) => {
    const t0 = performance.now()
    const request = http.request(
      new URL(call.path, baseUrl),
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          if (response.statusCode !== 200) {
            reject(new Error(`${call.path}: ${response.statusCode} ${Buffer.concat(chunks)}`))
          } else resolve(performance.now() - t0)
        })
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

function timedGet(baseUrl: string, agent: http.Agent, url: string) {
  return new Promise<number>((resolve, reject) => {
    const t0 = performance.now()
    const request = http.get(new URL(url, baseUrl), { agent }, (response) => {
      response.resume()
      response.on('end', () =>
        response.statusCode === 200
          ? resolve(performance.now() - t0)
          : reject(new Error(`${url}: ${response.statusCode}`)),
      )
    })
    request.on('error', reject)
  })
}

/**
 * CLIENTS clients, each on its own `sockets` keep-alive connections, each running `load` again as
 * soon as the previous one answered, for `seconds`. Returns every request's latency and every
 * load's, sorted.
 */
async function underClients(
  seconds: number,
  sockets: number,
  load: (agent: http.Agent) => Promise<number[]>,
): Promise<{ requests: number[]; loads: number[]; byCall: number[][] }> {
  const agents = Array.from(
    { length: CLIENTS },
    () => new http.Agent({ keepAlive: true, maxSockets: sockets }),
  )
  const requests: number[] = []
  const loads: number[] = []
  /** latencies by the call's place in a load */
  const byCall: number[][] = []
  // warm up each client's connections
  await Promise.all(agents.map((agent) => load(agent)))
  const endAt = performance.now() + seconds * 1000
  await Promise.all(
    agents.map(async (agent) => {
      for (let n = 0; n < MAX_LOADS_PER_CLIENT && performance.now() < endAt; n++) {
        const t0 = performance.now()
        const latencies = await load(agent)
        loads.push(performance.now() - t0)
        requests.push(...latencies)
        latencies.forEach((latency, i) => (byCall[i] ??= []).push(latency))
      }
    }),
  )
  for (const agent of agents) agent.destroy()
  return {
    requests: requests.sort((a, b) => a - b),
    loads: loads.sort((a, b) => a - b),
    byCall,
  }
}

/** `calls` one after the other: one request in flight. */
async function oneByOne(calls: (() => Promise<number>)[]): Promise<number[]> {
  const latencies: number[] = []
  for (const call of calls) latencies.push(await call())
  return latencies
}

const suite: BenchSuite = async function* () {
  const backend = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'
  console.log(`# dashboard: on ${backend}`)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-bench-dashboard-'))
  const template = await createDatabaseTemplate(backend)
  const database = await openDatabaseFromTemplate(template.template)
  try {
    const created = await insertSimulatedAccounts(database.db, {
      email: 'bench-dashboard@tradepeak.test',
      count: 1,
      loginBase: 7_000_000,
    })
    const [account] = await insertActiveAccounts(database.db, created, START_MS - 121 * DAY_MS)
    await insertChunks(database.db, schema.simDeals, closingDeals(account!.externalId))
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'none'),
      SEED_DEMO: 'false',
      MARKET_FEED: 'manual',
      MARKET_BACKFILL_HOURS: '0',
      PORT: '0',
    })
    const server = await startServer({
      env,
      database,
      clock: { now: () => new Date(START_MS) },
      isJobMaintenanceOn: false,
    })
    try {
      const { ctx, app } = server
      const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 })
      const [user] = await ctx.db
        .select()
        .from(schema.users)
        .where(eq(schema.users.id, created.userId))
      const { token } = await startSession(ctx, user!)
      const accountId = account!.id
      const dashboard: Call[] = [
        { path: '/api/meta/get-accounts', body: { email: user!.email } },
        { path: '/api/metaStats/total-stats', body: { accountId } },
        { path: '/api/metaStats/update-analysis', body: { accountId } },
        { path: '/api/metaStats/trades', body: { accountId, email: user!.email } },
        { path: '/api/metaStats/visual-stats', body: { accountId } },
        {
          path: '/api/metaStats/visual-trades',
          body: { accountId, email: user!.email, index: 'month' },
        },
      ]
      const dashboardCalls = (agent: http.Agent) =>
        dashboard.map((call) => () => timedPost(baseUrl, agent, token, call))
      /** as a browser sends them: all at once */
      const loadDashboard = (agent: http.Agent) =>
        Promise.all(dashboardCalls(agent).map((call) => call()))

      // the figures are of the 10,000 trades
      const check = await fetch(`${baseUrl}/api/metaStats/total-stats`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ accountId }),
      })
      const { data } = (await check.json()) as { data: { data: { totalTrades: number } } }
      if (data.data.totalTrades !== TRADES) {
        throw new Error(`total-stats counted ${data.data.totalTrades} trades, not ${TRADES}`)
      }

      // the first load after a closed trade: the trades are read again from the platform
      ctx.trading.analytics.clear()
      const coldAgent = new http.Agent({ keepAlive: true, maxSockets: 6 })
      const t0 = performance.now()
      await loadDashboard(coldAgent)
      const coldMs = performance.now() - t0
      coldAgent.destroy()

      // the baseline: the same 50 clients, one request in flight each, to /api/health
      const health = await underClients(SECONDS, 1, (agent) =>
        oneByOne(dashboard.map(() => () => timedGet(baseUrl, agent, '/api/health'))),
      )
      const measured = await underClients(SECONDS, 1, (agent) => oneByOne(dashboardCalls(agent)))
      const p99 = percentile(measured.requests, 99)
      const healthP99 = percentile(health.requests, 99)
      // each call's own p99, for whoever looks into a change of the figure
      dashboard.forEach((call, i) => {
        const own = measured.byCall[i]!.sort((a, b) => a - b)
        console.log(`# dashboard: ${call.path} p99 ${percentile(own, 99).toFixed(1)} ms`)
      })
      yield { name: 'dashboard-api-p99-ms', value: p99, unit: 'ms' }
      yield { name: 'dashboard-api-p50-ms', value: percentile(measured.requests, 50), unit: 'ms' }
      yield { name: 'dashboard-api-baseline-health-p99-ms', value: healthP99, unit: 'ms' }
      yield { name: 'dashboard-api-p99-ratio-to-health', value: p99 / healthP99, unit: 'x' }
      const browsers = await underClients(SECONDS, dashboard.length, loadDashboard)
      yield { name: 'dashboard-load-p99-ms', value: percentile(browsers.loads, 99), unit: 'ms' }
      yield { name: 'dashboard-cold-load-10k-trades-ms', value: coldMs, unit: 'ms' }
      yield {
        name: 'dashboard-api-requests-per-second',
        value: measured.requests.length / SECONDS,
        unit: 'req/s',
      }
    } finally {
      await server.stop()
    }
  } finally {
    await database.close()
    await template.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export default suite
