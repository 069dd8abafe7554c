import type { AccountState, PlaceOrderInput } from '@tp/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, type TestUser } from './support'

// The web terminal's API on the built-in simulated trading server: accounts with credentials,
// market and pending orders, stops, partial closes, history, and the refusals a trader sees.
// Prices are set by the test (manual market): every figure below is computed by hand.

let app: TestApp
let trader: TestUser
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
  btc('65000.00')
  accountId = (await app.createTradingAccount(trader)).id
})
afterAll(async () => {
  await app?.close()
})

describe('trading accounts', () => {
  it('lists the caller’s accounts with their credentials, labelled simulated', async () => {
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
    expect(account!.password).toMatch(/^(?=.*\d)(?=.*[a-z])[a-z\d]{10}$/i)
  })

  it('emails the credentials once the account is ready', async () => {
    await app.waitForJobs()
    const [account] = (
      await app.get<{ accounts: { login: string; password: string }[] }>('/api/trading/accounts', {
        token: trader.token,
      })
    ).body.accounts
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

  it('refuses more than 50 lots of forex (decisions.md) and an order the free margin cannot hold', async () => {
    app.simulated.pushTick({ symbol: 'EURUSD', bid: 108_500, ask: 108_502, tMs: T() })
    const forex = await order({ symbol: 'EURUSD', volume: '50.01' })
    // forex may be closed at this moment of the week: whichever applies, volume is named
    expect(forex.status).toBe(422)
    expect(JSON.stringify(forex.body)).toContain('The maximum volume per order is 50.00 lots.')

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
})
