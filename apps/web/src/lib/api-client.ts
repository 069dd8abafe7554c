import type { z } from 'zod'
import type { ErrorBody } from '@tp/api/errors'
import { authMessages, httpMessages } from '@tp/api/auth-messages'
import { endSession, getSession, saveTokens } from './session'

// The one way the browser talks to the API: same origin under /api, JSON in and out (or
// multipart), the bearer token of the stored session, responses parsed with the shared zod
// schemas. An expired access token is refreshed once, transparently, however many requests saw
// it expire at the same moment. The client's own schemas (error bodies, refreshed tokens) load with
// the first answer that needs them, so a page that calls nothing (the landing page for a visitor)
// does not load zod (decision 0021).

export const API_BASE = '/api'

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * A success body taken as the server sent it, without zod: for the signed-in shell's and the
 * analytics pages' reads (the caller, the accounts lists, the dashboard's and metrics page's
 * figures). The server answers them through the same `@tp/api` schema (its serializer drops
 * unknown properties, and the server and this build ship together), so parsing them again here
 * bought nothing but zod on every signed-in page's first load (decision 0041). Forms and
 * everything a user types keep their zod schemas.
 */
export type ServerSent<T> = { readonly isServerSent: true; readonly shape?: T }

/** The reader of a body taken as sent (see ServerSent). */
export function serverSent<T>(): ServerSent<T> {
  return { isServerSent: true }
}

/** How a success body is read: parsed by a zod schema, or taken as the server sent it. */
export type ResponseReader<T> = z.ZodType<T> | ServerSent<T>

export type RequestOptions<T> = {
  method?: HttpMethod
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown
  /** Reads the success body; without it the body is ignored and undefined returned. */
  schema?: ResponseReader<T>
  signal?: AbortSignal
  /**
   * Whether to send the bearer token and recover from a 401 by refreshing. Off for the sign-in
   * calls themselves, where a 401 means wrong credentials rather than an expired token.
   */
  authenticated?: boolean
}

/** A failed API call. `status` is null when no response arrived at all. */
export class ApiError extends Error {
  readonly status: number | null
  readonly body: ErrorBody | null

  constructor(status: number | null, body: ErrorBody | null) {
    super(body?.message ?? (status === null ? httpMessages.noResponse : `HTTP ${status}`))
    this.name = 'ApiError'
    this.status = status
    this.body = body
  }

  get code(): string | undefined {
    return this.body?.code
  }

  /** The server's own explanation, safe to show (errors.ts). */
  get serverMessage(): string | undefined {
    return this.body?.message || undefined
  }
}

const statusMessages: Partial<Record<number, string>> = {
  400: httpMessages[400],
  401: httpMessages[401],
  403: httpMessages[403],
  404: httpMessages[404],
  500: httpMessages[500],
}

/** What to tell the user about a failed call (spec 8): the server's message, else by status. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage
    if (error.status === null) return httpMessages.noResponse
    return statusMessages[error.status] ?? httpMessages.other
  }
  return httpMessages.other
}

function buildInit(
  method: HttpMethod,
  body: unknown,
  token: string | undefined,
  signal?: AbortSignal,
) {
  const headers = new Headers({ Accept: 'application/json' })
  if (token) headers.set('Authorization', `Bearer ${token}`)
  let payload: BodyInit | undefined
  if (body instanceof FormData) {
    payload = body
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json')
    payload = JSON.stringify(body)
  }
  const init: RequestInit = { method, headers, credentials: 'same-origin' }
  if (payload !== undefined) init.body = payload
  if (signal) init.signal = signal
  return init
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(`${API_BASE}${path}`, init)
  } catch (error) {
    if (init.signal?.aborted) throw error
    throw new ApiError(null, null)
  }
}

async function readErrorBody(response: Response): Promise<ErrorBody | null> {
  try {
    const [{ errorBodySchema }, json] = await Promise.all([
      import('@tp/api/errors'),
      response.json() as Promise<unknown>,
    ])
    const parsed = errorBodySchema.safeParse(json)
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

let refreshInFlight: Promise<string | null> | null = null

/**
 * Exchanges the refresh token for a new pair. Concurrent callers share one request: the server
 * rotates refresh tokens, so a second parallel refresh would present a token already spent and
 * end the session. Resolves to the new access token, or null when the session is over.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshInFlight ??= performRefresh().finally(() => {
    refreshInFlight = null
  })
  return refreshInFlight
}

async function performRefresh(): Promise<string | null> {
  const refreshToken = getSession()?.refreshToken
  if (!refreshToken) {
    endSession('expired')
    return null
  }
  const response = await send('/auth/refresh', buildInit('POST', { refreshToken }, undefined))
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    endSession('expired')
    return null
  }
  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response))
  const { refreshedSchema } = await import('@tp/api/auth')
  const tokens = refreshedSchema.parse(await response.json())
  saveTokens(tokens)
  return tokens.token
}

export async function apiRequest<T = undefined>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { method = 'GET', body, schema, signal, authenticated = true } = options
  const tokenUsed = authenticated ? getSession()?.token : undefined

  let response = await send(path, buildInit(method, body, tokenUsed, signal))

  if (response.status === 401 && tokenUsed) {
    // another request may already have refreshed while this one was in flight
    const latest = getSession()?.token
    const fresh = latest && latest !== tokenUsed ? latest : await refreshAccessToken()
    if (!fresh)
      throw new ApiError(401, { code: 'SESSION_EXPIRED', message: authMessages.sessionExpired })
    response = await send(path, buildInit(method, body, fresh, signal))
    if (response.status === 401) endSession('expired')
  }

  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response))
  if (!schema || response.status === 204) return undefined as T

  let json: unknown
  try {
    json = await response.json()
  } catch {
    throw new ApiError(response.status, { code: 'INVALID_RESPONSE', message: httpMessages.other })
  }
  if ('isServerSent' in schema) {
    // a JSON value the server serialised from the shared schema: not null, an object or array
    if (json === null || typeof json !== 'object') {
      console.error(`Unexpected response from ${method} ${path}`, json)
      throw new ApiError(response.status, {
        code: 'INVALID_RESPONSE',
        message: httpMessages.other,
      })
    }
    return json as T
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    // the server and this build disagree on a contract; the detail is for developers only
    console.error(`Unexpected response from ${method} ${path}`, parsed.error.issues)
    throw new ApiError(response.status, { code: 'INVALID_RESPONSE', message: httpMessages.other })
  }
  return parsed.data
}

export const api = {
  get: <T>(path: string, schema: ResponseReader<T>, options?: Omit<RequestOptions<T>, 'schema'>) =>
    apiRequest(path, { ...options, method: 'GET', schema }),
  post: <T>(
    path: string,
    body: unknown,
    schema?: ResponseReader<T>,
    options?: Omit<RequestOptions<T>, 'schema' | 'body'>,
  ) => apiRequest<T>(path, { ...options, method: 'POST', body, ...(schema ? { schema } : {}) }),
}
