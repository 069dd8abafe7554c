// How long the API waits while the risk monitor writes its ledger (decision 0006, 0014).
// risk-flush-max-block-ms: 10,000 active accounts cross a day reset (one reset snapshot, two day
//   rows and a checkpoint each: the largest flush the monitor makes), then the monitor flushes
//   while a loop of `GET /api/health` requests (each one a `select 1`) runs against the real,
//   listening app. Printed: the longest, p99 and p50 wait of a health request during the flush,
//   the same-run baseline (the same loop with no flush) and the flush's own duration. On PGlite,
//   and on PostgreSQL when TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres
//   answers.
// `npm run bench -- risk-flush`; BENCH_FLUSH_ACCOUNTS, BENCH_FLUSH_ROUNDS to change the load.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import {
  createDatabaseTemplate,
  loadEnv,
  openDatabaseFromTemplate,
  startServer,
} from '@tp/server/bench'
import { percentile, type BenchSuite, type Figure } from '../support'
import { insertActiveAccounts, insertSimulatedAccounts } from './risk-support'

const ACCOUNTS = Number(process.env.BENCH_FLUSH_ACCOUNTS ?? 10_000)
/** day resets crossed (one flush each) */
const ROUNDS = Number(process.env.BENCH_FLUSH_ROUNDS ?? 2)
/** health requests of the baseline loop */
const BASELINE_REQUESTS = 400
/** a bound on every loop, whatever the machine */
const LOOP_LIMIT_MS = 15_000
// a Wednesday, 10:00 New York, ahead of the real clock: the day-reset job (queued on the database's
// clock) stays in the future and the flush measured is the monitor's own
const START_MS = Date.parse('2027-11-17T15:00:00Z')
const DAY_MS = 24 * 60 * 60_000
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres'

type Db = Awaited<ReturnType<typeof openDatabaseFromTemplate>>['db']

/** `ACCOUNTS` active Phase 1 accounts of $100,000, started a minute ago, no positions. */
async function fillDatabase(db: Db, nowMs: number) {
  const created = await insertSimulatedAccounts(db, {
    email: 'bench-flush@tradepeak.test',
    count: ACCOUNTS,
    loginBase: 9_000_000,
  })
  await insertActiveAccounts(db, created, nowMs - 60_000)
}

/**
 * `GET /api/health` one after another until `isDone()` (or `maxRequests`): the wait of each,
 * from sending to the whole answer, in ms.
 */
async function healthLoop(
  baseUrl: string,
  isDone: () => boolean,
  maxRequests = Infinity,
): Promise<number[]> {
  const waits: number[] = []
  const deadline = performance.now() + LOOP_LIMIT_MS
  while (!isDone() && waits.length < maxRequests && performance.now() < deadline) {
    const t0 = performance.now()
    const response = await fetch(`${baseUrl}/api/health`)
    await response.text()
    if (response.status !== 200) throw new Error(`/api/health answered ${response.status}`)
    waits.push(performance.now() - t0)
  }
  return waits
}

async function* measure(backend: 'pglite' | 'postgres', label: string): AsyncIterable<Figure> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-bench-flush-'))
  const template = await createDatabaseTemplate(backend)
  const database = await openDatabaseFromTemplate(template.template)
  let clockMs = START_MS
  try {
    await fillDatabase(database.db, clockMs)
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
      clock: { now: () => new Date(clockMs) },
      isJobMaintenanceOn: false,
    })
    try {
      const address = await server.app.listen({ port: 0, host: '127.0.0.1' })
      const { risk } = server.ctx.trading
      await healthLoop(address, () => false, 50) // warm-up
      const baseline = await healthLoop(address, () => false, BASELINE_REQUESTS)

      const during: number[] = []
      const flushMs: number[] = []
      for (let round = 1; round <= ROUNDS; round++) {
        await risk.flush()
        clockMs = START_MS + round * DAY_MS
        // every account crosses the reset (synchronous evaluator work, before the clock starts)
        const crossed = risk.crossResets(clockMs)
        if (crossed < ACCOUNTS) throw new Error(`only ${crossed} accounts crossed the reset`)
        let isFlushed = false
        const loop = healthLoop(address, () => isFlushed)
        const t0 = performance.now()
        await risk.flush()
        flushMs.push(performance.now() - t0)
        isFlushed = true
        during.push(...(await loop))
      }
      const sortedBaseline = [...baseline].sort((a, b) => a - b)
      const sortedDuring = [...during].sort((a, b) => a - b)
      const k = Math.round(ACCOUNTS / 1000)
      console.log(
        `# ${label}: ${during.length} health requests during ${ROUNDS} flushes of ${k}k accounts ` +
          `(flush ${flushMs.map((ms) => ms.toFixed(0)).join(', ')} ms); baseline ${baseline.length}`,
      )
      const figure = (name: string, value: number): Figure => ({ name, value, unit: 'ms' })
      yield figure(`risk-flush-max-block-ms-${label}`, sortedDuring.at(-1) ?? NaN)
      yield figure(`risk-flush-p99-block-ms-${label}`, percentile(sortedDuring, 99))
      yield figure(`risk-flush-p50-block-ms-${label}`, percentile(sortedDuring, 50))
      yield figure(`risk-flush-baseline-max-ms-${label}`, sortedBaseline.at(-1) ?? NaN)
      yield figure(`risk-flush-baseline-p99-ms-${label}`, percentile(sortedBaseline, 99))
      yield figure(`risk-flush-baseline-p50-ms-${label}`, percentile(sortedBaseline, 50))
      yield figure(`risk-flush-duration-max-ms-${label}`, Math.max(...flushMs))
    } finally {
      await server.stop()
    }
  } finally {
    await database.close()
    await template.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
}

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

const suite: BenchSuite = async function* () {
  yield* measure('pglite', 'pglite')
  const url = await reachablePostgres()
  if (!url) {
    console.log('# risk-flush: no PostgreSQL reachable (TEST_DATABASE_URL or local): skipped')
    return
  }
  process.env.TEST_DATABASE_URL = url
  yield* measure('postgres', 'postgres')
}

export default suite
