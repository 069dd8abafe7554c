import { setTimeout as delay } from 'node:timers/promises'
import type { z } from 'zod'
import {
  accountDtoSchema,
  accountInformationSchema,
  createdAccountSchema,
  dealSchema,
  demoAccountCredentialsSchema,
  metaApiErrorBodySchema,
  orderSchema,
  positionSchema,
  trackerEventSchema,
  trackerIdSchema,
  trackerSchema,
  tradeResponseSchema,
  type MetaApiErrorBody,
  type NewTracker,
} from './metaapi-wire'

// MetaApi's REST APIs as typed calls (contracts/integrations.md 3.2, 3.3, 3.6): the provisioning
// API (demo-account creation on a provisioning profile, accounts, deploy/undeploy/remove) and the
// client API (account information, positions, orders, history deals by time, trade) and the risk
// management API (3.5: trackers, the tracker-events long-poll stream). Every call
// sends the `auth-token` header. Retries (3.6): a 202 is "still working, ask again after
// Retry-After" and is re-sent unchanged (a create keeps its `transaction-id`, MetaApi's
// idempotency key, so a retry never makes a second account); a 429 waits for Retry-After or
// metadata.recommendedRetryTime; a 5xx or a network failure backs off 0.25 s doubling to 8 s. All
// of it bounded by the call's deadline. Polling calls opt out (`retry: false`): the poller
// backs off per account itself.

export type MetaApiErrorKind =
  /** our token was refused (401/403) */
  | 'unauthorized'
  | 'not_found'
  /** 400: a validation error, e.g. E_AUTH (wrong login/password), E_SRV_NOT_FOUND */
  | 'validation'
  | 'conflict'
  | 'rate_limited'
  /** 5xx, network failure, timeout, or still 202 at the deadline */
  | 'unavailable'
  | 'invalid_response'

export class MetaApiError extends Error {
  constructor(
    readonly kind: MetaApiErrorKind,
    message: string,
    readonly info: {
      httpStatus?: number
      /** MetaApi's `error` name (ValidationError, UnauthorizedError, ...) */
      errorName?: string
      /** MetaApi's own message, safe to show (it names no secret) */
      providerMessage?: string
      /** `details` when it is a code (E_AUTH, E_SRV_NOT_FOUND, E_SERVER_TIMEZONE, ...) */
      code?: string
      retryAfterMs?: number
      cause?: unknown
    } = {},
  ) {
    super(message, info.cause === undefined ? undefined : { cause: info.cause })
    this.name = 'MetaApiError'
  }
}

export type MetaApiClientOptions = {
  token: string
  /** e.g. https://mt-provisioning-api-v1.agiliumtrade.agiliumtrade.ai (METAAPI_PROVISIONING_URL) */
  provisioningUrl: string
  /** e.g. https://mt-client-api-v1.new-york.agiliumtrade.ai (METAAPI_CLIENT_URL) */
  clientUrl: string
  /** e.g. https://risk-management-api-v1.new-york.agiliumtrade.ai (METAAPI_RISK_URL) */
  riskUrl: string
  fetch?: typeof globalThis.fetch
  /** per attempt; default 20 s */
  timeoutMs?: number
  /** the longest one call keeps retrying 202/429/5xx; default 60 s */
  deadlineMs?: number
  /** how the client waits between attempts (tests record the waits) */
  sleep?: (ms: number) => Promise<void>
}

type CallOptions = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  base: 'provisioning' | 'client' | 'risk'
  path: string
  query?: Record<string, string | number | undefined>
  body?: unknown
  headers?: Record<string, string>
  /** false: one attempt, errors straight to the caller */
  retry?: boolean
  /** overrides the client's deadline for this call */
  deadlineMs?: number
  /** overrides the per-attempt timeout (a long poll holds its request) */
  timeoutMs?: number
  /** the caller gives up (the adapter stops) */
  signal?: AbortSignal
}

const MAX_PROVIDER_MESSAGE = 300
const MAX_SERVER_WAIT_MS = 30_000

