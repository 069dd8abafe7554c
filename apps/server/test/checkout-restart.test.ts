import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { OrderDto } from '@tp/api'
import { count, eq } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import { loadEnv } from '../src/config/env'
import { billingProfiles, orders, simAccounts, tradingAccounts } from '../src/db/schema'
import type { OpenDatabase } from '../src/db/open-database'
import { createLogger } from '../src/lib/logger'
import { sweepPayments } from '../src/modules/payments/reconcile-payment'
import { startServer, type RunningServer } from '../src/server'
import { currentTemplate, openDatabaseFromTemplate, TestClock, waitFor } from './support'

// The server killed in the middle of provisioning a paid order (the trading account made on the
// platform, not yet recorded): after a restart on the same database the order is fulfilled with
// exactly one account, and the platform holds exactly one.

let database: OpenDatabase | null = null
const servers: RunningServer[] = []
let dataDir = ''

afterAll(async () => {
  for (const server of servers) await server.stop().catch(() => {})
  await database?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function start(clock: TestClock): Promise<RunningServer> {
  dataDir ||= await mkdtemp(path.join(tmpdir(), 'tp-restart-'))
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    SEED_DEMO: 'false',
    MARKET_FEED: 'manual',
    MARKET_BACKFILL_HOURS: '0',
  })
  const server = await startServer({
    env,
    clock,
    logger: createLogger(env),
    database: database!,
    isJobMaintenanceOn: false,
  })
  servers.push(server)
  return server
}

async function call<T>(
  server: RunningServer,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token?: string,
) {
  const response = await server.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  return { status: response.statusCode, body: response.json() as T }
}

it('resumes a paid order after a crash mid-provisioning: one account, on the platform too', async () => {
  database = await openDatabaseFromTemplate(await currentTemplate())
  const clock = new TestClock()
  const first = await start(clock)

  const credentials = { email: 'crash@tradepeak.test', password: 'correct-horse-1' }
  expect((await call(first, 'POST', '/api/auth/register', credentials)).status).toBe(201)
  const { body: login } = await call<{ token: string; user: { id: string } }>(
    first,
    'POST',
    '/api/auth/login',
    credentials,
  )
  await first.ctx.db.insert(billingProfiles).values({
    userId: login.user.id,
    firstName: 'Cara',
    lastName: 'Crash',
    country: 'Canada',
    apartment: '1 Main St',
    town: 'Vancouver',
    state: 'BC',
    companyName: '-',
    postalCode: 'V6B',
    phone: '6045550100',
    lockedAt: new Date(),
  })
  const { body: created } = await call<{ order: OrderDto }>(
    first,
    'POST',
    '/api/orders',
    { challenge: 'twoPhase', platform: 'mt5', sizeK: 10, method: 'card', termsAccepted: true },
    login.token,
  )
  const { body: paypalOrder } = await call<{ id: string }>(
    first,
    'POST',
    '/api/payment/orders',
    { orderId: created.order.id },
    login.token,
  )

  // the platform makes the account, then the process "dies" before it is recorded
  const platform = first.ctx.trading.platform
  const createAccount = platform.createAccount.bind(platform)
  platform.createAccount = async (input) => {
    await createAccount(input)
    return new Promise(() => {})
  }
  first.fakes.paypal!.approve(paypalOrder.id)
  expect(
    (await call(first, 'POST', `/api/payment/orders/${paypalOrder.id}/capture`, {}, login.token))
      .status,
  ).toBe(200)
  await waitFor(
    async () => (await first.ctx.db.select({ n: count() }).from(simAccounts))[0]!.n === 1,
  )
  await first.stop()

  clock.advance({ minutes: 2 })
  const second = await start(clock)
  await sweepPayments(second.ctx)
  const fulfilled = await waitFor(
    async () => {
      const [order] = await second.ctx.db
        .select()
        .from(orders)
        .where(eq(orders.id, created.order.id))
      return order?.status === 'fulfilled' && order
    },
    { timeoutMs: 30_000, what: 'the order fulfilled after the restart' },
  )
  const accounts = await second.ctx.db.select().from(tradingAccounts)
  expect(accounts).toHaveLength(1)
  expect(accounts[0]).toMatchObject({ id: fulfilled.accountId, status: 'active' })
  expect((await second.ctx.db.select({ n: count() }).from(simAccounts))[0]!.n).toBe(1)
}, 60_000)
