import { errorBodySchema, messages, profileGetResponseSchema, sessionSchema } from '@tp/api'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../src/db/schema'
import {
  createGoogleIdentity,
  GoogleTokenRejected,
} from '../src/integrations/google/google-identity'
import { fakeGoogleSub } from '../src/integrations/google/fake/google-fake'
import { createTestApp, type TestApp } from './support'
import { createBuyer, placeOrder } from './support/checkout'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const signIn = (accessToken: string) => t.post('/api/auth/google', { access_token: accessToken })

describe('Google sign-in through the fake', () => {
  it('creates an account for a new Google user, keyed by Google id, with name and picture', async () => {
    const { accessToken } = t.google.mintToken({
      email: 'new.google@example.com',
      name: 'Nia Google',
    })
    const response = await signIn(accessToken)
    expect(response.status).toBe(200)
    const session = sessionSchema.parse(response.body)
    expect(session.user).toMatchObject({
      email: 'new.google@example.com',
      name: 'Nia Google',
      emailVerified: true,
      role: 'trader',
    })
    expect(session.user.picture).toContain(t.google.url)
    const [row] = await t.db.select().from(users).where(eq(users.id, session.user.id))
    expect(row?.googleSub).toBe(fakeGoogleSub('new.google@example.com'))
    expect(row?.passwordHash).toBeNull()
  })

  it('signs the same Google account into the same user next time', async () => {
    const first = sessionSchema.parse(
      (await signIn(t.google.mintToken({ email: 'again@example.com' }).accessToken)).body,
    )
    const second = sessionSchema.parse(
      (await signIn(t.google.mintToken({ email: 'again@example.com' }).accessToken)).body,
    )
    expect(second.user.id).toBe(first.user.id)
  })

  it("a takeover drops the squatter's name, picture and billing profile unless an order used it", async () => {
    // unverified, with a name and a billing profile (locked once saved) but no order
    const squatter = await t.createUser({ email: 'taken@x.test', name: 'Squatter' })
    await t.saveBilling(squatter)
    // another unverified account whose billing profile an order was placed with
    const buyer = await createBuyer(t, { email: 'bought@x.test', name: 'Buyer' })
    await placeOrder(t, buyer)

    const owner = sessionSchema.parse(
      (await signIn(t.google.mintToken({ email: 'taken@x.test', name: 'Real Owner' }).accessToken))
        .body,
    )
    expect(owner.user.id).toBe(squatter.user.id)
    expect(owner.user.name).toBe('Real Owner')
    expect(owner.user.picture).toContain(t.google.url)
    const profile = profileGetResponseSchema.parse(
      (await t.post('/api/profile/get', {}, { token: owner.token })).body,
    )
    expect(profile.data.billing).toBeNull()
    // the owner saves their own billing profile
    const put = await t.post(
      '/api/profile/put',
      {
        email: 'taken@x.test',
        firstName: 'Real',
        lastName: 'Owner',
        country: 'France',
        companyName: 'Owner SARL',
        apartment: '1 rue de Rivoli',
        town: 'Paris',
        state: 'Ile-de-France',
        postalCode: '75001',
        phone: '+33 1 23 45 67 89',
      },
      { token: owner.token },
    )
    expect(put.status).toBe(200)

    // the order's billing profile stays: it is that order's record
    const ownerOfOrder = sessionSchema.parse(
      (await signIn(t.google.mintToken({ email: 'bought@x.test' }).accessToken)).body,
    )
    const kept = profileGetResponseSchema.parse(
      (await t.post('/api/profile/get', {}, { token: ownerOfOrder.token })).body,
    )
    expect(kept.data.billing).not.toBeNull()
  })

  it('links to an account whose email is verified, keeping its password and sessions', async () => {
    const { user, password, session } = await t.createUser({
      email: 'linked@example.com',
      name: 'Kept Name',
      emailVerified: true,
    })
    const response = await signIn(
      t.google.mintToken({ email: 'linked@example.com', name: 'Other' }).accessToken,
    )
    const signedIn = sessionSchema.parse(response.body)
    expect(signedIn.user.id).toBe(user.id)
    expect(signedIn.user.name).toBe('Kept Name')
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.googleSub).toBe(fakeGoogleSub('linked@example.com'))
    expect((await t.post('/api/auth/login', { email: user.email, password })).status).toBe(200)
    const refreshed = await t.post('/api/auth/refresh', { refreshToken: session.refreshToken })
    expect(refreshed.status).toBe(200)
  })

  it('takes an unverified account back from whoever registered the email: password and sessions end', async () => {
    // a squatter signs up with someone else's email (never verified) and keeps a session
    const registered = await t.post('/api/auth/register', {
      email: 'a1@x.test',
      password: 'squatters-pass-7',
    })
    expect(registered.status).toBe(201)
    const squatter = sessionSchema.parse(registered.body)
    expect(squatter.user.emailVerified).toBe(false)
    const squatterLogin = sessionSchema.parse(
      (await t.post('/api/auth/login', { email: 'a1@x.test', password: 'squatters-pass-7' })).body,
    )

    // the email's owner signs in with Google: the same account, now theirs
    const owner = sessionSchema.parse(
      (await signIn(t.google.mintToken({ email: 'a1@x.test' }).accessToken)).body,
    )
    expect(owner.user.id).toBe(squatter.user.id)
    expect(owner.user.emailVerified).toBe(true)
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.user.id))
    expect(row?.passwordHash).toBeNull()

    // the squatter's password answers exactly as a wrong password does
    const wrongPassword = await t.post('/api/auth/login', {
      email: 'linked@example.com',
      password: 'not-the-password',
    })
    const withOldPassword = await t.post('/api/auth/login', {
      email: 'a1@x.test',
      password: 'squatters-pass-7',
    })
    expect(withOldPassword.status).toBe(401)
    expect(withOldPassword.body).toEqual(wrongPassword.body)
    expect(withOldPassword.body).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: messages.auth.invalidCredentials,
    })

    // every session the squatter held is over; the owner's new one works
    for (const { refreshToken, token } of [squatter, squatterLogin]) {
      expect((await t.post('/api/auth/refresh', { refreshToken })).status).toBe(401)
      // the access token too, at once, not when it expires
      expect((await t.get('/api/auth/me', { token })).status).toBe(401)
    }
    expect((await t.post('/api/auth/refresh', { refreshToken: owner.refreshToken })).status).toBe(
      200,
    )

    // the owner can set a password of their own with forgot-password
    const since = new Date()
    await t.post('/api/auth/forgot-password', { email: 'a1@x.test' })
    const link = await t.mailbox.waitForResetLink('a1@x.test', since)
    const token = new URL(link).searchParams.get('token')!
    const reset = await t.post('/api/auth/reset-password', { token, password: 'owners-password' })
    expect(reset.status).toBe(200)
    const ownerLogin = await t.post('/api/auth/login', {
      email: 'a1@x.test',
      password: 'owners-password',
    })
    expect(sessionSchema.parse(ownerLogin.body).user.id).toBe(owner.user.id)
  })

  it('refuses a token minted for another app (wrong audience)', async () => {
    const { accessToken } = t.google.mintToken({
      email: 'victim@example.com',
      audience: 'evil-app.apps.googleusercontent.com',
    })
    const response = await signIn(accessToken)
    expect(response.status).toBe(401)
    expect(response.body).toEqual({
      code: 'GOOGLE_AUTH_FAILED',
      message: messages.auth.googleFailed,
    })
    expect(await t.db.select().from(users).where(eq(users.email, 'victim@example.com'))).toEqual([])
  })

  it('refuses an account whose email Google has not verified, and does not link it', async () => {
    const { user } = await t.createUser({ email: 'unverified@example.com' })
    const { accessToken } = t.google.mintToken({
      email: 'unverified@example.com',
      emailVerified: false,
    })
    expect((await signIn(accessToken)).status).toBe(401)
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.googleSub).toBeNull()
  })

  it('refuses a token Google reports as expired', async () => {
    const { accessToken } = t.google.mintToken({
      email: 'expired@example.com',
      expiresInSeconds: -60,
    })
    const response = await signIn(accessToken)
    expect(response.status).toBe(401)
    expect(errorBodySchema.parse(response.body).code).toBe('GOOGLE_AUTH_FAILED')
  })

  it('refuses a token whose expiry has passed by our clock even if Google still answers', async () => {
    const { accessToken } = t.google.mintToken({
      email: 'late@example.com',
      expiresInSeconds: 3599,
    })
    t.clock.advance({ hours: 2 })
    try {
      expect((await signIn(accessToken)).status).toBe(401)
    } finally {
      t.clock.reset()
    }
  })

  it('refuses a token Google does not know', async () => {
    expect((await signIn('ya29.made-up')).status).toBe(401)
  })

  it('answers 422 for a missing access token', async () => {
    expect((await t.post('/api/auth/google', {})).status).toBe(422)
  })
})

