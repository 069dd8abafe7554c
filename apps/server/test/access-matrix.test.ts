import type { AccountState } from '@tp/api'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { auditLog, orders, tradingAccounts, users } from '../src/db/schema'
import { createBuyer, placeOrder } from './support/checkout'
import { createTestApp, type TestApp, type TestUser } from './support'

// The access policy, walked over every route of the OpenAPI document that takes an account,
// order, payment or trade id (in the path, the query or the body), as the owner, another trader,
// an admin, a demoted admin (admin when the token was issued, trader now) and anonymously. A new
// route that takes such an id fails this file until it is given a row below.

type Kind =
  | 'account-read'
  | 'account-trade'
  | 'order-read'
  | 'order-pay'
  | 'payment-read'
  /** admin-only routes acting on an account or order (risk actions, refunds, reviews) */
  | 'admin'

type Role = 'anonymous' | 'other' | 'demoted' | 'owner' | 'admin' | 'support'

/**
 * `granted`: the policy let the call through (any answer but 401, 403, 404 or a 5xx);
 * `reads`: granted to a GET, 403 to any other method (the support role, decision 0036).
 */
type Expected = 200 | 401 | 403 | 404 | 'granted' | 'reads'

// support (decision 0036): reads what an admin reads, trades, pays and manages nothing
const expected: Record<Kind, Record<Role, Expected>> = {
  'account-read': {
    anonymous: 401,
    other: 404,
    demoted: 404,
    owner: 200,
    admin: 200,
    support: 200,
  },
  'account-trade': {
    anonymous: 401,
    other: 404,
    demoted: 404,
    owner: 'granted',
    admin: 403,
    support: 403,
  },
  'order-read': { anonymous: 401, other: 404, demoted: 404, owner: 200, admin: 200, support: 200 },
  'order-pay': {
    anonymous: 401,
    other: 404,
    demoted: 404,
    owner: 'granted',
    admin: 403,
    support: 403,
  },
  'payment-read': {
    anonymous: 401,
    other: 404,
    demoted: 404,
    owner: 200,
    admin: 200,
    support: 200,
  },
  admin: {
    anonymous: 401,
    other: 403,
    demoted: 403,
    owner: 403,
    admin: 'granted',
    support: 'reads',
  },
}

type Ids = {
  accountId: string
  positionId: string
  pendingOrderId: string
  orderId: string
  cryptoOrderId: string
  paypalOrderId: string
  trackId: string
  /** a crypto payout method the owner saved */
  payoutMethodId: string
}

type Row = {
  kind: Kind
  url: (ids: Ids) => string
  body?: (ids: Ids) => unknown
}

const account = (ids: Ids) => `/api/trading/accounts/${ids.accountId}`

