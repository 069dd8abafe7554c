import {
  linkedAccountMetricsResponseSchema,
  linkTradeLockerResponseSchema,
  listLinkedAccountsResponseSchema,
  listTradeLockerLinksResponseSchema,
  tradeLockerLinkResponseSchema,
  tradeLockerMessages,
  tradeLockerRefreshResponseSchema,
} from '@tp/api/tradelocker'
import { computeStatementMetrics } from '@tp/domain/analytics'
import { closedTradesFromFills } from '@tp/domain/trades'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tradeLockerAccounts, tradeLockerLinks } from '../src/db/schema'
import {
  startTradeLockerFake,
  TRADELOCKER_DEMO_LOGIN,
  TRADELOCKER_LIVE_LOGIN,
  type TradeLockerFake,
} from '../src/integrations/tradelocker/fake/tradelocker-fake'
import {
  HttpTradeLockerClient,
  TradeLockerError,
} from '../src/integrations/tradelocker/tradelocker-client'
import { refreshTradeLockerLinksJob } from '../src/modules/tradelocker/refresh-tradelocker-links-job'
import { createTestApp, type TestApp, type TestUser } from './support'

// TradeLocker linked accounts (issue 15 item 8, decision 0044): the client against the local
// fake through real HTTP (sign-in, rotation, column order, 429), then the app's routes, the
// 30-minute job and the read-only linked account of the trader's analytics.

let fake: TradeLockerFake
let t: TestApp
let clockNow: () => number = Date.now

beforeAll(async () => {
  fake = await startTradeLockerFake({ now: () => clockNow() })
  t = await createTestApp({
    env: {
      TRADELOCKER_BASE_URL_DEMO: fake.baseUrls.demo,
      TRADELOCKER_BASE_URL_LIVE: fake.baseUrls.live,
    },
  })
  clockNow = () => t.clock.now().getTime()
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})

function client(options: { maxRetries?: number; waits?: number[] } = {}) {
  return new HttpTradeLockerClient({
    baseUrls: fake.baseUrls,
    maxRetries: options.maxRetries ?? 4,
    backoffMs: 1,
    sleep: async (ms) => {
      options.waits?.push(ms)
    },
  })
}

