import type { TradingAccountDto, TradingCredentials } from '@tp/api'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderEvents, orders } from '../src/db/schema'
import { createTestApp, type TestApp, type TestUser } from './support'
import { accountsOfOrder, createBuyer, orderRow, placeOrder } from './support/checkout'

// Card payments through PayPal (the local fake speaks PayPal's REST API and signs webhooks like
// PayPal): the server charges its own price, a declined card restarts, and however many captures
// and webhooks arrive, in whatever order, one order makes exactly one trading account.

let app: TestApp

const selection = { platform: 'mt4', sizeK: 50 } as const

const buyer = () => createBuyer(app, { name: 'Pat Payer' })
const orderFor = (user: TestUser) => placeOrder(app, user, selection)

async function paypalOrder(user: TestUser, body: Record<string, unknown>): Promise<string> {
  const response = await app.post<{ id: string; orderId: string; total: number }>(
    '/api/payment/orders',
    body,
    {
      token: user.token,
    },
  )
  expect(response.status, response.text).toBe(201)
  return response.body.id
}

const capture = (user: TestUser, id: string) =>
  app.post<Record<string, unknown>>(`/api/payment/orders/${id}/capture`, {}, { token: user.token })

/**
 * An order whose money moved at PayPal (approved and captured there) while the buyer's browser
 * never came back to capture: only notices and read-backs can tell the app.
 */
async function capturedAtPayPalOnly() {
  const user = await buyer()
  const order = await orderFor(user)
  const id = await paypalOrder(user, { orderId: order.id })
  app.paypal.approve(id)
  await app.ctx.payments.paypal!.captureOrder(id, { requestId: `test-capture:${id}` })
  return { user, order, id }
}

const accountsOf = (orderId: string) => accountsOfOrder(app, orderId)
const statusOf = (orderId: string) => orderRow(app, orderId)

beforeAll(async () => {
  app = await createTestApp()
})
afterAll(async () => {
  await app?.close()
})