// In the order the owner runs them: reads first, then what changes the account (a position is
// modified before it is closed, the pending order before it is cancelled).
const table: Record<string, Row> = {
  'GET /api/trading/accounts/{accountId}': { kind: 'account-read', url: account },
  'GET /api/trading/accounts/{accountId}/news-violations': {
    kind: 'account-read',
    url: (ids) => `${account(ids)}/news-violations`,
  },
  'GET /api/trading/accounts/{accountId}/policy-violations': {
    kind: 'account-read',
    url: (ids) => `${account(ids)}/policy-violations`,
  },
  'GET /api/payouts/accounts/{accountId}/eligibility': {
    kind: 'account-read',
    url: (ids) => `/api/payouts/accounts/${ids.accountId}/eligibility`,
  },
  // granted to the owner, then refused as not eligible (no identity check): nothing paused
  'POST /api/payouts': {
    kind: 'account-trade',
    url: () => '/api/payouts',
    body: (ids) => ({ accountId: ids.accountId, methodId: ids.payoutMethodId }),
  },
  'GET /api/trading/accounts/{accountId}/history': {
    kind: 'account-read',
    url: (ids) => `${account(ids)}/history`,
  },
  'GET /api/trading/accounts/{accountId}/deals': {
    kind: 'account-read',
    url: (ids) => `${account(ids)}/deals`,
  },
  'GET /api/trading/accounts/{accountId}/engine-input': {
    kind: 'account-read',
    url: (ids) => `${account(ids)}/engine-input`,
  },
  // the dashboard's analytics (spec 7): the account in the body
  ...Object.fromEntries(
    [
      'trades',
      'total-stats',
      'visual-stats',
      'visual-trades',
      'update-analysis',
      'account-metrics',
      'journal',
    ].map((call) => [
      `POST /api/metaStats/${call}`,
      {
        kind: 'account-read',
        url: () => `/api/metaStats/${call}`,
        body: (ids: Ids) => ({ accountId: ids.accountId }),
      } satisfies Row,
    ]),
  ),
  // the trade journal is written by the owner alone
  'PUT /api/metaStats/journal': {
    kind: 'account-trade',
    url: () => '/api/metaStats/journal',
    body: (ids) => ({ accountId: ids.accountId, tradeId: 'any', note: 'a note', tags: [] }),
  },
  // the passwords: the owner's alone (an admin reads the account, not its passwords)
  'GET /api/trading/accounts/{accountId}/credentials': {
    kind: 'account-trade',
    url: (ids) => `${account(ids)}/credentials`,
  },
  'PATCH /api/trading/accounts/{accountId}/positions/{positionId}': {
    kind: 'account-trade',
    url: (ids) => `${account(ids)}/positions/${ids.positionId}`,
    body: () => ({ stopLoss: null, takeProfit: null }),
  },
  'POST /api/trading/accounts/{accountId}/positions/{positionId}/close': {
    kind: 'account-trade',
    url: (ids) => `${account(ids)}/positions/${ids.positionId}/close`,
    body: () => ({}),
  },
  'PATCH /api/trading/accounts/{accountId}/orders/{orderId}': {
    kind: 'account-trade',
    url: (ids) => `${account(ids)}/orders/${ids.pendingOrderId}`,
    body: () => ({ price: '40000.00', stopLoss: null, takeProfit: null }),
  },
  'DELETE /api/trading/accounts/{accountId}/orders/{orderId}': {
    kind: 'account-trade',
    url: (ids) => `${account(ids)}/orders/${ids.pendingOrderId}`,
  },
  'POST /api/trading/accounts/{accountId}/orders': {
    kind: 'account-trade',
    url: (ids) => `${account(ids)}/orders`,
    body: () => ({ symbol: 'BTCUSD', type: 'buy', volume: '0.01' }),
  },
  'POST /api/trading/accounts/{accountId}/close-all': {
    kind: 'account-trade',
    url: (ids) => `${account(ids)}/close-all`,
  },
  'POST /api/trading/accounts/{accountId}/leverage': {
    kind: 'account-trade',
    url: (ids) => `${account(ids)}/leverage`,
    body: () => ({ leverage: 20 }),
  },
  'POST /api/trading/accounts/{accountId}/password': {
    kind: 'account-trade',
    url: (ids) => `${account(ids)}/password`,
    body: () => ({ password: 'Trading-pass-42' }),
  },
  'POST /api/admin/trading-accounts/{accountId}/close-all': {
    kind: 'admin',
    url: (ids) => `/api/admin/trading-accounts/${ids.accountId}/close-all`,
    body: () => ({ reason: 'Exposure review' }),
  },
  'POST /api/admin/trading-accounts/{accountId}/disable-trading': {
    kind: 'admin',
    url: (ids) => `/api/admin/trading-accounts/${ids.accountId}/disable-trading`,
    body: () => ({ reason: 'Suspected account sharing' }),
  },
  'POST /api/admin/trading-accounts/{accountId}/enable-trading': {
    kind: 'admin',
    url: (ids) => `/api/admin/trading-accounts/${ids.accountId}/enable-trading`,
    body: () => ({ reason: 'Review finished' }),
  },
  'GET /api/admin/trading-accounts/{accountId}': {
    kind: 'admin',
    url: (ids) => `/api/admin/trading-accounts/${ids.accountId}`,
  },
  'GET /api/admin/trading-accounts/{accountId}/ledger': {
    kind: 'admin',
    url: (ids) => `/api/admin/trading-accounts/${ids.accountId}/ledger`,
  },
  'GET /api/admin/trading-accounts/{accountId}/verdicts': {
    kind: 'admin',
    url: (ids) => `/api/admin/trading-accounts/${ids.accountId}/verdicts`,
  },
  // without a reason (422 to an admin): the shared account is not ended by a granted call
  'POST /api/admin/trading-accounts/{accountId}/pass': {
    kind: 'admin',
    url: (ids) => `/api/admin/trading-accounts/${ids.accountId}/pass`,
    body: () => ({}),
  },
  'POST /api/admin/trading-accounts/{accountId}/fail': {
    kind: 'admin',
    url: (ids) => `/api/admin/trading-accounts/${ids.accountId}/fail`,
    body: () => ({}),
  },
  'POST /api/admin/trading-accounts/{accountId}/extend': {
    kind: 'admin',
    url: (ids) => `/api/admin/trading-accounts/${ids.accountId}/extend`,
    body: () => ({ reason: 'Trader on leave' }),
  },
  'POST /api/admin/trading-accounts/{accountId}/reset': {
    kind: 'admin',
    url: (ids) => `/api/admin/trading-accounts/${ids.accountId}/reset`,
    body: () => ({ reason: 'Second chance' }),
  },
  'POST /api/admin/trading-accounts/{accountId}/leverage': {
    kind: 'admin',
    url: (ids) => `/api/admin/trading-accounts/${ids.accountId}/leverage`,
    body: () => ({ reason: 'Lower risk', leverage: 20 }),
  },
  'POST /api/dev/scenarios/accounts/{accountId}/price-path': {
    kind: 'admin',
    url: (ids) => `/api/dev/scenarios/accounts/${ids.accountId}/price-path`,
    body: () => ({
      path: { symbol: 'BTCUSD', waypoints: [{ offsetMs: 0, price: '65000.00' }] },
      mode: 'instant',
    }),
  },
  'DELETE /api/dev/scenarios/accounts/{accountId}/price-path': {
    kind: 'admin',
    url: (ids) => `/api/dev/scenarios/accounts/${ids.accountId}/price-path`,
  },
  'GET /api/orders/{orderId}': { kind: 'order-read', url: (ids) => `/api/orders/${ids.orderId}` },
  'GET /api/payment/get-history': {
    kind: 'payment-read',
    url: (ids) => `/api/payment/get-history?trackId=${ids.trackId}`,
  },
  'POST /api/payment/get-history': {
    kind: 'payment-read',
    url: () => '/api/payment/get-history',
    body: (ids) => ({ trackId: ids.trackId }),
  },
  'POST /api/payment/orders': {
    kind: 'order-pay',
    url: () => '/api/payment/orders',
    body: (ids) => ({ orderId: ids.orderId }),
  },
  'POST /api/payment/orders/{orderID}/capture': {
    kind: 'order-pay',
    url: (ids) => `/api/payment/orders/${ids.paypalOrderId}/capture`,
    body: () => ({}),
  },
  'POST /api/payment/orders/{orderID}/create': {
    kind: 'order-pay',
    url: (ids) => `/api/payment/orders/${ids.paypalOrderId}/create`,
    body: () => ({}),
  },
  'POST /api/payment/white-label/create': {
    kind: 'order-pay',
    url: () => '/api/payment/white-label/create',
    body: (ids) => ({ orderId: ids.cryptoOrderId, currency: 'USDT', network: 'TRC20' }),
  },
  'POST /api/admin/orders/{orderId}/review': {
    kind: 'admin',
    url: (ids) => `/api/admin/orders/${ids.orderId}/review`,
    body: () => ({ decision: 'reject', note: 'checked by hand' }),
  },
  'POST /api/admin/orders/{orderId}/retry': {
    kind: 'admin',
    url: (ids) => `/api/admin/orders/${ids.orderId}/retry`,
    body: () => ({ reason: 'account missing' }),
  },
  'POST /api/admin/orders/{orderId}/refund': {
    kind: 'admin',
    url: (ids) => `/api/admin/orders/${ids.orderId}/refund`,
    body: () => ({ note: 'goodwill' }),
  },
}

