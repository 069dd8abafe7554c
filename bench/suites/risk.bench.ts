// Live risk with 10,000 active accounts holding open positions, on the real app (simulated
// trading server, risk monitor, ledger in an embedded PostgreSQL):
// risk-ticks-per-s-10k-accounts: market ticks (from the seeded market model) taken through the
//   books and every concerned account's evaluator, with the ledger rows written to the database.
// risk-breach-latency-p50-ms / -p99-ms: from the breaching tick to the breach stored (evidence,
//   failed status and ledger committed), one account at a time while the 10,000 stay loaded.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  createMarketState,
  currentRulebookVersion,
  instruments,
  MarketModel,
  parsePrice,
} from '@tp/domain'
import {
  createDatabaseTemplate,
  loadEnv,
  openDatabaseFromTemplate,
  schema,
  startServer,
} from '@tp/server/bench'
import { percentile, seededRandom, type BenchSuite } from '../support'

const ACCOUNTS = Number(process.env.BENCH_RISK_ACCOUNTS ?? 10_000)
const BREACH_SAMPLES = Number(process.env.BENCH_RISK_BREACHES ?? 200)
/** breaches before measuring: the first one compiles the path, opens the mail connection... */
const BREACH_WARMUP = 5
const TICKS = Number(process.env.BENCH_RISK_TICKS ?? 20_000)
const TICK_BATCH = 500
const START_MS = Date.parse('2026-11-18T15:00:00Z') // a Wednesday, 10:00 New York

type Db = Awaited<ReturnType<typeof openDatabaseFromTemplate>>['db']

async function insertChunks<T>(db: Db, table: Parameters<Db['insert']>[0], rows: T[]) {
  for (let i = 0; i < rows.length; i += 1_000) {
    await db.insert(table).values(rows.slice(i, i + 1_000) as never)
  }
}

/** 10,000 + 200 active Phase 1 accounts of $100,000 with one open position each. */
async function fillDatabase(db: Db, nowMs: number) {
  const random = seededRandom(20261118)
  const [user] = await db
    .insert(schema.users)
    .values({ email: 'bench@tradepeak.test', passwordHash: 'x' })
    .returning()
  const total = ACCOUNTS + BREACH_SAMPLES + BREACH_WARMUP
  const challengeRows = Array.from({ length: total }, () => ({
    id: crypto.randomUUID(),
    userId: user!.id,
    challengeType: 'twoPhase' as const,
    sizeK: 100,
    platform: 'mt5' as const,
    rulebookVersion: currentRulebookVersion,
  }))
  await insertChunks(db, schema.challenges, challengeRows)
  const simRows = challengeRows.map((_, i) => ({
    id: crypto.randomUUID(),
    requestId: `bench-${i}`,
    login: 8_000_000 + i,
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
  const positionRows = simRows.map((account, i) => {
    const isBreachSample = i >= ACCOUNTS
    const instrument = isBreachSample
      ? instruments.find((x) => x.symbol === 'BTCUSD')!
      : instruments[Math.floor(random() * instruments.length)]!
    const price = parsePrice(instrument, instrument.model.startPrice)!
    // about $20,000 of exposure: no stop-out, equity moves with every tick of the symbol
    const volume = isBreachSample
      ? 100
      : Math.max(1, Math.round((2_000_000 / price) * (instrument.scale / instrument.contractSize)))
    return {
      id: 50_000_000 + i,
      accountId: account.id,
      symbol: instrument.symbol,
      side: isBreachSample || random() < 0.5 ? 'buy' : 'sell',
      volume: Math.min(volume, 1_000),
      initialVolume: Math.min(volume, 1_000),
      openPrice: price,
      openTimeMs: nowMs - 60_000,
    }
  })
  await insertChunks(db, schema.simPositions, positionRows)
  const accountRows = challengeRows.map((challenge, i) => ({
    id: crypto.randomUUID(),
    challengeId: challenge.id,
    userId: user!.id,
    stage: 'phase1' as const,
    planKey: 'twoPhase.phase1',
    rulebookVersion: currentRulebookVersion,
    sizeK: 100,
    platform: 'mt5' as const,
    adapter: 'simulated',
    externalId: simRows[i]!.id,
    login: String(simRows[i]!.login),
    server: 'Bench-MT5',
    leverage: 30,
    initialBalance: 10_000_000,
    status: 'active' as const,
    startedAt: new Date(nowMs - 120_000),
  }))
  await insertChunks(db, schema.tradingAccounts, accountRows)
  await insertChunks(
    db,
    schema.evaluationEvents,
    accountRows.map((account) => ({
      accountId: account.id,
      seq: 1,
      kind: 'snapshot' as const,
      tMs: nowMs - 120_000,
      balance: 10_000_000,
      equity: 10_000_000,
    })),
  )
  return { breachAccounts: accountRows.slice(ACCOUNTS) }
}

const suite: BenchSuite = async function* () {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-bench-risk-'))
  const template = await createDatabaseTemplate('pglite')
  const database = await openDatabaseFromTemplate(template.template)
  let clockMs = START_MS
  const { breachAccounts } = await fillDatabase(database.db, clockMs)
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
    const { simulated, risk, hub } = server.ctx.trading
    const model = new MarketModel(createMarketState({ seed: 7, startMs: clockMs }))

    // ---- ticks through 10,000 accounts --------------------------------------------------------
    let processed = 0
    let sinceFlush = 0
    const started = performance.now()
    while (processed < TICKS) {
      clockMs += 1_000
      model.advance(clockMs, (tick) => {
        if (processed < TICKS) {
          simulated!.pushTick(tick)
          processed++
          sinceFlush++
        }
      })
      // the ledger is written as the app writes it: every few hundred ticks
      if (sinceFlush >= TICK_BATCH) {
        await risk.flush()
        sinceFlush = 0
      }
    }
    await risk.flush()
    const seconds = (performance.now() - started) / 1000
    yield {
      name: 'risk-ticks-per-s-10k-accounts',
      value: Math.round(processed / seconds),
      unit: 'ticks/s',
    }

    // ---- tick to stored breach ---------------------------------------------------------------
    const latencies: number[] = []
    for (const [index, account] of breachAccounts.entries()) {
      const stored = new Promise<void>((resolve) => {
        const stop = hub.onBreachRecorded((accountId) => {
          if (accountId === account.id) {
            stop()
            resolve()
          }
        })
      })
      clockMs += 50
      const t0 = performance.now()
      // this account alone sees BTCUSD at 58,000: a $7,025 loss on $100,000, past the 6% daily floor
      simulated!.applyAccountQuote(
        account.externalId!,
        'BTCUSD',
        { bid: 5_800_000, ask: 5_802_500 },
        clockMs,
      )
      await stored
      if (index >= BREACH_WARMUP) latencies.push(performance.now() - t0)
    }
    latencies.sort((a, b) => a - b)
    yield { name: 'risk-breach-latency-p50-ms', value: percentile(latencies, 50), unit: 'ms' }
    yield { name: 'risk-breach-latency-p99-ms', value: percentile(latencies, 99), unit: 'ms' }
  } finally {
    await server.stop()
    await database.close()
    await template.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export default suite
