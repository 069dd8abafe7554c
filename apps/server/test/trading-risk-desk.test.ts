import type { AccountState, RiskActionResponse } from '@tp/api'
import { messages } from '@tp/api'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, tradingAccounts } from '../src/db/schema'
import { createTestApp, type TestApp, type TestUser } from './support'

// Who may do what on a trading account: the owner alone trades it; an admin reads it and takes
// the risk desk's actions (close everything, disable or enable trading), each with a reason that
// the audit log keeps and the owner is emailed. BTCUSD trades at any hour, so these run whenever.

let app: TestApp
let trader: TestUser
let admin: TestUser
let accountId: string

const T = () => app.clock.now().getTime()
const btc = (bid: number) =>
  app.simulated.pushTick({ symbol: 'BTCUSD', bid, ask: bid + 2_500, tMs: T() })
const url = (path = '') => `/api/trading/accounts/${accountId}${path}`
const adminUrl = (action: string, id = accountId) => `/api/admin/trading-accounts/${id}/${action}`
const state = async () => (await app.get<AccountState>(url(), { token: trader.token })).body
const auditRows = (action: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, accountId)))

beforeAll(async () => {
  app = await createTestApp()
  trader = await app.createUser({ name: 'Tess Trader' })
  admin = await app.createUser({ role: 'admin' })
  btc(6_500_000)
  accountId = (await app.createTradingAccount(trader, { sizeK: 100 })).id
  for (const volume of ['0.10', '0.20']) {
    const opened = await app.post(
      url('/orders'),
      { symbol: 'BTCUSD', type: 'buy', volume },
      { token: trader.token },
    )
    expect(opened.status).toBe(201)
  }
  const pending = await app.post(
    url('/orders'),
    { symbol: 'BTCUSD', type: 'buy-limit', volume: '0.10', price: '60000.00' },
    { token: trader.token },
  )
  expect(pending.status).toBe(201)
})
afterAll(async () => {
  await app?.close()
})

describe('an admin may read a trader’s account but not trade it', () => {
  it('reads the state, history and deals', async () => {
    expect((await app.get(url(), { token: admin.token })).status).toBe(200)
    expect((await app.get(url('/history'), { token: admin.token })).status).toBe(200)
    expect((await app.get(url('/deals'), { token: admin.token })).status).toBe(200)
  })

  it('is refused placing an order (403) and no order reaches the platform', async () => {
    const before = await state()
    const placed = await app.post(
      url('/orders'),
      { symbol: 'BTCUSD', type: 'buy', volume: '0.01' },
      { token: admin.token },
    )
    expect(placed.status).toBe(403)
    expect(placed.body).toMatchObject({
      code: 'FORBIDDEN',
      message: messages.auth.adminMayNotTrade,
    })
    const after = await state()
    expect(after.positions.map((p) => p.id)).toEqual(before.positions.map((p) => p.id))
    expect(after.orders.map((o) => o.id)).toEqual(before.orders.map((o) => o.id))
  })

  it('is refused every other trading operation: modify, close, close-all, cancel, leverage, password', async () => {
    const { positions, orders } = await state()
    const position = positions[0]!
    const order = orders[0]!
    const attempts = [
      app.request('PATCH', url(`/positions/${position.id}`), {
        token: admin.token,
        body: { stopLoss: null, takeProfit: null },
      }),
      app.post(url(`/positions/${position.id}/close`), { volume: '0.01' }, { token: admin.token }),
      app.post(url('/close-all'), undefined, { token: admin.token }),
      app.request('PATCH', url(`/orders/${order.id}`), {
        token: admin.token,
        body: { price: '59000.00', stopLoss: null, takeProfit: null },
      }),
      app.request('DELETE', url(`/orders/${order.id}`), { token: admin.token }),
      app.post(url('/leverage'), { leverage: 20 }, { token: admin.token }),
      app.post(url('/password'), { password: 'adminpick1' }, { token: admin.token }),
    ]
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(403)
    const after = await state()
    expect(after.positions).toEqual(positions.map((p) => expect.objectContaining({ id: p.id })))
    expect(after.orders.map((o) => o.id)).toEqual([order.id])
  })

  it('is not found (404) for another trader', async () => {
    const other = await app.createUser()
    expect((await app.get(url(), { token: other.token })).status).toBe(404)
    const placed = await app.post(
      url('/orders'),
      { symbol: 'BTCUSD', type: 'buy', volume: '0.01' },
      { token: other.token },
    )
    expect(placed.status).toBe(404)
  })
})