describe('TradeLocker client against the fake', () => {
  it('signs in with the right credentials (201) and refuses wrong ones (400) on each host', async () => {
    const tokens = await client().login('demo', TRADELOCKER_DEMO_LOGIN)
    expect(tokens.accessToken.split('.')).toHaveLength(3)
    expect(tokens.expireDate.getTime()).toBeGreaterThan(clockNow())
    const accounts = await client().allAccounts('demo', tokens.accessToken)
    expect(accounts.map((a) => [a.id, a.accNum, a.balance])).toEqual([
      ['7080', '1', '10250.75'],
      ['7081', '2', '5000.00'],
    ])

    const wrong = await client()
      .login('demo', { ...TRADELOCKER_DEMO_LOGIN, password: 'nope' })
      .catch((error: unknown) => error)
    expect(wrong).toBeInstanceOf(TradeLockerError)
    expect(wrong).toMatchObject({ kind: 'credentials', httpStatus: 400 })
    // the demo login does not exist on the live host, and a demo token is not good there
    await expect(client().login('live', TRADELOCKER_DEMO_LOGIN)).rejects.toMatchObject({
      kind: 'credentials',
    })
    await expect(client().allAccounts('live', tokens.accessToken)).rejects.toMatchObject({
      kind: 'unauthorized',
    })
    const live = await client().login('live', TRADELOCKER_LIVE_LOGIN)
    expect(await client().allAccounts('live', live.accessToken)).toHaveLength(1)
  })

  it('rotates tokens on refresh and refuses a refresh token used before', async () => {
    const first = await client().login('demo', TRADELOCKER_DEMO_LOGIN)
    const second = await client().refresh('demo', first.refreshToken)
    expect(second.refreshToken).not.toBe(first.refreshToken)
    expect(second.accessToken).not.toBe(first.accessToken)
    await expect(client().refresh('demo', first.refreshToken)).rejects.toMatchObject({
      kind: 'credentials',
    })
    const third = await client().refresh('demo', second.refreshToken)
    expect(await client().allAccounts('demo', third.accessToken)).toHaveLength(2)
  })

  it('decodes rows by the config column order, whatever order the broker sends', async () => {
    const tokens = await client().login('demo', TRADELOCKER_DEMO_LOGIN)
    const session = { accessToken: tokens.accessToken, accNum: '1' }
    const read = async () => {
      const config = await client().config('demo', session)
      return {
        columns: config.columns.ordersHistory,
        history: await client().ordersHistory('demo', session, '7080', config, {
          fromMs: 0,
          toMs: clockNow(),
        }),
        state: await client().accountState('demo', session, '7080', config),
      }
    }
    fake.shuffleColumns(null)
    const standard = await read()
    fake.shuffleColumns(12345)
    const shuffled = await read()
    fake.shuffleColumns(null)
    expect(shuffled.columns).not.toEqual(standard.columns)
    expect(shuffled.history).toEqual(standard.history)
    expect(shuffled.history.length).toBeGreaterThan(40)
    expect(shuffled.history[0]).toMatchObject({ status: 'Filled', tradableInstrumentId: '278' })
    expect(shuffled.state.balance).toBe('10250.75')
  })

  it('waits out 429 answers (Retry-After) and gives up after its retries', async () => {
    const tokens = await client().login('demo', TRADELOCKER_DEMO_LOGIN)
    const waits: number[] = []
    fake.rateLimitNext(2)
    const before = fake.requests('/auth/jwt/all-accounts')
    expect(await client({ waits }).allAccounts('demo', tokens.accessToken)).toHaveLength(2)
    expect(fake.requests('/auth/jwt/all-accounts') - before).toBe(3)
    expect(waits).toEqual([0, 0]) // the fake's Retry-After: 0

    fake.rateLimitNext(5)
    await expect(
      client({ maxRetries: 2 }).allAccounts('demo', tokens.accessToken),
    ).rejects.toMatchObject({ kind: 'rate_limited', httpStatus: 429 })
    fake.rateLimitNext(0)
  })
})

describe('closed trades from fills', () => {
  it('groups filled orders by position, exactly, and keeps open positions apart', () => {
    const { trades, openFills } = closedTradesFromFills(
      [
        {
          orderId: '1',
          positionId: 'A',
          symbol: 'EURUSD',
          side: 'buy',
          qty: '1.00',
          price: '1.08515',
          timeMs: 1000,
        },
        {
          orderId: '2',
          positionId: 'A',
          symbol: 'EURUSD',
          side: 'sell',
          qty: '0.30',
          price: '1.08615',
          timeMs: 2000,
        },
        {
          orderId: '3',
          positionId: 'A',
          symbol: 'EURUSD',
          side: 'sell',
          qty: '0.70',
          price: '1.08415',
          timeMs: 3000,
        },
        {
          orderId: '4',
          positionId: 'B',
          symbol: 'XAUUSD',
          side: 'sell',
          qty: '0.10',
          price: '2300.50',
          timeMs: 4000,
        },
      ],
      (symbol) => (symbol === 'EURUSD' ? '100000' : '100'),
    )
    // 0.3 lot x +10 pips = +30; 0.7 lot x -10 pips = -70
    expect(trades).toEqual([
      expect.objectContaining({ id: 'A', side: 'buy', volume: 1, profit: -40, openPrice: 1.08515 }),
    ])
    expect(trades[0]!.closePrice).toBe(1.08475)
    expect(openFills.map((fill) => fill.orderId)).toEqual(['4'])
  })
})

