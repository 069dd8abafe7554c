import { errorBodySchema, messages, sessionSchema } from '@tp/api'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../src/db/schema'
import { createTestApp, type TestApp } from './support'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'boss@tradepeak.test, Chief@Tradepeak.test' } })
})
afterAll(async () => {
  await t?.close()
})

describe('registration', () => {
  it('creates a trader, signs them in, stores an argon2id hash and sends a welcome email', async () => {
    const response = await t.post('/api/auth/register', {
      email: '  New.Trader@Example.COM ',
      password: 'correct-horse',
    })
    expect(response.status).toBe(201)
    const session = sessionSchema.parse(response.body)
    expect(session.user).toMatchObject({ email: 'new.trader@example.com', role: 'trader' })

    const [row] = await t.db.select().from(users).where(eq(users.email, 'new.trader@example.com'))
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(row?.passwordHash).not.toContain('correct-horse')

    const welcome = await t.mailbox.waitFor({ to: 'new.trader@example.com', subject: /welcome/i })
    expect(welcome.text).toContain('Tradepeak')
  })

  it('answers 422 with the spec message for an invalid email', async () => {
    const response = await t.post('/api/auth/register', {
      email: 'not-an-email',
      password: 'long-enough',
    })
    expect(response.status).toBe(422)
    const body = errorBodySchema.parse(response.body)
    expect(body.message).toBe(messages.auth.registerInvalid)
    expect(body.details).toContainEqual({
      path: 'email',
      message: messages.validation.emailInvalid,
    })
  })

  it('answers 422 for a password under 8 characters', async () => {
    const response = await t.post('/api/auth/register', {
      email: 'short@example.com',
      password: '1234567',
    })
    expect(response.status).toBe(422)
    const body = errorBodySchema.parse(response.body)
    expect(body.message).toBe(messages.auth.registerInvalid)
    expect(body.details).toContainEqual({
      path: 'password',
      message: messages.validation.passwordTooShort,
    })
  })

  it('refuses a second account for the same email, whatever its case', async () => {
    await t.post('/api/auth/register', { email: 'twice@example.com', password: 'password-1' })
    const response = await t.post('/api/auth/register', {
      email: 'TWICE@example.com',
      password: 'password-2',
    })
    expect(response.status).toBe(409)
    expect(response.body).toEqual({ code: 'EMAIL_TAKEN', message: messages.auth.registerExists })
  })

  it('makes an email on ADMIN_EMAILS an admin at registration', async () => {
    const response = await t.post('/api/auth/register', {
      email: 'chief@tradepeak.test',
      password: 'password-1',
    })
    expect(sessionSchema.parse(response.body).user.role).toBe('admin')
  })
})

describe('sign-in', () => {
  it('signs in with the right password', async () => {
    const { user, password } = await t.createUser({ email: 'login-ok@example.com' })
    const response = await t.post('/api/auth/login', { email: 'Login-OK@example.com', password })
    expect(response.status).toBe(200)
    const session = sessionSchema.parse(response.body)
    expect(session.user.id).toBe(user.id)
    const me = await t.get('/api/auth/me', { token: session.token })
    expect(me.body).toMatchObject({ user: { id: user.id, email: 'login-ok@example.com' } })
  })

  it('answers 401 with the spec message for a wrong password', async () => {
    await t.createUser({ email: 'login-wrong@example.com', password: 'the-right-one' })
    const response = await t.post('/api/auth/login', {
      email: 'login-wrong@example.com',
      password: 'the-wrong-one',
    })
    expect(response.status).toBe(401)
    expect(response.body).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: messages.auth.invalidCredentials,
    })
  })

  it('answers an unknown email exactly like a wrong password', async () => {
    const response = await t.post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'whatever-1',
    })
    expect(response.status).toBe(401)
    expect(response.body).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: messages.auth.invalidCredentials,
    })
  })

  it('refuses a disabled account', async () => {
    const { user, password } = await t.createUser()
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id))
    const response = await t.post('/api/auth/login', { email: user.email, password })
    expect(response.status).toBe(403)
    expect(errorBodySchema.parse(response.body).code).toBe('ACCOUNT_DISABLED')
  })

  it('promotes an existing user listed on ADMIN_EMAILS when they sign in', async () => {
    const { password } = await t.createUser({ email: 'boss@tradepeak.test' })
    const response = await t.post('/api/auth/login', { email: 'boss@tradepeak.test', password })
    expect(sessionSchema.parse(response.body).user.role).toBe('admin')
  })
})
