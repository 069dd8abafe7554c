import type {
  AccountState,
  ClosedTradeDto,
  CryptoSession,
  OrderDto,
  TradingAccountDto,
} from '@tp/api'
import { messages } from '@tp/api'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, orderEvents, orders } from '../src/db/schema'
import { sweepPayments } from '../src/modules/payments/reconcile-payment'
import { createTestApp, waitFor, type TestApp, type TestUser } from './support'
import {
  createBuyer,
  orderRow as orderRowOf,
  placeOrder as placeCheckoutOrder,
} from './support/checkout'

// Refunds: an admin refunds a paid order (a card payment goes back through PayPal's refund API; a
// crypto one is sent back by hand and noted), or PayPal reports a refund made in its dashboard or
// a chargeback. The order is marked refunded with an audit row, the accounts it bought are closed
// (open positions closed at market, trading off, history kept) and the buyer is emailed.

let app: TestApp
let admin: TestUser

const T = () => app.clock.now().getTime()
/** BTCUSD trades every day: 1 BTC per lot, prices in cents. */
const btc = (bid: string) => {
  const points = Math.round(Number(bid) * 100)
  app.simulated.pushTick({ symbol: 'BTCUSD', bid: points, ask: points + 2500, tMs: T() })
}

beforeAll(async () => {
  app = await createTestApp({ listen: true })
  admin = await app.createUser({ role: 'admin' })
  btc('65000.00')
})
afterAll(async () => {
  await app?.close()
})

const buyer = () => createBuyer(app)
const placeOrder = (user: TestUser, method: 'card' | 'crypto') =>
  placeCheckoutOrder(app, user, { method })

/** A card order paid and fulfilled; its PayPal order id. */
async function paidByCard(user: TestUser): Promise<{ order: OrderDto; paypalId: string }> {
  const order = await placeOrder(user, 'card')
  const created = await app.post<{ id: string }>(
    '/api/payment/orders',
    { orderId: order.id },
    { token: user.token },
  )
  app.paypal.approve(created.body.id)
  const captured = await app.post(
    `/api/payment/orders/${created.body.id}/capture`,
    {},
    { token: user.token },
  )
  expect(captured.status, captured.text).toBe(200)
  await app.waitForJobs()
  return { order, paypalId: created.body.id }
}

const orderRow = (orderId: string) => orderRowOf(app, orderId)

async function accountOf(user: TestUser): Promise<TradingAccountDto> {
  const listed = await app.get<{ accounts: TradingAccountDto[] }>('/api/trading/accounts', {
    token: user.token,
  })
  expect(listed.body.accounts).toHaveLength(1)
  return listed.body.accounts[0]!
}

const refund = (
  orderId: string,
  body: Record<string, unknown> = { note: 'Asked by the buyer' },
  user = admin,
) =>
  app.post<{
    ok?: true
    message?: string
    code?: string
    details?: { path: string; message: string }[]
  }>(`/api/admin/orders/${orderId}/refund`, body, { token: user.token })

const captureStatus = (paypalId: string) =>
  (
    app.paypal.order(paypalId) as {
      purchase_units: { payments: { captures: { status: string }[] } }[]
    }
  ).purchase_units[0]!.payments.captures[0]!.status

