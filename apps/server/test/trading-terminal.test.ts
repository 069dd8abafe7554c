import type { AccountState, PlaceOrderInput } from '@tp/api'
import { isMarketOpen, nextMarketOpen, nextWeekendClose } from '@tp/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tradingAccounts } from '../src/db/schema'
import { createTestApp, type TestApp, type TestUser } from './support'

// The web terminal's API on the built-in simulated trading server: accounts with credentials,
// market and pending orders, stops, partial closes, history, and the refusals a trader sees.
// Prices are set by the test (manual market): every figure below is computed by hand.

let app: TestApp
let trader: TestUser
let admin: TestUser
let accountId: string

const T = () => app.clock.now().getTime()
/** BTCUSD: 2 digits, 1 BTC per lot, no commission, leverage capped at 1:2. */
const btc = (bid: string, spread = '25.00') => {
  const toPoints = (text: string) => Math.round(Number(text) * 100)
  app.simulated.pushTick({
    symbol: 'BTCUSD',
    bid: toPoints(bid),
    ask: toPoints(bid) + toPoints(spread),
    tMs: T(),
  })
}

const order = (body: Partial<PlaceOrderInput>, user = trader) =>
  app.post<{ position: { id: string } | null; order: { id: string } | null; state: AccountState }>(
    `/api/trading/accounts/${accountId}/orders`,
    { symbol: 'BTCUSD', type: 'buy', volume: '1.00', ...body },
    { token: user.token },
  )
const state = async () =>
  (await app.get<AccountState>(`/api/trading/accounts/${accountId}`, { token: trader.token })).body

beforeAll(async () => {
  app = await createTestApp()
  trader = await app.createUser({ name: 'Tess Trader' })
  admin = await app.createUser({ role: 'admin' })
  btc('65000.00')
  accountId = (await app.createTradingAccount(trader)).id
})
afterAll(async () => {
  await app?.close()
})

describe('trading accounts', () => {
  it('lists the caller’s accounts, labelled simulated; their passwords come on demand', async () => {
    const response = await app.get<{ accounts: Record<string, unknown>[] }>(
      '/api/trading/accounts',
      {
        token: trader.token,
      },
    )
    expect(response.status).toBe(200)
    const [account] = response.body.accounts
    expect(account).toMatchObject({
      id: accountId,
      platform: 'mt5',
      platformLabel: 'Simulated MT5',
      server: 'TradepeakSim-MT5',
      challenge: 'twoPhase',
      stage: 'phase1',
      sizeK: 100,
      initialBalance: 10_000_000,
      leverage: 30,
      status: 'active',
      isTradingEnabled: true,
      isReadOnly: false,
    })
    expect(account!.login).toMatch(/^\d{7}$/)
    expect(account).not.toHaveProperty('password')
    const credentials = await app.get<{ login: string; password: string }>(
      `/api/trading/accounts/${accountId}/credentials`,
      { token: trader.token },
    )
    expect(credentials.body.login).toBe(account!.login)
    expect(credentials.body.password).toMatch(/^(?=.*\d)(?=.*[a-z])[a-z\d]{10}$/i)
  })

  it('emails the credentials once the account is ready', async () => {
    await app.waitForJobs()
    const account = (
      await app.get<{ login: string; password: string }>(
        `/api/trading/accounts/${accountId}/credentials`,
        { token: trader.token },
      )
    ).body
    const mail = await app.mailbox.waitFor({ to: trader.user.email, subject: /account is ready/ })
    expect(mail.text).toContain(`Login: ${account!.login}`)
    expect(mail.text).toContain(`Password: ${account!.password}`)
    expect(mail.text).toContain('Server: TradepeakSim-MT5')
  })

  it('answers meta/get-accounts for the caller and refuses another trader’s email', async () => {
    const own = await app.post<{ data: { accounts: { accountId: string }[] } }>(
      '/api/meta/get-accounts',
      { email: trader.user.email },
      { token: trader.token },
    )
    expect(own.body.data.accounts.map((a) => a.accountId)).toEqual([accountId])
    const other = await app.createUser()
    const foreign = await app.post(
      '/api/meta/get-accounts',
      { email: trader.user.email },
      { token: other.token },
    )
    expect(foreign.status).toBe(403)
    const peek = await app.get(`/api/trading/accounts/${accountId}`, { token: other.token })
    expect(peek.status).toBe(404)
  })
})

