import { messages, type OrderDto, type OrderSummaryDto } from '@tp/api'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coupons, orders } from '../src/db/schema'
import { confirmOrderPaid } from '../src/modules/orders/confirm-payment'
import { moveOrder } from '../src/modules/orders/order-status'
import { expireAbandonedOrders } from '../src/modules/payments/reconcile-payment'
import { createTestApp, type TestApp, type TestUser } from './support'
import { createBuyer, orderRow } from './support/checkout'

// A coupon's usage limit holds whatever the timing: a use is reserved when an order is made with
// the coupon (the coupon's row locked meanwhile), given back when the order expires or fails, and
// a 1-use coupon never ends on two paid orders. The checkout summary counts the same uses, and
// shows a coupon that can no longer be used as not applied, at once.

let app: TestApp
let admin: TestUser

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_EXPIRY_HOURS: '1' } })
  admin = await app.createUser({ role: 'admin' })
})
afterAll(async () => {
  await app?.close()
})

const selection = {
  challenge: 'twoPhase',
  platform: 'mt5',
  sizeK: 10,
  addOns: { profitSplit100: false, fastPayout: false },
  method: 'card',
  termsAccepted: true,
} as const

let codeCounter = 0
async function createCoupon(fields: Record<string, unknown> = {}): Promise<string> {
  codeCounter += 1
  const code = `ONCE${codeCounter}X${process.pid}`
  const created = await app.post(
    '/api/admin/coupons',
    { code, kind: 'percent', value: 20, maxUses: 1, reason: 'One-off offer', ...fields },
    { token: await app.tokenFor(admin) },
  )
  expect(created.status, created.text).toBe(201)
  return code
}

async function orderWith(user: TestUser, code: string, token?: string) {
  return app.post<{ order: OrderDto }>(
    '/api/orders',
    { ...selection, coupon: code },
    { token: token ?? (await app.tokenFor(user)) },
  )
}

/** Every buyer orders with the coupon at the same moment (tokens made beforehand). */
async function orderAtOnce(buyers: TestUser[], code: string) {
  const tokens = await Promise.all(buyers.map((buyer) => app.tokenFor(buyer)))
  return Promise.all(buyers.map((buyer, i) => orderWith(buyer, code, tokens[i])))
}

async function summaryWith(code: string, token?: string): Promise<OrderSummaryDto> {
  const response = await app.get<{ summary: OrderSummaryDto }>(
    `/api/pricing/summary?challenge=twoPhase&size=10&method=card&coupon=${code}`,
    token ? { token } : undefined,
  )
  expect(response.status, response.text).toBe(200)
  return response.body.summary
}

/** Orders holding a use of the coupon, and the coupon's orders that are paid (or further). */
async function usesOf(code: string) {
  const [coupon] = await app.db.select().from(coupons).where(eq(coupons.code, code))
  const rows = await app.db.select().from(orders).where(eq(orders.couponId, coupon!.id))
  return {
    reserved: rows.filter((row) => row.isCouponReserved).map((row) => row.id),
    paid: rows
      .filter((row) => ['paid', 'provisioning', 'fulfilled'].includes(row.status))
      .map((row) => row.id),
  }
}

const exhausted = messages.orders.coupon.exhausted

