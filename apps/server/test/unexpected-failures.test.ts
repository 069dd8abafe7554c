import { messages } from '@tp/api'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redactUrl } from '../src/lib/logger'
import { createTestApp, type TestApp } from './support'

// This file breaks its own database on purpose: the app must fail safely.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('an unexpected failure', () => {
  it('answers 500 with a generic message: no stack, no SQL, no internals', async () => {
    const { token } = await t.createUser()
    await t.db.execute(sql`drop table billing_profiles`)
    const response = await t.post('/api/profile/get', {}, { token })
    expect(response.status).toBe(500)
    expect(response.body).toEqual({ code: 'INTERNAL', message: messages.http[500] })
    expect(response.text).not.toMatch(/billing_profiles|relation|at .*\.ts|stack/i)
  })
})

describe('logs', () => {
  it('never keep the token of a reset link', () => {
    expect(redactUrl('/reset-password?token=abc.def&x=1')).toBe(
      '/reset-password?token=[redacted]&x=1',
    )
    expect(redactUrl('/tokeninfo?access_token=ya29.secret')).toBe(
      '/tokeninfo?access_token=[redacted]',
    )
    expect(redactUrl('/api/health')).toBe('/api/health')
  })
})

describe('the Google fake test controls', () => {
  it('mint tokens over HTTP for browser tests (e.g. a wrong audience)', async () => {
    const response = await fetch(`${t.google.url}/__control/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'control@example.com', audience: 'someone-else' }),
    })
    const { access_token } = (await response.json()) as { access_token: string }
    const info = await fetch(`${t.google.url}/tokeninfo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}` },
    })
    expect(await info.json()).toMatchObject({ aud: 'someone-else', email: 'control@example.com' })
    expect((await t.post('/api/auth/google', { access_token })).status).toBe(401)
  })
})
