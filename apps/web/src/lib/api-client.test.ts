import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { messages, storageKeys } from '@tp/api'
import { json, makeUser, mockApi, noResponse } from '@/testing/mock-api'
import { signInAs } from '@/testing/render-app'
import { ApiError, apiRequest, getErrorMessage, serverSent } from './api-client'
import { getSession } from './session'

const itemsSchema = z.object({ items: z.array(z.string()) })

function bearer(call: { headers: Headers }) {
  return call.headers.get('Authorization')
}

describe('api client', () => {
  it('sends the stored bearer token and returns the parsed body', async () => {
    signInAs(makeUser())
    const api = mockApi({ 'GET /api/items': () => json(200, { items: ['a'] }) })

    await expect(apiRequest('/items', { schema: itemsSchema })).resolves.toEqual({ items: ['a'] })
    expect(bearer(api.calls[0]!)).toBe('Bearer access-1')
  })

  it('takes a server-sent body as it came, and refuses one that is not a JSON object', async () => {
    signInAs(makeUser())
    mockApi({
      'GET /api/items': () => json(200, { items: ['a'], extra: 1 }),
      'GET /api/number': () => json(200, 42),
    })

    await expect(
      apiRequest('/items', { schema: serverSent<{ items: string[] }>() }),
    ).resolves.toEqual({ items: ['a'], extra: 1 })
    const refused = apiRequest('/number', { schema: serverSent<{ items: string[] }>() })
    await expect(refused).rejects.toBeInstanceOf(ApiError)
    await expect(refused).rejects.toMatchObject({ body: { code: 'INVALID_RESPONSE' } })
  })

  it('refreshes once on a 401, stores the rotated pair and retries with the new token', async () => {
    signInAs(makeUser())
    const api = mockApi({
      'GET /api/items': (call) =>
        bearer(call) === 'Bearer access-2'
          ? json(200, { items: ['fresh'] })
          : json(401, { code: 'UNAUTHORIZED', message: 'expired' }),
      'POST /api/auth/refresh': () => json(200, { token: 'access-2', refreshToken: 'refresh-2' }),
    })

    await expect(apiRequest('/items', { schema: itemsSchema })).resolves.toEqual({
      items: ['fresh'],
    })

    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(1)
    expect(api.callsTo('POST /api/auth/refresh')[0]!.body).toEqual({ refreshToken: 'refresh-1' })
    expect(api.callsTo('GET /api/items').map(bearer)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ])
    expect(window.localStorage.getItem(storageKeys.token)).toBe('access-2')
    expect(window.localStorage.getItem(storageKeys.refreshToken)).toBe('refresh-2')
  })

  it('shares one refresh between requests that expire together', async () => {
    signInAs(makeUser())
    let releaseRefresh: () => void = () => {}
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve))
    const api = mockApi({
      'GET /api/items': (call) =>
        bearer(call) === 'Bearer access-2' ? json(200, { items: [] }) : json(401),
      'POST /api/auth/refresh': async () => {
        await refreshGate
        return json(200, { token: 'access-2', refreshToken: 'refresh-2' })
      },
    })

    const requests = Promise.all([
      apiRequest('/items', { schema: itemsSchema }),
      apiRequest('/items', { schema: itemsSchema }),
      apiRequest('/items', { schema: itemsSchema }),
    ])
    // all three have had their 401 and the refresh is waiting for its answer
    await vi.waitFor(() => {
      expect(api.callsTo('GET /api/items')).toHaveLength(3)
      expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(1)
    })
    releaseRefresh()
    await requests

    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(1)
    expect(api.callsTo('GET /api/items')).toHaveLength(6)
  })

  it('signs out when the refresh is refused, clearing every stored key', async () => {
    signInAs(makeUser())
    window.localStorage.setItem(storageKeys.balance, '10000')
    const api = mockApi({
      'GET /api/items': () => json(401),
      'POST /api/auth/refresh': () => json(401, { code: 'UNAUTHORIZED', message: 'spent' }),
    })

    const failure = apiRequest('/items', { schema: itemsSchema })
    await expect(failure).rejects.toBeInstanceOf(ApiError)
    await expect(failure).rejects.toMatchObject({ status: 401 })

    expect(api.callsTo('GET /api/items')).toHaveLength(1)
    expect(getSession()).toBeNull()
    for (const key of Object.values(storageKeys)) {
      expect(window.localStorage.getItem(key)).toBeNull()
    }
  })

  it('does not refresh for calls made without the session (a wrong password is just a 401)', async () => {
    signInAs(makeUser())
    const api = mockApi({
      'POST /api/auth/login': () =>
        json(401, { code: 'INVALID_CREDENTIALS', message: messages.auth.invalidCredentials }),
    })

    await expect(
      apiRequest('/auth/login', { method: 'POST', body: {}, authenticated: false }),
    ).rejects.toMatchObject({ status: 401 })
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(0)
    expect(bearer(api.calls[0]!)).toBeNull()
    expect(getSession()).not.toBeNull()
  })

  it('keeps the session when the refresh cannot reach the server', async () => {
    signInAs(makeUser())
    mockApi({ 'GET /api/items': () => json(401), 'POST /api/auth/refresh': noResponse })

    await expect(apiRequest('/items', { schema: itemsSchema })).rejects.toMatchObject({
      status: null,
    })
    expect(getSession()).not.toBeNull()
  })

  it('reports a response that breaks the contract as an error, not as data', async () => {
    mockApi({ 'GET /api/items': () => json(200, { items: 'not a list' }) })
    vi.spyOn(console, 'error').mockImplementation(() => {})

    await expect(apiRequest('/items', { schema: itemsSchema })).rejects.toMatchObject({
      body: { code: 'INVALID_RESPONSE' },
    })
  })
})

describe('getErrorMessage (spec 8)', () => {
  it("prefers the server's own message", () => {
    const error = new ApiError(429, {
      code: 'RATE_LIMITED',
      message: messages.auth.tooManyAttempts,
    })
    expect(getErrorMessage(error)).toBe(messages.auth.tooManyAttempts)
  })

  it('falls back to the text of the status', () => {
    expect(getErrorMessage(new ApiError(400, null))).toBe(messages.http[400])
    expect(getErrorMessage(new ApiError(401, null))).toBe(messages.http[401])
    expect(getErrorMessage(new ApiError(403, null))).toBe(messages.http[403])
    expect(getErrorMessage(new ApiError(404, null))).toBe(messages.http[404])
    expect(getErrorMessage(new ApiError(500, null))).toBe(messages.http[500])
    expect(getErrorMessage(new ApiError(502, null))).toBe(messages.http.other)
  })

  it('says so when no response arrived', () => {
    expect(getErrorMessage(new ApiError(null, null))).toBe(messages.http.noResponse)
  })
})