describe('an admin refunds a card order', () => {
  it('returns the money through PayPal, closes the account and its open position, and tells the buyer', async () => {
    const user = await buyer()
    const { order, paypalId } = await paidByCard(user)
    expect((await orderRow(order.id)).status).toBe('fulfilled')
    const account = await accountOf(user)
    const opened = await app.post(
      `/api/trading/accounts/${account.id}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '0.10' },
      { token: user.token },
    )
    expect(opened.status, opened.text).toBe(201)

    // a trader may not refund
    expect((await refund(order.id, {}, user)).status).toBe(403)

    const refunded = await refund(order.id, { note: 'asked within 24 hours' })
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200)
    expect(captureStatus(paypalId)).toBe('REFUNDED')
    expect((await orderRow(order.id)).status).toBe('refunded')
    const events = await app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.createdAt))
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'fulfilled',
      toStatus: 'refunded',
      source: 'admin',
    })
    expect(events.at(-1)!.detail).toMatch(
      /^PayPal refund \w+ of capture \w+: asked within 24 hours$/,
    )
    // the admin's action is in the audit log, with who did it and why
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.targetId, order.id))
    const byPeople = audit.filter((entry) => entry.actorUserId !== null)
    expect(byPeople.map((entry) => [entry.action, entry.actorUserId, entry.reason])).toEqual([
      ['order.refund', admin.user.id, 'asked within 24 hours'],
    ])
    // and the money events themselves, made by the system (decision 0036)
    const bySystem = audit.filter((entry) => entry.actorUserId === null)
    expect(bySystem.map((entry) => entry.action).sort()).toEqual(['order.paid', 'order.refunded'])

    // the account is closed: read-only, nothing open, the position closed for the refund
    const closed = await accountOf(user)
    expect(closed).toMatchObject({ status: 'closed', isTradingEnabled: false, isReadOnly: true })
    const state = await app.get<AccountState>(`/api/trading/accounts/${account.id}`, {
      token: user.token,
    })
    expect(state.body.positions).toEqual([])
    const history = await app.get<{ trades: ClosedTradeDto[] }>(
      `/api/trading/accounts/${account.id}/history`,
      { token: user.token },
    )
    expect(history.body.trades.map((trade) => trade.reason)).toEqual(['refund'])
    const refused = await app.post(
      `/api/trading/accounts/${account.id}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '0.10' },
      { token: user.token },
    )
    expect(refused.status).toBe(409)

    const mail = await app.mailbox.waitFor({ to: user.user.email, subject: /was refunded/ })
    expect(mail.text).toContain('$89.00 USD goes back to the card or PayPal account')
    expect(mail.text).toContain(closed.login)

    // the buyer's billing list says so; a second refund is refused and PayPal is not asked again
    const billing = await app.post<{ result: { orderId: string; status: string }[] }>(
      '/api/payment/get-balance',
      {},
      { token: user.token },
    )
    expect(billing.body.result.find((row) => row.orderId === order.id)?.status).toBe('Refunded')
    const refundCalls = app.paypal.requests.filter((request) => request.route === 'refund').length
    const again = await refund(order.id)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(messages.orders.alreadyRefunded)
    expect(app.paypal.requests.filter((request) => request.route === 'refund')).toHaveLength(
      refundCalls,
    )
  })

  it('refuses orders that were never paid, and waits while the account is being created', async () => {
    const user = await buyer()
    const unpaid = await placeOrder(user, 'card')
    const refused = await refund(unpaid.id)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(messages.orders.notRefundable)

    const { order } = await paidByCard(user)
    await app.db.update(orders).set({ status: 'provisioning' }).where(eq(orders.id, order.id))
    const busy = await refund(order.id)
    expect(busy.status).toBe(409)
    expect(busy.body.message).toBe(messages.orders.refundWhileProvisioning)
    expect((await orderRow(order.id)).status).toBe('provisioning')

    expect((await refund('8a3c4f9e-1b2d-4e5f-9a8b-7c6d5e4f3a2b')).status).toBe(404)
  })
})

