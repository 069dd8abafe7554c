import { randomUUID } from 'node:crypto'
import { streamCloseCodes, type Session } from '@tp/api'
import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { users } from '../src/db/schema'
import { createTestApp, type TestApp, type TestUser } from './support'

// A session ends at once: sign-out, a password change or reset, reuse of a spent refresh token
// and a disabled user stop the access token on its next request (not when it expires) and close
// the session's open WebSocket. The role is the database's: a demoted admin is a trader now.

let app: TestApp

beforeAll(async () => {
  app = await createTestApp({ listen: true })
})
afterAll(async () => {
  await app?.close()
})

const me = (token: string) => app.get('/api/auth/me', { token })

async function signIn(user: TestUser): Promise<Session> {
  const response = await app.post<Session>('/api/auth/login', {
    email: user.user.email,
    password: user.password,
  })
  expect(response.status, response.text).toBe(200)
  return response.body
}

/** An authenticated stream socket; resolves once the server said `ready`. */
async function openStream(token: string): Promise<{ closed: Promise<number>; socket: WebSocket }> {
  const socket = new WebSocket(`${app.baseUrl!.replace('http', 'ws')}/api/stream`)
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
  await new Promise<void>((resolve, reject) => {
    socket.on('error', reject)
    socket.on('message', (raw) => {
      if (JSON.parse(String(raw)).type === 'ready') resolve()
    })
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })))
  })
  return { closed, socket }
}

describe('access tokens', () => {
  it('refuses a validly signed token without an expiry', async () => {
    const user = await app.createUser()
    const forever = await new SignJWT({ role: 'admin', sid: randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.user.id)
      .setIssuer('tradepeak')
      .setAudience('tradepeak-api')
      .setIssuedAt()
      .sign(new TextEncoder().encode(app.env.JWT_SECRET))
    expect((await me(forever)).status).toBe(401)
  })

  it('refuses a token naming a session that was never started', async () => {
    const user = await app.createUser()
    const forged = await new SignJWT({ role: 'trader', sid: randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.user.id)
      .setIssuer('tradepeak')
      .setAudience('tradepeak-api')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(app.env.JWT_SECRET))
    expect((await me(forged)).status).toBe(401)
  })
})

describe('ending a session', () => {
  it('sign-out stops the access token at once and closes that session’s socket only', async () => {
    const user = await app.createUser()
    const signedOut = await signIn(user)
    const stream = await openStream(signedOut.token)
    const otherStream = await openStream(user.token)
    expect((await me(signedOut.token)).status).toBe(200)

    const out = await app.post(
      '/api/auth/logout',
      { refreshToken: signedOut.refreshToken },
      { token: signedOut.token },
    )
    expect(out.status).toBe(204)
    expect((await me(signedOut.token)).status).toBe(401)
    expect(await stream.closed).toBe(streamCloseCodes.unauthenticated)
    // the user's other session goes on
    expect((await me(user.token)).status).toBe(200)
    expect(otherStream.socket.readyState).toBe(WebSocket.OPEN)
    otherStream.socket.close()
  })

  it('reuse of a spent refresh token ends the session’s access token too', async () => {
    const user = await app.createUser()
    const session = await signIn(user)
    const next = await app.post<Session>('/api/auth/refresh', {
      refreshToken: session.refreshToken,
    })
    expect(next.status).toBe(200)
    expect((await me(next.body.token)).status).toBe(200)
    const replay = await app.post('/api/auth/refresh', { refreshToken: session.refreshToken })
    expect(replay.status).toBe(401)
    expect((await me(next.body.token)).status).toBe(401)
  })

  it('a password change ends every other session at once and emails the owner', async () => {
    const user = await app.createUser()
    const elsewhere = await signIn(user)
    const elsewhereStream = await openStream(elsewhere.token)
    const since = new Date()
    const changed = await app.post(
      '/api/profile/update',
      { currentPassword: user.password, newPassword: 'a-new-Passphrase-77' },
      { token: user.token },
    )
    expect(changed.status, changed.text).toBe(200)
    expect((await me(elsewhere.token)).status).toBe(401)
    expect(await elsewhereStream.closed).toBe(streamCloseCodes.unauthenticated)
    // the session that changed it stays signed in
    expect((await me(user.token)).status).toBe(200)
    const mail = await app.mailbox.waitFor(
      { to: user.user.email, subject: /password was changed/ },
      { since },
    )
    expect(mail.text).toContain('Every other session of the account was signed out')
  })

  it('a password reset ends every session at once and emails the owner', async () => {
    const user = await app.createUser()
    const stream = await openStream(user.token)
    const since = new Date()
    await app.post('/api/auth/forgot-password', { email: user.user.email })
    const link = await app.mailbox.waitForResetLink(user.user.email, since)
    const token = new URL(link).searchParams.get('token')!
    const reset = await app.post('/api/auth/reset-password', {
      token,
      password: 'reset-Passphrase-88',
    })
    expect(reset.status, reset.text).toBe(200)
    expect((await me(user.token)).status).toBe(401)
    expect(await stream.closed).toBe(streamCloseCodes.unauthenticated)
    const mail = await app.mailbox.waitFor(
      { to: user.user.email, subject: /password was reset/ },
      { since },
    )
    expect(mail.text).toContain('Every session of the account was signed out')
  })

  it('an admin disabling a user closes every socket of theirs at once, with a reason given', async () => {
    const admin = await app.createUser({ role: 'admin' })
    const user = await app.createUser()
    const stream = await openStream(user.token)
    const second = await openStream((await signIn(user)).token)
    const response = await app.post(
      `/api/admin/users/${user.user.id}/disable`,
      { reason: 'Chargeback opened on the last order' },
      { token: admin.token },
    )
    expect(response.status, response.text).toBe(200)
    expect(await stream.closed).toBe(streamCloseCodes.unauthenticated)
    expect(await second.closed).toBe(streamCloseCodes.unauthenticated)
    // the sessions are gone (401), and signing in again is refused
    expect((await me(user.token)).status).toBe(401)
    const again = await app.post('/api/auth/login', {
      email: user.user.email,
      password: user.password,
    })
    expect(again.status).toBe(403)
  })

  it('a disabled user is refused with the next request', async () => {
    const user = await app.createUser()
    expect((await me(user.token)).status).toBe(200)
    await app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.user.id))
    expect((await me(user.token)).status).toBe(403)
  })
})

describe('the role is read from the database', () => {
  it('a demoted admin loses the admin API with the next request, token unchanged', async () => {
    const admin = await app.createUser({ role: 'admin' })
    expect((await app.get('/api/admin/users', { token: admin.token })).status).toBe(200)
    await app.db.update(users).set({ role: 'trader' }).where(eq(users.id, admin.user.id))
    expect((await app.get('/api/admin/users', { token: admin.token })).status).toBe(403)
  })

  it('a trader promoted in the database is an admin with the next request', async () => {
    const trader = await app.createUser()
    expect((await app.get('/api/admin/users', { token: trader.token })).status).toBe(403)
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, trader.user.id))
    expect((await app.get('/api/admin/users', { token: trader.token })).status).toBe(200)
  })
})