describe('a 1-use coupon under concurrency', () => {
  // every order insert waits 50 ms in the database: the moment between counting a coupon's uses
  // and the new order being committed is wide, so orders made at once really overlap there
  beforeAll(async () => {
    await app.db.execute(sql`
      create function slow_order_insert() returns trigger language plpgsql as $$
      begin perform pg_sleep(0.05); return new; end $$`)
    await app.db.execute(sql`
      create trigger slow_order_insert before insert on orders
      for each row execute function slow_order_insert()`)
  })
  afterAll(async () => {
    await app.db.execute(sql`drop trigger slow_order_insert on orders`)
  })

  it('lets exactly one of 10 concurrent orders by different buyers have it; the rest are told it is used up', async () => {
    const code = await createCoupon()
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createBuyer(app)))
    const responses = await orderAtOnce(buyers, code)

    const created = responses.filter((response) => response.status === 201)
    expect(created).toHaveLength(1)
    expect(created[0]!.body.order).toMatchObject({ couponCode: code, status: 'pending' })
    const refused = responses.filter((response) => response.status !== 201)
    expect(refused).toHaveLength(9)
    for (const response of refused) {
      expect(response.status).toBe(422)
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: exhausted,
        details: [{ path: 'coupon', message: exhausted }],
      })
    }
    expect((await usesOf(code)).reserved).toEqual([created[0]!.body.order.id])

    // the summary no longer offers it: not applied, no discount, the reason said
    const summary = await summaryWith(code)
    const fullPrice = created[0]!.body.order.summary.subtotal
    expect(summary).toMatchObject({
      couponDiscount: 0,
      total: fullPrice,
      coupon: { code, isApplied: false, message: exhausted },
    })
    expect(summary.lines.some((line) => line.kind === 'coupon')).toBe(false)
    const listed = await app.get<{ coupons: { code: string; uses: number; maxUses: number }[] }>(
      '/api/admin/coupons',
      { token: await app.tokenFor(admin) },
    )
    expect(listed.body.coupons.find((coupon) => coupon.code === code)).toMatchObject({
      uses: 1,
      maxUses: 1,
    })

    // paying every order there is ends with one paid order on the coupon
    await confirmOrderPaid(app.ctx, created[0]!.body.order.id, { source: 'poll' })
    expect((await usesOf(code)).paid).toEqual([created[0]!.body.order.id])
    // a later buyer is still refused
    const late = await orderWith(await createBuyer(app), code)
    expect(late.status).toBe(422)
    expect(late.body).toMatchObject({ message: exhausted })
  })

  it('holds a limit of 3 against 12 concurrent orders', async () => {
    const code = await createCoupon({ maxUses: 3 })
    const buyers = await Promise.all(Array.from({ length: 12 }, () => createBuyer(app)))
    const responses = await orderAtOnce(buyers, code)
    expect(responses.filter((response) => response.status === 201)).toHaveLength(3)
    expect(responses.filter((response) => response.status === 422)).toHaveLength(9)
    expect((await usesOf(code)).reserved).toHaveLength(3)
  })
})

describe('a use given back', () => {
  it('is released when the order holding it expires, and the next buyer gets it', async () => {
    const code = await createCoupon()
    const first = await orderWith(await createBuyer(app), code)
    expect(first.status, first.text).toBe(201)
    expect((await orderWith(await createBuyer(app), code)).status).toBe(422)

    app.clock.advance({ minutes: 61 })
    try {
      await expireAbandonedOrders(app.ctx)
      expect(await orderRow(app, first.body.order.id)).toMatchObject({
        status: 'expired',
        isCouponReserved: false,
      })
      expect((await summaryWith(code)).coupon).toMatchObject({ isApplied: true })
      const next = await orderWith(await createBuyer(app), code)
      expect(next.status, next.text).toBe(201)
      expect((await usesOf(code)).reserved).toEqual([next.body.order.id])

      // the expired order's money arrives late: it cannot be paid at the coupon's price as a
      // second paid order; it goes to review, and an admin cannot approve it past the limit
      await confirmOrderPaid(app.ctx, next.body.order.id, { source: 'poll' })
      await confirmOrderPaid(app.ctx, first.body.order.id, { source: 'sweep' })
      const lateOrder = await orderRow(app, first.body.order.id)
      expect(lateOrder).toMatchObject({ status: 'under_review', isCouponReserved: false })
      expect(lateOrder.reviewReason).toMatch(/coupon was used up/)
      const approval = await app.post(
        `/api/admin/orders/${first.body.order.id}/review`,
        { decision: 'fulfil', note: 'Approved despite the limit' },
        { token: await app.tokenFor(admin) },
      )
      expect(approval.status, approval.text).toBe(409)
      expect(approval.body).toMatchObject({ message: messages.orders.couponUsedUpMeanwhile })
      expect((await usesOf(code)).paid).toEqual([next.body.order.id])
    } finally {
      app.clock.reset()
    }
  })

  it('is taken again by an expired order paid late while a use is still free', async () => {
    const code = await createCoupon()
    const order = await orderWith(await createBuyer(app), code)
    expect(order.status, order.text).toBe(201)
    app.clock.advance({ minutes: 61 })
    try {
      await expireAbandonedOrders(app.ctx)
      expect((await usesOf(code)).reserved).toEqual([])
      await confirmOrderPaid(app.ctx, order.body.order.id, { source: 'sweep' })
      expect(await orderRow(app, order.body.order.id)).toMatchObject({
        status: 'paid',
        isCouponReserved: true,
      })
      expect((await summaryWith(code)).coupon).toMatchObject({ isApplied: false })
    } finally {
      app.clock.reset()
    }
  })

  it('is released when the order fails (a review rejected)', async () => {
    const code = await createCoupon()
    const order = await orderWith(await createBuyer(app), code)
    expect(order.status, order.text).toBe(201)
    await moveOrder(
      app.db,
      order.body.order.id,
      'under_review',
      { source: 'callback' },
      { reviewReason: 'underpaid: less than the amount due arrived' },
    )
    expect((await usesOf(code)).reserved).toEqual([order.body.order.id])
    const rejected = await app.post(
      `/api/admin/orders/${order.body.order.id}/review`,
      { decision: 'reject', note: 'Coupon used up, refund it' },
      { token: await app.tokenFor(admin) },
    )
    expect(rejected.status, rejected.text).toBe(200)
    expect(await orderRow(app, order.body.order.id)).toMatchObject({
      status: 'failed',
      isCouponReserved: false,
    })
    expect((await orderWith(await createBuyer(app), code)).status).toBe(201)
  })

  it("passes a buyer's own unpaid order's use to their new order, and never pays both at the coupon's price", async () => {
    const code = await createCoupon()
    const buyer = await createBuyer(app)
    const first = await orderWith(buyer, code)
    const second = await orderWith(buyer, code)
    expect(first.status, first.text).toBe(201)
    expect(second.status, second.text).toBe(201)
    expect((await usesOf(code)).reserved).toEqual([second.body.order.id])
    // someone else cannot have it
    expect((await orderWith(await createBuyer(app), code)).status).toBe(422)

    await confirmOrderPaid(app.ctx, second.body.order.id, { source: 'capture' })
    await confirmOrderPaid(app.ctx, first.body.order.id, { source: 'capture' })
    expect((await orderRow(app, first.body.order.id)).status).toBe('under_review')
    expect((await usesOf(code)).paid).toEqual([second.body.order.id])
  })
})

