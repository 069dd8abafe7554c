import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { metaStatsTradesResponseSchema } from '@tp/api'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEnv } from '../src/config/env'
import type { OpenDatabase } from '../src/db/open-database'
import { challenges, evaluationEvents, metaApiAccounts, profiles, users } from '../src/db/schema'
import {
  startMetaApiFake,
  type MetaApiFake,
} from '../src/integrations/trading-platform/metaapi/fake/metaapi-fake'
import { createLogger } from '../src/lib/logger'
import { hashPassword } from '../src/lib/passwords'
import { provisionStageAccount } from '../src/modules/accounts/provision-account'
import { startSession } from '../src/modules/auth/start-session'
import { currentRulebookVersion } from '@tp/domain'
import { startServer, type RunningServer } from '../src/server'
import {
  currentTemplate,
  openDatabaseFromTemplate,
  TestClock,
  waitFor,
  waitForAccountStatus,
} from './support'

// The MetaApi adapter across a restart of the app (decision 0043), against a MetaApi fake that
// outlives the app (TRADING_PLATFORM=metaapi, METAAPI_TOKEN and the fake's URLs): trading the
// risk desk disabled stays enforced after the restart (read from our database, not memory); a
// trade made at the broker while the app was down reaches the risk ledger once the app is back
// (the deal watermark); and an account that ended (breached, undeployed on MetaApi) still
// answers its dashboard, trades and account state from the final state kept before undeploying.

let fake: MetaApiFake
let database: OpenDatabase
let dataDir = ''
const clock = new TestClock()
const servers: RunningServer[] = []

beforeAll(async () => {
  fake = await startMetaApiFake({ acceptRetryAfterSeconds: 0, deployingReads: 0 })
  database = await openDatabaseFromTemplate(await currentTemplate())
  dataDir = await mkdtemp(path.join(tmpdir(), 'tp-metaapi-restart-'))
})
afterAll(async () => {
  for (const server of servers) await server.stop().catch(() => {})
  await database?.close()
  await fake?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function start(): Promise<RunningServer> {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    SEED_DEMO: 'false',
    MARKET_FEED: 'manual',
    MARKET_BACKFILL_HOURS: '0',
    TRADING_PLATFORM: 'metaapi',
    METAAPI_TOKEN: fake.token,
    METAAPI_PROVISIONING_URL: fake.provisioningUrl,
    METAAPI_CLIENT_URL: fake.clientUrl,
    METAAPI_RISK_URL: fake.riskUrl,
  })
  const server = await startServer({
    env,
    clock,
    logger: createLogger(env),
    database,
    isJobMaintenanceOn: false,
  })
  servers.push(server)
  return server
}

let userCount = 0
async function createUser(server: RunningServer, role: 'trader' | 'admin' = 'trader') {
  userCount++
  const [user] = await server.ctx.db
    .insert(users)
    .values({
      email: `metaapi-restart-${userCount}@tradepeak.test`,
      passwordHash: await hashPassword(`password-${userCount}`),
      role,
    })
    .returning()
  await server.ctx.db.insert(profiles).values({ userId: user!.id })
  return user!
}

async function tokenOf(server: RunningServer, user: Awaited<ReturnType<typeof createUser>>) {
  return (await startSession(server.ctx, user)).token
}

async function createAccount(server: RunningServer, userId: string) {
  const [challenge] = await server.ctx.db
    .insert(challenges)
    .values({
      userId,
      challengeType: 'twoPhase',
      sizeK: 100,
      platform: 'mt5',
      rulebookVersion: currentRulebookVersion,
    })
    .returning()
  const account = await provisionStageAccount(server.ctx, {
    challengeId: challenge!.id,
    stage: 'phase1',
  })
  expect(account).toMatchObject({ adapter: 'metaapi', status: 'active' })
  return account
}

async function call<T>(
  server: RunningServer,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  body?: unknown,
) {
  const response = await server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  })
  return { status: response.statusCode, body: response.json() as T, text: response.body }
}

const watermarkOf = async (server: RunningServer, externalId: string) =>
  (
    await server.ctx.db
      .select()
      .from(metaApiAccounts)
      .where(eq(metaApiAccounts.externalId, externalId))
  )[0]