/** Retry-After in ms: seconds or an HTTP date (contract 3.6); null when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const value = headers.get('retry-after')
  if (!value) return null
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

function errorFrom(status: number, body: MetaApiErrorBody | null, headers: Headers, label: string) {
  const info = {
    httpStatus: status,
    ...(body?.error ? { errorName: body.error } : {}),
    ...(body?.message ? { providerMessage: body.message.slice(0, MAX_PROVIDER_MESSAGE) } : {}),
    ...(typeof body?.details === 'string' ? { code: body.details } : {}),
  }
  if (status === 401 || status === 403) {
    return new MetaApiError('unauthorized', `MetaApi refused the token on ${label}`, info)
  }
  if (status === 404)
    return new MetaApiError('not_found', `MetaApi found nothing at ${label}`, info)
  if (status === 409) return new MetaApiError('conflict', `MetaApi conflict on ${label}`, info)
  if (status === 429) {
    const recommended = body?.metadata?.recommendedRetryTime
    const fromBody = recommended ? Date.parse(recommended) - Date.now() : Number.NaN
    const wait = retryAfterMs(headers) ?? (Number.isFinite(fromBody) ? Math.max(0, fromBody) : null)
    return new MetaApiError('rate_limited', `MetaApi rate-limited ${label}`, {
      ...info,
      ...(wait !== null ? { retryAfterMs: wait } : {}),
    })
  }
  if (status >= 500) return new MetaApiError('unavailable', `MetaApi failed on ${label}`, info)
  return new MetaApiError('validation', `MetaApi refused ${label} (${status})`, info)
}

export function createMetaApiClient(options: MetaApiClientOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch
  const timeoutMs = options.timeoutMs ?? 20_000
  const defaultDeadlineMs = options.deadlineMs ?? 60_000
  const sleep = options.sleep ?? ((ms: number) => delay(ms))
  const bases = {
    provisioning: options.provisioningUrl.replace(/\/+$/, ''),
    client: options.clientUrl.replace(/\/+$/, ''),
    risk: options.riskUrl.replace(/\/+$/, ''),
  }

  /** One attempt: the status, headers and parsed JSON (null when empty or not JSON). */
  async function attempt(call: CallOptions, label: string) {
    const url = new URL(bases[call.base] + call.path)
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value))
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      'auth-token': options.token,
      ...call.headers,
    }
    if (call.body !== undefined) headers['content-type'] = 'application/json'
    try {
      const response = await fetchImpl(url, {
        method: call.method,
        headers,
        ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
        signal: call.signal
          ? AbortSignal.any([call.signal, AbortSignal.timeout(call.timeoutMs ?? timeoutMs)])
          : AbortSignal.timeout(call.timeoutMs ?? timeoutMs),
      })
      const text = await response.text()
      let json: unknown = null
      if (text) {
        try {
          json = JSON.parse(text)
        } catch {
          // a proxy's HTML page: judged by the status alone
        }
      }
      return { status: response.status, headers: response.headers, json }
    } catch (cause) {
      throw new MetaApiError('unavailable', `MetaApi did not answer ${label}`, { cause })
    }
  }

  async function send(call: CallOptions): Promise<unknown> {
    const label = `${call.method} ${call.path}`
    const isRetrying = call.retry !== false
    const deadline = Date.now() + (call.deadlineMs ?? defaultDeadlineMs)
    let backoffMs = 250
    for (;;) {
      let waitMs: number
      let failure: MetaApiError
      try {
        const answer = await attempt(call, label)
        if (answer.status === 202) {
          // still working (broker settings detection, deployment): ask again, unchanged
          waitMs = retryAfterMs(answer.headers) ?? 1000
          failure = new MetaApiError('unavailable', `MetaApi still processing ${label}`, {
            httpStatus: 202,
            retryAfterMs: waitMs,
          })
        } else if (answer.status < 300) {
          return answer.json
        } else {
          const parsed = metaApiErrorBodySchema.safeParse(answer.json)
          failure = errorFrom(
            answer.status,
            parsed.success ? parsed.data : null,
            answer.headers,
            label,
          )
          if (failure.kind === 'rate_limited') {
            waitMs = failure.info.retryAfterMs ?? 1000
          } else if (failure.kind === 'unavailable') {
            waitMs = backoffMs
            backoffMs = Math.min(backoffMs * 2, 8000)
          } else {
            throw failure
          }
        }
      } catch (error) {
        if (
          !(error instanceof MetaApiError) ||
          error.kind !== 'unavailable' ||
          error.info.httpStatus
        )
          throw error
        // network failure or timeout
        failure = error
        waitMs = backoffMs
        backoffMs = Math.min(backoffMs * 2, 8000)
      }
      waitMs = Math.min(waitMs, MAX_SERVER_WAIT_MS)
      if (!isRetrying || Date.now() + waitMs > deadline) throw failure
      await sleep(waitMs)
    }
  }

  function read<T extends z.ZodType>(schema: T, data: unknown, label: string): z.output<T> {
    const parsed = schema.safeParse(data)
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
        .join('; ')
      throw new MetaApiError('invalid_response', `MetaApi's answer to ${label}: ${issues}`)
    }
    return parsed.data
  }

  const account = (id: string) => `/users/current/accounts/${encodeURIComponent(id)}`

  return {
    /** Broker demo account on a provisioning profile (the broker's credentials come back). */
    async createDemoAccount(input: {
      platform: 'mt4' | 'mt5'
      profileId: string
      transactionId: string
      accountType: string
      balance: number
      email: string
      leverage: number
      name: string
      serverName?: string
    }) {
      const path = `/users/current/provisioning-profiles/${encodeURIComponent(input.profileId)}/${input.platform}-demo-accounts`
      const body = {
        accountType: input.accountType,
        balance: input.balance,
        email: input.email,
        leverage: input.leverage,
        name: input.name,
        ...(input.serverName ? { serverName: input.serverName } : {}),
      }
      const data = await send({
        method: 'POST',
        base: 'provisioning',
        path,
        body,
        headers: { 'transaction-id': input.transactionId },
      })
      return read(demoAccountCredentialsSchema, data, `POST ${path}`)
    },

    /** Adds an MT account to MetaApi; the same transactionId answers the same account. */
    async createAccount(input: {
      transactionId: string
      name: string
      login: string
      password: string
      server: string
      platform: 'mt4' | 'mt5'
      region: string
      provisioningProfileId?: string
      metastatsApiEnabled: boolean
      riskManagementApiEnabled: boolean
      deadlineMs?: number
    }) {
      const path = '/users/current/accounts'
      const { transactionId, deadlineMs, ...body } = input
      const data = await send({
        method: 'POST',
        base: 'provisioning',
        path,
        body: { ...body, type: 'cloud-g2', magic: 0, reliability: 'regular' },
        headers: { 'transaction-id': transactionId },
        ...(deadlineMs !== undefined ? { deadlineMs } : {}),
      })
      return read(createdAccountSchema, data, `POST ${path}`)
    },

    async getAccount(id: string, call: { retry?: boolean } = {}) {
      const data = await send({ method: 'GET', base: 'provisioning', path: account(id), ...call })
      return read(accountDtoSchema, data, `GET ${account(id)}`)
    },

    async deployAccount(id: string) {
      await send({ method: 'POST', base: 'provisioning', path: `${account(id)}/deploy` })
    },

    async undeployAccount(id: string) {
      await send({ method: 'POST', base: 'provisioning', path: `${account(id)}/undeploy` })
    },

    async removeAccount(id: string) {
      await send({ method: 'DELETE', base: 'provisioning', path: account(id) })
    },

    async listDeployedAccounts() {
      const data = await send({
        method: 'GET',
        base: 'provisioning',
        path: '/users/current/accounts',
        query: { state: 'DEPLOYED', limit: 1000 },
      })
      if (!Array.isArray(data)) {
        throw new MetaApiError('invalid_response', `MetaApi's account list is not a list`)
      }
      return data.map((row) => read(accountDtoSchema, row, 'GET /users/current/accounts'))
    },

    async getAccountInformation(id: string, call: { retry?: boolean } = {}) {
      const path = `${account(id)}/account-information`
      const data = await send({ method: 'GET', base: 'client', path, ...call })
      return read(accountInformationSchema, data, `GET ${path}`)
    },

    async getPositions(id: string, call: { retry?: boolean } = {}) {
      const path = `${account(id)}/positions`
      const data = await send({ method: 'GET', base: 'client', path, ...call })
      return read(positionSchema.array(), data, `GET ${path}`)
    },

    async getOrders(id: string) {
      const path = `${account(id)}/orders`
      const data = await send({ method: 'GET', base: 'client', path })
      return read(orderSchema.array(), data, `GET ${path}`)
    },

    /** Deals in [from, to) by time, one page (MetaApi answers at most 1000 per page). */
    async getDealsByTime(
      id: string,
      range: { fromMs: number; toMs: number; offset: number; limit: number },
      call: { retry?: boolean } = {},
    ) {
      const from = new Date(range.fromMs).toISOString()
      const to = new Date(range.toMs).toISOString()
      const path = `${account(id)}/history-deals/time/${from}/${to}`
      const data = await send({
        method: 'GET',
        base: 'client',
        path,
        query: { offset: range.offset, limit: Math.min(range.limit, 1000) },
        ...call,
      })
      return read(dealSchema.array(), data, `GET ${path}`)
    },

    /** Every deal of one position (its opening and closings). */
    async getDealsByPosition(id: string, positionId: string) {
      const path = `${account(id)}/history-deals/position/${encodeURIComponent(positionId)}`
      const data = await send({ method: 'GET', base: 'client', path })
      return read(dealSchema.array(), data, `GET ${path}`)
    },

    // ---- risk management (equity tracking), contract 3.5 ----

    /** Creates a tracker on the account; answers its id. */
    async createTracker(id: string, tracker: NewTracker) {
      const path = `${account(id)}/trackers`
      const data = await send({ method: 'POST', base: 'risk', path, body: tracker })
      return read(trackerIdSchema, data, `POST ${path}`)
    },

    /** The account's tracker of that name, or null when it has none. */
    async getTrackerByName(id: string, name: string) {
      const path = `${account(id)}/trackers/name/${encodeURIComponent(name)}`
      try {
        const data = await send({ method: 'GET', base: 'risk', path })
        return read(trackerSchema, data, `GET ${path}`)
      } catch (error) {
        if (error instanceof MetaApiError && error.kind === 'not_found') return null
        throw error
      }
    },

    /** Removes a tracker; one already gone is not an error. */
    async deleteTracker(id: string, trackerId: string) {
      const path = `${account(id)}/trackers/${encodeURIComponent(trackerId)}`
      try {
        await send({ method: 'DELETE', base: 'risk', path })
      } catch (error) {
        if (!(error instanceof MetaApiError && error.kind === 'not_found')) throw error
      }
    },

    /**
     * One long poll of the tracker events after `previousSequenceNumber` (all the app's accounts;
     * none given: MetaApi's own start). MetaApi holds the request until there are events or its
     * wait ends (an empty list). One attempt: the caller backs off (429: its Retry-After).
     */
    async streamTrackerEvents(
      query: { previousSequenceNumber: number | null; limit?: number },
      call: { signal?: AbortSignal; timeoutMs?: number } = {},
    ) {
      const path = '/users/current/tracker-events/stream'
      const data = await send({
        method: 'GET',
        base: 'risk',
        path,
        query: {
          previousSequenceNumber: query.previousSequenceNumber ?? undefined,
          limit: query.limit ?? 1000,
        },
        retry: false,
        timeoutMs: call.timeoutMs ?? 90_000,
        ...(call.signal ? { signal: call.signal } : {}),
      })
      return read(trackerEventSchema.array(), data, `GET ${path}`)
    },

    async trade(id: string, request: Record<string, unknown>) {
      const path = `${account(id)}/trade`
      const data = await send({ method: 'POST', base: 'client', path, body: request })
      return read(tradeResponseSchema, data, `POST ${path}`)
    },
  }
}

export type MetaApiClient = ReturnType<typeof createMetaApiClient>