describe('PayPal reports the money went back', () => {
  it.each([
    ['a refund made in PayPal’s dashboard', false, 'refunded'],
    ['a chargeback', true, 'reversed'],
  ] as const)(
    '%s: the order is refunded and the account closed',
    async (_label, isChargeback, word) => {
      const user = await buyer()
      const { order, paypalId } = await paidByCard(user)
      app.paypal.setWebhookUrl(`${app.baseUrl}/api/payment/paypal/webhook`)
      try {
        const refundCalls = app.paypal.requests.filter((r) => r.route === 'refund').length
        app.paypal.refundFromDashboard(paypalId, { isChargeback })
        // the notice is delivered over HTTP, verified, then the capture and order are read back
        await waitFor(async () => (await orderRow(order.id)).status === 'refunded', {
          timeoutMs: 30_000,
          what: `the order refunded (deliveries: ${JSON.stringify(app.paypal.deliveries)})`,
        })
        const events = await app.db
          .select()
          .from(orderEvents)
          .where(eq(orderEvents.orderId, order.id))
          .orderBy(asc(orderEvents.createdAt))
        expect(events.at(-1)).toMatchObject({
          toStatus: 'refunded',
          source: 'webhook',
          detail: `PayPal reports the capture ${word}`,
        })
        // the accounts are closed right after the order is marked refunded
        await waitFor(async () => (await accountOf(user)).status === 'closed', {
          timeoutMs: 10_000,
          what: 'the account closed',
        })
        expect(await accountOf(user)).toMatchObject({ status: 'closed', isReadOnly: true })
        // PayPal was not asked to refund again
        expect(app.paypal.requests.filter((r) => r.route === 'refund')).toHaveLength(refundCalls)
      } finally {
        app.paypal.setWebhookUrl(null)
      }
    },
  )
})

describe('an admin refunds a crypto order', () => {
  it('needs the transaction of the coins sent back, then closes the account', async () => {
    const user = await buyer()
    const order = await placeOrder(user, 'crypto')
    const created = await app.post<{ result: CryptoSession }>(
      '/api/payment/white-label/create',
      { orderId: order.id, currency: 'USDT', network: 'TRC20' },
      { token: user.token },
    )
    app.oxapay.setStatus(created.body.result.trackId, 'paid')
    await app.oxapay.sendCallback(created.body.result.trackId)
    await app.waitForJobs()
    expect((await orderRow(order.id)).status).toBe('fulfilled')

    // the note is the refund's reason and, for coins sent by hand, names their transaction
    const withoutNote = await refund(order.id, {})
    expect(withoutNote.status).toBe(422)
    expect(withoutNote.body.details).toContainEqual({
      path: 'note',
      message: expect.any(String),
    })
    expect((await orderRow(order.id)).status).toBe('fulfilled')

    const done = await refund(order.id, { note: 'tx 9f2c…e41a, 63 USDT' })
    expect(done.status).toBe(200)
    const events = await app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.createdAt))
    expect(events.at(-1)).toMatchObject({
      toStatus: 'refunded',
      detail: 'crypto refund sent by hand: tx 9f2c…e41a, 63 USDT',
    })
    expect(await accountOf(user)).toMatchObject({ status: 'closed' })
    await app.mailbox.waitFor({ to: user.user.email, subject: /was refunded/ })
    // the payment's history and the billing list say refunded, not failed
    const history = await app.get<{ result: { status: string } }>(
      `/api/payment/get-history?trackId=${created.body.result.trackId}`,
      { token: user.token },
    )
    expect(history.body.result.status).toBe('Refunded')
    const billing = await app.post<{ result: { orderId: string; status: string }[] }>(
      '/api/payment/get-balance',
      {},
      { token: user.token },
    )
    expect(billing.body.result.find((row) => row.orderId === order.id)?.status).toBe('Refunded')
  })
})

describe('a refund left unfinished', () => {
  it('the sweep closes accounts of a refunded order that still trade, and tells the buyer', async () => {
    const user = await buyer()
    const { order } = await paidByCard(user)
    // the process died right after marking the order refunded, before closing its account
    await app.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, order.id))
    expect(await accountOf(user)).toMatchObject({ status: 'active' })

    await sweepPayments(app.ctx)
    await app.waitForJobs()
    const account = await accountOf(user)
    expect(account).toMatchObject({ status: 'closed', isReadOnly: true })
    const mail = await app.mailbox.waitFor({ to: user.user.email, subject: /refund/i })
    expect(mail.text).toContain(account.login!)

    // nothing more to do: a second sweep sends nothing
    await sweepPayments(app.ctx)
    await app.waitForJobs()
    expect(await app.mailbox.list({ to: user.user.email, subject: /refund/i })).toHaveLength(1)
  })
})