describe('orders and positions', () => {
  it('fills a market buy at the ask and values it at the bid', async () => {
    btc('65000.00')
    const response = await order({})
    expect(response.status).toBe(201)
    expect(response.body.position).toMatchObject({
      symbol: 'BTCUSD',
      side: 'buy',
      volume: 100,
      openPrice: 6_502_500,
    })
    btc('65100.00')
    const now = await state()
    const position = now.positions[0]!
    // (65100.00 - 65025.00) x 1 BTC = $75.00
    expect(position.profit).toBe(7_500)
    // 1 x 65025.00 / 2 (crypto is capped at 1:2)
    expect(position.margin).toBe(3_251_250)
    expect(now.figures).toMatchObject({
      balance: 10_000_000,
      equity: 10_007_500,
      margin: 3_251_250,
      freeMargin: 10_007_500 - 3_251_250,
    })
    expect(now.meters.dailyLoss).toMatchObject({
      floor: 9_400_000,
      distance: 10_007_500 - 9_400_000,
    })
  })

  it('sets stops, refuses a stop loss on the wrong side with the domain message', async () => {
    const [position] = (await state()).positions
    const url = `/api/trading/accounts/${accountId}/positions/${position!.id}`
    const wrong = await app.request('PATCH', url, {
      token: trader.token,
      body: { stopLoss: '65200.00', takeProfit: null },
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toMatchObject({
      code: 'TRADING_REJECTED',
      details: [
        {
          path: 'stopLoss',
          message: 'The stop loss of a buy must be at least 10 below the price.',
        },
      ],
    })
    const right = await app.request<{ state: AccountState }>('PATCH', url, {
      token: trader.token,
      body: { stopLoss: '64000.00', takeProfit: '66000.00' },
    })
    expect(right.status).toBe(200)
    expect(right.body.state.positions[0]).toMatchObject({
      stopLoss: 6_400_000,
      takeProfit: 6_600_000,
    })
  })

  it('closes part of a position at the bid, then the take profit closes the rest', async () => {
    const [position] = (await state()).positions
    const partial = await app.post<{ state: AccountState }>(
      `/api/trading/accounts/${accountId}/positions/${position!.id}/close`,
      { volume: '0.40' },
      { token: trader.token },
    )
    expect(partial.status).toBe(200)
    // 0.40 x (65100.00 - 65025.00) = $30.00 realised
    expect(partial.body.state.figures.balance).toBe(10_003_000)
    expect(partial.body.state.positions[0]!.volume).toBe(60)

    btc('66000.00')
    const after = await state()
    expect(after.positions).toEqual([])
    // 0.60 x (66000.00 - 65025.00) = $585.00
    expect(after.figures.balance).toBe(10_003_000 + 58_500)

    const history = await app.get<{ trades: { volume: number; result: number; reason: string }[] }>(
      `/api/trading/accounts/${accountId}/history`,
      { token: trader.token },
    )
    expect(history.body.trades.map((t) => [t.volume, t.result, t.reason])).toEqual([
      [60, 58_500, 'take-profit'],
      [40, 3_000, 'client'],
    ])
  })

  it('keeps pending orders until the price reaches them, then fills at the triggering quote', async () => {
    btc('66000.00')
    const placed = await order({ type: 'buy-limit', price: '65500.00', volume: '0.10' })
    expect(placed.status).toBe(201)
    const orderId = placed.body.order!.id
    expect((await state()).orders.map((o) => o.id)).toEqual([orderId])

    const moved = await app.request(
      'PATCH',
      `/api/trading/accounts/${accountId}/orders/${orderId}`,
      {
        token: trader.token,
        body: { price: '65400.00', stopLoss: null, takeProfit: null },
      },
    )
    expect(moved.status).toBe(200)

    btc('65380.00') // ask 65405.00: not yet
    expect((await state()).orders).toHaveLength(1)
    btc('65350.00') // ask 65375.00 <= 65400.00
    const filled = await state()
    expect(filled.orders).toEqual([])
    expect(filled.positions[0]).toMatchObject({ id: orderId, openPrice: 6_537_500, volume: 10 })

    const closeAll = await app.post<{ closed: unknown[] }>(
      `/api/trading/accounts/${accountId}/close-all`,
      undefined,
      { token: trader.token },
    )
    expect(closeAll.body.closed).toHaveLength(1)
  })

  it('cancels a pending order', async () => {
    const placed = await order({ type: 'sell-stop', price: '64000.00', volume: '0.10' })
    const orderId = placed.body.order!.id
    const cancelled = await app.request(
      'DELETE',
      `/api/trading/accounts/${accountId}/orders/${orderId}`,
      {
        token: trader.token,
      },
    )
    expect(cancelled.status).toBe(200)
    expect((await state()).orders).toEqual([])
  })
})

describe('history pages', () => {
  it('pages through trades closed at one instant without skipping any', async () => {
    btc('65000.00')
    for (let i = 0; i < 3; i++) await order({ volume: '0.01' })
    const closed = await app.post<{ closed: { id: string }[] }>(
      `/api/trading/accounts/${accountId}/close-all`,
      undefined,
      { token: trader.token },
    )
    expect(closed.body.closed).toHaveLength(3)
    type Page = { trades: { id: string; closeTime: string }[]; hasMore: boolean }
    const url = `/api/trading/accounts/${accountId}/history?limit=2`
    const first = (await app.get<Page>(url, { token: trader.token })).body
    expect(first.hasMore).toBe(true)
    const last = first.trades.at(-1)!
    const second = (
      await app.get<Page>(
        `${url}&before=${encodeURIComponent(last.closeTime)}&beforeId=${last.id}`,
        { token: trader.token },
      )
    ).body
    const ids = [...first.trades, ...second.trades].map((t) => t.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.slice(0, 3).sort()).toEqual(closed.body.closed.map((t) => t.id).sort())
    btc('65350.00') // where the market data test expects it
  })
})

describe('what the terminal refuses', () => {
  it('refuses a volume above the instrument maximum and a price with too many decimals', async () => {
    const tooBig = await order({ volume: '10.01' })
    expect(tooBig.status).toBe(422)
    expect(tooBig.body).toMatchObject({
      details: [{ path: 'volume', message: 'The maximum volume per order is 10.00 lots.' }],
    })

    const tooPrecise = await order({ type: 'buy-limit', price: '60000.001' })
    expect(tooPrecise.status).toBe(422)
    expect(tooPrecise.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'price', message: 'Price must be positive with at most 2 decimals.' }],
    })
  })

  it('refuses an order the free margin cannot hold', async () => {
    const huge = await order({ volume: '7.00' }) // 7 x 66025 / 2 = $231,087.50 of margin
    expect(huge.status).toBe(422)
    expect(huge.body).toMatchObject({ details: [{ path: 'account' }] })
    expect((huge.body as unknown as { message: string }).message).toMatch(
      /^Not enough free margin: this order needs \$/,
    )
  })

  it('answers 400/422 for malformed bodies and unknown symbols, never 500', async () => {
    const malformed = await app.request('POST', `/api/trading/accounts/${accountId}/orders`, {
      token: trader.token,
      payload: '{"symbol":',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    const unknown = await order({ symbol: 'DOGEUSD' as never })
    expect(unknown.status).toBe(422)
    const badVolume = await order({ volume: '-1' })
    expect(badVolume.status).toBe(422)
    const noAuth = await app.post(`/api/trading/accounts/${accountId}/orders`, {})
    expect(noAuth.status).toBe(401)
  })
})

describe('market data', () => {
  it('serves quotes with market hours and bars of the ticks', async () => {
    const quotes = await app.get<{
      quotes: { symbol: string; bid: number }[]
      markets: { symbol: string; isOpen: boolean }[]
    }>('/api/market/quotes')
    expect(quotes.status).toBe(200)
    expect(quotes.body.quotes.find((q) => q.symbol === 'BTCUSD')!.bid).toBe(6_535_000)
    expect(quotes.body.markets.find((m) => m.symbol === 'BTCUSD')!.isOpen).toBe(true)

    const bars = await app.get<{
      bars: { open: number; high: number; low: number; close: number }[]
    }>('/api/market/bars?symbol=BTCUSD&timeframe=M1&limit=10')
    expect(bars.status).toBe(200)
    const all = bars.body.bars
    expect(all.length).toBeGreaterThan(0)
    expect(Math.max(...all.map((b) => b.high))).toBe(6_600_000)
    expect(all.at(-1)!.close).toBe(6_535_000)

    const bad = await app.get('/api/market/bars?symbol=NOPE&timeframe=M1')
    expect(bad.status).toBe(422)
  })

  it('reads the same prices through the platform port, and an account’s own price for it alone', async () => {
    const platform = app.ctx.trading.platform
    expect(await platform.getQuote('BTCUSD')).toMatchObject({
      bid: 6_535_000,
      ask: 6_537_500,
      externalId: null,
    })
    expect((await platform.listSymbols()).find((s) => s.symbol === 'EURUSD')).toMatchObject({
      digits: 5,
      contractSize: 100_000,
      minVolume: 1,
      maxVolume: null,
    })
    const [row] = await app.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, accountId))
    const externalId = row!.externalId!
    app.simulated.applyAccountQuote(externalId, 'BTCUSD', { bid: 6_000_000, ask: 6_002_500 }, T())
    try {
      expect(await platform.getQuote('BTCUSD', { externalId })).toMatchObject({
        bid: 6_000_000,
        externalId,
      })
      expect(await platform.getQuote('BTCUSD')).toMatchObject({ bid: 6_535_000 })
    } finally {
      app.simulated.clearAccountQuotes(externalId)
    }
  })
})

