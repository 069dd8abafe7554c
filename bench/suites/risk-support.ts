// Shared by the risk suites: a database of active Phase 1 accounts of $100,000, each with one
// open position, and the real app started on it (simulated server, risk monitor, embedded
// PostgreSQL). Not a suite itself (run.ts loads *.bench.ts only).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { currentRulebookVersion, instruments, parsePrice, positionProfit } from '@tp/domain'
import {
  createDatabaseTemplate,
  loadEnv,
  openDatabaseFromTemplate,
  schema,
  startServer,
} from '@tp/server/bench'
import { seededRandom } from '../support'

type QuoteBook = Parameters<typeof positionProfit>[1]

/**
 * A Wednesday, 10:00 New York, ahead of the real clock (as risk-flush.bench.ts): the day-reset job
 * is queued on the database's clock, so with the app's clock behind it the job ran at once and
 * queued the next day's, once per day between the two (ten runs, each reading every active
 * account for the inactivity check), in the middle of the figures being measured (decision 0040).
 */
export const START_MS = Date.parse('2027-11-17T15:00:00Z')

type Db = Awaited<ReturnType<typeof openDatabaseFromTemplate>>['db']

export async function insertChunks<T>(db: Db, table: Parameters<Db['insert']>[0], rows: T[]) {
  for (let i = 0; i < rows.length; i += 1_000) {
    await db.insert(table).values(rows.slice(i, i + 1_000) as never)
  }
}

/** A bench user with `count` Two Phase $100,000 MT5 challenges. */
export async function insertBenchChallenges(db: Db, email: string, count: number) {
  const [user] = await db.insert(schema.users).values({ email, passwordHash: 'x' }).returning()
  const challengeRows = Array.from({ length: count }, () => ({
    id: crypto.randomUUID(),
    userId: user!.id,
    challengeType: 'twoPhase' as const,
    sizeK: 100,
    platform: 'mt5' as const,
    rulebookVersion: currentRulebookVersion,
  }))
  await insertChunks(db, schema.challenges, challengeRows)
  return { userId: user!.id, challengeRows }
}

/** A bench user with `count` Two Phase $100,000 challenges on the simulated MT5 server. */
export async function insertSimulatedAccounts(
  db: Db,
  options: { email: string; count: number; loginBase: number },
) {
  const { userId, challengeRows } = await insertBenchChallenges(db, options.email, options.count)
  const simRows = challengeRows.map((_, i) => ({
    id: crypto.randomUUID(),
    requestId: `${options.email}-${i}`,
    login: options.loginBase + i,
    server: 'Bench-MT5',
    platform: 'mt5',
    name: 'Bench',
    passwordHash: 'x',
    investorPasswordHash: 'x',
    balance: 10_000_000,
    leverage: 30,
    maxLotsPerForexOrder: 50,
    marginCallPercent: 80,
    stopOutPercent: 50,
  }))
  await insertChunks(db, schema.simAccounts, simRows)
  return { userId, challengeRows, simRows }
}

/** The app's active Phase 1 rows of those simulated accounts (see insertActiveRows). */
export function insertActiveAccounts(
  db: Db,
  created: Awaited<ReturnType<typeof insertSimulatedAccounts>>,
  startedAtMs: number,
) {
  return insertActiveRows(
    db,
    {
      userId: created.userId,
      challengeRows: created.challengeRows,
      bindings: created.simRows.map((row) => ({
        adapter: 'simulated',
        externalId: row.id,
        login: String(row.login),
      })),
    },
    startedAtMs,
  )
}

/**
 * The app's active Phase 1 rows of a user's challenges, each bound to its account on a platform
 * (adapter, id there, login), with its opening ledger snapshot.
 */
export async function insertActiveRows(
  db: Db,
  created: {
    userId: string
    challengeRows: { id: string }[]
    bindings: { adapter: string; externalId: string; login: string }[]
  },
  startedAtMs: number,
) {
  const accountRows = created.challengeRows.map((challenge, i) => ({
    id: crypto.randomUUID(),
    challengeId: challenge.id,
    userId: created.userId,
    stage: 'phase1' as const,
    planKey: 'twoPhase.phase1',
    rulebookVersion: currentRulebookVersion,
    sizeK: 100,
    platform: 'mt5' as const,
    adapter: created.bindings[i]!.adapter,
    externalId: created.bindings[i]!.externalId,
    login: created.bindings[i]!.login,
    server: 'Bench-MT5',
    leverage: 30,
    initialBalance: 10_000_000,
    status: 'active' as const,
    startedAt: new Date(startedAtMs),
  }))
  await insertChunks(db, schema.tradingAccounts, accountRows)
  await insertChunks(
    db,
    schema.evaluationEvents,
    accountRows.map((account) => ({
      accountId: account.id,
      seq: 1,
      kind: 'snapshot' as const,
      tMs: startedAtMs,
      balance: 10_000_000,
      equity: 10_000_000,
    })),
  )
  return accountRows
}

