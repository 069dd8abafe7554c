// admin-*: the admin area of a firm with 100,000 traders (issue 14 item 11, decision 0039), over
// HTTP on loopback as an admin, on a fixture of 100,000 users, 300,000 orders, 200,000 trading
// accounts and 5,000,000 deals (admin-scale-fixture.ts: written by the database itself with
// generate_series, about a minute). Figures, each beside the same run's /api/health p99 under
// the same clients (a route that reaches the database and does nothing):
// - admin-summary-p99-ms: GET /api/admin/summary (the dashboard's every card; target < 200)
// - admin-users-page-p99-ms: the users table searched, filtered, sorted and paged (target < 100);
//   admin-users-all-by-money-p99-ms: every user sorted by Price or Fund, without a search
// - admin-accounts-risk-page-p99-ms: the trading accounts table filtered (status, plan,
//   platform, search) and sorted (target < 100)
// - admin-risk-desk-p99-ms: GET /api/admin/risk, the active accounts sorted by distance to
//   their nearest floor (the monitor's ranking) and the last day's breaches
// - admin-export-orders-300k-s: the orders CSV export (every order), with the server's peak
//   memory while it streams (admin-export-orders-peak-rss-mb: this process's resident set, the
//   server included, sampled every 20 ms, and its growth over the export's start)
// Two admins at once, each sending its next request once the last one answered, for
// ADMIN_SCALE_SECONDS (default 4) per figure.
// Where: PostgreSQL when TEST_DATABASE_URL (or the local server) answers, at full size. Without
// one, PGlite holds a twentieth of it (5,000 users ... 250,000 deals) and the figures are named
// admin-pglite-20th-* (decision 0039: 5,000,000 rows in the embedded database's memory take
// minutes and gigabytes and say nothing of the production database).
// Its own database (created from a migrated template, dropped at the end). ADMIN_SCALE_KEEP_DB=
// <name> keeps (or reuses) a seeded PostgreSQL database of that name between runs instead;
// ADMIN_SCALE_BACKEND=pglite runs the PGlite tier even where PostgreSQL answers.
// `npm run bench -- admin-scale`
import http from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import {
  createDatabaseTemplate,
  loadEnv,
  openDatabase,
  openDatabaseFromTemplate,
  schema,
  startServer,
  startSession,
} from '@tp/server/bench'
import { percentile, type BenchSuite, type Figure } from '../support'
import {
  FIXTURE_NOW_MS,
  FULL_SIZE,
  seedAdminFixture,
  type FixtureSize,
} from './admin-scale-fixture'

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres'
const SECONDS = Number(process.env.ADMIN_SCALE_SECONDS ?? 4)
const CLIENTS = 2
const MAX_REQUESTS_PER_CLIENT = 5_000

const PGLITE_SIZE: FixtureSize = {
  users: FULL_SIZE.users / 20,
  orders: FULL_SIZE.orders / 20,
  accounts: FULL_SIZE.accounts / 20,
  deals: FULL_SIZE.deals / 20,
}

const log = (line: string) => console.log(`# admin-scale: ${line}`)

async function reachablePostgres(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select 1')
    return url
  } catch {
    return null
  } finally {
    await client.end().catch(() => {})
  }
}

/** GET `url`; resolves with the latency (ms) once the whole answer has been read. */
function timedGet(baseUrl: string, agent: http.Agent, token: string, url: string) {
  return new Promise<number>((resolve, reject) => {
    const t0 = performance.now()
    const request = http.get(
      new URL(url, baseUrl),
      { agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => {
          if (response.statusCode !== 200) chunks.push(chunk)
        })
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(performance.now() - t0)
            : reject(new Error(`${url}: ${response.statusCode} ${Buffer.concat(chunks)}`)),
        )
      },
    )
    request.on('error', reject)
  })
}

/**
 * CLIENTS clients, each on its own keep-alive connection, each asking the next of `urls` (in
 * turn) as soon as the last answer arrived, for SECONDS. Every latency, sorted.
 */
async function underClients(baseUrl: string, token: string, urls: string[]): Promise<number[]> {
  const latencies: number[] = []
  const agents = Array.from(
    { length: CLIENTS },
    () => new http.Agent({ keepAlive: true, maxSockets: 1 }),
  )
  try {
    // warm up: each url once (compiled serialisers, plans, the database's caches)
    for (const url of urls) await timedGet(baseUrl, agents[0]!, token, url)
    const endAt = performance.now() + SECONDS * 1000
    await Promise.all(
      agents.map(async (agent, client) => {
        for (let i = 0; i < MAX_REQUESTS_PER_CLIENT && performance.now() < endAt; i++) {
          latencies.push(await timedGet(baseUrl, agent, token, urls[(client + i) % urls.length]!))
        }
      }),
    )
  } finally {
    for (const agent of agents) agent.destroy()
  }
  return latencies.sort((a, b) => a - b)
}