describe('deals', () => {
  it('lists opening and closing deals oldest first, each in its own direction', async () => {
    type Deal = {
      entry: string
      type: string
      positionId: string
      volume: number
      price: number
      reason: string
    }
    const page = await app.get<{ deals: Deal[]; hasMore: boolean }>(
      `/api/trading/accounts/${accountId}/deals?limit=4`,
      { token: trader.token },
    )
    expect(page.status).toBe(200)
    expect(page.body.hasMore).toBe(true)
    // the first position: bought 1.00 at 65,025.00, 0.40 closed by hand, the rest by its take profit
    const [opened, partial, rest] = page.body.deals
    expect(opened).toMatchObject({
      entry: 'in',
      type: 'buy',
      volume: 100,
      price: 6_502_500,
      reason: 'open',
    })
    expect(partial).toMatchObject({ entry: 'out', type: 'sell', volume: 40, reason: 'client' })
    expect(rest).toMatchObject({ entry: 'out', type: 'sell', volume: 60, reason: 'take-profit' })
    expect(new Set([opened!.positionId, partial!.positionId, rest!.positionId]).size).toBe(1)

    const next = await app.get<{ deals: Deal[] }>(
      `/api/trading/accounts/${accountId}/deals?limit=4&offset=4`,
      { token: trader.token },
    )
    expect(next.body.deals.length).toBeGreaterThan(0)
    const other = await app.createUser()
    const foreign = await app.get(`/api/trading/accounts/${accountId}/deals`, {
      token: other.token,
    })
    expect(foreign.status).toBe(404)
  })
})

