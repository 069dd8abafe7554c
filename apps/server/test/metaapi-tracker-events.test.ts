import { equityAlertLevels } from '@tp/domain'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { breaches, metaApiAccounts, metaApiStreamCursors, tradingAccounts } from '../src/db/schema'
import {
  startMetaApiFake,
  type MetaApiFake,
} from '../src/integrations/trading-platform/metaapi/fake/metaapi-fake'
import {
  MetaApiPlatform,
  TRACKER_EVENTS_STREAM,
} from '../src/integrations/trading-platform/metaapi/metaapi-platform'
import { createMetaApiStore } from '../src/integrations/trading-platform/metaapi/metaapi-store'
import type {
  AccountEvent,
  CreateAccountInput,
} from '../src/integrations/trading-platform/trading-platform'
import { rulesOf } from '../src/risk/risk-monitor'
import { createTestApp, waitForAccountStatus, type TestApp } from './support'
import { waitFor } from './support/wait-for'

// MetaApi's risk management API feeding the live risk (decision 0048), through real HTTP against
// the MetaApi fake: each MetaApi account gets its daily-loss, max-loss and profit-target trackers
// at the rulebook's levels, made once (by name) and replaced when a level moves; the tracker
// events' long poll makes the adapter read the account at once, so a breach is caught with the
// poller idle (METAAPI_POLL_INTERVAL_MS of 10 minutes); a restart resumes after the sequence
// number kept in the database; failures and 429 back off (1 s doubling; Retry-After).

const silent = pino({ level: 'silent' })
const trackerPath = '/users/current/tracker-events/stream'

