import type { AccountState } from '@tp/api'
import { nextMarketOpen, nextWeekendClose, WEEKEND_CLOSE_LEAD_MS } from '@tp/domain'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type {
  PlaceOrderRequest,
  TradingPlatform,
} from '../src/integrations/trading-platform/trading-platform'
import { closePositionsBeforeWeekend, nextWeekendCloseRun } from '../src/risk/weekend-close-job'
import { createTestApp, type TestApp, type TestUser } from './support'

// The firm's rules hold whatever the trading platform (decision 0018): the app checks the plan's
// lot cap, market hours and leverage before calling the platform port, and closes the positions
// of plans without weekend holding through the port. Here the port is a double that accepts every
// trade without a check of its own and records what reached it.

let app: TestApp
let trader: TestUser
let accountId: string
let externalId: string

/** A Wednesday noon (New York) after the coming weekend, its Friday close, and that Saturday. */
const WEDNESDAY_NOON =
  nextMarketOpen('EURUSD', nextWeekendClose('EURUSD', Date.now() + 86_400_000)! + 3_600_000) +
  67 * 3_600_000
const FRIDAY_CLOSE = nextWeekendClose('EURUSD', WEDNESDAY_NOON)!
const SATURDAY_NOON = FRIDAY_CLOSE + 19 * 3_600_000
/** The week after (the clock only moves forward through the file). */
const NEXT_WEDNESDAY = nextMarketOpen('EURUSD', SATURDAY_NOON) + 67 * 3_600_000
const NEXT_FRIDAY_CLOSE = nextWeekendClose('EURUSD', NEXT_WEDNESDAY)!

const T = () => app.clock.now().getTime()
const tick = (symbol: string, bid: number, spread: number) =>
  app.simulated.pushTick({ symbol, bid, ask: bid + spread, tMs: T() })
const at = async (tMs: number) => {
  app.clock.set(new Date(tMs))
  trader = { ...trader, token: await app.tokenFor(trader) }
  tick('EURUSD', 108_500, 2)
  tick('XAUUSD', 265_000, 30)
  tick('BTCUSD', 6_500_000, 2_500)
}

/** What reached the port's trading calls while the double was in place. */
let reached: { method: string; args: unknown[] }[] = []
let real: TradingPlatform

