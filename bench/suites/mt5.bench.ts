// Live risk on a firm's MT5 server through the Web API (decision 0042; `npm run bench -- mt5`):
// the real app on 1,000 active accounts bound to the mt5-webapi adapter, against the local fake
// MT5 server answering every command after 20 ms (a server across a network). The adapter polls
// every account's trade state in batches (one keep-alive session each, four in parallel).
// mt5-poll-1000-accounts-freshness-p99-ms: an account's equity moves on the server; how long until
//   the risk monitor's evaluator sees the new equity (p99 over every move, moves spread over the
//   run); printed with the same run's time of one sweep of the 1,000 accounts (baseline: the
//   least any poll can add). Target < 2000.
// mt5-breach-detect-p99-ms: an account's equity crosses its max-loss floor on the server; how
//   long until the account is failed in the database (breach stored, trading disabled on the
//   server). Target < 2500.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  createDatabaseTemplate,
  loadEnv,
  openDatabaseFromTemplate,
  schema,
  startMt5Fake,
  startServer,
  type Mt5WebApiPlatform,
} from '@tp/server/bench'
import { eq, inArray } from 'drizzle-orm'
import { percentile, seededRandom, type BenchSuite } from '../support'
import { insertActiveRows, insertBenchChallenges, START_MS } from './risk-support'

const ACCOUNTS = Number(process.env.BENCH_MT5_ACCOUNTS ?? 1_000)
const LATENCY_MS = Number(process.env.BENCH_MT5_LATENCY_MS ?? 20)
const MOVE_SECONDS = Number(process.env.BENCH_MT5_MOVE_SECONDS ?? 10)
const BREACHES = Number(process.env.BENCH_MT5_BREACHES ?? 20)
const GROUP = 'demo\\bench'
const MANAGER = { login: '1000', password: 'Manager#Local1' }

const suite: BenchSuite = async function* () {
  const fake = await startMt5Fake({ latencyMs: 0 })
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-bench-mt5-'))
  const template = await createDatabaseTemplate('pglite')
  const database = await openDatabaseFromTemplate(template.template)
  const startedAtMs = START_MS - 120_000
  try {
    // 1,000 users of $100,000 on the server, and their active Phase 1 rows in the app
    const logins = Array.from({ length: ACCOUNTS + BREACHES }, (_, i) =>
      String(
        fake.seedUser({ group: GROUP, name: `Bench ${i}`, balanceCents: 10_000_000, leverage: 30 })
          .login,
      ),
    )
    const db = database.db
    const { userId, challengeRows } = await insertBenchChallenges(
      db,
      'mt5-bench@tradepeak.test',
      logins.length,
    )
    const accountRows = await insertActiveRows(
      db,
      {
        userId,
        challengeRows,
        bindings: logins.map((login) => ({ adapter: 'mt5-webapi', externalId: login, login })),
      },
      startedAtMs,
    )
    fake.latencyMs = LATENCY_MS

    const realStart = Date.now()
    const server = await startServer({
      env: loadEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'none'),
        SEED_DEMO: 'false',
        MARKET_FEED: 'manual',
        MARKET_BACKFILL_HOURS: '0',
        PORT: '0',
        TRADING_PLATFORM: 'mt5-webapi',
        MT5_WEBAPI_URL: fake.url,
        MT5_WEBAPI_LOGIN: MANAGER.login,
        MT5_WEBAPI_PASSWORD: MANAGER.password,
        MT5_WEBAPI_GROUP: GROUP,
        MT5_WEBAPI_SERVER_NAME: 'Bench-MT5',
      }),
      database,
      // the app's clock runs in real time (polling is), from a quiet Wednesday morning
      clock: { now: () => new Date(START_MS + (Date.now() - realStart)) },
      isJobMaintenanceOn: false,
    })
    try {
      const mt5 = server.ctx.trading.router.adapter('mt5-webapi') as Mt5WebApiPlatform
      // every account read once (the evaluators know today's equity) before measuring
      const firstPolls = mt5.polls
      while (mt5.polls < firstPolls + 2) await new Promise((resolve) => setTimeout(resolve, 20))

      // ---- freshness: equity moves on the server -> the evaluator sees it ----
      const pending = new Map<string, { equity: number; atMs: number }>()
      const ages: number[] = []
      const unsubscribe = server.ctx.trading.platform.subscribe((externalId, event) => {
        if (event.type !== 'equity') return
        const move = pending.get(externalId)
        if (move && move.equity === event.equity) {
          ages.push(performance.now() - move.atMs)
          pending.delete(externalId)
        }
      })
      const random = seededRandom(20261128)
      const moveUntil = performance.now() + MOVE_SECONDS * 1000
      let moves = 0
      while (performance.now() < moveUntil) {
        for (let i = 0; i < 10; i++) {
          const login = logins[Math.floor(random() * ACCOUNTS)]!
          if (pending.has(login)) continue
          // within the daily floor: $99,000 .. $101,000
          const equity = 9_900_000 + Math.floor(random() * 200_000)
          if (equity === fake.equityOf(fake.user(login))) continue
          fake.setEquity(login, equity)
          pending.set(login, { equity, atMs: performance.now() })
          moves++
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const drainUntil = performance.now() + 5_000
      while (pending.size > 0 && performance.now() < drainUntil) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      unsubscribe()
      const unseen = pending.size
      ages.sort((a, b) => a - b)
      yield {
        name: 'mt5-poll-1000-accounts-freshness-p99-ms',
        value: percentile(ages, 99),
        unit: `ms (p50 ${percentile(ages, 50).toFixed(0)}, ${moves} moves, ${unseen} unseen after 5 s, fake ${LATENCY_MS} ms/answer, target < 2000)`,
      }
      const sweepStart = performance.now()
      await mt5.pollOnce()
      yield {
        name: 'mt5-poll-1000-accounts-freshness-baseline-one-sweep-ms',
        value: performance.now() - sweepStart,
        unit: `ms (${ACCOUNTS + BREACHES} accounts in batches of ${mt5.settings.batch}, ${mt5.settings.sessions} sessions)`,
      }

      // ---- breach detection: equity under the floor on the server -> account failed ----
      const breachRows = accountRows.slice(ACCOUNTS)
      const detect: number[] = []
      for (const row of breachRows) {
        const t0 = performance.now()
        fake.setEquity(row.login, 8_900_000) // under the $90,000 max-loss floor
        for (;;) {
          const [current] = await db
            .select({ status: schema.tradingAccounts.status })
            .from(schema.tradingAccounts)
            .where(eq(schema.tradingAccounts.id, row.id))
          if (current?.status === 'failed') break
          if (performance.now() - t0 > 30_000) throw new Error(`account ${row.login} not failed`)
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
        detect.push(performance.now() - t0)
      }
      detect.sort((a, b) => a - b)
      const failed = await db
        .select({ id: schema.tradingAccounts.id })
        .from(schema.tradingAccounts)
        .where(
          inArray(
            schema.tradingAccounts.id,
            breachRows.map((row) => row.id),
          ),
        )
      yield {
        name: 'mt5-breach-detect-p99-ms',
        value: percentile(detect, 99),
        unit: `ms (p50 ${percentile(detect, 50).toFixed(0)}, ${failed.length} breaches, target < 2500)`,
      }
    } finally {
      await server.stop()
    }
  } finally {
    await fake.close()
    await database.close()
    await template.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export default suite
