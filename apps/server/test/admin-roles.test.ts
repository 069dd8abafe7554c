import { randomUUID } from 'node:crypto'
import { errorBodySchema, messages } from '@tp/api'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, users } from '../src/db/schema'
import { createTestApp, type TestApp, type TestUser } from './support'

// Roles (issue 14 item 9, decision 0036), over EVERY route under /api/admin as Fastify has them
// (the OpenAPI document of the running app): a trader is refused (403 ADMIN_ONLY), a support user
// reads (every GET, exports included) and is refused every write (403 READ_ONLY_ROLE, with a
// message saying so), an admin is let through. A new admin route fails the first test until it
// has a row below saying whether it reads or writes.

type Capability = 'read' | 'write'

type Row = {
  capability: Capability
  /** the url to call; default: the path with each {param} a random UUID (nothing found) */
  url?: string
  /** the body of a write; default {} (an admin gets 404 or 422 then: nothing changes) */
  body?: unknown
}

const table: Record<string, Row> = {
  // the dashboard, users
  'GET /api/admin/summary': { capability: 'read' },
  'GET /api/admin/users': { capability: 'read' },
  'GET /api/admin/users/{userId}': { capability: 'read' },
  'PATCH /api/admin/users/{userId}': { capability: 'write' },
  'POST /api/admin/users/{userId}/disable': { capability: 'write' },
  'POST /api/admin/users/{userId}/enable': { capability: 'write' },
  'GET /api/admin/users/{userId}/payouts': { capability: 'read' },
  // orders, coupons
  'GET /api/admin/orders': { capability: 'read' },
  'POST /api/admin/orders/{orderId}/review': { capability: 'write' },
  'POST /api/admin/orders/{orderId}/retry': { capability: 'write' },
  'POST /api/admin/orders/{orderId}/refund': { capability: 'write' },
  'GET /api/admin/coupons': { capability: 'read' },
  'POST /api/admin/coupons': { capability: 'write' },
  'PATCH /api/admin/coupons/{couponId}': { capability: 'write' },
  // trading accounts and the risk desk
  'GET /api/admin/trading-accounts': { capability: 'read' },
  'GET /api/admin/trading-accounts/{accountId}': { capability: 'read' },
  'GET /api/admin/trading-accounts/{accountId}/ledger': { capability: 'read' },
  'GET /api/admin/trading-accounts/{accountId}/verdicts': { capability: 'read' },
  'POST /api/admin/trading-accounts/{accountId}/pass': { capability: 'write' },
  'POST /api/admin/trading-accounts/{accountId}/fail': { capability: 'write' },
  'POST /api/admin/trading-accounts/{accountId}/extend': { capability: 'write' },
  'POST /api/admin/trading-accounts/{accountId}/reset': { capability: 'write' },
  'POST /api/admin/trading-accounts/{accountId}/leverage': { capability: 'write' },
  'POST /api/admin/trading-accounts/{accountId}/close-all': { capability: 'write' },
  'POST /api/admin/trading-accounts/{accountId}/disable-trading': { capability: 'write' },
  'POST /api/admin/trading-accounts/{accountId}/enable-trading': { capability: 'write' },
  // the live risk view
  'GET /api/admin/risk': { capability: 'read' },
  // the economic calendar (decision 0037)
  'GET /api/admin/calendar/events': { capability: 'read' },
  'POST /api/admin/calendar/events': { capability: 'write' },
  'PUT /api/admin/calendar/events/{eventId}': { capability: 'write' },
  'DELETE /api/admin/calendar/events/{eventId}': { capability: 'write' },
  'POST /api/admin/calendar/import': { capability: 'write' },
  'POST /api/admin/calendar/sync': { capability: 'write' },
  // payouts and identity checks
  'GET /api/admin/payouts': { capability: 'read' },
  'POST /api/admin/payouts/{payoutId}/review': { capability: 'write' },
  'POST /api/admin/payouts/{payoutId}/mark-paid': { capability: 'write' },
  'POST /api/admin/payouts/{payoutId}/late-bonus/mark-paid': { capability: 'write' },
  'GET /api/admin/identity-checks': { capability: 'read' },
  'POST /api/admin/identity-checks/{checkId}/review': { capability: 'write' },
  'GET /api/admin/identity-checks/{checkId}/files/{file}': {
    capability: 'read',
    url: `/api/admin/identity-checks/${randomUUID()}/files/document`,
  },
  // the inbox and the newsletter
  'GET /api/admin/messages': { capability: 'read' },
  'GET /api/admin/messages/{messageId}': { capability: 'read' },
  'POST /api/admin/messages/{messageId}/answer': { capability: 'write' },
  'GET /api/admin/newsletter/subscribers.csv': { capability: 'read' },
  // the audit log and the exports
  'GET /api/admin/audit': { capability: 'read' },
  'GET /api/admin/exports/users.csv': { capability: 'read' },
  'GET /api/admin/exports/orders.csv': { capability: 'read' },
  'GET /api/admin/exports/trading-accounts.csv': { capability: 'read' },
  'GET /api/admin/exports/payouts.csv': { capability: 'read' },
  'GET /api/admin/exports/audit.csv': { capability: 'read' },
}

type OpenApiDocument = { paths: Record<string, Record<string, unknown>> }