/** The figure's p99 and, right before it under the same clients, /api/health's. */
async function* p99Figure(
  baseUrl: string,
  token: string,
  name: string,
  urls: string[],
): AsyncIterable<Figure> {
  const health = await underClients(baseUrl, token, ['/api/health'])
  const measured = await underClients(baseUrl, token, urls)
  const p99 = percentile(measured, 99)
  const healthP99 = percentile(health, 99)
  log(`${name}: ${measured.length} requests, median ${percentile(measured, 50).toFixed(1)} ms`)
  yield { name: `${name}-p99-ms`, value: p99, unit: 'ms' }
  yield { name: `${name}-baseline-health-p99-ms`, value: healthP99, unit: 'ms' }
}

/** Streams `url` to nowhere, sampling this process's resident set; seconds, peak and growth. */
async function exportOnce(baseUrl: string, token: string, url: string) {
  global.gc?.()
  const rssBefore = process.memoryUsage().rss
  let peak = rssBefore
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  const t0 = performance.now()
  try {
    const { bytes, lines } = await new Promise<{ bytes: number; lines: number }>(
      (resolve, reject) => {
        const request = http.get(
          new URL(url, baseUrl),
          { headers: { authorization: `Bearer ${token}` } },
          (response) => {
            let bytes = 0
            let lines = 0
            response.on('data', (chunk: Buffer) => {
              bytes += chunk.length
              for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++
            })
            response.on('end', () =>
              response.statusCode === 200
                ? resolve({ bytes, lines })
                : reject(new Error(`${url}: ${response.statusCode}`)),
            )
          },
        )
        request.on('error', reject)
      },
    )
    peak = Math.max(peak, process.memoryUsage().rss)
    return { seconds: (performance.now() - t0) / 1000, bytes, lines, rssBefore, peak }
  } finally {
    clearInterval(sampler)
  }
}

/** The orders CSV export's path, if the server has one (issue 14 item 8). */
function ordersExportPath(app: { hasRoute(options: { method: 'GET'; url: string }): boolean }) {
  const candidates = [
    '/api/admin/orders/export.csv',
    '/api/admin/orders/export',
    '/api/admin/exports/orders.csv',
    '/api/admin/exports/orders',
    '/api/admin/export/orders',
  ]
  return candidates.find((url) => app.hasRoute({ method: 'GET', url })) ?? null
}