describe('in the app (TRADING_PLATFORM=metaapi, the poller idle)', () => {
  let app: TestApp
  let metaApi: MetaApiPlatform
  let fake: MetaApiFake

  beforeAll(async () => {
    app = await createTestApp({
      env: { TRADING_PLATFORM: 'metaapi', METAAPI_POLL_INTERVAL_MS: '600000' },
    })
    metaApi = app.ctx.trading.router.adapter('metaapi') as MetaApiPlatform
    fake = metaApi.fake!
  })
  afterAll(async () => {
    await app?.close()
  })

  const trackersOf = (externalId: string) =>
    [...fake.trackers.values()].filter((tracker) => tracker.accountId === externalId)
  const riskRequests = (externalId: string, method: string) =>
    fake.requests.filter(
      (request) =>
        request.method === method &&
        request.path.startsWith(`/risk/users/current/accounts/${externalId}/trackers`),
    )

  it("creates the account's trackers at the rulebook's levels, once; a moved level replaces only its tracker", async () => {
    const trader = await app.createUser()
    const account = await app.createTradingAccount(trader, { sizeK: 100 })
    const externalId = account.externalId!
    const [row] = await app.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, account.id))
    const levels = equityAlertLevels(rulesOf(row!))
    await waitFor(() => trackersOf(externalId).length === 3, { what: 'the three trackers' })
    const byName = new Map(trackersOf(externalId).map((tracker) => [tracker.name, tracker]))
    expect(byName.get('tradepeak-daily-loss')).toMatchObject({
      period: 'day',
      absoluteDrawdownThreshold: levels.dailyLossCents! / 100,
    })
    expect(byName.get('tradepeak-max-loss')).toMatchObject({
      period: 'lifetime',
      absoluteDrawdownThreshold: levels.maxLossCents! / 100,
    })
    expect(byName.get('tradepeak-profit-target')).toMatchObject({
      period: 'lifetime',
      absoluteProfitThreshold: levels.profitTargetCents! / 100,
    })
    await waitFor(
      async () => {
        const [stored] = await app.db
          .select({ trackers: metaApiAccounts.trackers })
          .from(metaApiAccounts)
          .where(eq(metaApiAccounts.externalId, externalId))
        return Object.keys(stored?.trackers ?? {}).length === 3
      },
      { what: 'the trackers kept in our database' },
    )
    expect(riskRequests(externalId, 'POST')).toHaveLength(3)

    // the same levels again (a restart): MetaApi is not asked
    const asked = () =>
      ['GET', 'POST', 'PUT', 'DELETE'].reduce(
        (sum, method) => sum + riskRequests(externalId, method).length,
        0,
      )
    const before = asked()
    await metaApi.setEquityAlerts(externalId, levels)
    expect(asked()).toBe(before)

    // our memory lost (a crash between MetaApi's answer and our write), then a restart: the
    // trackers are found by name, none made again
    await app.db
      .update(metaApiAccounts)
      .set({ trackers: null })
      .where(eq(metaApiAccounts.externalId, externalId))
    const restarted = new MetaApiPlatform({
      settings: {
        mode: 'configured',
        token: fake.token,
        provisioningUrl: fake.provisioningUrl,
        clientUrl: fake.clientUrl,
        riskUrl: fake.riskUrl,
        profileId: 'default',
        region: 'new-york',
      },
      logger: silent,
      store: createMetaApiStore(app.db),
    })
    await restarted.load()
    const lookupsBefore = riskRequests(externalId, 'GET').length
    await restarted.setEquityAlerts(externalId, levels)
    await restarted.stop()
    expect(riskRequests(externalId, 'POST')).toHaveLength(3)
    expect(riskRequests(externalId, 'GET').length - lookupsBefore).toBe(3)
    expect(trackersOf(externalId)).toHaveLength(3)
    const [kept] = await app.db
      .select({ trackers: metaApiAccounts.trackers })
      .from(metaApiAccounts)
      .where(eq(metaApiAccounts.externalId, externalId))
    expect(
      Object.values(kept!.trackers!)
        .map((t) => t.id)
        .sort(),
    ).toEqual(
      trackersOf(externalId)
        .map((t) => t.id)
        .sort(),
    )

    // a re-based max loss: that tracker alone is replaced
    const rebased = { ...levels, maxLossCents: levels.maxLossCents! - 12_345 }
    await metaApi.setEquityAlerts(externalId, rebased)
    expect(riskRequests(externalId, 'POST')).toHaveLength(4)
    expect(riskRequests(externalId, 'DELETE')).toHaveLength(1)
    expect(trackersOf(externalId)).toHaveLength(3)
    expect(trackersOf(externalId).find((t) => t.name === 'tradepeak-max-loss')).toMatchObject({
      absoluteDrawdownThreshold: rebased.maxLossCents / 100,
    })
  })

  it('a tracker event fails the account at once, with the poller idle: breach and evidence stored, trading disabled', async () => {
    const trader = await app.createUser()
    const account = await app.createTradingAccount(trader, { sizeK: 100 })
    const externalId = account.externalId!
    const login = account.login!
    await waitFor(() => trackersOf(externalId).length === 3, { what: 'the trackers' })
    await waitFor(() => fake.requests.some((request) => request.path === `/risk${trackerPath}`), {
      what: 'the tracker-events long poll',
    })
    fake.setEquity(login, 8_700_000) // below the max loss floor of $88,000
    const event = fake.trackerEvents.find((e) => e.accountId === externalId)
    expect(event).toMatchObject({ exceededThresholdType: 'drawdown' })

    const failed = await waitForAccountStatus(app.db, account.id, 'failed', { what: 'the breach' })
    expect(failed.isTradingEnabled).toBe(false)
    const [breach] = await app.db.select().from(breaches).where(eq(breaches.accountId, account.id))
    expect(breach).toMatchObject({ equity: 8_700_000, planKey: failed.planKey })
    // the event is handled and its position kept
    await waitFor(
      async () => {
        const [cursor] = await app.db
          .select()
          .from(metaApiStreamCursors)
          .where(eq(metaApiStreamCursors.stream, TRACKER_EVENTS_STREAM))
        return (cursor?.sequenceNumber ?? 0) >= event!.sequenceNumber
      },
      { what: 'the stream position saved' },
    )
    // the ended account's trackers are deleted
    await waitFor(() => trackersOf(externalId).length === 0, {
      what: "the ended account's trackers deleted",
      timeoutMs: 20_000,
    })
  })
})

