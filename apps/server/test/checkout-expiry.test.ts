import type { CryptoSession } from '@tp/api'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderEvents } from '../src/db/schema'
import { sweepPayments } from '../src/modules/payments/reconcile-payment'
import { createTestApp, type TestApp, type TestUser } from './support'
import { createBuyer, orderRow, placeOrder } from './support/checkout'

// Orders nobody pays expire after ORDER_EXPIRY_HOURS (here 1; 24 by default), through the sweep,
// unless money may still be on its way: an open crypto session, or a PayPal order that PayPal
// says is paid (our capture's answer lost), which is paid instead.

let app: TestApp

beforeAll(async () => {
  // crypto sessions outlive the expiry here, so an open one is seen holding an order back
  app = await createTestApp({ env: { ORDER_EXPIRY_HOURS: '1', OXAPAY_LIFETIME_MINUTES: '180' } })
})
afterAll(async () => {
  await app?.close()
})

const buyer = () => createBuyer(app)
const order = (user: TestUser, method: 'card' | 'crypto') => placeOrder(app, user, { method })
const row = (orderId: string) => orderRow(app, orderId)

describe('abandoned orders', () => {
  it('expires an unpaid order after ORDER_EXPIRY_HOURS, with an audit row, and not before', async () => {
    const user = await buyer()
    const unpaid = await order(user, 'card')

    app.clock.advance({ minutes: 59 })
    await sweepPayments(app.ctx)
    expect((await row(unpaid.id)).status).toBe('pending')

    app.clock.advance({ minutes: 2 })
    const swept = await sweepPayments(app.ctx)
    expect(swept.expired).toBeGreaterThanOrEqual(1)
    expect((await row(unpaid.id)).status).toBe('expired')
    const events = await app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, unpaid.id))
      .orderBy(asc(orderEvents.createdAt))
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'expired',
      source: 'sweep',
      detail: 'not paid within 1 hour',
    })

    // the buyer sees it in the billing list (a new session: an hour has passed)
    const billing = await app.post<{ result: { id: string; status: string }[] }>(
      '/api/payment/get-balance',
      { email: user.user.email },
      { token: await app.tokenFor(user) },
    )
    expect(billing.status, billing.text).toBe(200)
    expect(billing.body.result.find((payment) => payment.id === unpaid.number)?.status).toBe(
      'Expired',
    )
  })

  it('leaves an order whose crypto session is still open, then expires it', async () => {
    const user = await buyer()
    const pending = await order(user, 'crypto')
    const created = await app.post<{ result: CryptoSession }>(
      '/api/payment/white-label/create',
      { orderId: pending.id, currency: 'USDT', network: 'TRC20' },
      { token: user.token },
    )
    expect(created.status, created.text).toBe(201)
    app.clock.advance({ minutes: 61 })
    await sweepPayments(app.ctx)
    expect((await row(pending.id)).status).toBe('pending')

    app.clock.advance({ minutes: 180 })
    await sweepPayments(app.ctx)
    expect((await row(pending.id)).status).toBe('expired')
  })

  it('pays, rather than expires, an order PayPal captured when our answer was lost', async () => {
    const user = await buyer()
    const lost = await order(user, 'card')
    const created = await app.post<{ id: string }>(
      '/api/payment/orders',
      { orderId: lost.id },
      { token: user.token },
    )
    expect(created.status, created.text).toBe(201)
    app.paypal.approve(created.body.id)
    // the capture reaches PayPal, its answer never reaches us
    await app.ctx.payments.paypal!.captureOrder(created.body.id, { requestId: 'lost-answer' })

    app.clock.advance({ hours: 2 })
    await sweepPayments(app.ctx)
    await app.waitForJobs()
    expect((await row(lost.id)).status).toBe('fulfilled')
  })
})
