import type { CryptoSession } from '@tp/api'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, orderEvents } from '../src/db/schema'
import { createTestApp, waitFor, type TestApp, type TestUser } from './support'
import {
  accountsOfOrder,
  createBuyer,
  orderRow as orderRowOf,
  placeOrder,
} from './support/checkout'

// Crypto payments through OxaPay's white-label API (the local fake moves payments through their
// statuses and POSTs signed callbacks to the listening app): sessions for the server's price,
// callbacks answered "ok" only when signed, status from the read-back, late and short payments to
// review, and exactly one account however the news arrives.

let app: TestApp

type History = { result: { status: string; accountId: string | null } }

const buyer = () => createBuyer(app)

async function session(user: TestUser, currency = 'USDT', network: string | null = 'TRC20') {
  const order = await placeOrder(app, user, {
    challenge: 'instantFund',
    sizeK: 25,
    method: 'crypto',
  })
  const created = await app.post<{ result: CryptoSession }>(
    '/api/payment/white-label/create',
    { orderId: order.id, currency, network, amount: 0.01 },
    { token: user.token },
  )
  expect(created.status, created.text).toBe(201)
  return { order, session: created.body.result }
}

const history = (user: TestUser, trackId: string) =>
  app.get<History>(`/api/payment/get-history?trackId=${trackId}`, { token: user.token })

const orderRow = (orderId: string) => orderRowOf(app, orderId)
const accountsOf = (orderId: string) => accountsOfOrder(app, orderId)

beforeAll(async () => {
  app = await createTestApp({ listen: true })
})
afterAll(async () => {
  await app?.close()
})