describe('the checkout summary', () => {
  it('drops a deactivated coupon and an expired one at once', async () => {
    const expiresAt = new Date(app.clock.now().getTime() + 10 * 60_000)
    const code = await createCoupon({ maxUses: null, expiresAt: expiresAt.toISOString() })
    expect((await summaryWith(code)).coupon).toMatchObject({ isApplied: true })

    app.clock.advance({ minutes: 10 })
    try {
      expect(await summaryWith(code)).toMatchObject({
        couponDiscount: 0,
        coupon: { isApplied: false, message: messages.orders.coupon.expired },
      })
      expect((await orderWith(await createBuyer(app), code)).body).toMatchObject({
        message: messages.orders.coupon.expired,
      })
    } finally {
      app.clock.reset()
    }

    const [coupon] = await app.db.select().from(coupons).where(eq(coupons.code, code))
    const deactivated = await app.request('PATCH', `/api/admin/coupons/${coupon!.id}`, {
      body: { isActive: false, reason: 'Offer withdrawn' },
      token: await app.tokenFor(admin),
    })
    expect(deactivated.status, deactivated.text).toBe(200)
    expect(await summaryWith(code)).toMatchObject({
      couponDiscount: 0,
      coupon: { isApplied: false, message: messages.orders.coupon.inactive },
    })
  })

  it('prices a buyer whose own unpaid order holds the last use as their new order will be', async () => {
    const code = await createCoupon()
    const buyer = await createBuyer(app)
    const token = await app.tokenFor(buyer)
    expect((await orderWith(buyer, code, token)).status).toBe(201)

    // everyone else is told the coupon is used up; the buyer is shown the discount they will get
    expect((await summaryWith(code)).coupon).toMatchObject({ isApplied: false, message: exhausted })
    const other = await createBuyer(app)
    expect((await summaryWith(code, await app.tokenFor(other))).coupon).toMatchObject({
      isApplied: false,
      message: exhausted,
    })
    const own = await summaryWith(code, token)
    expect(own.coupon).toMatchObject({ isApplied: true })
    expect(own.couponDiscount).toBeGreaterThan(0)

    const second = await orderWith(buyer, code, token)
    expect(second.status, second.text).toBe(201)
    expect(second.body.order.total).toBe(own.total)
  })
})
