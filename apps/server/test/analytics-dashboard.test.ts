import {
  metaStatsTotalStatsResponseSchema,
  metaStatsTradesResponseSchema,
  metaStatsUpdateAnalysisResponseSchema,
  metaStatsVisualStatsResponseSchema,
  metaStatsVisualTradesResponseSchema,
  streamServerMessageSchema,
  type StreamServerMessage,
} from '@tp/api'
import { computeTradeAnalytics, type Trade } from '@tp/domain'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import WebSocket from 'ws'
import { eq } from 'drizzle-orm'
import { simDeals, tradingAccounts, type TradingAccountRow } from '../src/db/schema'
import { compileSerializer } from '../src/lib/compiled-serializer'
import { createTestApp, type TestApp, type TestUser } from './support'
import { waitFor } from './support/wait-for'

// The dashboard's analytics (spec 2.12, 3, 7) over HTTP: POST /api/metaStats/* under the spec's
// field names, for an account whose closed trades are known, every figure equal to the domain's
// and to the hand-computed one; the caller from the token (a body email must be the caller's),
// the account through the access policy; the figures cached per version and refreshed, with one
// `analytics-changed` on the stream, when a trade closes.

// Wednesday 3 March 2027, 15:00 New York (EST, UTC-5): the trading day began on Tuesday at 17:00
// New York (22:00 UTC) and is named 2027-03-03.
const NOW = Date.parse('2027-03-03T20:00:00Z')

/** Closing deals of the seeded account, as the simulated server stores them (cents, points). */
const seeded = [
  // Monday 09:00-09:30 New York: EURUSD long 1.00 lot, +500.00 profit, -7.00 commission
  {
    id: 9_000_000_001,
    symbol: 'EURUSD',
    side: 'buy',
    volume: 100,
    openPrice: 108_000,
    price: 108_500,
    openTimeMs: Date.parse('2027-03-01T14:00:00Z'),
    timeMs: Date.parse('2027-03-01T14:30:00Z'),
    profit: 50_000,
    commission: -700,
    swap: 0,
  },
  // Tuesday 10:00-12:00 New York: EURUSD short 0.50 lot, -200.00 profit, -1.50 swap
  {
    id: 9_000_000_002,
    symbol: 'EURUSD',
    side: 'sell',
    volume: 50,
    openPrice: 108_200,
    price: 108_600,
    openTimeMs: Date.parse('2027-03-02T15:00:00Z'),
    timeMs: Date.parse('2027-03-02T17:00:00Z'),
    profit: -20_000,
    commission: 0,
    swap: -150,
  },
  // Wednesday (today) 11:00 New York, held 45 s: BTCUSD long 0.10 lot, +123.45
  {
    id: 9_000_000_003,
    symbol: 'BTCUSD',
    side: 'buy',
    volume: 10,
    openPrice: 6_500_000,
    price: 6_512_345,
    openTimeMs: Date.parse('2027-03-03T16:00:00Z'),
    timeMs: Date.parse('2027-03-03T16:00:45Z'),
    profit: 12_345,
    commission: 0,
    swap: 0,
  },
  // Wednesday (today) 13:00-13:10 New York: XAUUSD short 1.00 lot, exactly 0 (a win, as MT counts)
  {
    id: 9_000_000_004,
    symbol: 'XAUUSD',
    side: 'sell',
    volume: 100,
    openPrice: 265_000,
    price: 265_000,
    openTimeMs: Date.parse('2027-03-03T18:00:00Z'),
    timeMs: Date.parse('2027-03-03T18:10:00Z'),
    profit: 0,
    commission: 0,
    swap: 0,
  },
] as const

let app: TestApp
let trader: TestUser
let other: TestUser
let admin: TestUser
let account: TradingAccountRow
let othersAccount: TradingAccountRow

/** A dashboard call, as the trader unless another token (or null: none) is given. */
const post = (path: string, body: unknown, token: string | null = trader.token) =>
  app.request('POST', `/api/metaStats/${path}`, { body, ...(token ? { token } : {}) })

const btc = (bid: number) =>
  app.simulated.pushTick({
    symbol: 'BTCUSD',
    bid,
    ask: bid + 2_500,
    tMs: app.clock.now().getTime(),
  })