describe('leverage', () => {
  let owner: TestUser
  let ownId: string
  const eurusd = (price: string) =>
    app.post(
      `/api/dev/scenarios/accounts/${ownId}/price-path`,
      { mode: 'instant', path: { symbol: 'EURUSD', waypoints: [{ offsetMs: 0, price }] } },
      { token: admin.token },
    )
  const setLeverage = (leverage: unknown, user = owner, id = ownId) =>
    app.post<{ account: { leverage: number }; message: string; code?: string }>(
      `/api/trading/accounts/${id}/leverage`,
      { leverage },
      { token: user.token },
    )

  beforeAll(async () => {
    owner = await app.createUser()
    ownId = (await app.createTradingAccount(owner, { sizeK: 10 })).id
    // this account's own EURUSD at any hour: bid 1.10000, ask 1.10002
    expect((await eurusd('1.10000')).status).toBe(200)
  })

  it('opens at 1:30 and lets the owner raise it to the plan maximum of 1:50, margin following', async () => {
    const before = await app.get<AccountState>(`/api/trading/accounts/${ownId}`, {
      token: owner.token,
    })
    expect(before.body.account.leverage).toBe(30)
    const changed = await setLeverage(50)
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({
      account: { leverage: 50 },
      message: "The account's leverage is now 1:50.",
    })
    const opened = await app.post<{ position: { margin: number }; state: AccountState }>(
      `/api/trading/accounts/${ownId}/orders`,
      { symbol: 'EURUSD', type: 'buy', volume: '1.00' },
      { token: owner.token },
    )
    expect(opened.status).toBe(201)
    // 1 lot x 100,000 x 1.10002 / 50 = $2,200.04 (it would be $3,666.73 at 1:30)
    expect(opened.body.position.margin).toBe(220_004)
    expect(opened.body.state.account.leverage).toBe(50)
  })

  it('refuses a change while a position is open, and above the plan maximum', async () => {
    const whileOpen = await setLeverage(20)
    expect(whileOpen.status).toBe(422)
    expect(whileOpen.body).toMatchObject({
      code: 'TRADING_REJECTED',
      message: 'Close your positions and cancel your pending orders before changing the leverage.',
    })
    await app.post(`/api/trading/accounts/${ownId}/close-all`, undefined, { token: owner.token })

    const above = await setLeverage(51)
    expect(above.status).toBe(422)
    expect(above.body).toMatchObject({
      code: 'TRADING_REJECTED',
      details: [{ path: 'leverage', message: 'The maximum leverage is 1:50.' }],
    })
    expect((await setLeverage(0)).status).toBe(422)
    expect((await setLeverage(12.5)).status).toBe(422)
    const lowered = await setLeverage(1)
    expect(lowered.status).toBe(200)
    expect(lowered.body.account.leverage).toBe(1)
  })

  it('is the owner’s alone: 404 for another trader, 403 for an admin, 409 once read-only', async () => {
    const other = await app.createUser()
    expect((await setLeverage(40, other)).status).toBe(404)
    expect((await setLeverage(40, admin)).status).toBe(403)
    const failed = await app.createTradingAccount(owner, { sizeK: 5 })
    await app.db
      .update(tradingAccounts)
      .set({ status: 'failed', isTradingEnabled: false })
      .where(eq(tradingAccounts.id, failed.id))
    const readOnly = await setLeverage(40, owner, failed.id)
    expect(readOnly.status).toBe(409)
    expect(readOnly.body).toMatchObject({ code: 'ACCOUNT_NOT_TRADABLE' })
  })
})

