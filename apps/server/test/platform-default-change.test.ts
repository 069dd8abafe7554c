import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AccountState } from '@tp/api'
import { currentRulebookVersion } from '@tp/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEnv } from '../src/config/env'
import type { OpenDatabase } from '../src/db/open-database'
import { challenges, profiles, users } from '../src/db/schema'
import {
  FAKE_MT5_GROUP,
  FAKE_MT5_MANAGER,
  FAKE_MT5_SERVER_NAME,
  startMt5Fake,
  type Mt5Fake,
} from '../src/integrations/trading-platform/mt5-webapi/fake/mt5-fake'
import type { Mt5WebApiPlatform } from '../src/integrations/trading-platform/mt5-webapi/mt5-webapi-platform'
import { Mt5UserRights } from '../src/integrations/trading-platform/mt5-webapi/mt5-wire'
import { createLogger } from '../src/lib/logger'
import { hashPassword } from '../src/lib/passwords'
import { provisionStageAccount } from '../src/modules/accounts/provision-account'
import { startSession } from '../src/modules/auth/start-session'
import { startServer, type RunningServer } from '../src/server'
import {
  currentTemplate,
  openDatabaseFromTemplate,
  TestClock,
  waitFor,
  waitForAccountStatus,
} from './support'

// Accounts stay on the adapter that created them when the default changes (decision 0042): an
// account bought while TRADING_PLATFORM=mt5-webapi, the app started again on the same database
// with the default (simulated) and the firm's MT5 server still configured, reads its equity and
// positions from the MT5 server and is failed by a breach there; a new purchase goes to the
// simulated server. The MT5 server is the local fake, outliving both apps.

let fake: Mt5Fake
let database: OpenDatabase
let dataDir = ''
const clock = new TestClock()
const servers: RunningServer[] = []

beforeAll(async () => {
  fake = await startMt5Fake()
  database = await openDatabaseFromTemplate(await currentTemplate())
  dataDir = await mkdtemp(path.join(tmpdir(), 'tp-default-change-'))
})
afterAll(async () => {
  for (const server of servers) await server.stop().catch(() => {})
  await database?.close()
  await fake?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** The app on the shared database; the MT5 server configured, the default as given. */
async function start(tradingPlatform?: 'mt5-webapi'): Promise<RunningServer> {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    SEED_DEMO: 'false',
    MARKET_FEED: 'manual',
    MARKET_BACKFILL_HOURS: '0',
    ...(tradingPlatform ? { TRADING_PLATFORM: tradingPlatform } : {}),
    MT5_WEBAPI_URL: fake.url,
    MT5_WEBAPI_LOGIN: FAKE_MT5_MANAGER.login,
    MT5_WEBAPI_PASSWORD: FAKE_MT5_MANAGER.password,
    MT5_WEBAPI_GROUP: FAKE_MT5_GROUP,
    MT5_WEBAPI_SERVER_NAME: FAKE_MT5_SERVER_NAME,
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

async function createTrader(server: RunningServer) {
  const [user] = await server.ctx.db
    .insert(users)
    .values({
      email: `default-change-${servers.length}@tradepeak.test`,
      passwordHash: await hashPassword('password-default-change'),
    })
    .returning()
  await server.ctx.db.insert(profiles).values({ userId: user!.id })
  return user!
}

/** A paid challenge's first account, as the orders.fulfil job provisions it. */
async function buyAccount(server: RunningServer, userId: string) {
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
  return provisionStageAccount(server.ctx, { challengeId: challenge!.id, stage: 'phase1' })
}

async function stateOf(server: RunningServer, accountId: string, token: string) {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/trading/accounts/${accountId}`,
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<AccountState>()
}

describe('a change of the default trading platform', () => {
  it('keeps the MT5 account on the MT5 server (equity, positions, breach) and sends new purchases to the simulator', async () => {
    const first = await start('mt5-webapi')
    const trader = await createTrader(first)
    const mt5Account = await buyAccount(first, trader.id)
    expect(mt5Account).toMatchObject({ adapter: 'mt5-webapi', status: 'active' })
    const login = mt5Account.login!
    expect(fake.user(login).balance).toBe(10_000_000)
    await first.stop()

    const second = await start()
    expect(second.ctx.env.TRADING_PLATFORM).toBe('simulated')
    expect(second.ctx.trading.router.kindOf(mt5Account.externalId!)).toBe('mt5-webapi')
    const mt5 = second.ctx.trading.router.adapter('mt5-webapi') as Mt5WebApiPlatform
    const token = (await startSession(second.ctx, trader)).token

    // its equity and positions are the MT5 server's
    fake.openPosition(login, { symbol: 'EURUSD', side: 'buy', lots: 1 })
    fake.setEquity(login, 9_800_000)
    const state = await waitFor(
      async () => {
        const current = await stateOf(second, mt5Account.id, token)
        return current.figures.equity === 9_800_000 && current.positions.length === 1
          ? current
          : undefined
      },
      { what: "the MT5 server's equity and position on the account" },
    )
    expect(state.positions[0]).toMatchObject({ symbol: 'EURUSD', side: 'buy', volume: 100 })
    expect(state.account).toMatchObject({ status: 'active', login, server: FAKE_MT5_SERVER_NAME })

    // a new purchase goes to the default: the simulated server, not a new MT5 user
    const mt5Users = fake.users.size
    const simAccount = await buyAccount(second, trader.id)
    expect(simAccount).toMatchObject({ adapter: 'simulated', status: 'active' })
    expect(second.ctx.trading.router.kindOf(simAccount.externalId!)).toBe('simulated')
    expect(fake.users.size).toBe(mt5Users)

    // a breach on the MT5 server still fails the MT5 account, and only it
    const polled = mt5.polls
    await waitFor(() => mt5.polls >= polled + 2, { what: 'two polls' })
    fake.setEquity(login, 8_900_000) // below the 10% max loss floor of $90,000
    const failed = await waitForAccountStatus(second.ctx.db, mt5Account.id, 'failed', {
      what: 'the breach on the MT5 server',
    })
    expect(failed.isTradingEnabled).toBe(false)
    await waitFor(() => (fake.user(login).rights & Mt5UserRights.TRADE_DISABLED) !== 0, {
      what: 'trading disabled on the MT5 server',
    })
    const simState = await stateOf(second, simAccount.id, token)
    expect(simState.account.status).toBe('active')
  }, 60_000)
})