const ID_NAMES = new Set(['accountId', 'orderId', 'orderID', 'positionId', 'trackId'])

type OpenApiOperation = {
  parameters?: { name: string; in: string }[]
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
}

/** Every `METHOD /path` of the OpenAPI document that takes one of the ids anywhere. */
function routesTakingIds(document: {
  paths: Record<string, Record<string, OpenApiOperation>>
}): string[] {
  const found: string[] = []
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const names = [
        ...(operation.parameters ?? []).map((parameter) => parameter.name),
        ...Object.values(operation.requestBody?.content ?? {}).flatMap((content) =>
          Object.keys(content.schema?.properties ?? {}),
        ),
      ]
      if (names.some((name) => ID_NAMES.has(name))) found.push(`${method.toUpperCase()} ${path}`)
    }
  }
  return found.sort()
}

let app: TestApp
let owner: TestUser
let other: TestUser
let admin: TestUser
let demoted: TestUser
let support: TestUser
let ids: Ids

const tokenOf = (role: Role): string | undefined =>
  ({
    anonymous: undefined,
    other: other.token,
    demoted: demoted.token,
    owner: owner.token,
    admin: admin.token,
    support: support.token,
  })[role]

const btc = (bid: number) =>
  app.simulated.pushTick({
    symbol: 'BTCUSD',
    bid: bid * 100,
    ask: bid * 100 + 2500,
    tMs: app.clock.now().getTime(),
  })