describe('margin call and stop-out through the scenario driver', () => {
  // A hedge of EURGBP (buy and sell 2.70 lots) holds margin in pounds and almost no risk: its
  // margin in dollars grows with GBPUSD while equity barely moves, so the margin level falls
  // through the margin call (80%) and then the stop-out (50%) without touching a loss floor.
  let owner: TestUser
  let ownId: string
  const script = (symbol: string, price: string) =>
    app.post(
      `/api/dev/scenarios/accounts/${ownId}/price-path`,
      { mode: 'instant', path: { symbol, waypoints: [{ offsetMs: 0, price }] } },
      { token: admin.token },
    )
  const stateNow = async () =>
    (await app.get<AccountState>(`/api/trading/accounts/${ownId}`, { token: owner.token })).body

  beforeAll(async () => {
    owner = await app.createUser()
    ownId = (await app.createTradingAccount(owner, { sizeK: 10 })).id
    expect((await script('EURGBP', '0.85000')).status).toBe(200)
    expect((await script('GBPUSD', '1.25000')).status).toBe(200)
    for (const type of ['buy', 'sell']) {
      const placed = await app.post(
        `/api/trading/accounts/${ownId}/orders`,
        { symbol: 'EURGBP', type, volume: '2.70' },
        { token: owner.token },
      )
      expect(placed.status).toBe(201)
    }
  })

  it('flags a margin call at or below 80% and keeps the positions', async () => {
    const start = await stateNow()
    expect(start.figures.isMarginCall).toBe(false)
    expect(start.figures.marginLevelPercent).toBeGreaterThan(100)

    await script('GBPUSD', '1.70000')
    const called = await stateNow()
    expect(called.figures.isMarginCall).toBe(true)
    expect(called.figures.marginLevelPercent).toBeLessThanOrEqual(80)
    expect(called.figures.marginLevelPercent).toBeGreaterThan(50)
    expect(called.positions).toHaveLength(2)
    expect(called.account.status).toBe('active')
  })

  it('stops out at or below 50%: the losers closed at market, the account still trading', async () => {
    await script('GBPUSD', '2.70000')
    const after = await stateNow()
    // closing one leg of a hedge releases no margin, so both go
    expect(after.positions).toEqual([])
    expect(after.figures).toMatchObject({ isMarginCall: false, marginLevelPercent: null })
    expect(after.account).toMatchObject({ status: 'active', isTradingEnabled: true })
    const history = await app.get<{ trades: { reason: string; symbol: string }[] }>(
      `/api/trading/accounts/${ownId}/history`,
      { token: owner.token },
    )
    expect(history.body.trades.map((t) => [t.symbol, t.reason])).toEqual([
      ['EURGBP', 'stop-out'],
      ['EURGBP', 'stop-out'],
    ])
  })
})

