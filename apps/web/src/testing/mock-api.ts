import { vi } from 'vitest'
import type { PublicConfig, User } from '@tp/api'

// A stand-in for the API at the network boundary: the app's real fetch calls, answered from a
// table of handlers. Every call is recorded; a call no handler expects fails the test loudly.

export type RecordedCall = {
  method: string
  path: string
  search: URLSearchParams
  headers: Headers
  /** JSON bodies parsed; FormData kept as is. */
  body: unknown
}

export type Handler = (call: RecordedCall, callIndex: number) => Response | Promise<Response>

export function json(status: number, body?: unknown, headers?: Record<string, string>): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

/** A handler that simulates a network failure (no response at all). */
export const noResponse: Handler = () => {
  throw new TypeError('Failed to fetch')
}

export const testConfig: PublicConfig = {
  appName: 'Tradepeak',
  environment: 'test',
  google: { clientId: 'test-client-id', scriptUrl: 'http://127.0.0.1:9/gsi/client' },
  devMailbox: true,
  avatarBaseUrl: 'https://cdn.test',
  paypal: {
    isEnabled: true,
    clientId: 'test-paypal-client',
    sdkBaseUrl: 'http://127.0.0.1:9/sdk/js',
  },
  crypto: { isEnabled: true, sessionMinutes: 30, sandboxUrl: null },
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'trader@example.com',
    role: 'trader',
    name: 'Tess Trader',
    picture: null,
    phone: null,
    emailVerified: true,
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  }
}

export function mockApi(handlers: Record<string, Handler>, options: { user?: User | null } = {}) {
  const calls: RecordedCall[] = []
  const counts = new Map<string, number>()
  const defaults: Record<string, Handler> = {
    'GET /api/config': () => json(200, testConfig),
    ...(options.user ? { 'GET /api/auth/me': () => json(200, { user: options.user }) } : {}),
  }
  const table = { ...defaults, ...handlers }

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init.method ?? 'GET').toUpperCase()
    const key = `${method} ${url.pathname}`
    let body: unknown = init.body
    if (typeof init.body === 'string') body = JSON.parse(init.body)
    const call: RecordedCall = {
      method,
      path: url.pathname,
      search: url.searchParams,
      headers: new Headers(init.headers),
      body,
    }
    calls.push(call)
    const handler = table[key]
    if (!handler) throw new Error(`Unexpected API call: ${key}`)
    const index = counts.get(key) ?? 0
    counts.set(key, index + 1)
    return handler(call, index)
  })
  vi.stubGlobal('fetch', fetchMock)

  return {
    calls,
    /** The calls made to one endpoint, e.g. callsTo('POST /api/profile/update'). */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  }
}