beforeAll(async () => {
  app = await createTestApp({ listen: true })
  owner = await createBuyer(app, { name: 'Olive Owner' })
  other = await createBuyer(app, { name: 'Oscar Other' })
  admin = await app.createUser({ role: 'admin' })
  demoted = await app.createUser({ role: 'admin' })
  support = await app.createUser({ role: 'support' })
  // demoted after signing in: the token still says admin, the database says trader
  await app.db.update(users).set({ role: 'trader' }).where(eq(users.id, demoted.user.id))

  btc(65_000)
  const tradingAccount = await app.createTradingAccount(owner)
  const trade = (body: unknown) =>
    app.post<{ position: { id: string } | null; order: { id: string } | null }>(
      `/api/trading/accounts/${tradingAccount.id}/orders`,
      body,
      { token: owner.token },
    )
  const position = await trade({ symbol: 'BTCUSD', type: 'buy', volume: '0.01' })
  expect(position.status, position.text).toBe(201)
  const pending = await trade({
    symbol: 'BTCUSD',
    type: 'buy-limit',
    volume: '0.01',
    price: '50000.00',
  })
  expect(pending.status, pending.text).toBe(201)

  const order = await placeOrder(app, owner)
  const paypal = await app.post<{ id: string }>(
    '/api/payment/orders',
    { orderId: order.id },
    { token: owner.token },
  )
  expect(paypal.status, paypal.text).toBe(201)
  const cryptoOrder = await placeOrder(app, owner, { method: 'crypto' })
  const crypto = await app.post<{ result: { trackId: string } }>(
    '/api/payment/white-label/create',
    { orderId: cryptoOrder.id, currency: 'USDT', network: 'TRC20' },
    { token: owner.token },
  )
  expect(crypto.status, crypto.text).toBe(201)

  const payoutMethod = await app.post<{ id: string }>(
    '/api/payouts/methods',
    {
      kind: 'crypto',
      currency: 'USDT',
      network: 'TRC20',
      address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    },
    { token: owner.token },
  )
  expect(payoutMethod.status, payoutMethod.text).toBe(201)

  ids = {
    payoutMethodId: payoutMethod.body.id,
    accountId: tradingAccount.id,
    positionId: position.body.position!.id,
    pendingOrderId: pending.body.order!.id,
    orderId: order.id,
    cryptoOrderId: cryptoOrder.id,
    paypalOrderId: paypal.body.id,
    trackId: crypto.body.result.trackId,
  }
})
afterAll(async () => {
  await app?.close()
})

async function call(key: string, role: Role) {
  const row = table[key]!
  const method = key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  const token = tokenOf(role)
  return app.request(method, row.url(ids), {
    ...(row.body ? { body: row.body(ids) } : method === 'POST' ? { body: {} } : {}),
    ...(token ? { token } : {}),
  })
}