describe('the MetaApi adapter across a restart', () => {
  let second: RunningServer

  it('keeps enforcing disabled trading and replays the trades made while the app was down', async () => {
    const first = await start()
    const trader = await createUser(first)
    const admin = await createUser(first, 'admin')
    const disabled = await createAccount(first, trader.id)
    const watched = await createAccount(first, trader.id)

    const answer = await call(
      first,
      'POST',
      `/api/admin/trading-accounts/${disabled.id}/disable-trading`,
      await tokenOf(first, admin),
      { reason: 'Suspected account sharing' },
    )
    expect(answer.status, answer.text).toBe(200)
    // the account was polled once: its watermark is stored
    await waitFor(() => watermarkOf(first, watched.externalId!), { what: 'the watermark stored' })
    await first.stop()

    // while the app is down: a trade at the broker, a position on the disabled account
    const position = fake.openPosition(watched.login!, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: 1,
      openPrice: 1.08,
      profitCents: 0,
    })
    position.currentPrice = 1.0825
    position.profitCents = 25_000
    const closing = await fetch(
      `${fake.clientUrl}/users/current/accounts/${watched.externalId}/trade`,
      {
        method: 'POST',
        headers: { 'auth-token': fake.token, 'content-type': 'application/json' },
        body: JSON.stringify({ actionType: 'POSITION_CLOSE_ID', positionId: position.id }),
      },
    )
    expect(closing.status).toBe(200)
    fake.openPosition(disabled.login!, {
      symbol: 'EURUSD',
      side: 'sell',
      volume: 2,
      openPrice: 1.08,
      profitCents: 0,
    })
    expect(fake.broker(disabled.login!).positions).toHaveLength(1)

    second = await start()
    // disabled before the restart: its position is closed by the restarted app
    await waitFor(() => fake.broker(disabled.login!).positions.length === 0, {
      what: "the disabled account's position closed after the restart",
      timeoutMs: 15_000,
    })
    // the trade made while the app was down reached the risk ledger
    const closed = await waitFor(
      async () =>
        (
          await second.ctx.db
            .select()
            .from(evaluationEvents)
            .where(
              and(
                eq(evaluationEvents.accountId, watched.id),
                eq(evaluationEvents.kind, 'trade-close'),
              ),
            )
        )[0],
      { what: 'the missed trade in the ledger', timeoutMs: 15_000 },
    )
    expect(closed).toMatchObject({ symbol: 'EURUSD', side: 'buy', volume: 100, profit: 25_000 })
    const watermark = await watermarkOf(second, watched.externalId!)
    expect(watermark!.dealCursorMs).toBeGreaterThan(0)
  }, 90_000)

  it("serves an ended (breached, undeployed) account's dashboard, trades and state from the kept final state", async () => {
    const trader = await createUser(second)
    const token = await tokenOf(second, trader)
    const account = await createAccount(second, trader.id)
    const login = account.login!
    fake.addClosedTrade(login, {
      symbol: 'GBPUSD',
      side: 'sell',
      volume: 1,
      openPrice: 1.27,
      closePrice: 1.268,
      profitCents: 20_000,
    })
    fake.openPosition(login, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: 1,
      openPrice: 1.08,
      profitCents: 0,
    })
    await waitFor(
      async () => ((await watermarkOf(second, account.externalId!))?.dealCursorMs ?? 0) > 0,
      { what: 'the account polled' },
    )
    fake.setEquity(login, 8_900_000) // below the 10% max loss floor of $90,000
    await waitForAccountStatus(second.ctx.db, account.id, 'failed', { what: 'the breach' })
    await waitFor(() => fake.accounts.get(account.externalId!)!.state === 'UNDEPLOYED', {
      what: 'the ended account undeployed',
      timeoutMs: 25_000,
    })
    // MetaApi itself no longer answers for it
    const direct = await fetch(
      `${fake.clientUrl}/users/current/accounts/${account.externalId}/account-information`,
      { headers: { 'auth-token': fake.token } },
    )
    expect(direct.status).toBeGreaterThanOrEqual(400)

    const state = await call<{ balance: number; isTradingEnabled: boolean }>(
      second,
      'GET',
      `/api/trading/accounts/${account.id}`,
      token,
    )
    expect(state.status, state.text).toBe(200)
    const trades = await call(second, 'POST', '/api/metaStats/trades', token, {
      accountId: account.id,
    })
    expect(trades.status, trades.text).toBe(200)
    const { data } = metaStatsTradesResponseSchema.parse(trades.body)
    // the trade made before the breach and the position the breach closed
    expect(data.trades.map((trade) => trade.symbol).sort()).toEqual(['EURUSD', 'GBPUSD'])
    expect(data.trades.find((trade) => trade.symbol === 'GBPUSD')).toMatchObject({
      type: 'sell',
      volume: 100,
      profit: 20_000,
    })
    const history = await call(second, 'GET', `/api/trading/accounts/${account.id}/history`, token)
    expect(history.status, history.text).toBe(200)
    for (const kind of ['total-stats', 'account-metrics']) {
      const answer = await call(second, 'POST', `/api/metaStats/${kind}`, token, {
        accountId: account.id,
      })
      expect(answer.status, `${kind}: ${answer.text}`).toBe(200)
    }
  }, 90_000)
})
