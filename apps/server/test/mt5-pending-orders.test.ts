import type { AccountState } from '@tp/api'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FAKE_MT5_GROUP,
  FAKE_MT5_MANAGER,
  startMt5Fake,
  type Mt5Fake,
} from '../src/integrations/trading-platform/mt5-webapi/fake/mt5-fake'
import { Mt5WebApiPlatform } from '../src/integrations/trading-platform/mt5-webapi/mt5-webapi-platform'
import { requestTag } from '../src/integrations/trading-platform/mt5-webapi/mt5-wire'
import { tradingAccounts } from '../src/db/schema'
import { systemClock } from '../src/lib/clock'
import { createTestApp, type TestApp } from './support'
import { waitFor } from './support/wait-for'

// MT5 pending orders (issue 15): the adapter reads a login's working orders from the Web API's
// /api/order/get_page (pages of 100), every number from the strings the server sends; the
// read-only terminal of an MT5 account lists them like the simulated server's; a breach moves
// them to history (/api/order/cancel). Real HTTP against the local fake MT5 server. The scenario
// driver's accounts (whose past it books on the simulated server) stay there with MT5 the default.

describe('the adapter’s pending orders (contract, against the fake)', () => {
  let fake: Mt5Fake
  let adapter: Mt5WebApiPlatform
  beforeAll(async () => {
    fake = await startMt5Fake()
    adapter = new Mt5WebApiPlatform({
      settings: {
        url: fake.url,
        login: FAKE_MT5_MANAGER.login,
        password: FAKE_MT5_MANAGER.password,
        group: FAKE_MT5_GROUP,
        serverName: 'Test-MT5',
        sessions: 1,
        pollMs: 1_000,
        batch: 100,
      },
      clock: systemClock,
      logger: pino({ level: 'silent' }),
    })
    await adapter.load()
  })
  afterAll(async () => {
    await adapter?.stop()
    await fake?.close()
  })

  it('lists each working order of the login with its type, lots, price and time, exactly', async () => {
    const user = fake.seedUser({
      group: FAKE_MT5_GROUP,
      name: 'Olga Orders',
      balanceCents: 1_000_000,
      leverage: 100,
    })
    const other = fake.seedUser({
      group: FAKE_MT5_GROUP,
      name: 'Other',
      balanceCents: 1,
      leverage: 1,
    })
    expect(await adapter.listOrders(String(user.login))).toEqual([])

    const limit = fake.placeOrder(user.login, {
      symbol: 'EURUSD',
      type: 'buy-limit',
      lots: 1.25,
      price: '1.04321',
    })
    const stop = fake.placeOrder(user.login, {
      symbol: 'XAUUSD',
      type: 'sell-stop',
      lots: 0.01,
      price: '1987.65',
    })
    fake.placeOrder(other.login, { symbol: 'EURUSD', type: 'sell-limit', lots: 1, price: '1.2' })

    const orders = await adapter.listOrders(String(user.login))
    expect(orders).toEqual([
      {
        id: String(limit.ticket),
        symbol: 'EURUSD',
        type: 'buy-limit',
        volume: 125, // hundredths of a lot (the server sends 12500: 1/10000 lot)
        price: 104_321, // integer points at the symbol's 5 digits
        stopLoss: null,
        takeProfit: null,
        createdAtMs: limit.setupMs,
      },
      {
        id: String(stop.ticket),
        symbol: 'XAUUSD',
        type: 'sell-stop',
        volume: 1,
        price: 198_765,
        stopLoss: null,
        takeProfit: null,
        createdAtMs: stop.setupMs,
      },
    ])
  })

  it('follows the pages past 100 orders', async () => {
    const user = fake.seedUser({
      group: FAKE_MT5_GROUP,
      name: 'Many',
      balanceCents: 1,
      leverage: 1,
    })
    for (let i = 0; i < 130; i++) {
      fake.placeOrder(user.login, { symbol: 'EURUSD', type: 'buy-stop', lots: 0.1, price: '1.1' })
    }
    const before = fake.calls.get('/api/order/get_page') ?? 0
    expect(await adapter.listOrders(String(user.login))).toHaveLength(130)
    expect(fake.calls.get('/api/order/get_page')! - before).toBe(2)
  })

  it('moves every working order of the login to history and answers them', async () => {
    const user = fake.seedUser({
      group: FAKE_MT5_GROUP,
      name: 'Cancel',
      balanceCents: 1,
      leverage: 1,
    })
    const a = fake.placeOrder(user.login, {
      symbol: 'EURUSD',
      type: 'buy-limit',
      lots: 1,
      price: '1',
    })
    const b = fake.placeOrder(user.login, {
      symbol: 'GBPUSD',
      type: 'sell-stop',
      lots: 2,
      price: '1.2',
    })
    const cancelled = await adapter.cancelAllOrders(String(user.login))
    expect(cancelled.map((order) => order.id)).toEqual([String(a.ticket), String(b.ticket)])
    expect(await adapter.listOrders(String(user.login))).toEqual([])
  })
})

describe('the read-only terminal of an MT5 account', () => {
  let app: TestApp
  let fake: Mt5Fake
  beforeAll(async () => {
    app = await createTestApp({ env: { TRADING_PLATFORM: 'mt5-webapi' } })
    fake = (app.ctx.trading.router.adapter('mt5-webapi') as Mt5WebApiPlatform).fake!
  })
  afterAll(async () => {
    await app?.close()
  })

  it('lists the orders placed in MetaTrader like the simulated server’s; a breach cancels them', async () => {
    const trader = await app.createUser()
    const account = await app.createTradingAccount(trader, { sizeK: 10 })
    const order = fake.placeOrder(account.login!, {
      symbol: 'EURUSD',
      type: 'sell-limit',
      lots: 0.5,
      price: '1.10250',
    })

    const state = await app.get<AccountState>(`/api/trading/accounts/${account.id}`, {
      token: trader.token,
    })
    expect(state.status, state.text).toBe(200)
    expect(state.body.orders).toEqual([
      expect.objectContaining({
        id: String(order.ticket),
        symbol: 'EURUSD',
        type: 'sell-limit',
        volume: 50,
        price: 110_250,
      }),
    ])

    // the server's equity through the 6% daily floor of $10,000: failed, its orders cancelled
    fake.setEquity(account.login!, 939_000)
    await waitFor(
      async () => {
        const after = await app.get<AccountState>(`/api/trading/accounts/${account.id}`, {
          token: trader.token,
        })
        return after.body.account.status === 'failed' ? after : undefined
      },
      { what: 'the breach' },
    )
    expect([...fake.orders.values()].filter((o) => o.login === Number(account.login))).toEqual([])
  })

  it('the scenario driver’s accounts still live on the simulated server, where their past is booked', async () => {
    const admin = await app.createUser({ role: 'admin' })
    const trader = await app.createUser()
    const created = await app.post<{ account: { id: string; login: string } }>(
      '/api/dev/scenarios/accounts',
      {
        email: trader.user.email,
        startDaysAgo: 2,
        trades: [
          {
            symbol: 'BTCUSD',
            side: 'buy',
            volume: '1.00',
            openPrice: '65000.00',
            closePrice: '65100.00',
            openDaysAgo: 1,
            durationMinutes: 60,
          },
        ],
      },
      { token: admin.token },
    )
    expect(created.status, created.text).toBe(201)
    const [row] = await app.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, created.body.account.id))
    expect(row).toMatchObject({ adapter: 'simulated', status: 'active' })
    expect(fake.usersWithComment(requestTag(row!.id))).toEqual([])
  })
})
