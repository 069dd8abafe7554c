import { errorBodySchema, messages, sessionSchema } from '@tp/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordResetTokens } from '../src/db/schema'
import { createTestApp, type TestApp } from './support'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const forgot = (email: string) => t.post('/api/auth/forgot-password', { email })
const reset = (token: string, password: string) =>
  t.post('/api/auth/reset-password', { token, password })
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

describe('forgot password -> email -> reset -> sign in', () => {
  it('completes a reset from the captured email and signs in with the new password only', async () => {
    const { user, password: oldPassword } = await t.createUser()
    const since = new Date()

    const response = await forgot(user.email)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ data: messages.auth.forgotPasswordSent })

    const link = await t.mailbox.waitForResetLink(user.email, since)
    expect(link.startsWith(`${t.env.APP_URL}/reset-password?token=`)).toBe(true)

    const done = await reset(tokenOf(link), 'a-brand-new-password')
    expect(done.status).toBe(200)
    expect(done.body).toEqual({ message: messages.auth.resetSuccess })

    const withNew = await t.post('/api/auth/login', {
      email: user.email,
      password: 'a-brand-new-password',
    })
    expect(sessionSchema.parse(withNew.body).user.id).toBe(user.id)
    const withOld = await t.post('/api/auth/login', { email: user.email, password: oldPassword })
    expect(withOld.status).toBe(401)
  })

  it('answers an unknown email exactly the same, and sends nothing', async () => {
    const known = await t.createUser()
    const answerForKnown = await forgot(known.user.email)
    const answerForUnknown = await forgot('nobody-here@example.com')
    expect(answerForUnknown.status).toBe(answerForKnown.status)
    expect(answerForUnknown.body).toEqual(answerForKnown.body)

    await t.mailbox.waitForResetLink(known.user.email)
    await t.waitForJobs()
    expect(await t.mailbox.list({ to: 'nobody-here@example.com' })).toEqual([])
  })

  it('stores only a hash of the token', async () => {
    const { user } = await t.createUser()
    const since = new Date()
    await forgot(user.email)
    const token = tokenOf(await t.mailbox.waitForResetLink(user.email, since))
    const stored = await t.db
      .select({ hash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens)
    expect(stored.length).toBeGreaterThan(0)
    expect(stored.map((s) => s.hash)).not.toContain(token)
  })

  it('refuses a reset token used a second time', async () => {
    const { user } = await t.createUser()
    const since = new Date()
    await forgot(user.email)
    const token = tokenOf(await t.mailbox.waitForResetLink(user.email, since))
    expect((await reset(token, 'first-new-password')).status).toBe(200)

    const again = await reset(token, 'second-new-password')
    expect(again.status).toBe(400)
    expect(again.body).toEqual({
      code: 'RESET_TOKEN_INVALID',
      message: messages.auth.resetTokenInvalid,
    })
    const login = await t.post('/api/auth/login', {
      email: user.email,
      password: 'first-new-password',
    })
    expect(login.status).toBe(200)
  })

  it('refuses a reset token older than one hour', async () => {
    const { user } = await t.createUser()
    const since = new Date()
    await forgot(user.email)
    const token = tokenOf(await t.mailbox.waitForResetLink(user.email, since))
    t.clock.advance({ minutes: 61 })
    try {
      const response = await reset(token, 'too-late-password')
      expect(response.status).toBe(400)
      expect(errorBodySchema.parse(response.body).code).toBe('RESET_TOKEN_INVALID')
    } finally {
      t.clock.reset()
    }
  })

  it('accepts a token just inside its hour', async () => {
    const { user } = await t.createUser()
    const since = new Date()
    await forgot(user.email)
    const token = tokenOf(await t.mailbox.waitForResetLink(user.email, since))
    t.clock.advance({ minutes: 59 })
    try {
      expect((await reset(token, 'just-in-time-password')).status).toBe(200)
    } finally {
      t.clock.reset()
    }
  })

  it('ends the sessions that existed before the reset', async () => {
    const { user, session } = await t.createUser()
    const since = new Date()
    await forgot(user.email)
    const token = tokenOf(await t.mailbox.waitForResetLink(user.email, since))
    await reset(token, 'fresh-password-1')
    expect((await t.post('/api/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(
      401,
    )
  })

  it('refuses a made-up token and validates the new password length', async () => {
    expect((await reset('made-up-token', 'long-enough-pw')).status).toBe(400)
    const short = await reset('made-up-token', 'short')
    expect(short.status).toBe(422)
    expect(errorBodySchema.parse(short.body).message).toBe(
      messages.validation.resetPasswordTooShort,
    )
    const noToken = await t.post('/api/auth/reset-password', { password: 'long-enough-pw' })
    expect(noToken.status).toBe(422)
    expect(errorBodySchema.parse(noToken.body).message).toBe(messages.auth.invalidToken)
  })
})