describe('TradeLocker linked accounts in the app', () => {
  let trader: TestUser
  let linkId: string

  const link = (token: string, body: Record<string, unknown>) =>
    t.post('/api/tradelocker/links', body, { token })
  const sealedRefreshToken = async () => {
    const [row] = await t.db.select().from(tradeLockerLinks).where(eq(tradeLockerLinks.id, linkId))
    return row!.refreshTokenSealed === null ? null : t.ctx.secrets.open(row!.refreshTokenSealed)
  }

  beforeAll(async () => {
    trader = await t.createUser()
  })

  it('refuses wrong credentials with TradeLocker’s words, and missing fields with a clear message', async () => {
    const wrong = await link(trader.token, {
      ...TRADELOCKER_DEMO_LOGIN,
      password: 'wrong',
      accountType: 'demo',
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toMatchObject({ message: tradeLockerMessages.wrongCredentials })
    const missing = await link(trader.token, { email: '', password: '', accountType: 'demo' })
    expect(missing.status).toBe(422)
    expect(JSON.stringify(missing.body)).toContain(tradeLockerMessages.allFieldsRequired)
    expect((await t.post('/api/tradelocker/links', {})).status).toBe(401)
  })

  it('links the demo login, keeps no password and only sealed tokens, and offers its accounts', async () => {
    const response = await link(trader.token, { ...TRADELOCKER_DEMO_LOGIN, accountType: 'demo' })
    expect(response.status).toBe(200)
    const { data } = linkTradeLockerResponseSchema.parse(response.body)
    linkId = data.link.id
    expect(data.link).toMatchObject({ status: 'active', server: 'OSP-DEMO', accounts: [] })
    expect(data.available.map((a) => [a.id, a.name, a.balance, a.isImported])).toEqual([
      ['7080', 'Demo Swing', 10250.75, false],
      ['7081', 'Demo Scalp', 5000, false],
    ])
    expect(JSON.stringify(response.body)).not.toMatch(/eyJ/) // no token in the answer
    const [row] = await t.db.select().from(tradeLockerLinks).where(eq(tradeLockerLinks.id, linkId))
    expect(JSON.stringify(row)).not.toContain(TRADELOCKER_DEMO_LOGIN.password)
    expect(row!.refreshTokenSealed).toMatch(/^v1\./)
    expect(row!.accessTokenSealed).toMatch(/^v1\./)
  })

  it('imports the chosen account’s order history as a read-only linked account of the analytics', async () => {
    const response = await t.post(
      `/api/tradelocker/links/${linkId}/accounts`,
      { accounts: ['7080'] },
      { token: trader.token },
    )
    expect(response.status).toBe(200)
    const { data } = tradeLockerLinkResponseSchema.parse(response.body)
    expect(data.accounts).toHaveLength(1)
    const account = data.accounts[0]!
    expect(account).toMatchObject({
      kind: 'linked',
      source: 'tradelocker',
      isTradable: false,
      tradeLockerId: '7080',
      accNum: '1',
      balance: 10250.75,
      totalTrades: 24,
    })
    const [row] = await t.db
      .select()
      .from(tradeLockerAccounts)
      .where(eq(tradeLockerAccounts.id, account.id))
    expect(row!.openFills).toEqual([])
    const centsSum = row!.trades.reduce((sum, trade) => sum + Math.round(trade.profit * 100), 0)
    expect(account.totalNetProfit).toBe(centsSum / 100)

    const listed = listLinkedAccountsResponseSchema.parse(
      (await t.get('/api/tradelocker/accounts', { token: trader.token })).body,
    )
    expect(listed.data.map((a) => a.id)).toEqual([account.id])

    const metrics = await t.get(`/api/tradelocker/accounts/${account.id}/metrics?sizeK=50`, {
      token: trader.token,
    })
    expect(metrics.status).toBe(200)
    const parsed = linkedAccountMetricsResponseSchema.parse(metrics.body)
    expect(JSON.parse(JSON.stringify(parsed.data.metrics))).toEqual(
      JSON.parse(JSON.stringify(computeStatementMetrics(row!.trades, 50))),
    )

    // another trader is told it does not exist; a wrong id is a clear 404, bad input a 4xx
    const other = await t.createUser()
    const refused = await t.get(`/api/tradelocker/accounts/${account.id}/metrics`, {
      token: other.token,
    })
    expect(refused.status).toBe(404)
    const unknown = await t.post(
      `/api/tradelocker/links/${linkId}/accounts`,
      { accounts: ['9999'] },
      { token: trader.token },
    )
    expect(unknown.status).toBe(422)
    expect(unknown.body).toMatchObject({ message: tradeLockerMessages.unknownAccount })
    expect(
      (
        await t.post(
          `/api/tradelocker/links/${linkId}/accounts`,
          { accounts: ['7081'] },
          {
            token: other.token,
          },
        )
      ).status,
    ).toBe(404)
    expect(
      (await t.get('/api/tradelocker/accounts/not-a-uuid/metrics', { token: trader.token })).status,
    ).toBe(422)
  })

  it('POST /api/tradelocker/refresh rotates the caller’s own link’s tokens (spec 7 names)', async () => {
    const held = (await sealedRefreshToken())!
    const other = await t.createUser()
    const stranger = await t.post(
      '/api/tradelocker/refresh',
      { refreshToken: held, accountType: 'demo' },
      { token: other.token },
    )
    expect(stranger.status).toBe(422)
    expect(stranger.body).toMatchObject({ message: tradeLockerMessages.refreshRefused })
    const wrongHost = await t.post(
      '/api/tradelocker/refresh',
      { refreshToken: held, accountType: 'live' },
      { token: trader.token },
    )
    expect(wrongHost.status).toBe(422)

    const response = await t.post(
      '/api/tradelocker/refresh',
      { refreshToken: held, accountType: 'demo' },
      { token: trader.token },
    )
    expect(response.status).toBe(200)
    const { data } = tradeLockerRefreshResponseSchema.parse(response.body)
    expect(data.newRefreshToken).not.toBe(held)
    expect(await sealedRefreshToken()).toBe(data.newRefreshToken)
    // the old one is spent
    const again = await t.post(
      '/api/tradelocker/refresh',
      { refreshToken: held, accountType: 'demo' },
      { token: trader.token },
    )
    expect(again.status).toBe(422)
    const [row] = await t.db.select().from(tradeLockerLinks).where(eq(tradeLockerLinks.id, linkId))
    expect(row!.status).toBe('active')
  })

  it('rotates an expired access token before using it', async () => {
    const before = await sealedRefreshToken()
    t.clock.advance({ minutes: 25 }) // past the fake's 20-minute access tokens
    const available = await t.get(`/api/tradelocker/links/${linkId}/available`, {
      token: await t.tokenFor(trader),
    })
    expect(available.status).toBe(200)
    expect(await sealedRefreshToken()).not.toBe(before)
  })

  it('the 30-minute job rotates every active link and imports the new filled orders', async () => {
    expect(refreshTradeLockerLinksJob.cron).toBe('*/30 * * * *')
    const before = await sealedRefreshToken()
    const at = t.clock.now().getTime()
    fake.addFills('demo', '7080', [
      {
        positionId: '990001',
        instrument: 'EURUSD',
        side: 'buy',
        qty: '0.50',
        price: '1.10000',
        timeMs: at - 60_000,
      },
      {
        positionId: '990001',
        instrument: 'EURUSD',
        side: 'sell',
        qty: '0.50',
        price: '1.10200',
        timeMs: at - 30_000,
      },
      // still open at this import: kept for the next one
      {
        positionId: '990002',
        instrument: 'XAUUSD',
        side: 'sell',
        qty: '0.20',
        price: '2400.00',
        timeMs: at - 20_000,
      },
    ])
    t.clock.advance({ seconds: 1 })
    await t.ctx.jobs.enqueue(refreshTradeLockerLinksJob, {})
    await t.waitForJobs()
    expect(await sealedRefreshToken()).not.toBe(before)
    let [row] = await t.db
      .select()
      .from(tradeLockerAccounts)
      .where(eq(tradeLockerAccounts.linkId, linkId))
    expect(row!.totalTrades).toBe(25)
    expect(row!.trades.find((trade) => trade.id === '990001')).toMatchObject({
      profit: 100,
      volume: 0.5,
    })
    expect(row!.openFills.map((fill) => fill.positionId)).toEqual(['990002'])

    const later = t.clock.now().getTime()
    fake.addFills('demo', '7080', [
      {
        positionId: '990002',
        instrument: 'XAUUSD',
        side: 'buy',
        qty: '0.20',
        price: '2390.50',
        timeMs: later,
      },
    ])
    t.clock.advance({ seconds: 1 })
    await t.ctx.jobs.enqueue(refreshTradeLockerLinksJob, {})
    await t.waitForJobs()
    ;[row] = await t.db
      .select()
      .from(tradeLockerAccounts)
      .where(eq(tradeLockerAccounts.linkId, linkId))
    expect(row!.totalTrades).toBe(26)
    // sold 0.2 lot at 2400.00, bought back at 2390.50: 9.5 x 0.2 x 100
    expect(row!.trades.find((trade) => trade.id === '990002')).toMatchObject({
      profit: 190,
      side: 'sell',
    })
    expect(row!.openFills).toEqual([])
  })

  it('a refused refresh marks the link as needing a sign-in and tells the trader; signing in again restores it', async () => {
    fake.revoke('demo', TRADELOCKER_DEMO_LOGIN.email)
    await t.ctx.jobs.enqueue(refreshTradeLockerLinksJob, {})
    await t.waitForJobs()
    const token = await t.tokenFor(trader)
    const listed = listTradeLockerLinksResponseSchema.parse(
      (await t.get('/api/tradelocker/links', { token })).body,
    )
    expect(listed.data[0]).toMatchObject({
      id: linkId,
      status: 'needs-login',
      lastError: tradeLockerMessages.needsLogin,
    })
    expect(listed.data[0]!.accounts).toHaveLength(1) // the history stays readable
    expect(await sealedRefreshToken()).toBeNull()
    const blocked = await t.get(`/api/tradelocker/links/${linkId}/available`, { token })
    expect(blocked.status).toBe(422)
    expect(blocked.body).toMatchObject({ message: tradeLockerMessages.needsLogin })

    const again = await link(token, { ...TRADELOCKER_DEMO_LOGIN, accountType: 'demo' })
    expect(again.status).toBe(200)
    const { data } = linkTradeLockerResponseSchema.parse(again.body)
    expect(data.link).toMatchObject({ id: linkId, status: 'active', lastError: null })
    expect(data.available.find((a) => a.id === '7080')!.isImported).toBe(true)
  })

  it('unlinking removes the tokens and the imported accounts', async () => {
    const token = await t.tokenFor(trader)
    const other = await t.createUser()
    expect(
      (await t.request('DELETE', `/api/tradelocker/links/${linkId}`, { token: other.token }))
        .status,
    ).toBe(404)
    const response = await t.request('DELETE', `/api/tradelocker/links/${linkId}`, { token })
    expect(response.status).toBe(204)
    expect(
      await t.db.select().from(tradeLockerLinks).where(eq(tradeLockerLinks.id, linkId)),
    ).toEqual([])
    expect(
      await t.db.select().from(tradeLockerAccounts).where(eq(tradeLockerAccounts.linkId, linkId)),
    ).toEqual([])
    const listed = listLinkedAccountsResponseSchema.parse(
      (await t.get('/api/tradelocker/accounts', { token })).body,
    )
    expect(listed.data).toEqual([])
  })
})