/** The simulated platform with its own trade checks switched off: it accepts every trade. */
function permissivePlatform(platform: TradingPlatform): TradingPlatform {
  const accepting: Partial<TradingPlatform> = {
    async placeOrder(id: string, request: PlaceOrderRequest) {
      reached.push({ method: 'placeOrder', args: [id, request] })
      return { ok: true, position: null, order: null }
    },
    async closePosition(id: string, positionId: string, volume: number | null) {
      reached.push({ method: 'closePosition', args: [id, positionId, volume] })
      return { ok: false, issues: [] }
    },
    async setLeverage(id: string, leverage: number) {
      reached.push({ method: 'setLeverage', args: [id, leverage] })
      return { ok: true, value: await platform.getAccountInfo(id) }
    },
  }
  return new Proxy(platform, {
    get(target, property, receiver) {
      if (Object.hasOwn(accepting, property)) return accepting[property as keyof TradingPlatform]
      const value: unknown = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
const useDouble = () => {
  reached = []
  app.ctx.trading.platform = permissivePlatform(real)
}

const order = (body: Record<string, unknown>) =>
  app.post<{ state: AccountState }>(
    `/api/trading/accounts/${accountId}/orders`,
    { type: 'buy', ...body },
    { token: trader.token },
  )

beforeAll(async () => {
  app = await createTestApp()
  real = app.ctx.trading.platform
  trader = await app.createUser()
  await at(WEDNESDAY_NOON)
  const row = await app.createTradingAccount(trader, { sizeK: 100 })
  accountId = row.id
  externalId = row.externalId!
})
afterEach(() => {
  app.ctx.trading.platform = real
})
afterAll(async () => {
  await app?.close()
})

describe('orders: the app refuses before the platform is called', () => {
  it('refuses 51 lots of forex (the plan’s cap is 50) and never calls the port', async () => {
    await at(WEDNESDAY_NOON)
    useDouble()
    const tooBig = await order({ symbol: 'EURUSD', volume: '51.00' })
    expect(tooBig.status).toBe(422)
    expect(tooBig.body).toMatchObject({
      code: 'TRADING_REJECTED',
      details: [{ path: 'volume', message: 'The maximum volume per order is 50.00 lots.' }],
    })
    expect(reached).toEqual([])

    // the cap itself passes, to a platform that checks nothing
    const atCap = await order({ symbol: 'EURUSD', volume: '50.00' })
    expect(atCap.status).toBe(201)
    expect(reached).toEqual([
      {
        method: 'placeOrder',
        args: [externalId, expect.objectContaining({ symbol: 'EURUSD', volume: 5_000 })],
      },
    ])
  })

  it('refuses leverage above the plan’s maximum without calling the port', async () => {
    await at(WEDNESDAY_NOON)
    useDouble()
    const above = await app.post(
      `/api/trading/accounts/${accountId}/leverage`,
      { leverage: 51 },
      { token: trader.token },
    )
    expect(above.status).toBe(422)
    expect(above.body).toMatchObject({ details: [{ path: 'leverage' }] })
    expect(reached).toEqual([])
  })

  it('refuses closing a position while its market is closed without calling the port', async () => {
    await at(WEDNESDAY_NOON)
    const opened = await order({ symbol: 'EURUSD', volume: '0.10' })
    expect(opened.status).toBe(201)
    const positionId = opened.body.state.positions.find((p) => p.symbol === 'EURUSD')!.id
    await at(SATURDAY_NOON)
    useDouble()
    const closed = await app.post(
      `/api/trading/accounts/${accountId}/positions/${positionId}/close`,
      undefined,
      { token: trader.token },
    )
    expect(closed.status).toBe(422)
    expect(closed.body).toMatchObject({
      details: [{ path: 'symbol', message: 'The market is closed.' }],
    })
    const all = await app.post(`/api/trading/accounts/${accountId}/close-all`, undefined, {
      token: trader.token,
    })
    expect(all.status).toBe(422)
    expect(reached).toEqual([])
  })

  it('refuses an order on a closed market and never calls the port; crypto trades on', async () => {
    await at(SATURDAY_NOON)
    useDouble()
    for (const symbol of ['EURUSD', 'XAUUSD']) {
      const closed = await order({ symbol, volume: '0.01' })
      expect(closed.status).toBe(422)
      expect(closed.body).toMatchObject({
        details: [{ path: 'symbol', message: 'The market is closed.' }],
      })
    }
    expect(reached).toEqual([])
    const crypto = await order({ symbol: 'BTCUSD', volume: '0.01' })
    expect(crypto.status).toBe(201)
    expect(reached.map((call) => call.method)).toEqual(['placeOrder'])
  })
})

describe('the weekend close: plans without weekend holding, through the port', () => {
  it('runs every minute of the five before each weekend close', () => {
    const firstRun = FRIDAY_CLOSE - WEEKEND_CLOSE_LEAD_MS
    expect(nextWeekendCloseRun(WEDNESDAY_NOON)).toBe(firstRun)
    expect(nextWeekendCloseRun(firstRun)).toBe(firstRun + 60_000)
    expect(nextWeekendCloseRun(FRIDAY_CLOSE - 60_000)).toBeGreaterThan(FRIDAY_CLOSE)
    expect(nextWeekendCloseRun(SATURDAY_NOON)).toBe(
      nextWeekendClose('EURUSD', nextMarketOpen('EURUSD', SATURDAY_NOON))! - WEEKEND_CLOSE_LEAD_MS,
    )
  })

  it('closes forex and metals of an Instant Funding account before the close, keeps crypto and other plans', async () => {
    await at(NEXT_WEDNESDAY)
    const instant = await app.createTradingAccount(trader, { challenge: 'instantFund', sizeK: 10 })
    const twoPhase = await app.createTradingAccount(trader, { sizeK: 10 })
    for (const id of [instant.id, twoPhase.id]) {
      for (const symbol of ['EURUSD', 'XAUUSD', 'BTCUSD']) {
        const placed = await app.post(
          `/api/trading/accounts/${id}/orders`,
          { symbol, type: 'buy', volume: '0.01' },
          { token: trader.token },
        )
        expect(placed.status).toBe(201)
      }
    }
    const symbolsOf = async (id: string) =>
      (
        await app.get<AccountState>(`/api/trading/accounts/${id}`, { token: trader.token })
      ).body.positions.map((p) => p.symbol)

    // not yet: ten minutes before the close
    await at(NEXT_FRIDAY_CLOSE - 10 * 60_000)
    expect(await closePositionsBeforeWeekend(app.ctx, T())).toBe(0)
    expect(await symbolsOf(instant.id)).toEqual(['EURUSD', 'XAUUSD', 'BTCUSD'])

    await at(NEXT_FRIDAY_CLOSE - 4 * 60_000)
    expect(await closePositionsBeforeWeekend(app.ctx, T())).toBe(2)
    expect(await symbolsOf(instant.id)).toEqual(['BTCUSD'])
    expect(await symbolsOf(twoPhase.id)).toEqual(['EURUSD', 'XAUUSD', 'BTCUSD'])
    const history = await app.get<{ trades: { symbol: string; reason: string }[] }>(
      `/api/trading/accounts/${instant.id}/history`,
      { token: trader.token },
    )
    expect(history.body.trades.map((t) => t.reason)).toEqual(['weekend', 'weekend'])
    expect(history.body.trades.map((t) => t.symbol).sort()).toEqual(['EURUSD', 'XAUUSD'])
  })
})