export interface BenchPosition {
  symbol: string
  side: 'buy' | 'sell'
  volume: number
  openPrice: number
}

/**
 * `accounts` accounts with ~$20,000 of exposure on a random instrument (no stop-out, equity moves
 * with every tick of the symbol), then `breachAccounts` holding 1 BTCUSD bought at the start.
 */
async function fillDatabase(db: Db, nowMs: number, accounts: number, breachCount: number) {
  const random = seededRandom(20261118)
  const created = await insertSimulatedAccounts(db, {
    email: 'bench@tradepeak.test',
    count: accounts + breachCount,
    loginBase: 8_000_000,
  })
  const simRows = created.simRows
  const positionRows = simRows.map((account, i) => {
    const isBreachSample = i >= accounts
    const instrument = isBreachSample
      ? instruments.find((x) => x.symbol === 'BTCUSD')!
      : instruments[Math.floor(random() * instruments.length)]!
    const price = parsePrice(instrument, instrument.model.startPrice)!
    const volume = isBreachSample
      ? 100
      : Math.max(1, Math.round((2_000_000 / price) * (instrument.scale / instrument.contractSize)))
    return {
      id: 50_000_000 + i,
      accountId: account.id,
      symbol: instrument.symbol,
      side: (isBreachSample || random() < 0.5 ? 'buy' : 'sell') as 'buy' | 'sell',
      volume: Math.min(volume, 1_000),
      initialVolume: Math.min(volume, 1_000),
      openPrice: price,
      openTimeMs: nowMs - 60_000,
    }
  })
  await insertChunks(db, schema.simPositions, positionRows)
  const accountRows = await insertActiveAccounts(db, created, nowMs - 120_000)
  return {
    breachAccounts: accountRows.slice(accounts),
    positions: positionRows.slice(0, accounts) as BenchPosition[],
  }
}

/** The app on a database of `accounts` (+ `breachCount`) active accounts; `startSeconds`: startServer. */
export async function openRiskBench(accounts: number, breachCount: number) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-bench-risk-'))
  const template = await createDatabaseTemplate('pglite')
  const database = await openDatabaseFromTemplate(template.template)
  const clock = { ms: START_MS }
  const filled = await fillDatabase(database.db, clock.ms, accounts, breachCount)
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
  const t0 = performance.now()
  const server = await startServer({
    env,
    database,
    clock: { now: () => new Date(clock.ms) },
    isJobMaintenanceOn: false,
  })
  const startSeconds = (performance.now() - t0) / 1000
  return {
    ...filled,
    server,
    clock,
    startSeconds,
    async close() {
      await server.stop()
      await database.close()
      await template.dispose()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The same-run baseline of a tick: floating P/L of every position on the ticked symbol (pure
 * mark-to-market, nothing else), per tick of `ticks`, as ticks per second.
 */
export function pureMarkTicksPerSecond(
  positions: BenchPosition[],
  ticks: { symbol: string; book: QuoteBook }[],
): number {
  return pureMark(positions, ticks).perSecond
}

/**
 * The pure mark-to-market of `ticks`, as ticks per second of wall time and per second of this
 * process's CPU time (on a shared machine the process does not have a core to itself: per CPU
 * second compares the code, not the neighbours).
 */
export function pureMark(
  positions: BenchPosition[],
  ticks: { symbol: string; book: QuoteBook }[],
): { perSecond: number; perCpuSecond: number } {
  const bySymbol = new Map<string, BenchPosition[]>()
  for (const position of positions) {
    const list = bySymbol.get(position.symbol)
    if (list) list.push(position)
    else bySymbol.set(position.symbol, [position])
  }
  let sink = 0
  const cpu = cpuMeter()
  const t0 = performance.now()
  for (const tick of ticks) {
    for (const position of bySymbol.get(tick.symbol) ?? []) {
      sink += positionProfit(position, tick.book)
    }
  }
  const seconds = (performance.now() - t0) / 1000
  const cpuSeconds = cpu()
  if (!Number.isFinite(sink)) throw new Error('mark-to-market sum is not finite')
  return { perSecond: ticks.length / seconds, perCpuSecond: ticks.length / cpuSeconds }
}

/** Seconds of this process's CPU time (every thread: user + system) since the call. */
export function cpuMeter(): () => number {
  const start = process.cpuUsage()
  return () => {
    const { user, system } = process.cpuUsage(start)
    return (user + system) / 1e6
  }
}

/** Ledger rows recorded so far for the accounts the monitor judges (the sum of their seq). */
export function ledgerRows(risk: { accounts(): Iterable<{ seq: number }> }): number {
  let rows = 0
  for (const account of risk.accounts()) rows += account.seq
  return rows
}