beforeAll(async () => {
  app = await createTestApp({ listen: true })
  app.clock.set(new Date(NOW))
  trader = await app.createUser({ email: 'dash-trader@x.test' })
  other = await app.createUser({ email: 'dash-other@x.test' })
  admin = await app.createUser({ role: 'admin' })
  btc(6_500_000)
  account = await app.createTradingAccount(trader, { sizeK: 100 })
  othersAccount = await app.createTradingAccount(other, { sizeK: 10 })
  await app.db.insert(simDeals).values(
    seeded.map((deal) => ({
      ...deal,
      accountId: account.externalId!,
      positionId: deal.id,
      entry: 'out',
      reason: 'client',
      balanceAfter: 10_000_000,
    })),
  )
})
afterAll(async () => {
  await app?.close()
})

/** The seeded trades as the domain's analytics read them (amounts in dollars, lots). */
const domainTrades: Trade[] = seeded.map((deal) => ({
  id: String(deal.id),
  symbol: deal.symbol,
  side: deal.side,
  volume: deal.volume / 100,
  openTime: new Date(deal.openTimeMs).toISOString(),
  closeTime: new Date(deal.timeMs).toISOString(),
  openPrice: deal.openPrice,
  closePrice: deal.price,
  profit: deal.profit / 100,
  commission: deal.commission / 100,
  swap: deal.swap / 100,
}))
const domain = (period: 'month' | 'week' | 'year') =>
  computeTradeAnalytics(domainTrades, {
    timeZone: 'America/New_York',
    dayReset: { timeZone: 'America/New_York', time: '17:00' },
    account: { balance: 100_000, equity: 100_000 },
    now: new Date(NOW).toISOString(),
    period,
    recentTradesLimit: 200,
  })
const cents = (amount: number) => Math.round(amount * 100)

