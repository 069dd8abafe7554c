// provisioning-latency-p50-ms / -p99-ms: from a confirmed payment (the order moved to paid, as a
// capture, webhook or callback does) to the trading account's credentials stored, over 100
// orders, through the real path: the fulfilment job on pg-boss, the challenge, the simulated
// platform's account (argon2-hashed passwords), the sealed credentials and the live evaluation.
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
} from '@tp/server/bench'
import { percentile, type BenchSuite } from '../support'

const ORDERS = Number(process.env.BENCH_PROVISIONING_ORDERS ?? 100)
const WARMUP = 3

const suite: BenchSuite = async function* () {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-bench-provisioning-'))
  const template = await createDatabaseTemplate('pglite')
  const database = await openDatabaseFromTemplate(template.template)
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
  const server = await startServer({ env, database, isJobMaintenanceOn: false })
  try {
    const { ctx } = server
    const [user] = await ctx.db
      .insert(schema.users)
      .values({ email: 'bench-buyer@tradepeak.test', passwordHash: 'x' })
      .returning()
    await ctx.db.insert(schema.billingProfiles).values({
      userId: user!.id,
      firstName: 'B',
      lastName: 'B',
      country: 'CA',
      apartment: '1',
      town: 'V',
      state: 'BC',
      companyName: '-',
      postalCode: 'V6B',
      phone: '1',
      lockedAt: new Date(),
    })
    const latencies: number[] = []
    for (let i = 0; i < ORDERS + WARMUP; i++) {
      const order = await createOrder(ctx, user!.id, {
        challenge: i % 2 === 0 ? 'twoPhase' : 'instantFund',
        platform: i % 3 === 0 ? 'mt4' : 'mt5',
        sizeK: 100,
        addOns: { profitSplit100: false, fastPayout: false },
        method: 'card',
      })
      const t0 = performance.now()
      await confirmOrderPaid(ctx, order.id, { source: 'job' })
      for (;;) {
        const [row] = await ctx.db
          .select({ accountId: schema.orders.accountId })
          .from(schema.orders)
          .where(eq(schema.orders.id, order.id))
        if (row?.accountId) break
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
      if (i >= WARMUP) latencies.push(performance.now() - t0)
    }
    latencies.sort((a, b) => a - b)
    yield { name: 'provisioning-latency-p50-ms', value: percentile(latencies, 50), unit: 'ms' }
    yield { name: 'provisioning-latency-p99-ms', value: percentile(latencies, 99), unit: 'ms' }
  } finally {
    await server.stop()
    await database.close()
    await template.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export default suite