/** Every `METHOD /path` under /api/admin that the running app serves. */
function adminRoutesOf(document: OpenApiDocument): string[] {
  const found: string[] = []
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/admin/')) continue
    for (const method of Object.keys(operations)) found.push(`${method.toUpperCase()} ${path}`)
  }
  return found.sort()
}

let app: TestApp
let trader: TestUser
let support: TestUser
let admin: TestUser

beforeAll(async () => {
  app = await createTestApp()
  trader = await app.createUser({ name: 'Tina Trader' })
  support = await app.createUser({ role: 'support', name: 'Sam Support' })
  admin = await app.createUser({ role: 'admin', name: 'Ada Admin' })
})
afterAll(async () => {
  await app?.close()
})

function call(key: string, user: TestUser) {
  const row = table[key]!
  const [method, path] = key.split(' ') as ['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string]
  const url = row.url ?? path.replace(/\{[^}]+\}/g, () => randomUUID())
  return app.request(method, url, {
    token: user.token,
    ...(method === 'GET' ? {} : { body: row.body ?? {} }),
  })
}

describe('every admin route has a rule: read (admins and support) or write (admins)', () => {
  it('has a row for every route under /api/admin, and none for a route that is gone', () => {
    const document = app.app.swagger() as unknown as OpenApiDocument
    expect(adminRoutesOf(document)).toEqual(Object.keys(table).sort())
  })

  it('refuses a trader every admin route with 403', async () => {
    for (const key of Object.keys(table)) {
      const response = await call(key, trader)
      expect(response.status, `${key}: ${response.text}`).toBe(403)
      expect(errorBodySchema.parse(response.body).code, key).toBe('ADMIN_ONLY')
    }
  })

  it("lets a support user read every admin route and refuses every write with 403 and the role's message", async () => {
    for (const [key, row] of Object.entries(table)) {
      const response = await call(key, support)
      const where = `${key}: ${response.status} ${response.text.slice(0, 200)}`
      if (row.capability === 'read') {
        expect([401, 403], where).not.toContain(response.status)
        expect(response.status, where).toBeLessThan(500)
      } else {
        expect(response.status, where).toBe(403)
        expect(response.body, where).toEqual({
          code: 'READ_ONLY_ROLE',
          message: messages.auth.readOnlyRole,
        })
      }
    }
  })

  it('lets an admin through every admin route', async () => {
    for (const key of Object.keys(table)) {
      const response = await call(key, admin)
      const where = `${key}: ${response.status} ${response.text.slice(0, 200)}`
      expect([401, 403], where).not.toContain(response.status)
      expect(response.status, where).toBeLessThan(500)
    }
  })
})

describe('the support role is stored in the database', () => {
  it('is set by an admin from the Edit dialog (audited) and takes effect with the next request', async () => {
    const colleague = await app.createUser({ name: 'Colin Colleague' })
    expect((await app.get('/api/admin/users', { token: colleague.token })).status).toBe(403)

    const edited = await app.request('PATCH', `/api/admin/users/${colleague.user.id}`, {
      token: admin.token,
      body: { role: 'support', reason: 'Joins the support desk' },
    })
    expect(edited.status, edited.text).toBe(200)
    expect(edited.body).toMatchObject({ user: { role: 'support' } })

    // the same token: the role is read from the database, not the token
    expect((await app.get('/api/admin/users', { token: colleague.token })).status).toBe(200)
    const refused = await app.post(
      `/api/admin/users/${trader.user.id}/disable`,
      { reason: 'Trying to act' },
      { token: colleague.token },
    )
    expect(refused.status).toBe(403)
    expect(errorBodySchema.parse(refused.body).code).toBe('READ_ONLY_ROLE')
    const [traderRow] = await app.db.select().from(users).where(eq(users.id, trader.user.id))
    expect(traderRow!.status).toBe('active')

    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, colleague.user.id))
    expect(entry).toMatchObject({
      actorUserId: admin.user.id,
      action: 'user.update',
      reason: 'Joins the support desk',
      details: { before: { role: 'trader' }, after: { role: 'support' } },
    })

    // and back to trader: the admin area is closed again at once
    const back = await app.request('PATCH', `/api/admin/users/${colleague.user.id}`, {
      token: admin.token,
      body: { role: 'trader', reason: 'Left the support desk' },
    })
    expect(back.status, back.text).toBe(200)
    expect((await app.get('/api/admin/users', { token: colleague.token })).status).toBe(403)
  })

  it('refuses an admin changing their own role', async () => {
    const response = await app.request('PATCH', `/api/admin/users/${admin.user.id}`, {
      token: admin.token,
      body: { role: 'support', reason: 'Stepping down' },
    })
    expect(response.status).toBe(403)
    expect(errorBodySchema.parse(response.body).message).toBe(messages.admin.notYourself)
    const [row] = await app.db.select().from(users).where(eq(users.id, admin.user.id))
    expect(row!.role).toBe('admin')
  })

  it('lets a support user read a trader account and order through the access policy, never act on them', async () => {
    const account = await app.createTradingAccount(trader)
    const read = await app.get(`/api/trading/accounts/${account.id}`, { token: support.token })
    expect(read.status, read.text).toBe(200)
    const closeAll = await app.post(
      `/api/trading/accounts/${account.id}/close-all`,
      {},
      { token: support.token },
    )
    expect(closeAll.status).toBe(403)
    expect(errorBodySchema.parse(closeAll.body).code).toBe('READ_ONLY_ROLE')
  })
})