describe('paying by card', () => {
  it('captures an approved order and provisions the account, visible with its credentials', async () => {
    const user = await buyer()
    const order = await orderFor(user)
    const id = await paypalOrder(user, { orderId: order.id })
    // the PayPal order is for the server's price: $379.00 for a Two Phase 50K
    expect(app.paypal.order(id)).toMatchObject({
      purchase_units: [{ amount: { currency_code: 'USD', value: '379.00' }, custom_id: order.id }],
    })
    app.paypal.approve(id, { givenName: 'Pat', surname: 'Payer' })
    const captured = await capture(user, id)
    expect(captured.status).toBe(200)
    expect(captured.body).toMatchObject({
      status: 'COMPLETED',
      orderId: order.id,
      payer: { name: { given_name: 'Pat', surname: 'Payer' } },
      purchase_units: [
        { payments: { captures: [{ status: 'COMPLETED', amount: { value: '379.00' } }] } },
      ],
    })
    await app.waitForJobs()
    const fulfilled = await statusOf(order.id)
    expect(fulfilled).toMatchObject({ status: 'fulfilled', provisioningError: null })
    const accounts = await app.get<{ accounts: TradingAccountDto[] }>('/api/trading/accounts', {
      token: user.token,
    })
    expect(accounts.body.accounts).toHaveLength(1)
    expect(accounts.body.accounts[0]).toMatchObject({
      id: fulfilled.accountId,
      platform: 'mt4',
      sizeK: 50,
      stage: 'phase1',
      status: 'active',
    })
    expect(accounts.body.accounts[0]).not.toHaveProperty('password')
    const credentials = await app.get<TradingCredentials>(
      `/api/trading/accounts/${fulfilled.accountId}/credentials`,
      { token: user.token },
    )
    expect(credentials.body.password).toMatch(/\w{10}/)
    await app.mailbox.waitFor({ to: user.user.email, subject: /receipt for order TP-/ })
    await app.mailbox.waitFor({ to: user.user.email, subject: /account is ready/ })
    const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
    expect(events.map((e) => e.toStatus)).toEqual(['pending', 'paid', 'provisioning', 'fulfilled'])
    const billing = await app.post<{ result: { status: string; amount: number; type: string }[] }>(
      '/api/payment/get-balance',
      {},
      { token: user.token },
    )
    expect(billing.body.result[0]).toMatchObject({ amount: 379, type: 'Card', status: 'Completed' })
  })

  it('charges the server price even when the browser sends another amount', async () => {
    const user = await buyer()
    const id = await paypalOrder(user, {
      amount: 1,
      email: user.user.email,
      platform: 'mt5',
      challenge: 'instantFund',
      balance: 10_000,
      addOns: { profitSplit100: false, fastPayout: false },
    })
    // Instant Funding 10K: $279.00
    expect(app.paypal.order(id)).toMatchObject({
      purchase_units: [{ amount: { value: '279.00' } }],
    })
  })

  it('answers INSTRUMENT_DECLINED for a refused card so the buttons restart, then takes another card', async () => {
    const user = await buyer()
    const order = await orderFor(user)
    const id = await paypalOrder(user, { orderId: order.id })
    app.paypal.decline(id)
    const declined = await capture(user, id)
    expect(declined.status).toBe(422)
    expect(declined.body).toMatchObject({
      code: 'PAYMENT_DECLINED',
      details: [{ issue: 'INSTRUMENT_DECLINED' }],
    })
    expect((declined.body as { message: string }).message).toMatch(
      /^Sorry, your transaction could not be processed\.\.\./,
    )
    expect((await statusOf(order.id)).status).toBe('pending')
    app.paypal.approve(id)
    expect((await capture(user, id)).status).toBe(200)
    await app.waitForJobs()
    expect(await accountsOf(order.id)).toBe(1)
  })

  it('makes exactly one account from 20 concurrent captures of one order', async () => {
    const user = await buyer()
    const order = await orderFor(user)
    const id = await paypalOrder(user, { orderId: order.id })
    app.paypal.approve(id)
    const results = await Promise.all(Array.from({ length: 20 }, () => capture(user, id)))
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(0)
    for (const result of results) expect([200, 422]).toContain(result.status)
    await app.waitForJobs()
    expect(await accountsOf(order.id)).toBe(1)
    expect((await statusOf(order.id)).status).toBe('fulfilled')
  })

  it('makes exactly one account from 200 duplicate and out-of-order webhooks', async () => {
    const { order, id } = await capturedAtPayPalOnly()
    const kinds = [
      'PAYMENT.CAPTURE.COMPLETED',
      'CHECKOUT.ORDER.APPROVED',
      'CHECKOUT.ORDER.COMPLETED',
    ] as const
    const deliveries = Array.from({ length: 200 }, (_, i) =>
      app.paypal.buildWebhook(kinds[i % 3]!, id),
    )
    // every one of the 200 delivered twice, the second half before the first
    const shuffled = [...deliveries.slice(100), ...deliveries, ...deliveries.slice(0, 100)]
    const answers = await Promise.all(
      shuffled.map((delivery) =>
        app.request('POST', '/api/payment/paypal/webhook', {
          headers: { ...delivery.headers, 'content-type': 'application/json' },
          payload: delivery.body,
        }),
      ),
    )
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    await app.waitForJobs({ timeoutMs: 60_000 })
    expect(await accountsOf(order.id)).toBe(1)
    expect((await statusOf(order.id)).status).toBe('fulfilled')
  })

  it('reads back the order of a capture notice that does not name it', async () => {
    const { order, id } = await capturedAtPayPalOnly()
    const notice = app.paypal.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id, {
      omitRelatedOrder: true,
    })
    expect(notice.event.resource).not.toHaveProperty('supplementary_data')
    const answer = await app.request('POST', '/api/payment/paypal/webhook', {
      headers: { ...notice.headers, 'content-type': 'application/json' },
      payload: notice.body,
    })
    expect(answer.status).toBe(200)
    await app.waitForJobs()
    expect((await statusOf(order.id)).status).toBe('fulfilled')
    expect(await accountsOf(order.id)).toBe(1)
  })

  it('refuses forged and altered webhooks, and nothing changes', async () => {
    // the money moved at PayPal: a believed webhook would now fulfil the order
    const { order, id } = await capturedAtPayPalOnly()
    const tries = [
      app.paypal.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id, { tamper: true }),
      app.paypal.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id, { webhookId: 'WH-SOMEONE-ELSE' }),
      app.paypal.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id, { crcFormat: 'hex' }),
      app.paypal.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id, {
        certUrl: 'https://evil.example/cert.pem',
      }),
      app.paypal.buildWebhook('PAYMENT.CAPTURE.COMPLETED', id, {
        omitHeaders: ['paypal-transmission-sig'],
      }),
    ]
    for (const forged of tries) {
      const answer = await app.request('POST', '/api/payment/paypal/webhook', {
        headers: { ...forged.headers, 'content-type': 'application/json' },
        payload: forged.body,
      })
      expect(answer.status).toBe(400)
    }
    await app.waitForJobs()
    expect((await statusOf(order.id)).status).toBe('pending')
    expect(await accountsOf(order.id)).toBe(0)
  })

  it('refuses to pay another trader’s order or a paid one', async () => {
    const owner = await buyer()
    const order = await orderFor(owner)
    const stranger = await buyer()
    const refused = await app.post(
      '/api/payment/orders',
      { orderId: order.id },
      { token: stranger.token },
    )
    expect(refused.status).toBe(404)
    const [paid] = await app.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'fulfilled')))
    const again = await app.post(
      '/api/payment/orders',
      { orderId: paid!.id },
      { token: owner.token },
    )
    expect([404, 409]).toContain(again.status)
  })
  it('answers spec 7 create with the account the order bought: 409 unpaid, 202 on its way, 200 there', async () => {
    const user = await buyer()
    const order = await orderFor(user)
    const id = await paypalOrder(user, { orderId: order.id })
    const create = (token = user.token) =>
      app.post<{ orderId: string; status: string; account: TradingAccountDto | null }>(
        `/api/payment/orders/${id}/create`,
        {},
        { token },
      )

    const unpaid = await create()
    expect(unpaid.status).toBe(409)
    expect(unpaid.body).toMatchObject({ message: 'This order has not been paid yet.' })

    // the buyer approved and PayPal captured, but our capture's answer never came back: create
    // reads PayPal back and takes the payment
    app.paypal.approve(id)
    await app.ctx.payments.paypal!.captureOrder(id, { requestId: 'answer-lost' })
    const onItsWay = await create()
    expect(onItsWay.status).toBe(202)
    expect(onItsWay.body).toMatchObject({ orderId: order.id, account: null })
    expect(['paid', 'provisioning']).toContain(onItsWay.body.status)

    await app.waitForJobs()
    const there = await create()
    expect(there.status).toBe(200)
    expect(there.body).toMatchObject({ orderId: order.id, status: 'fulfilled' })
    expect(there.body.account).toMatchObject({ stage: 'phase1', status: 'active', sizeK: 50 })
    expect(await accountsOf(order.id)).toBe(1)

    const stranger = await buyer()
    expect((await create(stranger.token)).status).toBe(404)
  })
})
