import { errorBodySchema, refreshedSchema } from '@tp/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './support'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const refresh = (refreshToken: string) => t.post('/api/auth/refresh', { refreshToken })

describe('access tokens', () => {
  it('identifies the caller on GET /api/auth/me', async () => {
    const { user, token } = await t.createUser({ name: 'Ada' })
    const response = await t.get('/api/auth/me', { token })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ user: { id: user.id, name: 'Ada', role: 'trader' } })
  })

  it('answers 401 without a token and with a forged one', async () => {
    expect((await t.get('/api/auth/me')).status).toBe(401)
    const { token } = await t.createUser()
    const [header, payload] = token.split('.')
    const forged = `${header}.${payload}.${'A'.repeat(43)}`
    const response = await t.get('/api/auth/me', { token: forged })
    expect(response.status).toBe(401)
    expect(errorBodySchema.parse(response.body).code).toBe('UNAUTHENTICATED')
  })

  it('expires after its lifetime (15 minutes), answered TOKEN_EXPIRED so the browser refreshes', async () => {
    const { token } = await t.createUser()
    t.clock.advance({ minutes: 16 })
    try {
      const response = await t.get('/api/auth/me', { token })
      expect(response.status).toBe(401)
      expect(errorBodySchema.parse(response.body).code).toBe('TOKEN_EXPIRED')
    } finally {
      t.clock.reset()
    }
  })
})

describe('refresh token rotation', () => {
  it('exchanges a refresh token for a new pair that works', async () => {
    const { session, user } = await t.createUser()
    const response = await refresh(session.refreshToken)
    expect(response.status).toBe(200)
    const next = refreshedSchema.parse(response.body)
    expect(next.refreshToken).not.toBe(session.refreshToken)
    const me = await t.get('/api/auth/me', { token: next.token })
    expect(me.body).toMatchObject({ user: { id: user.id } })
  })

  it('refuses a refresh token that was already used, and ends the whole session', async () => {
    const { session } = await t.createUser()
    const first = refreshedSchema.parse((await refresh(session.refreshToken)).body)

    const replay = await refresh(session.refreshToken)
    expect(replay.status).toBe(401)
    expect(errorBodySchema.parse(replay.body).code).toBe('INVALID_REFRESH_TOKEN')

    // the legitimate holder of the newer token is signed out too: the family is revoked
    expect((await refresh(first.refreshToken)).status).toBe(401)
  })

  it('lets only one of two concurrent refreshes with the same token win', async () => {
    const { session } = await t.createUser()
    const results = await Promise.all([
      refresh(session.refreshToken),
      refresh(session.refreshToken),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 401])
  })

  it('does not touch other sessions of the same user', async () => {
    const { user, password } = await t.createUser()
    const login = () =>
      t.post<{ refreshToken: string }>('/api/auth/login', { email: user.email, password })
    const laptop = (await login()).body.refreshToken
    const phone = (await login()).body.refreshToken
    await refresh(laptop)
    await refresh(laptop) // reuse: the laptop session ends
    expect((await refresh(phone)).status).toBe(200)
  })

  it('refuses an expired refresh token (30 days)', async () => {
    const { session } = await t.createUser()
    t.clock.advance({ days: 31 })
    try {
      expect((await refresh(session.refreshToken)).status).toBe(401)
    } finally {
      t.clock.reset()
    }
  })

  it('refuses an unknown refresh token and an empty body', async () => {
    expect((await refresh('not-a-token')).status).toBe(401)
    expect((await t.post('/api/auth/refresh', {})).status).toBe(422)
  })
})

describe('logout', () => {
  it('ends the session: its refresh token no longer works', async () => {
    const { session } = await t.createUser()
    const response = await t.post('/api/auth/logout', { refreshToken: session.refreshToken })
    expect(response.status).toBe(204)
    expect((await refresh(session.refreshToken)).status).toBe(401)
  })

  it('ends the rotated session too (logout with the latest token)', async () => {
    const { session } = await t.createUser()
    const next = refreshedSchema.parse((await refresh(session.refreshToken)).body)
    await t.post('/api/auth/logout', { refreshToken: next.refreshToken })
    expect((await refresh(next.refreshToken)).status).toBe(401)
  })

  it('answers 204 for an unknown token (signing out always succeeds)', async () => {
    expect((await t.post('/api/auth/logout', { refreshToken: 'unknown' })).status).toBe(204)
  })
})