describe('the dashboard calls under the spec field names', () => {
  it('metaStats/total-stats: the summary cards', async () => {
    const response = await post('total-stats', { accountId: account.id })
    expect(response.status, response.text).toBe(200)
    const stats = metaStatsTotalStatsResponseSchema.parse(response.body).data.data
    // results 493.00, -201.50, 123.45, 0.00
    expect(stats).toEqual({
      accountId: account.id,
      currency: 'USD',
      version: 1,
      balance: 10_000_000,
      equity: 10_000_000,
      profit: 41_495,
      // today (from Tuesday 17:00 New York): 123.45 and 0.00, both wins
      todayProfit: 12_345,
      todayTrades: 2,
      todayWinRate: 100,
      totalTrades: 4,
      winTrades: 3,
      // (30 min + 2 h + 45 s + 10 min) / 4
      avgHoldTime: 2_411_250,
      successRate: 75,
    })
    const expected = domain('month').totalStats
    expect(stats.profit).toBe(cents(expected.profit))
    expect(stats.todayProfit).toBe(cents(expected.todayProfit))
    expect(stats.avgHoldTime).toBe(expected.avgHoldTime)
    expect(stats.successRate).toBe(expected.successRate)
  })

  it('metaStats/visual-stats: win rate, by weekday and by hour (New York)', async () => {
    const response = await post('visual-stats', { accountId: account.id })
    expect(response.status, response.text).toBe(200)
    const { data } = metaStatsVisualStatsResponseSchema.parse(response.body)
    expect(data.won_lost).toEqual({ won: 3, lost: 1, winRate: 75 })
    const week = Object.fromEntries(data.trades_by_week.map((d) => [d.name, d]))
    expect(data.trades_by_week.map((d) => d.name)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ])
    expect(week.Mon).toMatchObject({ wonProfit: 49_300, lostProfit: 0 })
    expect(week.Tue).toMatchObject({ wonProfit: 0, lostProfit: -20_150 })
    expect(week.Wed).toMatchObject({ wonProfit: 12_345, lostProfit: 0 })
    expect(data.trades_by_hour).toHaveLength(24)
    expect(data.trades_by_hour[9]).toEqual({ hour: 9, wonProfit: 49_300, lostProfit: 0 })
    expect(data.trades_by_hour[10]).toEqual({ hour: 10, wonProfit: 0, lostProfit: -20_150 })
    expect(data.trades_by_hour[11]).toEqual({ hour: 11, wonProfit: 12_345, lostProfit: 0 })
    const expected = domain('month').visualStats
    expect(data.trades_by_hour.map((h) => h.wonProfit)).toEqual(
      expected.trades_by_hour.map((h) => cents(h.wonProfit)),
    )
  })

  it('metaStats/visual-trades: by size, duration, symbol and type; month, week and year', async () => {
    const response = await post('visual-trades', {
      accountId: account.id,
      email: trader.user.email,
      index: 'week',
    })
    expect(response.status, response.text).toBe(200)
    const { data } = metaStatsVisualTradesResponseSchema.parse(response.body)
    expect(data.index).toBe('week')
    expect(data.tradesByPositionSizes).toEqual([
      { positionSize: 10, totalProfit: 12_345 },
      { positionSize: 50, totalProfit: -20_150 },
      { positionSize: 100, totalProfit: 49_300 },
    ])
    expect(data.tradesBySymbol).toEqual([
      { symbol: 'BTCUSD', totalProfit: 12_345 },
      { symbol: 'EURUSD', totalProfit: 29_150 },
      { symbol: 'XAUUSD', totalProfit: 0 },
    ])
    expect(data.tradesByType).toEqual([
      { type: 'long', tradeCount: 2, totalProfit: 61_645 },
      { type: 'short', tradeCount: 2, totalProfit: -20_150 },
    ])
    expect(Object.fromEntries(data.tradesByTimeRange.map((r) => [r.range, r.totalProfit]))).toEqual(
      {
        '<1m': 12_345,
        '1m-5m': 0,
        '5m-15m': 0,
        '15m-1h': 49_300,
        '1h-4h': -20_150,
        '4h-1d': 0,
        '1d-1w': 0,
        '>1w': 0,
      },
    )
    // the last seven trading days, oldest first, empty ones included
    expect(data.finalResult).toEqual([
      { date: '2027-02-25', profit: 0, loss: 0 },
      { date: '2027-02-26', profit: 0, loss: 0 },
      { date: '2027-02-27', profit: 0, loss: 0 },
      { date: '2027-02-28', profit: 0, loss: 0 },
      { date: '2027-03-01', profit: 49_300, loss: 0 },
      { date: '2027-03-02', profit: 0, loss: -20_150 },
      { date: '2027-03-03', profit: 12_345, loss: 0 },
    ])

    // month by default: 30 trading days
    const month = await post('visual-trades', { accountId: account.id })
    expect(month.status, month.text).toBe(200)
    const monthData = metaStatsVisualTradesResponseSchema.parse(month.body).data
    expect(monthData.index).toBe('month')
    expect(monthData.finalResult).toHaveLength(30)
    expect(monthData.finalResult).toEqual(
      domain('month').visualTrades.finalResult.map((b) => ({
        date: b.date,
        profit: cents(b.profit),
        loss: cents(b.loss),
      })),
    )
    const year = await post('visual-trades', { accountId: account.id, index: 'year' })
    const yearData = metaStatsVisualTradesResponseSchema.parse(year.body).data
    expect(yearData.finalResult.map((b) => b.date)).toEqual([
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
    ])
    expect(yearData.finalResult.at(-1)).toEqual({ date: '2027-03', profit: 61_645, loss: -20_150 })
  })

  it('metaStats/trades: recent trades, newest first, with the email of the caller', async () => {
    const response = await post('trades', { accountId: account.id, email: 'Dash-Trader@x.test' })
    expect(response.status, response.text).toBe(200)
    const { data } = metaStatsTradesResponseSchema.parse(response.body)
    expect(data.trades.map((trade) => trade.id)).toEqual([
      '9000000004',
      '9000000003',
      '9000000002',
      '9000000001',
    ])
    expect(data.trades[2]).toEqual({
      id: '9000000002',
      symbol: 'EURUSD',
      type: 'sell',
      volume: 50,
      openPrice: 108_200,
      closePrice: 108_600,
      profit: -20_150,
      openTime: '2027-03-02T15:00:00.000Z',
      closeTime: '2027-03-02T17:00:00.000Z',
    })
  })

  it("metaStats/update-analysis: status and objectives under the account's rulebook", async () => {
    const response = await post('update-analysis', { accountId: account.id })
    expect(response.status, response.text).toBe(200)
    const { analysisData } = metaStatsUpdateAnalysisResponseSchema.parse(response.body).data
    expect(analysisData).toMatchObject({
      status: 'Phase 1 is in progress',
      challengeType: 'twoPhase',
      stage: 'phase1',
      accountSize: 10_000_000,
      initBalance: 10_000_000,
      // decisions.md: phase 1 is 10% (not the spec's 15%), 5 days (not 2), 6% daily, 12% overall
      profitTarget: 1_000_000,
      minTradingDays: 5,
      dailyLossLimit: 6,
      maxDrawDown: 12,
      profit: 41_495,
      end: null,
      verdict: 'active',
      mtAccount: { status: 'active', platform: account.platform, challengeType: 'twoPhase' },
    })
    // "Last updated": this request's clock reading (the test clock runs on from NOW)
    const updatedMs = Date.parse(analysisData.updated)
    expect(updatedMs).toBeGreaterThanOrEqual(NOW)
    expect(updatedMs).toBeLessThanOrEqual(app.clock.now().getTime())
    expect(analysisData.platform.windows).toMatch(/^https:\/\//)
    expect(
      analysisData.objectives.map((o) => [o.key, o.unit, o.target, o.state, o.summary]),
    ).toEqual([
      ['profitTarget', 'amount', 1_000_000, 'inProgress', 'In progress'],
      ['minTradingDays', 'days', 5, 'inProgress', 'In progress'],
      ['dailyLoss', 'percent', 6, 'passed', 'Passed'],
      ['maxLoss', 'percent', 12, 'passed', 'Passed'],
    ])
    for (const objective of analysisData.objectives) expect(objective.label).not.toBe('')

    // an account that has not traded
    const fresh = await post('update-analysis', { accountId: othersAccount.id }, other.token)
    expect(fresh.status, fresh.text).toBe(200)
    const freshData = metaStatsUpdateAnalysisResponseSchema.parse(fresh.body).data.analysisData
    expect(freshData.status).toBe('Not started')
    expect(freshData.profitTarget).toBe(100_000)
  })
})

