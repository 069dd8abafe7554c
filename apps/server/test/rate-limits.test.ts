import { messages } from '@tp/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './support'

// Small limits so the tests reach them: 3 attempts per email, 5 per IP, per 10-minute window.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    env: {
      RATE_LIMIT_MAX_PER_EMAIL: '3',
      RATE_LIMIT_MAX_PER_IP: '5',
      RATE_LIMIT_WINDOW_SECONDS: '600',
    },
  })
})
afterAll(async () => {
  await t?.close()
})

let ipCounter = 0
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

describe('sign-in attempts', () => {
  it('refuses the 4th failure on one email from one IP with 429 and Retry-After', async () => {
    const { user } = await t.createUser()
    const ip = freshIp()
    for (let i = 0; i < 3; i += 1) {
      const attempt = await t.post(
        '/api/auth/login',
        { email: user.email, password: 'wrong-password' },
        { ip },
      )
      expect(attempt.status).toBe(401)
    }
    const blocked = await t.post(
      '/api/auth/login',
      { email: user.email, password: 'wrong-password' },
      { ip },
    )
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual({ code: 'RATE_LIMITED', message: messages.auth.tooManyAttempts })
    const retryAfter = Number(blocked.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(600)
  })

  it("never locks the owner out with someone else's failures: they count per email and IP", async () => {
    const { user, password } = await t.createUser()
    // an attacker fails on the owner's email from many IPs, and beyond the limit from one
    for (let i = 0; i < 4; i += 1) {
      await t.post(
        '/api/auth/login',
        { email: user.email, password: 'wrong-password' },
        { ip: freshIp() },
      )
    }
    const attackerIp = freshIp()
    for (let i = 0; i < 5; i += 1) {
      await t.post(
        '/api/auth/login',
        { email: user.email, password: 'wrong-password' },
        { ip: attackerIp },
      )
    }
    // the owner, from their own IP, mistypes once (a 401, not a 429) and then gets in
    const ownerIp = freshIp()
    expect(
      (
        await t.post(
          '/api/auth/login',
          { email: user.email, password: 'wrong-password' },
          { ip: ownerIp },
        )
      ).status,
    ).toBe(401)
    expect(
      (await t.post('/api/auth/login', { email: user.email, password }, { ip: ownerIp })).status,
    ).toBe(200)
  })

  it('lets the right password through past the failure limit, unless the IP itself is limited', async () => {
    const { user, password } = await t.createUser()
    const ip = freshIp()
    for (let i = 0; i < 3; i += 1) {
      await t.post('/api/auth/login', { email: user.email, password: 'wrong-password' }, { ip })
    }
    expect(
      (await t.post('/api/auth/login', { email: user.email, password: 'wrong-password' }, { ip }))
        .status,
    ).toBe(429)
    // the 5th attempt from this IP (its limit is 5): the right password still gets in
    expect((await t.post('/api/auth/login', { email: user.email, password }, { ip })).status).toBe(
      200,
    )
    // the 6th: the IP itself is over its limit, so even the right password waits for the window
    const limited = await t.post('/api/auth/login', { email: user.email, password }, { ip })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    t.clock.advance({ minutes: 11 })
    try {
      expect(
        (await t.post('/api/auth/login', { email: user.email, password }, { ip })).status,
      ).toBe(200)
    } finally {
      t.clock.reset()
    }
  })

  it('refuses the 6th attempt from one IP even across different emails', async () => {
    const ip = freshIp()
    for (let i = 0; i < 5; i += 1) {
      const attempt = await t.post(
        '/api/auth/login',
        { email: `spray${i}@example.com`, password: 'guess-123' },
        { ip },
      )
      expect(attempt.status).toBe(401)
    }
    const blocked = await t.post(
      '/api/auth/login',
      { email: 'spray-last@example.com', password: 'guess-123' },
      { ip },
    )
    expect(blocked.status).toBe(429)
    expect(blocked.headers['retry-after']).toBeDefined()
    // another IP is not affected
    const other = await t.post(
      '/api/auth/login',
      { email: 'spray-last@example.com', password: 'guess-123' },
      { ip: freshIp() },
    )
    expect(other.status).toBe(401)
  })

  it('counts the Retry-After down as the window passes', async () => {
    const ip = freshIp()
    for (let i = 0; i < 6; i += 1) {
      await t.post(
        '/api/auth/login',
        { email: `count${i}@example.com`, password: 'guess-123' },
        { ip },
      )
    }
    t.clock.advance({ minutes: 4 })
    try {
      const blocked = await t.post(
        '/api/auth/login',
        { email: 'count-x@example.com', password: 'guess-123' },
        { ip },
      )
      expect(blocked.status).toBe(429)
      const retryAfter = Number(blocked.headers['retry-after'])
      expect(retryAfter).toBeGreaterThan(300)
      expect(retryAfter).toBeLessThanOrEqual(360)
    } finally {
      t.clock.reset()
    }
  })
})

describe('reset-password attempts', () => {
  const reset = (token: string, ip: string) =>
    t.post('/api/auth/reset-password', { token, password: 'a-fine-new-password' }, { ip })

  it('refuses the 4th invalid token from one IP with 429 and Retry-After; other IPs go on', async () => {
    const ip = freshIp()
    for (let i = 0; i < 3; i += 1) {
      expect((await reset(`guessed-token-${i}`, ip)).status).toBe(400)
    }
    const blocked = await reset('guessed-token-3', ip)
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual({ code: 'RATE_LIMITED', message: messages.auth.tooManyAttempts })
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect((await reset('guessed-token-4', freshIp())).status).toBe(400)
  })

  it('lets a real token through after failures, unless the IP itself is limited', async () => {
    const { user } = await t.createUser()
    const since = new Date()
    expect(
      (await t.post('/api/auth/forgot-password', { email: user.email }, { ip: freshIp() })).status,
    ).toBe(200)
    const link = await t.mailbox.waitForResetLink(user.email, since)
    const token = new URL(link).searchParams.get('token')!
    const ip = freshIp()
    for (let i = 0; i < 5; i += 1) await reset(`guessed-token-${i}`, ip)
    // the 6th attempt from this IP: over the IP's limit, even with the real token
    expect((await reset(token, ip)).status).toBe(429)
    expect((await reset(token, freshIp())).status).toBe(200)
  })
})

describe('registration and forgot-password attempts', () => {
  it('limits registrations per IP', async () => {
    const ip = freshIp()
    for (let i = 0; i < 5; i += 1) {
      const response = await t.post(
        '/api/auth/register',
        { email: `reg${i}.${ip}@example.com`, password: 'password-123' },
        { ip },
      )
      expect(response.status).toBe(201)
    }
    const blocked = await t.post(
      '/api/auth/register',
      { email: `reg-last.${ip}@example.com`, password: 'password-123' },
      { ip },
    )
    expect(blocked.status).toBe(429)
  })

  it('limits registrations per email, even from new IPs', async () => {
    const email = `reg-one.${freshIp()}@example.com`
    const statuses: number[] = []
    for (let i = 0; i < 4; i += 1) {
      const response = await t.post(
        '/api/auth/register',
        { email, password: 'password-123' },
        { ip: freshIp() },
      )
      statuses.push(response.status)
    }
    expect(statuses).toEqual([201, 409, 409, 429])
  })

  it('limits forgot-password per IP across different emails', async () => {
    const ip = freshIp()
    for (let i = 0; i < 5; i += 1) {
      const response = await t.post(
        '/api/auth/forgot-password',
        { email: `forgot${i}.${ip}@example.com` },
        { ip },
      )
      expect(response.status).toBe(200)
    }
    const blocked = await t.post(
      '/api/auth/forgot-password',
      { email: `forgot-last.${ip}@example.com` },
      { ip },
    )
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('limits forgot-password per email, answering 429 rather than sending more mail', async () => {
    const { user } = await t.createUser()
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await t.post('/api/auth/forgot-password', { email: user.email }, { ip: freshIp() }))
          .status,
      ).toBe(200)
    }
    const blocked = await t.post(
      '/api/auth/forgot-password',
      { email: user.email },
      { ip: freshIp() },
    )
    expect(blocked.status).toBe(429)
    expect(blocked.headers['retry-after']).toBeDefined()
    await t.waitForJobs()
    expect(await t.mailbox.list({ to: user.email, subject: /reset/i })).toHaveLength(3)
  })
})
