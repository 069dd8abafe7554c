import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { adminUsersListResponseSchema, errorBodySchema, messages } from '@tp/api'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../src/db/schema'
import { createTestApp, type TestApp } from './support'

// served as `npm start` serves it: with a built web app, whose page answers unknown GET paths
let t: TestApp
let distDir: string
beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'tp-admin-web-dist-'))
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>')
  t = await createTestApp({ env: { WEB_DIST_DIR: distDir } })
})
afterAll(async () => {
  await t?.close()
  await rm(distDir, { recursive: true, force: true })
})

describe('/api/admin', () => {
  it('lists users newest first, a page at a time, for an admin', async () => {
    const admin = await t.createUser({ role: 'admin', name: 'Admin' })
    for (let i = 0; i < 3; i += 1) {
      await t.createUser({ name: `Trader ${i}` })
      t.clock.advance({ seconds: 1 })
    }
    const response = await t.get('/api/admin/users?page=1&pageSize=2', { token: admin.token })
    expect(response.status).toBe(200)
    const { data } = adminUsersListResponseSchema.parse(response.body)
    expect(data.page).toBe(1)
    expect(data.pageSize).toBe(2)
    expect(data.total).toBeGreaterThanOrEqual(4)
    expect(data.users).toHaveLength(2)
    expect(data.users[0]).toMatchObject({ role: 'trader', status: 'active' })
    expect(Object.keys(data.users[0]!).sort()).toEqual([
      'createdAt',
      'email',
      'emailVerified',
      'fundCents',
      'id',
      'name',
      'priceCents',
      'role',
      'status',
    ])
    t.clock.reset()
  })

  it('answers 403 to a trader', async () => {
    const { token } = await t.createUser()
    const response = await t.get('/api/admin/users', { token })
    expect(response.status).toBe(403)
    expect(response.body).toEqual({ code: 'ADMIN_ONLY', message: messages.auth.adminOnly })
  })

  it('answers 401 to a visitor', async () => {
    expect((await t.get('/api/admin/users')).status).toBe(401)
  })

  it('guards paths that do not exist too: 403 for a trader, 404 for an admin', async () => {
    const trader = await t.createUser()
    const admin = await t.createUser({ role: 'admin' })
    expect((await t.get('/api/admin/secret-report', { token: trader.token })).status).toBe(403)
    expect((await t.post('/api/admin/anything', {}, { token: trader.token })).status).toBe(403)
    expect((await t.get('/api/admin/secret-report')).status).toBe(401)
    expect((await t.get('/api/admin/secret-report', { token: admin.token })).status).toBe(404)
    for (const url of ['/api/admin/secret-report/deeper', '/api/admin/', '/api/admin/x.json']) {
      const asTrader = await t.get(url, { token: trader.token })
      expect(asTrader.status, url).toBe(403)
      expect(errorBodySchema.parse(asTrader.body).code).toBe('ADMIN_ONLY')
      expect((await t.get(url)).status, url).toBe(401)
      expect((await t.request('HEAD', url)).status, url).toBe(401)
    }
  })

  it('never answers the web page for a GET under /api, even with the web app served', async () => {
    expect((await t.get('/login')).text).toContain('<div id="root">')
    for (const url of ['/api/admin/secret-report', '/api/nothing-here', '/api/', '/api']) {
      const response = await t.get(url)
      expect(response.headers['content-type'], url).toContain('application/json')
      expect(response.text, url).not.toContain('<div id="root">')
    }
  })

  it('checks the role in the database, not the token: a demoted admin is refused at once', async () => {
    const admin = await t.createUser({ role: 'admin' })
    expect((await t.get('/api/admin/users', { token: admin.token })).status).toBe(200)
    await t.db.update(users).set({ role: 'trader' }).where(eq(users.id, admin.user.id))
    expect((await t.get('/api/admin/users', { token: admin.token })).status).toBe(403)
  })

  it('validates the paging parameters', async () => {
    const admin = await t.createUser({ role: 'admin' })
    expect((await t.get('/api/admin/users?pageSize=1000', { token: admin.token })).status).toBe(422)
  })
})