describe('an account that ended', () => {
  it('is judged by its evaluation ledger replayed, and shows its end', async () => {
    const ended = await app.createTradingAccount(other, { sizeK: 5 })
    const endedAt = new Date(app.clock.now().getTime())
    await app.db
      .update(tradingAccounts)
      .set({ status: 'closed', endedAt })
      .where(eq(tradingAccounts.id, ended.id))
    app.ctx.trading.risk.forget(ended.id)
    const response = await post('update-analysis', { accountId: ended.id }, other.token)
    expect(response.status, response.text).toBe(200)
    const data = metaStatsUpdateAnalysisResponseSchema.parse(response.body).data.analysisData
    expect(data).toMatchObject({
      status: 'Closed',
      end: endedAt.toISOString(),
      verdict: 'active',
      accountSize: 500_000,
      profitTarget: 50_000,
    })
    expect(data.objectives.map((o) => o.state)).toEqual([
      'inProgress',
      'inProgress',
      'passed',
      'passed',
    ])
  })
})

describe('the answers’ bytes', () => {
  it('are the ones zod’s serializer makes of the same answer (the routes use the compiled one)', async () => {
    const schemas: [string, z.ZodType, object][] = [
      ['trades', metaStatsTradesResponseSchema, {}],
      ['total-stats', metaStatsTotalStatsResponseSchema, {}],
      ['visual-stats', metaStatsVisualStatsResponseSchema, {}],
      ['visual-trades', metaStatsVisualTradesResponseSchema, { index: 'year' }],
      ['update-analysis', metaStatsUpdateAnalysisResponseSchema, {}],
    ]
    for (const [call, schema, extra] of schemas) {
      const response = await post(call, { accountId: account.id, ...extra })
      expect(response.status, call).toBe(200)
      const zodBytes = serializerCompiler({
        schema,
        method: 'POST',
        url: '/test',
        httpStatus: '200',
      })(response.body)
      expect(response.text, call).toBe(zodBytes)
      expect(compileSerializer(schema)(response.body), call).toBe(zodBytes)
    }
  })
})