describe('market hours on the test clock', () => {
  // EURUSD trades Sunday 17:00 to Friday 17:00 New York; the clock is set to each side of that
  const FRIDAY_CLOSE = nextWeekendClose('EURUSD', Date.now() + 86_400_000)!
  const SATURDAY_NOON = FRIDAY_CLOSE + 19 * 3_600_000
  const WEDNESDAY_NOON = nextMarketOpen('EURUSD', SATURDAY_NOON) + 67 * 3_600_000

  const eurusdAt = async (tMs: number) => {
    app.clock.set(new Date(tMs))
    trader = { ...trader, token: await app.tokenFor(trader) }
    app.simulated.pushTick({ symbol: 'EURUSD', bid: 108_500, ask: 108_502, tMs })
  }
  const marketOf = async (symbol: string) =>
    (
      await app.get<{ markets: { symbol: string; isOpen: boolean; nextOpenAt: string | null }[] }>(
        '/api/market/quotes',
      )
    ).body.markets.find((m) => m.symbol === symbol)!

  it('refuses forex at the weekend: the market is closed, and said so', async () => {
    await eurusdAt(SATURDAY_NOON)
    expect(isMarketOpen('EURUSD', T())).toBe(false)
    const closed = await order({ symbol: 'EURUSD', volume: '0.01' })
    expect(closed.status).toBe(422)
    expect(closed.body).toMatchObject({
      details: [{ path: 'symbol', message: 'The market is closed.' }],
    })
    const both = await order({ symbol: 'EURUSD', volume: '50.01' })
    expect(both.body).toMatchObject({
      details: [
        { path: 'symbol', message: 'The market is closed.' },
        { path: 'volume', message: 'The maximum volume per order is 50.00 lots.' },
      ],
    })
    expect(await marketOf('EURUSD')).toMatchObject({
      isOpen: false,
      nextOpenAt: new Date(nextMarketOpen('EURUSD', SATURDAY_NOON)).toISOString(),
    })
    expect(await marketOf('BTCUSD')).toMatchObject({ isOpen: true })
  })

  it('on a weekday refuses only more than 50 lots of forex (decisions.md), and fills the rest', async () => {
    await eurusdAt(WEDNESDAY_NOON)
    const tooBig = await order({ symbol: 'EURUSD', volume: '50.01' })
    expect(tooBig.status).toBe(422)
    expect(tooBig.body).toMatchObject({
      details: [{ path: 'volume', message: 'The maximum volume per order is 50.00 lots.' }],
    })
    expect((tooBig.body as unknown as { details: unknown[] }).details).toHaveLength(1)
    const filled = await order({ symbol: 'EURUSD', volume: '0.01' })
    expect(filled.status).toBe(201)
    expect(filled.body.position).toMatchObject({ symbol: 'EURUSD', openPrice: 108_502 })
    expect(await marketOf('EURUSD')).toMatchObject({ isOpen: true, nextOpenAt: null })
  })
})
