import {
  accountStateSchema,
  barsQuerySchema,
  barsResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  ordersResponseSchema,
  quotesResponseSchema,
  tradingAccountsResponseSchema,
} from '@tp/api'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { compileSerializer } from '../src/lib/compiled-serializer'
import type { Caller } from '../src/modules/access/authenticate'
import { listOrdersOf } from '../src/modules/orders/list-orders'
import { getMarketBars } from '../src/modules/trading/get-market-bars'
import { getMarketQuotes } from '../src/modules/trading/get-market-quotes'
import { getTradingAccount } from '../src/modules/trading/get-trading-account'
import { listClosedTrades } from '../src/modules/trading/list-closed-trades'
import { listTradingAccounts } from '../src/modules/trading/list-trading-accounts'
import { createTestApp, type TestApp, type TestUser } from './support'

// The hot read routes answer through a serializer compiled from their zod schema
// (lib/compiled-serializer.ts) instead of the zod serializer: every answer must be the same bytes
// the zod serializer makes of the same use-case result, and a field outside the schema must not
// leak through either.

let app: TestApp
let trader: TestUser
let caller: Caller
let accountId: string

const T = () => app.clock.now().getTime()
const tick = (symbol: string, bid: number, spread: number) =>
  app.simulated.pushTick({ symbol, bid, ask: bid + spread, tMs: T() })

/** What the app answered before: fastify-type-provider-zod's serializer. */
function zodBytes(schema: z.ZodType, data: unknown): string {
  return serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' })(data)
}

beforeAll(async () => {
  app = await createTestApp()
  trader = await app.createUser({ name: 'Sam Serializer' })
  caller = {
    userId: trader.user.id,
    role: trader.user.role,
    sessionId: 'test',
    tokenExpiresAtMs: Number.MAX_SAFE_INTEGER,
  }
  // prices over a few minutes: closed bars and an open one
  for (let minute = 0; minute < 4; minute++) {
    tick('BTCUSD', 6_500_000 + minute * 1_000, 2_500)
    tick('EURUSD', 108_500 + minute * 10, 2)
    app.clock.advance({ seconds: 61 })
  }
  accountId = (await app.createTradingAccount(trader)).id
  const order = async (body: Record<string, unknown>) => {
    const response = await app.post(
      `/api/trading/accounts/${accountId}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '0.10', ...body },
      { token: trader.token },
    )
    expect(response.body).toMatchObject({ state: {} })
    return response
  }
  // an open position with stops, a pending order and a closed trade
  expect((await order({ stopLoss: '60000.00', takeProfit: '70000.00' })).status).toBe(201)
  expect((await order({ type: 'buy-limit', price: '60000.00' })).status).toBe(201)
  const placed = await order({ type: 'sell' })
  const positionId = (placed.body as { position: { id: string } }).position.id
  tick('BTCUSD', 6_510_000, 2_500)
  const closed = await app.post(
    `/api/trading/accounts/${accountId}/positions/${positionId}/close`,
    undefined,
    { token: trader.token },
  )
  expect(closed.status).toBe(200)
  await app.saveBilling(trader)
  const ordered = await app.post(
    '/api/orders',
    {
      challenge: 'twoPhase',
      platform: 'mt5',
      sizeK: 100,
      addOns: { profitSplit100: true, fastPayout: false },
      method: 'card',
      termsAccepted: true,
    },
    { token: trader.token },
  )
  expect(ordered.status).toBe(201)
})
afterAll(async () => {
  await app?.close()
})

const routes: {
  name: string
  url: () => string
  schema: z.ZodType
  result: () => Promise<unknown>
}[] = [
  {
    name: 'quotes',
    url: () => '/api/market/quotes',
    schema: quotesResponseSchema,
    result: () => getMarketQuotes(app.ctx),
  },
  {
    name: 'bars (M1)',
    url: () => '/api/market/bars?symbol=BTCUSD&timeframe=M1',
    schema: barsResponseSchema,
    result: () =>
      getMarketBars(app.ctx, barsQuerySchema.parse({ symbol: 'BTCUSD', timeframe: 'M1' })),
  },
  {
    name: 'bars (M5)',
    url: () => '/api/market/bars?symbol=EURUSD&timeframe=M5',
    schema: barsResponseSchema,
    result: () =>
      getMarketBars(app.ctx, barsQuerySchema.parse({ symbol: 'EURUSD', timeframe: 'M5' })),
  },
  {
    name: 'accounts list',
    url: () => '/api/trading/accounts',
    schema: tradingAccountsResponseSchema,
    result: () => listTradingAccounts(app.ctx, caller),
  },
  {
    name: 'account state',
    url: () => `/api/trading/accounts/${accountId}`,
    schema: accountStateSchema,
    result: () => getTradingAccount(app.ctx, caller, { accountId }),
  },
  {
    name: 'history',
    url: () => `/api/trading/accounts/${accountId}/history`,
    schema: historyResponseSchema,
    result: () => listClosedTrades(app.ctx, caller, { accountId, ...historyQuerySchema.parse({}) }),
  },
  {
    name: 'orders',
    url: () => '/api/orders',
    schema: ordersResponseSchema,
    result: async () => ({ orders: await listOrdersOf(app.ctx, caller) }),
  },
]

describe('hot read routes: the same bytes as the zod serializer', () => {
  it.each(routes)('$name', async ({ url, schema, result }) => {
    const response = await app.get(url(), { token: trader.token })
    expect(response.status).toBe(200)
    const expected = zodBytes(schema, await result())
    expect(response.text).toBe(expected)
    // something to compare: not an empty list
    expect(response.text.length).toBeGreaterThan(60)
  })

  it.each(routes)(
    '$name: a property outside the schema does not leak',
    async ({ schema, result }) => {
      const data = structuredClone(await result()) as Record<string, unknown>
      const leaky = addSecrets(data)
      expect(compileSerializer(schema)(leaky)).toBe(zodBytes(schema, data))
      expect(compileSerializer(schema)(leaky)).not.toContain('leaked')
    },
  )
})

/** A copy with an extra `secret` property on every object. */
function addSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(addSecrets) as T
  if (typeof value !== 'object' || value === null) return value
  const copy: Record<string, unknown> = { secret: 'leaked' }
  for (const [key, v] of Object.entries(value)) copy[key] = addSecrets(v)
  return copy as T
}
