import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { OrderDto } from '@tp/api'
import { and, count, eq, like, sql } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import { capturedEmails, challenges, orders, simAccounts, tradingAccounts } from '../src/db/schema'
import type { OpenDatabase } from '../src/db/open-database'
import { currentTemplate, openDatabaseFromTemplate, waitFor } from './support'
import { startChildServer, stopChildServer, type ChildServer } from './support/child-server'
import { FAILPOINT_MARK } from './support/failpoint-hang-after-platform-create'

// The real server process killed (SIGKILL) in the middle of provisioning a paid order: the
// trading platform has made the account, the server has not recorded it. A new process on the
// same database finishes the order on its own (the minute sweep, the job's retries and the
// platform's idempotent create): exactly one account, on the platform too, one credentials email.

const failpoint = path.join(import.meta.dirname, 'support/failpoint-hang-after-platform-create.ts')

let database: OpenDatabase | null = null
let dataDir = ''
const running: ChildServer[] = []

afterAll(async () => {
  for (const server of running) await stopChildServer(server, 'SIGKILL')
  await database?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function call<T>(
  server: ChildServer,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
) {
  const response = await fetch(server.baseUrl + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, text, body: (text ? JSON.parse(text) : null) as T }
}

async function start(options: { withFailpoint: boolean }) {
  const server = await startChildServer(
    dataDir,
    { DATABASE_URL: database!.url, SEED_DEMO: 'false', NODE_ENV: 'test' },
    options.withFailpoint ? { preload: [failpoint] } : {},
  )
  running.push(server)
  return server
}

it('a server killed mid-provisioning: after a restart, exactly one account, on the platform too', async () => {
  database = await openDatabaseFromTemplate(await currentTemplate())
  dataDir = await mkdtemp(path.join(tmpdir(), 'tp-kill-'))
  const first = await start({ withFailpoint: true })

  const credentials = { email: 'killed@tradepeak.test', password: 'correct-horse-1' }
  const registered = await call<{ token: string }>(first, 'POST', '/api/auth/register', credentials)
  expect(registered.status, registered.text).toBe(201)
  const token = registered.body.token
  const billing = await call(
    first,
    'POST',
    '/api/profile/put',
    {
      email: credentials.email,
      firstName: 'Kim',
      lastName: 'Killed',
      country: 'Canada',
      apartment: '1 Main St',
      town: 'Vancouver',
      state: 'BC',
      companyName: '-',
      postalCode: 'V6B 1A1',
      phone: '6045550100',
    },
    token,
  )
  expect(billing.status, billing.text).toBe(200)
  const created = await call<{ order: OrderDto }>(
    first,
    'POST',
    '/api/orders',
    { challenge: 'twoPhase', platform: 'mt5', sizeK: 10, method: 'card', termsAccepted: true },
    token,
  )
  expect(created.status, created.text).toBe(201)
  const orderId = created.body.order.id
  const paypalOrder = await call<{ id: string }>(
    first,
    'POST',
    '/api/payment/orders',
    { orderId },
    token,
  )
  expect(paypalOrder.status, paypalOrder.text).toBe(201)
  // the buyer approves in PayPal's window (the local fake's control), then the app captures
  const config = await call<{ paypal: { sdkBaseUrl: string } }>(first, 'GET', '/api/config')
  const paypalBase = new URL(config.body.paypal.sdkBaseUrl).origin
  const approved = await fetch(`${paypalBase}/__control/orders/${paypalOrder.body.id}/approve`, {
    method: 'POST',
  })
  expect(approved.ok).toBe(true)
  const capture = await call(
    first,
    'POST',
    `/api/payment/orders/${paypalOrder.body.id}/capture`,
    {},
    token,
  )
  expect(capture.status, capture.text).toBe(200)

  // the platform made the account; the process dies before recording it
  await waitFor(() => first.stdout().includes(FAILPOINT_MARK), {
    timeoutMs: 30_000,
    what: 'the account made on the platform',
  })
  await stopChildServer(first, 'SIGKILL')
  const db = database.db
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  expect(order!.status).toBe('provisioning')
  expect((await db.select({ n: count() }).from(simAccounts))[0]!.n).toBe(1)

  // a new process on the same database finishes it by itself
  const second = await start({ withFailpoint: false })
  await waitFor(
    async () => {
      const [current] = await db.select().from(orders).where(eq(orders.id, orderId))
      return current?.status === 'fulfilled'
    },
    { timeoutMs: 240_000, what: 'the order fulfilled by the restarted server' },
  )
  const accounts = await db
    .select()
    .from(tradingAccounts)
    .innerJoin(challenges, eq(challenges.id, tradingAccounts.challengeId))
    .where(eq(challenges.orderId, orderId))
  expect(accounts).toHaveLength(1)
  expect(accounts[0]!.trading_accounts.status).toBe('active')
  expect((await db.select({ n: count() }).from(simAccounts))[0]!.n).toBe(1)

  const login = await call<{ token: string }>(second, 'POST', '/api/auth/login', credentials)
  const listed = await call<{ accounts: { login: string }[] }>(
    second,
    'GET',
    '/api/trading/accounts',
    undefined,
    login.body.token,
  )
  expect(listed.body.accounts.map((account) => account.login)).toEqual([
    accounts[0]!.trading_accounts.login,
  ])
  await waitFor(
    async () =>
      (
        await db
          .select({ n: count() })
          .from(capturedEmails)
          .where(
            and(
              like(capturedEmails.subject, '%Phase 1 account is ready%'),
              sql`${credentials.email} = any(${capturedEmails.to})`,
            ),
          )
      )[0]!.n === 1,
    { timeoutMs: 30_000, what: 'one credentials email' },
  )
  expect(await stopChildServer(second)).toBe(0)
}, 400_000)