describe('the adapter alone, against one fake', () => {
  let app: TestApp
  let fake: MetaApiFake
  const platforms: MetaApiPlatform[] = []

  beforeAll(async () => {
    app = await createTestApp()
    fake = await startMetaApiFake({ acceptRetryAfterSeconds: 0, deployingReads: 0 })
  })
  afterEach(async () => {
    for (const platform of platforms.splice(0)) await platform.stop()
  })
  afterAll(async () => {
    await fake?.close()
    await app?.close()
  })

  const input = (requestId: string): CreateAccountInput => ({
    requestId,
    platform: 'mt5',
    name: 'Ada Trader',
    email: 'ada@example.com',
    group: 'demo',
    balance: 100_000_00,
    leverage: 100,
    limits: { maxLotsPerForexOrder: 50, marginCallPercent: 100, stopOutPercent: 50 },
  })
  const levels = { dailyLossCents: 500_000, maxLossCents: 1_000_000, profitTargetCents: 800_000 }

  async function startPlatform(options: { withStore: boolean; waits?: number[] }) {
    const platform = new MetaApiPlatform({
      settings: {
        mode: 'configured',
        token: fake.token,
        provisioningUrl: fake.provisioningUrl,
        clientUrl: fake.clientUrl,
        riskUrl: fake.riskUrl,
        profileId: 'default',
        region: 'new-york',
      },
      logger: silent,
      pollIntervalMs: 600_000,
      ...(options.withStore ? { store: createMetaApiStore(app.db) } : {}),
      ...(options.waits
        ? {
            eventStreamSleep: async (ms: number) => {
              options.waits!.push(ms)
            },
          }
        : {}),
    })
    platforms.push(platform)
    await platform.load()
    const events: { externalId: string; event: AccountEvent }[] = []
    platform.subscribe((externalId, event) => events.push({ externalId, event }))
    return { platform, events }
  }

  const streamRequests = () =>
    fake.requests.filter((request) => request.path === `/risk${trackerPath}`)

  it('resumes after a restart from the sequence number kept in the database: nothing lost, nothing twice', async () => {
    const first = await startPlatform({ withStore: true })
    const created = await first.platform.createAccount(input('restart-1'))
    await first.platform.setEquityAlerts(created.externalId, levels)
    first.platform.run()
    const login = created.login
    fake.setEquity(login, 9_400_000) // a $6,000 loss: past the daily loss tracker
    const [firstEvent] = fake.trackerEvents.filter((e) => e.accountId === created.externalId)
    await waitFor(
      () =>
        first.events.some(
          ({ externalId, event }) =>
            externalId === created.externalId &&
            event.type === 'equity' &&
            event.equity === 9_400_000,
        ),
      { what: 'the account read on the tracker event' },
    )
    await waitFor(
      async () =>
        (await createMetaApiStore(app.db).streamPosition(TRACKER_EVENTS_STREAM)) ===
        firstEvent!.sequenceNumber,
      { what: 'the position saved' },
    )
    await first.platform.stop()

    // while the app is down: back above, then past the max loss (a new event)
    fake.setEquity(login, 10_000_000)
    fake.setEquity(login, 8_900_000)
    const missed = fake.trackerEvents.filter(
      (e) => e.accountId === created.externalId && e.sequenceNumber > firstEvent!.sequenceNumber,
    )
    expect(missed.length).toBeGreaterThan(0)
    const requestsBefore = streamRequests().length

    const second = await startPlatform({ withStore: true })
    second.platform.watchAccounts([created.externalId])
    second.platform.run()
    await waitFor(
      () =>
        second.events.some(
          ({ externalId, event }) =>
            externalId === created.externalId &&
            event.type === 'equity' &&
            event.equity === 8_900_000,
        ),
      { what: 'the missed event read the account' },
    )
    // its first long poll asked after the kept position, so the first event was not handed again
    const resumed = streamRequests()[requestsBefore]!
    expect(new URLSearchParams(resumed.query).get('previousSequenceNumber')).toBe(
      String(firstEvent!.sequenceNumber),
    )
    const last = missed.at(-1)!.sequenceNumber
    await waitFor(
      async () => (await createMetaApiStore(app.db).streamPosition(TRACKER_EVENTS_STREAM)) === last,
      { what: 'the new position saved' },
    )
  })

  it('backs off failures 1 s doubling and a 429 for its Retry-After, then reads the events', async () => {
    const waits: number[] = []
    const { platform, events } = await startPlatform({ withStore: false, waits })
    const created = await platform.createAccount(input('backoff-1'))
    await platform.setEquityAlerts(created.externalId, levels)
    const startAt = streamRequests().length
    fake.injectFault({ status: 500, count: 2, path: trackerPath })
    fake.injectFault({ status: 429, count: 1, retryAfterSeconds: 7, path: trackerPath })
    platform.run()
    await waitFor(() => streamRequests().length >= startAt + 4, {
      what: 'the long poll asked again after the failures',
    })
    expect(
      streamRequests()
        .slice(startAt, startAt + 3)
        .map((request) => request.status),
    ).toEqual([500, 500, 429])
    expect(waits.slice(0, 3)).toEqual([1000, 2000, 7000])

    fake.setEquity(created.login, 9_300_000)
    await waitFor(
      () =>
        events.some(
          ({ externalId, event }) =>
            externalId === created.externalId &&
            event.type === 'equity' &&
            event.equity === 9_300_000,
        ),
      { what: 'the event after the back-off' },
    )
  })
})