describe('the risk desk', () => {
  it('is for admins: 403 for a trader, even the owner, and 401 without a token', async () => {
    const asOwner = await app.post(
      adminUrl('close-all'),
      { reason: 'closing my own' },
      { token: trader.token },
    )
    expect(asOwner.status).toBe(403)
    expect(asOwner.body).toMatchObject({ code: 'ADMIN_ONLY' })
    expect((await app.post(adminUrl('disable-trading'), { reason: 'no' })).status).toBe(401)
    expect((await state()).positions).toHaveLength(2)
    expect(await auditRows('account.close-all')).toEqual([])
  })

  it('needs a reason of 3 to 500 characters', async () => {
    for (const body of [{}, { reason: '  x ' }, { reason: 'x'.repeat(501) }]) {
      const response = await app.post(adminUrl('close-all'), body, { token: admin.token })
      expect(response.status).toBe(422)
    }
    const unknown = await app.post(
      adminUrl('close-all', '00000000-0000-4000-8000-000000000000'),
      { reason: 'checking' },
      { token: admin.token },
    )
    expect(unknown.status).toBe(404)
    expect((await state()).positions).toHaveLength(2)
  })

  it('closes every position at market and cancels pending orders, with an audit row and an email', async () => {
    btc(6_510_000)
    const reason = 'Suspected account sharing, under review'
    const response = await app.post<RiskActionResponse>(
      adminUrl('close-all'),
      { reason },
      { token: admin.token },
    )
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      accountId,
      isTradingEnabled: true,
      cancelledOrders: 1,
      message: messages.trading.riskClosedAll(2, reason),
    })
    expect(response.body.closed.map((t) => [t.volume, t.reason])).toEqual([
      [10, 'risk'],
      [20, 'risk'],
    ])
    const after = await state()
    expect(after.positions).toEqual([])
    expect(after.orders).toEqual([])
    const history = await app.get<{ trades: { reason: string }[] }>(url('/history'), {
      token: trader.token,
    })
    expect(history.body.trades.map((t) => t.reason)).toEqual(['risk', 'risk'])

    const [row, ...more] = await auditRows('account.close-all')
    expect(more).toEqual([])
    expect(row).toMatchObject({
      actorUserId: admin.user.id,
      targetType: 'trading-account',
      reason,
      details: expect.objectContaining({
        closedPositions: 2,
        cancelledOrders: 1,
        tickets: response.body.closed.map((t) => t.id),
      }),
    })
    await app.waitForJobs()
    const mail = await app.mailbox.waitFor({ to: trader.user.email, subject: /positions closed/ })
    expect(mail.text).toContain(`Reason: ${reason}`)
    expect(mail.text).toContain('closed 2 open positions')
  })

  it('disables trading: the owner sees it and is refused, with an audit row and an email', async () => {
    const resting = await app.post(
      url('/orders'),
      { symbol: 'BTCUSD', type: 'buy-limit', volume: '0.10', price: '60000.00' },
      { token: trader.token },
    )
    expect(resting.status).toBe(201)
    const reason = 'Risk review of the last trading day'
    const response = await app.post<RiskActionResponse>(
      adminUrl('disable-trading'),
      { reason },
      { token: admin.token },
    )
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ isTradingEnabled: false, cancelledOrders: 1 })
    const after = await state()
    expect(after.account).toMatchObject({ status: 'active', isTradingEnabled: false })
    expect(after.orders).toEqual([])
    const refused = await app.post(
      url('/orders'),
      { symbol: 'BTCUSD', type: 'buy', volume: '0.01' },
      { token: trader.token },
    )
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      code: 'ACCOUNT_NOT_TRADABLE',
      message: 'Trading is disabled on this account.',
    })
    expect(await auditRows('account.disable-trading')).toEqual([
      expect.objectContaining({ actorUserId: admin.user.id, reason }),
    ])
    await app.waitForJobs()
    const mail = await app.mailbox.waitFor({ to: trader.user.email, subject: /trading disabled/ })
    expect(mail.text).toContain(`Reason: ${reason}`)
  })

  it('enables trading again on an active account, and the owner trades', async () => {
    const response = await app.post<RiskActionResponse>(
      adminUrl('enable-trading'),
      { reason: 'Review done, nothing found' },
      { token: admin.token },
    )
    expect(response.status).toBe(200)
    expect(response.body.isTradingEnabled).toBe(true)
    expect((await state()).account.isTradingEnabled).toBe(true)
    const placed = await app.post(
      url('/orders'),
      { symbol: 'BTCUSD', type: 'buy', volume: '0.01' },
      { token: trader.token },
    )
    expect(placed.status).toBe(201)
    expect(await auditRows('account.enable-trading')).toHaveLength(1)
  })

  it('does not enable an account that ended', async () => {
    const ended = await app.createTradingAccount(trader, { sizeK: 5 })
    await app.ctx.trading.platform.setTradingEnabled(ended.externalId!, false)
    await app.db
      .update(tradingAccounts)
      .set({ status: 'failed', isTradingEnabled: false })
      .where(eq(tradingAccounts.id, ended.id))
    const response = await app.post(
      adminUrl('enable-trading', ended.id),
      { reason: 'Trying anyway' },
      { token: admin.token },
    )
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({ code: 'ACCOUNT_NOT_TRADABLE' })
  })
})