function check(key: string, role: Role, response: { status: number; text: string }) {
  let want = expected[table[key]!.kind][role]
  const where = `${key} as ${role}: ${response.status} ${response.text.slice(0, 200)}`
  if (want === 'reads') want = key.startsWith('GET ') ? 'granted' : 403
  if (want === 'granted') {
    expect([401, 403, 404], where).not.toContain(response.status)
    expect(response.status, where).toBeLessThan(500)
  } else {
    expect(response.status, where).toBe(want)
  }
}

describe('one access policy over every route that takes an id', () => {
  it('has a row for every such route of the OpenAPI document, and no row for a route that is gone', async () => {
    const document = app.app.swagger() as unknown as Parameters<typeof routesTakingIds>[0]
    expect(routesTakingIds(document)).toEqual(Object.keys(table).sort())
  })

  it('refuses anonymous callers, other traders and a demoted admin, and they change nothing', async () => {
    for (const role of ['anonymous', 'other', 'demoted'] as const) {
      for (const key of Object.keys(table)) check(key, role, await call(key, role))
    }
    const state = await app.get<AccountState>(`/api/trading/accounts/${ids.accountId}`, {
      token: owner.token,
    })
    expect(state.body.positions.map((p) => p.id)).toEqual([ids.positionId])
    expect(state.body.orders.map((o) => o.id)).toEqual([ids.pendingOrderId])
    const [row] = await app.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, ids.accountId))
    expect(row!.isTradingEnabled).toBe(true)
    const [order] = await app.db.select().from(orders).where(eq(orders.id, ids.orderId))
    expect(order!.status).toBe('pending')
  })

  it('lets a support user read what an admin reads, and change nothing', async () => {
    for (const key of Object.keys(table)) check(key, 'support', await call(key, 'support'))
    const state = await app.get<AccountState>(`/api/trading/accounts/${ids.accountId}`, {
      token: owner.token,
    })
    expect(state.body.positions.map((p) => p.id)).toEqual([ids.positionId])
    const [order] = await app.db.select().from(orders).where(eq(orders.id, ids.orderId))
    expect(order!.status).toBe('pending')
  })

  it('lets the owner do everything on their own account, order and payment', async () => {
    for (const key of Object.keys(table)) check(key, 'owner', await call(key, 'owner'))
  })

  it('lets an admin read everything and take audited risk actions, but never trade or pay', async () => {
    for (const key of Object.keys(table)) check(key, 'admin', await call(key, 'admin'))
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.targetId, ids.accountId))
    expect(audit.map((entry) => [entry.action, entry.reason, entry.actorUserId])).toEqual(
      expect.arrayContaining([
        ['account.disable-trading', 'Suspected account sharing', admin.user.id],
        ['account.close-all', 'Exposure review', admin.user.id],
      ]),
    )
  })
})

/** What the stream answers to a subscription to the account: its state, or an error code. */
async function subscribe(token: string): Promise<string> {
  const socket = new WebSocket(`${app.baseUrl!.replace('http', 'ws')}/api/stream`)
  try {
    return await new Promise<string>((resolve, reject) => {
      socket.on('error', reject)
      socket.on('close', (code) => resolve(`closed ${code}`))
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as { type: string; code?: string }
        if (message.type === 'ready') {
          socket.send(JSON.stringify({ type: 'account', accountId: ids.accountId }))
        } else if (message.type === 'account') resolve('account')
        else if (message.type === 'error') resolve(`error ${message.code}`)
      })
      socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })))
    })
  } finally {
    socket.close()
  }
}

describe('the live stream asks the same policy', () => {
  it('streams an account to its owner, an admin and support only', async () => {
    expect(await subscribe(owner.token)).toBe('account')
    expect(await subscribe(admin.token)).toBe('account')
    expect(await subscribe(support.token)).toBe('account')
    expect(await subscribe(other.token)).toBe('error NOT_FOUND')
    expect(await subscribe(demoted.token)).toBe('error NOT_FOUND')
  })
})