describe('who may read them', () => {
  const calls = ['trades', 'total-stats', 'visual-stats', 'visual-trades', 'update-analysis']

  it('refuses an email that is not the caller’s (403), another trader (404), an unknown account (404) and no token (401)', async () => {
    for (const call of calls) {
      const mismatch = await post(call, { accountId: account.id, email: other.user.email })
      expect(mismatch.status, call).toBe(403)
      expect((await post(call, { accountId: account.id }, other.token)).status, call).toBe(404)
      const unknown = await post(call, { accountId: '5b0c3c55-1111-4222-8333-944445555666' })
      expect(unknown.status, call).toBe(404)
      expect((await post(call, { accountId: account.id }, null)).status, call).toBe(401)
    }
  })

  it('lets an admin read a trader’s account, naming the trader or not', async () => {
    for (const call of calls) {
      const plain = await post(call, { accountId: account.id }, admin.token)
      expect(plain.status, call).toBe(200)
      const named = await post(
        call,
        { accountId: account.id, email: trader.user.email },
        admin.token,
      )
      expect(named.status, call).toBe(200)
      // naming another trader than the account's owner finds nothing
      const wrong = await post(
        call,
        { accountId: account.id, email: other.user.email },
        admin.token,
      )
      expect(wrong.status, call).toBe(404)
    }
  })

  it('answers a bad body with 422', async () => {
    for (const call of calls) {
      for (const body of [{}, { accountId: 'not-a-uuid' }, { accountId: 42 }, null]) {
        const response = await post(call, body)
        expect(response.status, `${call} ${JSON.stringify(body)}`).toBe(422)
      }
      const badEmail = await post(call, { accountId: account.id, email: 'nope' })
      expect(badEmail.status, call).toBe(422)
    }
    const badIndex = await post('visual-trades', { accountId: account.id, index: 'day' })
    expect(badIndex.status).toBe(422)
  })
})

describe('cached per account, refreshed when a trade closes', () => {
  it('reads the trades once for many concurrent calls, and again after a closed trade, telling the stream', async () => {
    const analytics = app.ctx.trading.analytics
    const loadsBefore = analytics.loads
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          ['trades', 'total-stats', 'visual-stats', 'visual-trades', 'update-analysis'][i % 5]!,
          { accountId: account.id },
        ),
      ),
    )
    for (const answer of answers) expect(answer.status).toBe(200)
    // the seeded account's trades were read by the earlier tests: nothing read again
    expect(analytics.loads).toBe(loadsBefore)

    // a watcher of the account on the stream
    const socket = new WebSocket(`${app.baseUrl!.replace('http', 'ws')}/api/stream`)
    const messages: StreamServerMessage[] = []
    socket.on('message', (raw) =>
      messages.push(streamServerMessageSchema.parse(JSON.parse(String(raw)))),
    )
    await new Promise((resolve) => socket.on('open', resolve))
    socket.send(JSON.stringify({ type: 'auth', token: trader.token }))
    await waitFor(() => messages.some((m) => m.type === 'ready'))
    socket.send(JSON.stringify({ type: 'account', accountId: account.id }))
    await waitFor(() => messages.some((m) => m.type === 'account'))

    // a trade opened and closed through the terminal's API: 0.01 BTC bought at 65025.00, sold at
    // 65100.00 -> +0.75
    const opened = await app.post<{ position: { id: string } }>(
      `/api/trading/accounts/${account.id}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '0.01' },
      { token: trader.token },
    )
    expect(opened.status, opened.text).toBe(201)
    btc(6_510_000)
    const closed = await app.post(
      `/api/trading/accounts/${account.id}/positions/${opened.body.position.id}/close`,
      {},
      { token: trader.token },
    )
    expect(closed.status, closed.text).toBe(200)

    await waitFor(() => messages.some((m) => m.type === 'analytics-changed'))
    const changed = messages.filter((m) => m.type === 'analytics-changed')
    expect(changed).toEqual([{ type: 'analytics-changed', accountId: account.id, version: 2 }])
    socket.close()

    const after = await Promise.all(
      Array.from({ length: 10 }, () => post('total-stats', { accountId: account.id })),
    )
    expect(analytics.loads).toBe(loadsBefore + 1)
    const stats = metaStatsTotalStatsResponseSchema.parse(after[0]!.body).data.data
    expect(stats).toMatchObject({ version: 2, totalTrades: 5, winTrades: 4, profit: 41_495 + 75 })
    expect(stats.todayTrades).toBe(3)
  })
})
