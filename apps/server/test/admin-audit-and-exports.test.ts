import { get as httpGet } from 'node:http'
import { adminAuditResponseSchema, adminExportColumns, type AuditEntry } from '@tp/api/admin-audit'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminReasonMessages, errorBodySchema } from '@tp/api'
import { eq } from 'drizzle-orm'
import { orders, users } from '../src/db/schema'
import { exportUsers } from '../src/modules/admin-exports/export-users'
import type { Caller } from '../src/modules/access/authenticate'
import { createBuyer, placeOrder } from './support/checkout'
import { createTestApp, type TestApp, type TestUser } from './support'

// The audit log page and the CSV exports (issue 14 items 7 and 8, decision 0036): each admin
// action and money event is an entry with who, when, what and why, found by the page's search
// and filters; each admin list exports as CSV with its filters, streamed a page at a time,
// protected against CSV injection, audited, refused to traders.

let app: TestApp
let admin: TestUser
let support: TestUser
let trader: TestUser

beforeAll(async () => {
  app = await createTestApp({ listen: true })
  admin = await app.createUser({ role: 'admin', name: 'Ada Admin' })
  support = await app.createUser({ role: 'support', name: 'Sam Support' })
  trader = await createBuyer(app, { name: 'Trudy Trader' })
})
afterAll(async () => {
  await app?.close()
})

async function audit(query: string, token = admin.token) {
  const response = await app.get(`/api/admin/audit?${query}`, { token })
  expect(response.status, response.text).toBe(200)
  return adminAuditResponseSchema.parse(response.body).data
}

const actionsOf = (entries: AuditEntry[]) => entries.map((entry) => entry.action)

function csvRows(text: string): string[][] {
  return parse(text, { relax_column_count: false }) as string[][]
}

