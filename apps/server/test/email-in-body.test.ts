import { metaGetAccountsResponseSchema } from '@tp/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, makePng, multipartBody, type TestApp, type TestUser } from './support'

// Every request naming a user by `email` reads it as the shared email schema does (trimmed,
// lower-cased), so the caller's own address in another case is the caller's, not a 403.

let t: TestApp
let trader: TestUser
let admin: TestUser
/** The trader's email as a person might type it. */
let typed: string
beforeAll(async () => {
  t = await createTestApp()
  trader = await t.createUser({ email: 'a1@x.test' })
  admin = await t.createUser({ role: 'admin' })
  typed = ' A1@X.test '
})
afterAll(async () => {
  await t?.close()
})

describe('an email in the body, in another case', () => {
  it('meta/get-accounts: the caller’s own accounts', async () => {
    const account = await t.createTradingAccount(trader)
    for (const email of ['A1@X.test', typed]) {
      const response = await t.post('/api/meta/get-accounts', { email }, { token: trader.token })
      expect(response.status, email).toBe(200)
      const { data } = metaGetAccountsResponseSchema.parse(response.body)
      expect(data.accounts.map((a) => a.accountId)).toEqual([account.id])
    }
    const other = await t.createUser()
    const foreign = await t.post(
      '/api/meta/get-accounts',
      { email: typed },
      {
        token: other.token,
      },
    )
    expect(foreign.status).toBe(403)
  })

  it('the other JSON routes taking an email', async () => {
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
    for (const [url, body] of [
      ['/api/profile/get', { email: typed }],
      ['/api/profile/update', { email: typed, bio: 'Typed.' }],
      ['/api/profile/put', { email: typed, ...billing }],
      ['/api/payment/get-balance', { email: typed }],
    ] as const) {
      const response = await t.post(url, body, { token: trader.token })
      expect(response.status, url).toBe(200)
    }
  })

  it('profile/upload-image: the form’s email field', async () => {
    const { payload, contentType } = multipartBody({
      fields: { email: typed },
      files: [
        { field: 'image', filename: 'a.png', contentType: 'image/png', content: await makePng() },
      ],
    })
    const response = await t.request('POST', '/api/profile/upload-image', {
      token: trader.token,
      payload,
      headers: { 'content-type': contentType },
    })
    expect(response.status).toBe(200)
  })

  it('the scenario driver: an admin names the user', async () => {
    const response = await t.post(
      '/api/dev/scenarios/accounts',
      { email: typed },
      {
        token: admin.token,
      },
    )
    expect(response.status).toBe(201)
  })
})
