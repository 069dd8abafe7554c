import {
  billingPutResponseSchema,
  errorBodySchema,
  messages,
  profileGetResponseSchema,
} from '@tp/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './support'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const billing = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'United Kingdom',
  apartment: '12 St James Square',
  town: 'London',
  state: 'Greater London',
  companyName: 'Analytical Engines Ltd',
  postalCode: 'SW1Y 4JH',
  phone: '+44 20 7946 0958',
}

describe('profile/put (billing profile)', () => {
  it('saves the billing profile, sets the phone and shows it in profile/get', async () => {
    const { user, token } = await t.createUser()
    const response = await t.post('/api/profile/put', { email: user.email, ...billing }, { token })
    expect(response.status).toBe(200)
    const { data } = billingPutResponseSchema.parse(response.body)
    expect(data.updatedProfile).toMatchObject({ ...billing, email: user.email })
    expect(data.user).toEqual({ email: user.email, phone: billing.phone })
    const profile = profileGetResponseSchema.parse(
      (await t.post('/api/profile/get', {}, { token })).body,
    )
    expect(profile.data.billing).toMatchObject(billing)
  })

  it('is locked once saved: a second save answers 409 and changes nothing', async () => {
    const { user, token } = await t.createUser()
    await t.post('/api/profile/put', { email: user.email, ...billing }, { token })
    const response = await t.post(
      '/api/profile/put',
      { email: user.email, ...billing, town: 'Paris' },
      { token },
    )
    expect(response.status).toBe(409)
    expect(response.body).toEqual({
      code: 'BILLING_LOCKED',
      message: messages.profile.billingLocked,
    })
    const profile = profileGetResponseSchema.parse(
      (await t.post('/api/profile/get', {}, { token })).body,
    )
    expect(profile.data.billing?.town).toBe('London')
  })

  it('lets only one of two simultaneous first saves through', async () => {
    const { user, token } = await t.createUser()
    const results = await Promise.all([
      t.post('/api/profile/put', { email: user.email, ...billing, town: 'One' }, { token }),
      t.post('/api/profile/put', { email: user.email, ...billing, town: 'Two' }, { token }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
  })

  it('lets an admin change a locked billing profile, keeping the original lock time', async () => {
    const trader = await t.createUser()
    const first = billingPutResponseSchema.parse(
      (
        await t.post(
          '/api/profile/put',
          { email: trader.user.email, ...billing },
          { token: trader.token },
        )
      ).body,
    )
    t.clock.advance({ hours: 1 })
    try {
      const admin = await t.createUser({ role: 'admin' })
      const response = await t.post(
        '/api/profile/put',
        { email: trader.user.email, ...billing, town: 'Oxford' },
        { token: admin.token },
      )
      expect(response.status).toBe(200)
      const { data } = billingPutResponseSchema.parse(response.body)
      expect(data.updatedProfile.town).toBe('Oxford')
      expect(data.updatedProfile.lockedAt).toBe(first.data.updatedProfile.lockedAt)
    } finally {
      t.clock.reset()
    }
  })

  it('answers 403 for another user email', async () => {
    const victim = await t.createUser()
    const { token } = await t.createUser()
    const response = await t.post(
      '/api/profile/put',
      { email: victim.user.email, ...billing },
      { token },
    )
    expect(response.status).toBe(403)
  })

  it('requires every field (spec 5), naming the missing ones', async () => {
    const { user, token } = await t.createUser()
    const response = await t.post(
      '/api/profile/put',
      { email: user.email, ...billing, town: '  ', phone: '' },
      { token },
    )
    expect(response.status).toBe(422)
    const body = errorBodySchema.parse(response.body)
    expect(body.details?.map((d) => d.path).sort()).toEqual(['phone', 'town'])
  })
})