describe('the audit log records each admin action and money event', () => {
  it('writes who, when, what and why for user, coupon and order actions, and the money events', async () => {
    const target = await app.createUser({ name: 'Victor Target' })
    // user actions
    const edited = await app.request('PATCH', `/api/admin/users/${target.user.id}`, {
      token: admin.token,
      body: { name: 'Victor T.', reason: 'Typo in the name' },
    })
    expect(edited.status, edited.text).toBe(200)
    app.clock.advance({ seconds: 1 })
    const disabled = await app.post(
      `/api/admin/users/${target.user.id}/disable`,
      { reason: 'Chargeback under review' },
      { token: admin.token },
    )
    expect(disabled.status, disabled.text).toBe(200)
    app.clock.advance({ seconds: 1 })
    const enabled = await app.post(
      `/api/admin/users/${target.user.id}/enable`,
      { reason: 'Chargeback withdrawn' },
      { token: admin.token },
    )
    expect(enabled.status, enabled.text).toBe(200)

    // coupon changes (money)
    const code = `AUDIT${process.pid}`
    const coupon = await app.post<{ coupon: { id: string } }>(
      '/api/admin/coupons',
      { code, kind: 'percent', value: 15, maxUses: 5, reason: 'Black Friday campaign' },
      { token: admin.token },
    )
    expect(coupon.status, coupon.text).toBe(201)
    app.clock.advance({ seconds: 1 })
    const off = await app.request('PATCH', `/api/admin/coupons/${coupon.body.coupon.id}`, {
      token: admin.token,
      body: { isActive: false, reason: 'Shared on a coupon site' },
    })
    expect(off.status, off.text).toBe(200)
    app.clock.advance({ seconds: 1 })
    const on = await app.request('PATCH', `/api/admin/coupons/${coupon.body.coupon.id}`, {
      token: admin.token,
      body: { isActive: true, reason: 'Campaign extended to Monday' },
    })
    expect(on.status, on.text).toBe(200)

    // an order paid (the system: PayPal's capture) and refunded by an admin
    const order = await placeOrder(app, trader)
    const created = await app.post<{ id: string }>(
      '/api/payment/orders',
      { orderId: order.id },
      { token: trader.token },
    )
    app.paypal.approve(created.body.id)
    const captured = await app.post(
      `/api/payment/orders/${created.body.id}/capture`,
      {},
      { token: trader.token },
    )
    expect(captured.status, captured.text).toBe(200)
    await app.waitForJobs()
    const refunded = await app.post(
      `/api/admin/orders/${order.id}/refund`,
      { note: 'Goodwill' },
      { token: admin.token },
    )
    expect(refunded.status, refunded.text).toBe(200)

    const userEntries = await audit(`target=${target.user.id}&dir=asc`)
    expect(
      userEntries.entries.map((e) => [e.action, e.actorEmail, e.reason, e.targetType]),
    ).toEqual([
      ['user.update', admin.user.email, 'Typo in the name', 'user'],
      ['user.disable', admin.user.email, 'Chargeback under review', 'user'],
      ['user.enable', admin.user.email, 'Chargeback withdrawn', 'user'],
    ])
    expect(userEntries.entries[0]!.details).toMatchObject({
      before: { name: 'Victor Target' },
      after: { name: 'Victor T.' },
    })
    expect(userEntries.entries[0]!.actorRole).toBe('admin')

    const couponEntries = await audit(`target=${coupon.body.coupon.id}&dir=asc`)
    expect(
      couponEntries.entries.map((e) => [e.action, e.actorEmail, e.targetType, e.reason]),
    ).toEqual([
      ['coupon.create', admin.user.email, 'coupon', 'Black Friday campaign'],
      ['coupon.deactivate', admin.user.email, 'coupon', 'Shared on a coupon site'],
      ['coupon.activate', admin.user.email, 'coupon', 'Campaign extended to Monday'],
    ])
    expect(couponEntries.entries[0]!.details).toMatchObject({ code, kind: 'percent', value: 15 })

    const orderEntries = await audit(`target=${order.id}&dir=asc`)
    expect(actionsOf(orderEntries.entries)).toEqual([
      'order.paid',
      'order.refunded',
      'order.refund',
    ])
    const [paid, refundedBySystem, refundByAdmin] = orderEntries.entries
    expect(paid).toMatchObject({ actorId: null, actorEmail: null })
    expect(paid!.reason).toMatch(/^Payment confirmed: PayPal /)
    expect(paid!.details).toMatchObject({ source: 'capture', totalCents: order.total })
    expect(refundedBySystem!.reason).toBe('Goodwill')
    expect(refundedBySystem!.details).toMatchObject({ source: 'admin' })
    expect(refundByAdmin).toMatchObject({ actorEmail: admin.user.email, reason: 'Goodwill' })

    // the trader's id finds what was done to them and to their orders
    const traderEntries = await audit(`target=${trader.user.id}`)
    expect(actionsOf(traderEntries.entries)).toEqual(
      expect.arrayContaining(['order.paid', 'order.refund']),
    )
  })

  it("refuses an action on a trader's money, access or rules without its reason, and audits the retry with one", async () => {
    const refusals = [
      await app.post(
        '/api/admin/coupons',
        { code: `NOREASON${process.pid}`, kind: 'percent', value: 5 },
        { token: admin.token },
      ),
      await app.post(
        '/api/admin/coupons',
        { code: `SHORT${process.pid}`, kind: 'percent', value: 5, reason: ' x ' },
        { token: admin.token },
      ),
    ]
    for (const refused of refusals) {
      expect(refused.status).toBe(422)
      expect(errorBodySchema.parse(refused.body).details).toContainEqual({
        path: 'reason',
        message: expect.any(String),
      })
    }
    expect(errorBodySchema.parse(refusals[1]!.body).details).toContainEqual({
      path: 'reason',
      message: adminReasonMessages.tooShort,
    })
    expect((await audit(`search=${`NOREASON${process.pid}`}`)).total).toBe(0)

    // a paid order whose account failed to be created: provisioning again, with a reason
    const order = await placeOrder(app, trader)
    await app.db
      .update(orders)
      .set({ status: 'failed', paidAt: app.clock.now() })
      .where(eq(orders.id, order.id))
    const unexplained = await app.post(
      `/api/admin/orders/${order.id}/retry`,
      {},
      { token: admin.token },
    )
    expect(unexplained.status).toBe(422)
    const retried = await app.post(
      `/api/admin/orders/${order.id}/retry`,
      { reason: 'Platform was down at 10:00' },
      { token: admin.token },
    )
    expect(retried.status, retried.text).toBe(200)
    await app.waitForJobs()
    const entries = await audit(`target=${order.id}&kind=order`)
    expect(
      entries.entries.map((e) => [e.action, e.actorEmail, e.targetType, e.targetId, e.reason]),
    ).toEqual([['order.retry', admin.user.email, 'order', order.id, 'Platform was down at 10:00']])
  })

  it('searches, filters, sorts by time and pages on the server', async () => {
    const someone = await app.createUser({ name: 'Paged Person' })
    const day = app.clock.now().toISOString().slice(0, 10)
    for (const reason of ['first reason', 'second reason', 'third reason']) {
      app.clock.advance({ seconds: 1 })
      const response = await app.post(
        `/api/admin/users/${someone.user.id}/${reason === 'second reason' ? 'enable' : 'disable'}`,
        { reason },
        { token: admin.token },
      )
      expect(response.status, response.text).toBeLessThan(500)
    }
    const newestFirst = await audit(`target=${someone.user.id}&pageSize=2&page=1`)
    expect(newestFirst.total).toBe(3)
    expect(newestFirst.entries.map((e) => e.reason)).toEqual(['third reason', 'second reason'])
    const secondPage = await audit(`target=${someone.user.id}&pageSize=2&page=2`)
    expect(secondPage.entries.map((e) => e.reason)).toEqual(['first reason'])
    const oldestFirst = await audit(`target=${someone.user.id}&dir=asc&pageSize=1`)
    expect(oldestFirst.entries.map((e) => e.reason)).toEqual(['first reason'])

    // text: the reason, the action, the actor's email
    expect((await audit('search=SECOND%20REASON')).entries.map((e) => e.reason)).toEqual([
      'second reason',
    ])
    const byActor = await audit(`actor=${encodeURIComponent(admin.user.email)}&kind=user`)
    expect(byActor.entries.every((e) => e.actorEmail === admin.user.email)).toBe(true)
    expect(byActor.entries.every((e) => e.action.startsWith('user.'))).toBe(true)
    expect((await audit('actor=system')).entries.every((e) => e.actorId === null)).toBe(true)
    expect((await audit('kind=coupon')).entries.every((e) => e.action.startsWith('coupon.'))).toBe(
      true,
    )

    // days: inclusive, UTC
    expect((await audit(`target=${someone.user.id}&from=${day}&to=${day}`)).total).toBe(3)
    expect((await audit(`target=${someone.user.id}&to=2000-01-01`)).total).toBe(0)
    const badRange = await app.get('/api/admin/audit?from=2026-02-01&to=2026-01-01', {
      token: admin.token,
    })
    expect(badRange.status).toBe(422)
    expect((await app.get('/api/admin/audit?kind=nonsense', { token: admin.token })).status).toBe(
      422,
    )
  })

  it('is read by support, refused to traders', async () => {
    expect((await audit('pageSize=1', support.token)).entries).toHaveLength(1)
    const refused = await app.get('/api/admin/audit', { token: trader.token })
    expect(refused.status).toBe(403)
  })
})