const suite: BenchSuite = async function* () {
  const url = process.env.ADMIN_SCALE_BACKEND === 'pglite' ? null : await reachablePostgres()
  const backend = url ? 'postgres' : 'pglite'
  const size = url ? FULL_SIZE : PGLITE_SIZE
  const prefix = url ? 'admin' : 'admin-pglite-20th'
  if (url) process.env.TEST_DATABASE_URL = url
  else
    log(
      'on PGlite (no PostgreSQL reachable, or ADMIN_SCALE_BACKEND=pglite): a twentieth of the fixture',
    )
  log(
    `on ${backend}: ${size.users} users, ${size.orders} orders, ${size.accounts} accounts, ${size.deals} deals`,
  )

  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-bench-admin-scale-'))
  const keepName = url ? process.env.ADMIN_SCALE_KEEP_DB : undefined
  const template = keepName ? null : await createDatabaseTemplate(backend)
  const database = keepName
    ? await openKeptDatabase(url!, keepName, size)
    : await openDatabaseFromTemplate(template!.template)
  try {
    if (!keepName) {
      const t0 = performance.now()
      await seedAdminFixture(database.pool, size, log)
      log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
    }
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.ADMIN_SCALE_LOG_LEVEL ?? 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'none'),
      SEED_DEMO: 'false',
      MARKET_FEED: 'manual',
      MARKET_BACKFILL_HOURS: '0',
      PORT: '0',
    })
    const t0 = performance.now()
    const server = await startServer({
      env,
      database,
      clock: { now: () => new Date(FIXTURE_NOW_MS) },
      isJobMaintenanceOn: false,
    })
    log(`server started in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
    try {
      const { ctx, app } = server
      const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 })
      const email = 'bench-admin@bench.tradepeak.test'
      await ctx.db
        .insert(schema.users)
        .values({ email, passwordHash: 'x', name: 'Bench Admin', role: 'admin' })
        .onConflictDoNothing()
      const [admin] = await ctx.db.select().from(schema.users).where(eq(schema.users.email, email))
      const { token } = await startSession(ctx, admin!)

      // the fixture is what the dashboard counts
      const summary = await fetch(`${baseUrl}/api/admin/summary`, {
        headers: { authorization: `Bearer ${token}` },
      })
      if (!summary.ok) throw new Error(`summary: ${summary.status} ${await summary.text()}`)
      const { data: body } = (await summary.json()) as {
        data: { summary: { totalUsers: number; totalAccounts: number; totalTrade: number } }
      }
      log(`summary: ${JSON.stringify(body.summary)}`)
      if (body.summary.totalUsers !== size.users || body.summary.totalAccounts !== size.accounts) {
        throw new Error(`the summary counts ${JSON.stringify(body.summary)}, not the fixture`)
      }

      yield* p99Figure(baseUrl, token, `${prefix}-summary`, ['/api/admin/summary'])

      // an operator's searches: a last name (~2% of users) by name, an email fragment by price,
      // a first name by fund, a filter deep in the pages
      yield* p99Figure(baseUrl, token, `${prefix}-users-page`, [
        '/api/admin/users?search=garcia&sort=name&dir=asc&page=1&pageSize=25',
        '/api/admin/users?search=trader0421&sort=price&dir=desc&page=1&pageSize=25',
        '/api/admin/users?search=olivia&status=active&sort=fund&dir=desc&page=3&pageSize=25',
        '/api/admin/users?status=active&sort=createdAt&dir=desc&page=40&pageSize=25',
        '/api/admin/users?search=smith&sort=email&dir=asc&page=2&pageSize=25',
      ])
      // and no search at all: every user ordered by what they paid or their fund (each user's
      // sum is needed: the slow end of the table, shown on its own)
      yield* p99Figure(baseUrl, token, `${prefix}-users-all-by-money`, [
        '/api/admin/users?sort=price&dir=desc&page=1&pageSize=25',
        '/api/admin/users?sort=fund&dir=desc&page=2&pageSize=25',
      ])

      // the risk desk's reads of the accounts table: live accounts of a plan and platform, an
      // owner's or a login's accounts, failed ones newest first
      yield* p99Figure(baseUrl, token, `${prefix}-accounts-risk-page`, [
        '/api/admin/trading-accounts?status=active&sort=size&dir=desc&page=1&pageSize=50',
        '/api/admin/trading-accounts?status=active&plan=twoPhase.phase1&platform=mt5&sort=createdAt&dir=desc&page=2&pageSize=50',
        '/api/admin/trading-accounts?search=smith&status=active&sort=login&dir=asc&page=1&pageSize=50',
        '/api/admin/trading-accounts?search=10012&sort=createdAt&dir=desc&page=1&pageSize=50',
        '/api/admin/trading-accounts?status=failed&plan=instantFund.funded&sort=createdAt&dir=desc&page=5&pageSize=50',
        '/api/admin/trading-accounts?sort=createdAt&dir=desc&page=100&pageSize=50',
      ])

      // the risk desk's first state (decision 0038): the active accounts ranked by the distance to
      // their nearest floor, from the monitor's memory, and the last 24 hours' breaches
      if (app.hasRoute({ method: 'GET', url: '/api/admin/risk' })) {
        yield* p99Figure(baseUrl, token, `${prefix}-risk-desk`, ['/api/admin/risk'])
      }

      const exportPath = ordersExportPath(app)
      if (!exportPath) {
        log('no orders CSV export route on the server yet: admin-export-orders skipped')
      } else {
        const measured = await exportOnce(baseUrl, token, exportPath)
        log(
          `export ${exportPath}: ${measured.lines} lines, ${(measured.bytes / 1e6).toFixed(1)} MB`,
        )
        const label = url ? 'admin-export-orders-300k' : `${prefix}-export-orders-15k`
        yield { name: `${label}-s`, value: measured.seconds, unit: 's' }
        yield { name: `${label}-peak-rss-mb`, value: measured.peak / 2 ** 20, unit: 'MB' }
        yield {
          name: `${label}-rss-growth-mb`,
          value: (measured.peak - measured.rssBefore) / 2 ** 20,
          unit: 'MB',
        }
      }
    } finally {
      await server.stop()
    }
  } finally {
    if (!keepName) await database.close()
    await template?.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/**
 * ADMIN_SCALE_KEEP_DB: a seeded database kept between runs (for whoever works on these figures);
 * made and seeded on first use, migrated by the server at each start.
 */
async function openKeptDatabase(serverUrl: string, name: string, size: FixtureSize) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`ADMIN_SCALE_KEEP_DB: not a name: ${name}`)
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name])
  await admin.end()
  const kept = new URL(serverUrl)
  kept.pathname = `/${name}`
  if (rows.length === 0) {
    const template = await createDatabaseTemplate('postgres')
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    await client.query(
      `create database "${name}" template "${
        (template.template as { templateName: string }).templateName
      }"`,
    )
    await client.end()
    await template.dispose()
    const pool = new pg.Pool({ connectionString: kept.toString(), max: 2 })
    try {
      await seedAdminFixture(pool, size, log)
    } finally {
      await pool.end()
    }
  }
  return openDatabase(
    loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: kept.toString() }),
  )
}

export default suite
