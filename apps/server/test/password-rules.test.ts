import { messages } from '@tp/api'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { passwordResetTokens, users } from '../src/db/schema'
import { isBreachedPassword } from '../src/lib/breached-passwords'
import { hashToken } from '../src/lib/crypto'
import type * as passwords from '../src/lib/passwords'
import { createTestApp, type TestApp } from './support'

// One password rule for sign-up, reset and profile change: at least 8 characters, not only
// whitespace or invisible characters (the shared schema of @tp/api), and not one of the most
// common breached passwords (the server's list, docs/decisions/0020-breached-passwords.md).

// every argon2 hash the app makes is counted: a reset with a wrong token must make none
const hashes = vi.hoisted(() => ({ count: 0 }))
vi.mock('../src/lib/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>()
  return {
    ...original,
    hashPassword: (password: string) => {
      hashes.count += 1
      return original.hashPassword(password)
    },
  }
})

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

let ipCounter = 0
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`
let emailCounter = 0
const freshEmail = () => `rules${++emailCounter}.${process.pid}@example.com`

const register = (password: string) =>
  t.post('/api/auth/register', { email: freshEmail(), password }, { ip: freshIp() })

const breached = messages.validation.passwordBreached

describe('the breached-password list', () => {
  it('holds the most common passwords of 8 characters or more, compared case-insensitively', async () => {
    for (const password of [
      'password',
      'password1',
      '12345678',
      'iloveyou',
      'Sunshine',
      'QWERTY123',
    ]) {
      expect(await isBreachedPassword(password), password).toBe(true)
    }
    for (const password of [
      'correct-horse-battery',
      'Trader-demo-2024',
      'password-7',
      'Tp!9vq#2xw',
    ]) {
      expect(await isBreachedPassword(password), password).toBe(false)
    }
  })
})

describe('sign-up', () => {
  it('refuses a breached password with the shared message, naming the field', async () => {
    const response = await register('Password123')
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: breached,
      details: [{ path: 'password', message: breached }],
    })
  })

  it('refuses a password of only whitespace or invisible characters', async () => {
    for (const password of [' '.repeat(8), '\t \u00a0\u3000 \t  ', '\u200b'.repeat(10)]) {
      const response = await register(password)
      expect(response.status, JSON.stringify(password)).toBe(422)
      expect(JSON.stringify(response.body)).toContain(messages.validation.passwordBlank)
    }
  })

  it('counts characters, not UTF-16 units: four emoji are too short', async () => {
    const response = await register('😀😀😀😀')
    expect(response.status).toBe(422)
    expect(JSON.stringify(response.body)).toContain(messages.validation.passwordTooShort)
  })

  it('accepts a long passphrase, spaces included', async () => {
    expect((await register('   mint tea at dawn   ')).status).toBe(201)
    expect((await register('ünïcødé pässwörd')).status).toBe(201)
  })
})

describe('reset', () => {
  async function resetToken(email: string): Promise<string> {
    const since = new Date()
    expect((await t.post('/api/auth/forgot-password', { email }, { ip: freshIp() })).status).toBe(
      200,
    )
    const link = await t.mailbox.waitForResetLink(email, since)
    return new URL(link).searchParams.get('token')!
  }

  it('refuses a breached password and leaves the token usable for a better one', async () => {
    const { user } = await t.createUser()
    const token = await resetToken(user.email)
    const refused = await t.post(
      '/api/auth/reset-password',
      { token, password: 'iloveyou' },
      { ip: freshIp() },
    )
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({
      message: breached,
      details: [{ path: 'password', message: breached }],
    })
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    expect(row?.usedAt).toBeNull()
    const done = await t.post(
      '/api/auth/reset-password',
      { token, password: 'kettle-on-the-hob' },
      { ip: freshIp() },
    )
    expect(done.status, done.text).toBe(200)
  })

  it('refuses a blank password before looking at the token', async () => {
    const response = await t.post(
      '/api/auth/reset-password',
      { token: 'whatever', password: ' '.repeat(9) },
      { ip: freshIp() },
    )
    expect(response.status).toBe(422)
    expect(JSON.stringify(response.body)).toContain(messages.validation.passwordBlank)
  })

  it('checks the token before hashing: an invalid one costs no argon2 hash', async () => {
    const before = hashes.count
    const response = await t.post(
      '/api/auth/reset-password',
      { token: 'not-a-real-token', password: 'a-fine-new-password' },
      { ip: freshIp() },
    )
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'RESET_TOKEN_INVALID' })
    expect(hashes.count).toBe(before)

    const { user } = await t.createUser()
    const token = await resetToken(user.email)
    const counted = hashes.count
    expect(
      (
        await t.post(
          '/api/auth/reset-password',
          { token, password: 'a-fine-new-password' },
          { ip: freshIp() },
        )
      ).status,
    ).toBe(200)
    expect(hashes.count).toBe(counted + 1)
  })
})

describe('profile password change', () => {
  it('refuses a breached new password, keeping the old one', async () => {
    const { user, password, token } = await t.createUser()
    const refused = await t.post(
      '/api/profile/update',
      { currentPassword: password, newPassword: 'Qwerty123' },
      { token },
    )
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({
      message: breached,
      details: [{ path: 'newPassword', message: breached }],
    })
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.passwordHash).toBe(user.passwordHash)

    const blank = await t.post(
      '/api/profile/update',
      { currentPassword: password, newPassword: '\u200b'.repeat(8) },
      { token },
    )
    expect(blank.status).toBe(422)
    expect(JSON.stringify(blank.body)).toContain(messages.validation.passwordBlank)
  })
})