describe('CSV exports', () => {
  it('exports the users with the list filters, its header, and formula cells neutralized (audited)', async () => {
    const tag = `csvtag${process.pid}`
    await app.createUser({
      name: '=HYPERLINK("http://evil.example","x")',
      email: `a.${tag}@x.test`,
    })
    await app.createUser({ name: '+cmd|calc', email: `b.${tag}@x.test` })
    await app.createUser({ name: '@SUM(A1)', email: `c.${tag}@x.test`, role: 'support' })
    await app.createUser({ name: 'Plain', email: `d.other${process.pid}@x.test` })

    const response = await app.get(`/api/admin/exports/users.csv?search=${tag}&role=trader`, {
      token: admin.token,
    })
    expect(response.status, response.text).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(response.headers['cache-control']).toBe('no-store')
    const [header, ...rows] = csvRows(response.text)
    expect(header).toEqual([...adminExportColumns.users])
    expect(rows.map((row) => [row[1], row[2], row[3]]).sort()).toEqual([
      [`a.${tag}@x.test`, `'=HYPERLINK("http://evil.example","x")`, 'trader'],
      [`b.${tag}@x.test`, "'+cmd|calc", 'trader'],
    ])

    const entries = await audit('kind=export&pageSize=1')
    expect(entries.entries[0]).toMatchObject({
      action: 'export.users',
      actorEmail: admin.user.email,
      details: { filters: { search: tag, role: 'trader' } },
    })
  })

  it('exports orders, trading accounts, payouts and the audit log with their headers', async () => {
    const buyer = await createBuyer(app)
    const order = await placeOrder(app, buyer)
    await app.createTradingAccount(buyer)
    const exports = {
      orders: `/api/admin/exports/orders.csv?status=pending`,
      'trading-accounts': `/api/admin/exports/trading-accounts.csv?search=${encodeURIComponent(buyer.user.email)}`,
      payouts: '/api/admin/exports/payouts.csv?status=all',
      audit: '/api/admin/exports/audit.csv?kind=export',
    } as const
    const files: Record<string, string[][]> = {}
    for (const [name, url] of Object.entries(exports)) {
      const response = await app.get(url, { token: support.token })
      expect(response.status, `${name}: ${response.text}`).toBe(200)
      files[name] = csvRows(response.text)
      expect(files[name]![0], name).toEqual([...adminExportColumns[name as keyof typeof exports]])
    }
    const orderRow = files.orders!.find((row) => row[0] === order.id)
    expect(orderRow).toBeDefined()
    expect(orderRow![3]).toBe('pending')
    expect(Number(orderRow![9])).toBe(order.total)
    expect(files.orders!.slice(1).every((row) => row[3] === 'pending')).toBe(true)
    expect(files['trading-accounts']!.slice(1).map((row) => row[9])).toEqual([buyer.user.email])
    // the audit export holds itself: the export is audited before it is read
    expect(files.audit![1]).toEqual(
      expect.arrayContaining(['export.audit', support.user.email, 'export']),
    )
  })

  it('streams a large export: the use-case reads page after page, the answer arrives in chunks', async () => {
    const before = await app.get('/api/admin/users?pageSize=1', { token: admin.token })
    const existing = (before.body as { data: { total: number } }).data.total
    const many = 3000
    const base = app.clock.now().getTime()
    const rows = Array.from({ length: many }, (_, i) => ({
      email: `bulk${i}.${process.pid}@bulk.test`,
      name: `Bulk ${i}`,
      createdAt: new Date(base - i * 1000),
    }))
    for (let i = 0; i < rows.length; i += 500) {
      await app.db.insert(users).values(rows.slice(i, i + 500))
    }
    const total = existing + many

    // the use-case: pages of 500 read one after another, each only when the previous is used
    const caller: Caller = {
      userId: admin.user.id,
      role: 'admin',
      sessionId: 'export-use-case',
      tokenExpiresAtMs: Number.MAX_SAFE_INTEGER,
    }
    const csvExport = await exportUsers(app.ctx, caller, {}, 500)
    let pages = 0
    let rowsSeen = 0
    for await (const page of csvExport.pages) {
      pages += 1
      expect(page.length).toBeLessThanOrEqual(500)
      rowsSeen += page.length
    }
    expect(rowsSeen).toBe(total)
    expect(pages).toBe(Math.ceil(total / 500))

    // over HTTP: the body comes as it is written, in many chunks, every row once
    const { chunks, body } = await new Promise<{ chunks: number; body: string }>(
      (resolve, reject) => {
        const request = httpGet(
          `${app.baseUrl}/api/admin/exports/users.csv`,
          { headers: { authorization: `Bearer ${admin.token}`, 'accept-encoding': 'identity' } },
          (response) => {
            expect(response.statusCode).toBe(200)
            // written as it is read: no length known up front
            expect(response.headers['transfer-encoding']).toBe('chunked')
            expect(response.headers['content-length']).toBeUndefined()
            let count = 0
            const parts: Buffer[] = []
            response.on('data', (part: Buffer) => {
              count += 1
              parts.push(part)
            })
            response.on('end', () =>
              resolve({ chunks: count, body: Buffer.concat(parts).toString('utf8') }),
            )
            response.on('error', reject)
          },
        )
        request.on('error', reject)
      },
    )
    expect(chunks).toBeGreaterThan(1)
    const [header, ...exported] = csvRows(body)
    expect(header).toEqual([...adminExportColumns.users])
    expect(exported).toHaveLength(total)
    expect(new Set(exported.map((row) => row[0])).size).toBe(total)
  })

  it('refuses traders every export', async () => {
    for (const name of ['users', 'orders', 'trading-accounts', 'payouts', 'audit']) {
      const response = await app.get(`/api/admin/exports/${name}.csv`, { token: trader.token })
      expect(response.status, name).toBe(403)
    }
  })
})
