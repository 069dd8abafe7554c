import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { currentRulebookVersion, nextMarketOpen, nextWeekendClose } from '@tp/domain'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEnv } from '../src/config/env'
import type { OpenDatabase } from '../src/db/open-database'
import {
  challenges,
  economicEvents,
  evaluationEvents,
  mt5DealCursors,
  newsViolations,
  policyViolations,
  profiles,
  users,
} from '../src/db/schema'
import {
  FAKE_MT5_GROUP,
  FAKE_MT5_MANAGER,
  FAKE_MT5_SERVER_NAME,
  startMt5Fake,
  type Mt5Fake,
} from '../src/integrations/trading-platform/mt5-webapi/fake/mt5-fake'
import { Mt5Session } from '../src/integrations/trading-platform/mt5-webapi/mt5-session'
import { Mt5WebApiPlatform } from '../src/integrations/trading-platform/mt5-webapi/mt5-webapi-platform'
import { createLogger } from '../src/lib/logger'
import { hashPassword } from '../src/lib/passwords'
import { provisionStageAccount } from '../src/modules/accounts/provision-account'
import { startServer, type RunningServer } from '../src/server'
import { currentTemplate, openDatabaseFromTemplate, TestClock, waitFor } from './support'

// The MT5 Web API adapter reads every polled login's new deals (decision 0053), against an MT5
// fake that outlives the app (MT5_WEBAPI_URL), over real HTTP: a 60-lot position opened and closed
// in MetaTrader between two polls (never in a positions snapshot) is still a lot-cap violation
// with its evidence and reaches the risk ledger, exactly once, also after the app restarts; a
// trade made while the app was down is reported when it is back; a round trip inside a news
// window is recorded. The fake keeps its times at GMT+2 like many brokers: a deal at 12:00 server
// time is 10:00 UTC in the app.

/** A Wednesday, 10:00 UTC, after the coming weekend: the market is open. */
const WEDNESDAY_NOON_NY =
  nextMarketOpen('EURUSD', nextWeekendClose('EURUSD', Date.now() + 86_400_000)! + 3_600_000) +
  67 * 3_600_000
const WEDNESDAY_10_UTC = (() => {
  const day = new Date(WEDNESDAY_NOON_NY)
  day.setUTCHours(10, 0, 0, 0)
  return day.getTime()
})()

let fake: Mt5Fake
let database: OpenDatabase
let dataDir = ''
const clock = new TestClock()
const servers: RunningServer[] = []