describe('the Google adapter against the fake', () => {
  it('checks the audience against azp as well (Google sets both)', async () => {
    const identity = createGoogleIdentity({
      clientId: 'other-client',
      tokenInfoUrl: `${t.google.url}/tokeninfo`,
      userInfoUrl: `${t.google.url}/oauth2/v3/userinfo`,
      scriptUrl: `${t.google.url}/gsi/client`,
      clock: t.clock,
    })
    const { accessToken } = t.google.mintToken({ email: 'aud@example.com' })
    await expect(identity.verifyAccessToken(accessToken)).rejects.toBeInstanceOf(
      GoogleTokenRejected,
    )
  })

  it('serves the browser script with the token client API', async () => {
    const response = await fetch(`${t.google.url}/gsi/client`)
    const script = await response.text()
    expect(response.headers.get('content-type')).toContain('javascript')
    expect(script).toContain('initTokenClient')
    expect(script).toContain('requestAccessToken')
    expect(script).toContain('Use another account')
  })

  it('mints a token for the account chosen in the browser, usable for sign-in', async () => {
    const response = await fetch(`${t.google.url}/gsi/token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: t.google.clientId,
        email: 'picked@example.com',
        name: 'Picked One',
      }),
    })
    const token = (await response.json()) as { access_token: string; token_type: string }
    expect(token.token_type).toBe('Bearer')
    const session = sessionSchema.parse((await signIn(token.access_token)).body)
    expect(session.user.email).toBe('picked@example.com')
  })

  it('answers tokeninfo fields as strings, as Google does', async () => {
    const { accessToken } = t.google.mintToken({ email: 'strings@example.com' })
    const response = await fetch(`${t.google.url}/tokeninfo?access_token=${accessToken}`)
    const info = (await response.json()) as Record<string, unknown>
    expect(info.email_verified).toBe('true')
    expect(typeof info.exp).toBe('string')
    expect(info.aud).toBe(t.google.clientId)
    const invalid = await fetch(`${t.google.url}/tokeninfo?access_token=nope`)
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toEqual({
      error: 'invalid_token',
      error_description: 'Invalid Value',
    })
  })
})