describe('paying by crypto', () => {
  it('opens a session for the server price (30% off, rounded up), with an address and a 30-minute deadline', async () => {
    const user = await buyer()
    const { order, session: s } = await session(user)
    // Instant Funding 25K: $379, crypto ceil(265.3) = $266
    expect(order.total).toBe(26_600)
    expect(s).toMatchObject({
      amount: 266,
      currency: 'USD',
      payCurrency: 'USDT',
      orderId: order.id,
    })
    expect(s.address).not.toBe('')
    expect(Date.parse(s.expiresAt) - app.clock.now().getTime()).toBeGreaterThan(29 * 60_000)
    expect(app.oxapay.payment(s.trackId)).toMatchObject({ amount: '266' })
    const bad = await app.post(
      '/api/payment/white-label/create',
      { orderId: order.id, currency: 'USDT', network: 'Solana' },
      {
        token: user.token,
      },
    )
    expect(bad.status).toBe(422)
    expect(bad.body).toMatchObject({ details: [{ path: 'network' }] })
  })

  it('goes Waiting -> Confirming -> Paid through signed callbacks, and provisions one account', async () => {
    const user = await buyer()
    const { order, session: s } = await session(user)
    expect((await history(user, s.trackId)).body.result.status).toBe('Waiting')

    app.oxapay.setStatus(s.trackId, 'paying')
    const paying = await app.oxapay.sendCallback(s.trackId)
    expect(paying).toMatchObject({ status: 200, body: 'ok', isAcknowledged: true })
    await app.waitForJobs()
    expect((await history(user, s.trackId)).body.result.status).toBe('Confirming')

    app.oxapay.setStatus(s.trackId, 'paid')
    for (let i = 0; i < 5; i++)
      expect((await app.oxapay.sendCallback(s.trackId)).isAcknowledged).toBe(true)
    await app.waitForJobs()
    const done = await waitFor(async () => {
      const row = await orderRow(order.id)
      return row.status === 'fulfilled' && row
    })
    expect((await history(user, s.trackId)).body.result).toMatchObject({
      status: 'Paid',
      accountId: done.accountId,
    })
    expect(await accountsOf(order.id)).toBe(1)
  })

  it('the order carries its open session (a reload shows it again) until OxaPay closes it', async () => {
    const user = await buyer()
    const { order, session: s } = await session(user)
    const openOf = async () => {
      const listed = await app.get<{
        orders: { id: string; cryptoSession?: CryptoSession | null }[]
      }>('/api/orders', { token: user.token })
      expect(listed.status).toBe(200)
      return listed.body.orders.find((candidate) => candidate.id === order.id)?.cryptoSession
    }
    // the very session: same address and amount, and the expiry OxaPay set (not a new 30 minutes)
    expect(await openOf()).toEqual(s)

    app.oxapay.setStatus(s.trackId, 'paying')
    await app.oxapay.sendCallback(s.trackId)
    await app.waitForJobs()
    expect((await openOf())?.trackId).toBe(s.trackId)

    app.oxapay.setStatus(s.trackId, 'expired')
    await app.oxapay.sendCallback(s.trackId)
    await app.waitForJobs()
    expect(await openOf()).toBeNull()
  })

  it('refuses a forged callback: 400, not "ok", and nothing changes', async () => {
    const user = await buyer()
    const { order, session: s } = await session(user)
    app.oxapay.setStatus(s.trackId, 'paid')
    const forged = await app.oxapay.sendCallback(s.trackId, { tamper: true })
    expect(forged.status).toBe(400)
    expect(forged.isAcknowledged).toBe(false)
    await app.waitForJobs()
    expect((await orderRow(order.id)).status).toBe('pending')
    const raw = await app.request('POST', '/api/payment/oxapay/callback', {
      headers: { 'content-type': 'application/json', hmac: 'f'.repeat(128) },
      payload: JSON.stringify({ track_id: s.trackId, status: 'Paid', type: 'white_label' }),
    })
    expect(raw.status).toBe(400)
    expect((await orderRow(order.id)).status).toBe('pending')
  })

  it('confirms by polling when no callback ever comes', async () => {
    const user = await buyer()
    const { order, session: s } = await session(user)
    app.oxapay.setStatus(s.trackId, 'paid')
    expect((await history(user, s.trackId)).body.result.status).toBe('Paid')
    await app.waitForJobs()
    expect((await orderRow(order.id)).status).toBe('fulfilled')
    expect(await accountsOf(order.id)).toBe(1)
  })

  it('sends underpaid and late payments to review, never fulfils them, and an admin decides', async () => {
    const admin = await app.createUser({ role: 'admin' })
    const user = await buyer()
    const short = await session(user)
    app.oxapay.setStatus(short.session.trackId, 'underpaid', { payAmount: '100' })
    await app.oxapay.sendCallback(short.session.trackId)
    await app.waitForJobs()
    expect(await orderRow(short.order.id)).toMatchObject({ status: 'under_review' })
    expect((await history(user, short.session.trackId)).body.result.status).toBe('Under review')

    const late = await session(user, 'BTC', null)
    app.oxapay.setStatus(late.session.trackId, 'paying')
    app.oxapay.setStatus(late.session.trackId, 'expired')
    await app.oxapay.sendCallback(late.session.trackId)
    await app.waitForJobs()
    expect(await orderRow(late.order.id)).toMatchObject({ status: 'under_review' })
    expect(await accountsOf(late.order.id)).toBe(0)

    const list = await app.get<{ orders: { id: string; reviewReason: string | null }[] }>(
      '/api/admin/orders?status=under_review',
      { token: admin.token },
    )
    expect(list.body.orders.map((o) => o.id)).toEqual(
      expect.arrayContaining([short.order.id, late.order.id]),
    )
    // a decision on the trader's money says why (decision 0055)
    const unexplained = await app.post(
      `/api/admin/orders/${late.order.id}/review`,
      { decision: 'fulfil' },
      { token: admin.token },
    )
    expect(unexplained.status).toBe(422)
    expect(await orderRow(late.order.id)).toMatchObject({ status: 'under_review' })
    await app.post(
      `/api/admin/orders/${late.order.id}/review`,
      { decision: 'fulfil', note: 'Paid late, money arrived' },
      { token: admin.token },
    )
    await app.post(
      `/api/admin/orders/${short.order.id}/review`,
      { decision: 'reject', note: 'Paid short, refund it' },
      { token: admin.token },
    )
    await app.waitForJobs()
    expect(await orderRow(late.order.id)).toMatchObject({ status: 'fulfilled' })
    expect(await orderRow(short.order.id)).toMatchObject({ status: 'failed' })
    expect(await accountsOf(short.order.id)).toBe(0)
    const audited = await app.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.targetId, [late.order.id, short.order.id]))
    const row = (action: string) => {
      const entry = audited.find((e) => e.action === action)!
      return [entry.actorUserId, entry.targetType, entry.targetId, entry.reason]
    }
    expect(row('order.review-fulfil')).toEqual([
      admin.user.id,
      'order',
      late.order.id,
      'Paid late, money arrived',
    ])
    expect(row('order.review-reject')).toEqual([
      admin.user.id,
      'order',
      short.order.id,
      'Paid short, refund it',
    ])
    // the money event the admin's approval caused: the system's entry names its cause
    expect(row('order.paid')).toEqual([
      null,
      'order',
      late.order.id,
      'Payment confirmed: admin: Paid late, money arrived',
    ])
  })

  it('lets the buyer open a new session when one expires with nothing paid', async () => {
    const user = await buyer()
    const { order, session: s } = await session(user)
    app.oxapay.setStatus(s.trackId, 'expired')
    expect((await history(user, s.trackId)).body.result.status).toBe('Expired')
    expect((await orderRow(order.id)).status).toBe('pending')
    const again = await app.post(
      '/api/payment/white-label/create',
      { orderId: order.id, currency: 'ETH', network: 'Base' },
      {
        token: user.token,
      },
    )
    expect(again.status).toBe(201)
  })

  it('money on a second session of a paid order is noted for the admins, once; still one account', async () => {
    const admin = await app.createUser({ role: 'admin' })
    const user = await buyer()
    const first = await session(user)
    // the buyer went back and opened another session before paying the first
    const second = await app.post<{ result: CryptoSession }>(
      '/api/payment/white-label/create',
      { orderId: first.order.id, currency: 'ETH', network: 'Base' },
      { token: user.token },
    )
    expect(second.status).toBe(201)
    const secondTrackId = second.body.result.trackId

    app.oxapay.setStatus(first.session.trackId, 'paid')
    await app.oxapay.sendCallback(first.session.trackId)
    await app.waitForJobs()
    expect(await orderRow(first.order.id)).toMatchObject({
      status: 'fulfilled',
      reviewReason: null,
    })

    app.oxapay.setStatus(secondTrackId, 'paid')
    for (let i = 0; i < 3; i++) await app.oxapay.sendCallback(secondTrackId)
    await app.oxapay.sendCallback(first.session.trackId)
    await app.waitForJobs()

    const row = await orderRow(first.order.id)
    expect(row.status).toBe('fulfilled')
    expect(row.reviewReason).toBe(
      `money arrived on a second payment of this order (OxaPay ${secondTrackId}): refund it`,
    )
    expect(await accountsOf(first.order.id)).toBe(1)
    const list = await app.get<{ orders: { id: string; reviewReason: string | null }[] }>(
      '/api/admin/orders',
      { token: admin.token },
    )
    expect(list.body.orders.find((o) => o.id === first.order.id)?.reviewReason).toBe(
      row.reviewReason,
    )
    const notes = await app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, first.order.id))
    expect(notes.filter((e) => e.detail === row.reviewReason)).toHaveLength(1)
  })
})