beforeAll(async () => {
  clock.set(new Date(WEDNESDAY_10_UTC))
  fake = await startMt5Fake({ now: () => clock.now().getTime() })
  database = await openDatabaseFromTemplate(await currentTemplate())
  dataDir = await mkdtemp(path.join(tmpdir(), 'tp-mt5-deals-'))
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
    TRADING_PLATFORM: 'mt5-webapi',
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

const adapterOf = (server: RunningServer) =>
  server.ctx.trading.router.adapter('mt5-webapi') as Mt5WebApiPlatform

const afterPolls = async (server: RunningServer, count: number) => {
  const mt5 = adapterOf(server)
  const from = mt5.polls
  await waitFor(() => mt5.polls >= from + count, { what: `${count} polls` })
}

let userCount = 0
async function createAccount(
  server: RunningServer,
  challengeType: 'twoPhase' | 'instantFund' = 'twoPhase',
) {
  userCount++
  const [user] = await server.ctx.db
    .insert(users)
    .values({
      email: `mt5-deals-${userCount}@tradepeak.test`,
      passwordHash: await hashPassword(`password-${userCount}`),
      role: 'trader',
    })
    .returning()
  await server.ctx.db.insert(profiles).values({ userId: user!.id })
  const [challenge] = await server.ctx.db
    .insert(challenges)
    .values({
      userId: user!.id,
      challengeType,
      sizeK: challengeType === 'twoPhase' ? 100 : 10,
      platform: 'mt5',
      rulebookVersion: currentRulebookVersion,
    })
    .returning()
  const account = await provisionStageAccount(server.ctx, {
    challengeId: challenge!.id,
    stage: challengeType === 'twoPhase' ? 'phase1' : 'funded',
  })
  expect(account).toMatchObject({ adapter: 'mt5-webapi', status: 'active' })
  return account
}

/** The trader opens and closes a position in MetaTrader with no poll in between. */
function roundTrip(login: string, lots: number, profitCents: number) {
  const position = fake.openPosition(login, { symbol: 'EURUSD', side: 'buy', lots })
  fake.setPositionProfit(position.ticket, profitCents)
  const closing = fake.closePosition(position.ticket)
  return { position, closing }
}

const violationsOf = (server: RunningServer, accountId: string) =>
  server.ctx.db.select().from(policyViolations).where(eq(policyViolations.accountId, accountId))

const ledgerOf = (server: RunningServer, accountId: string, tradeId: string) =>
  server.ctx.db
    .select()
    .from(evaluationEvents)
    .where(and(eq(evaluationEvents.accountId, accountId), eq(evaluationEvents.tradeId, tradeId)))

describe('deals between two polls of an MT5 account', () => {
  let first: RunningServer
  let account: Awaited<ReturnType<typeof createAccount>>
  let early: ReturnType<typeof roundTrip>

  it('records a 60-lot round trip between two polls as a lot-cap violation, once, at its UTC time', async () => {
    first = await start()
    account = await createAccount(first)
    await afterPolls(first, 2) // watched, its deals read up to now
    early = roundTrip(account.login!, 60, 12_345)
    // never seen open by a poll: no positions snapshot held it
    expect(fake.positions.has(early.position.ticket)).toBe(false)

    const [violation] = await waitFor(
      async () => {
        const rows = await violationsOf(first, account.id)
        return rows.length > 0 ? rows : undefined
      },
      { what: 'the lot-cap violation of the round trip' },
    )
    expect(violation).toMatchObject({
      rule: 'lot-cap',
      positionId: String(early.position.ticket),
      symbol: 'EURUSD',
      side: 'buy',
      volume: 6000,
      limitVolume: 5000,
      // closed by the trader already: nothing for the firm to close, trading stays enabled
      action: 'none',
      tradeTime: new Date(early.position.openMs),
    })

    // the server's own clock is GMT+2: its deal at 12:xx is 10:xx UTC in the app
    const session = new Mt5Session({
      baseUrl: new URL(fake.url),
      login: FAKE_MT5_MANAGER.login,
      password: FAKE_MT5_MANAGER.password,
    })
    try {
      const page = (await session.send({
        method: 'GET',
        path: '/api/deal/get_page',
        query: { login: account.login!, from: 0, to: 4_000_000_000, offset: 0, total: 100 },
        isIdempotent: true,
      })) as { Deal: string; Time: string }[]
      const closingOnWire = page.find((deal) => deal.Deal === String(early.closing.deal))!
      expect(new Date(Number(closingOnWire.Time) * 1000).getUTCHours()).toBe(12)
    } finally {
      session.close()
    }
    expect(new Date(early.closing.timeMs).getUTCHours()).toBe(10)

    // the risk ledger has the trade, opened and closed, at its true time
    const rows = await waitFor(
      async () => {
        const found = await ledgerOf(first, account.id, String(early.position.ticket))
        return found.some((row) => row.kind === 'trade-close') ? found : undefined
      },
      { what: 'the round trip in the ledger', timeoutMs: 15_000 },
    )
    expect(rows.map((row) => row.kind).sort()).toEqual(['trade-close', 'trade-open'])
    expect(rows.find((row) => row.kind === 'trade-close')).toMatchObject({
      symbol: 'EURUSD',
      side: 'buy',
      volume: 6000,
      profit: 12_345,
    })
    // the deal watermark is kept: the closing deal, at its UTC time
    const [cursor] = await first.ctx.db
      .select()
      .from(mt5DealCursors)
      .where(eq(mt5DealCursors.login, account.login!))
    expect(cursor).toMatchObject({
      deal: String(early.closing.deal),
      dealTimeMs: early.closing.timeMs,
    })
  }, 60_000)

  it('records a round trip inside a news window, opening and closing', async () => {
    const instant = await createAccount(first, 'instantFund')
    const now = clock.now()
    await first.ctx.db.insert(economicEvents).values({
      time: new Date(now.getTime() + 60_000),
      currency: 'USD',
      title: 'Non-Farm Payrolls',
      impact: 'high',
      source: 'manual',
      createdAt: now,
      updatedAt: now,
    })
    await afterPolls(first, 2)
    const trip = roundTrip(instant.login!, 1, 500)
    const rows = await waitFor(
      async () => {
        const found = await first.ctx.db
          .select()
          .from(newsViolations)
          .where(eq(newsViolations.accountId, instant.id))
        return found.length >= 2 ? found : undefined
      },
      { what: 'the news violations of the round trip' },
    )
    expect(rows.map((row) => row.kind).sort()).toEqual(['close', 'open'])
    for (const row of rows) {
      expect(row).toMatchObject({
        positionId: String(trip.position.ticket),
        eventTitle: 'Non-Farm Payrolls',
      })
      // each at its own deal's time: the fake stamps them from the position's opening to its
      // close, a millisecond or two apart
      expect(row.tradeTime.getTime()).toBeGreaterThanOrEqual(trip.position.openMs)
      expect(row.tradeTime.getTime()).toBeLessThanOrEqual(trip.closing.timeMs)
    }
    expect(rows.find((row) => row.kind === 'close')!.tradeTime.getTime()).toBe(trip.closing.timeMs)
  }, 60_000)

  it('after a restart: reports the trades made while the app was down, never one reported before', async () => {
    await first.stop()
    // while the app is down: another oversize round trip
    clock.advance({ minutes: 5 })
    const missed = roundTrip(account.login!, 70, -2_000)

    const second = await start()
    const found = await waitFor(
      async () => {
        const rows = await violationsOf(second, account.id)
        return rows.length >= 2 ? rows : undefined
      },
      { what: 'the violation of the trade made while the app was down' },
    )
    expect(found.map((row) => row.positionId).sort()).toEqual(
      [String(early.position.ticket), String(missed.position.ticket)].sort(),
    )
    expect(found.find((row) => row.positionId === String(missed.position.ticket))).toMatchObject({
      volume: 7000,
      tradeTime: new Date(missed.position.openMs),
    })
    await waitFor(
      async () =>
        (await ledgerOf(second, account.id, String(missed.position.ticket))).some(
          (row) => row.kind === 'trade-close',
        ),
      { what: 'the missed trade in the ledger', timeoutMs: 15_000 },
    )
    // a few polls on: the trade reported before the restart is still there once
    await afterPolls(second, 3)
    const before = await ledgerOf(second, account.id, String(early.position.ticket))
    expect(before.map((row) => row.kind).sort()).toEqual(['trade-close', 'trade-open'])
    expect(await violationsOf(second, account.id)).toHaveLength(2)
  }, 90_000)
})

describe('the trade server’s time zone', () => {
  it('is read from the server; where it refuses, MT5_WEBAPI_TIME_ZONE_MINUTES; times become UTC', async () => {
    const at = WEDNESDAY_10_UTC + 90 * 60_000
    const zoned = await startMt5Fake({ now: () => at, timeZoneMinutes: 180 })
    const refusing = await startMt5Fake({ now: () => at, canReadTimeConfig: false })
    const logger = createLogger(loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }))
    const platformOf = (target: Mt5Fake, timeZoneMinutes?: number) =>
      new Mt5WebApiPlatform({
        settings: {
          url: target.url,
          login: FAKE_MT5_MANAGER.login,
          password: FAKE_MT5_MANAGER.password,
          group: FAKE_MT5_GROUP,
          serverName: FAKE_MT5_SERVER_NAME,
          sessions: 1,
          pollMs: 1_000,
          batch: 100,
          ...(timeZoneMinutes === undefined ? {} : { timeZoneMinutes }),
        },
        clock: { now: () => new Date(at) },
        logger,
      })
    const cases = [
      { target: zoned, platform: platformOf(zoned), zone: 180 },
      { target: refusing, platform: platformOf(refusing, 120), zone: 120 },
    ]
    try {
      for (const { target, platform, zone } of cases) {
        await platform.load()
        expect(await platform.serverZoneMs()).toBe(zone * 60_000)
        const user = target.seedUser({
          group: FAKE_MT5_GROUP,
          name: 'Zone',
          balanceCents: 1_000_000,
          leverage: 100,
        })
        const position = target.openPosition(user.login, {
          symbol: 'EURUSD',
          side: 'sell',
          lots: 1,
        })
        const [open] = await platform.listPositions(String(user.login))
        expect(open!.openTimeMs).toBe(at)
        const { deals } = await platform.listDeals(String(user.login), {
          fromMs: at - 1,
          toMs: at + 1,
          offset: 0,
          limit: 10,
        })
        expect(deals.map((deal) => [deal.positionId, deal.timeMs])).toEqual([
          [String(position.ticket), at],
        ])
        await platform.stop()
      }
    } finally {
      await zoned.close()
      await refusing.close()
    }
  })
})
