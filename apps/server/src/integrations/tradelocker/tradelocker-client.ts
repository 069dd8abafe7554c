import { setTimeout as delay } from 'node:timers/promises'
import { z } from 'zod'

// TradeLocker's public REST API as typed calls (contracts/integrations.md section 5; decision
// 0044). `accountType` (demo/live) picks the host: TRADELOCKER_BASE_URL_DEMO / _LIVE, each
// ending in /backend-api. Auth: POST /auth/jwt/token (201, 400 on bad credentials), /auth/jwt/refresh
// (201; a used refresh token is refused), GET /auth/jwt/all-accounts (Bearer). Trade calls send
// Bearer and `accNum` (the account's index, not its id) and answer {s, d}; their rows are arrays
// aligned to the columns of /trade/config, whose order differs per brand, so every row is decoded
// by the config's column ids. Numbers arrive as strings and are kept as strings until the exact
// maths (@tp/domain/trades closedTradesFromFills). A 429 waits for Retry-After, else backs off
// 0.5 s doubling, at most `maxRetries` times; a 5xx or a network failure likewise.

export type TradeLockerEnvironment = 'demo' | 'live'

export type TradeLockerErrorKind =
  /** 400/401/403 on sign-in or refresh: wrong credentials, or a refresh token used or revoked */
  | 'credentials'
  /** 401/403 on a data call: the access token expired or was revoked */
  | 'unauthorized'
  | 'not_found'
  | 'rate_limited'
  /** 5xx, network failure or timeout */
  | 'unavailable'
  | 'invalid_response'

export class TradeLockerError extends Error {
  constructor(
    readonly kind: TradeLockerErrorKind,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message)
    this.name = 'TradeLockerError'
  }
}

export type TradeLockerTokens = { accessToken: string; refreshToken: string; expireDate: Date }

export type TradeLockerAccount = {
  id: string
  accNum: string
  name: string
  currency: string
  status: string
  /** decimal string, exact */
  balance: string
}

/** A session on one account: the access token and the account's accNum header. */
export type TradeLockerSession = { accessToken: string; accNum: string }

/** A row decoded by its config's column ids: values as sent (strings, numbers, booleans, null). */
export type TradeLockerRow = Record<string, string | number | boolean | null>

export type TradeLockerConfig = {
  columns: {
    accountDetails: string[]
    positions: string[]
    ordersHistory: string[]
  }
  rateLimits: { rateLimitType: string; measure: string; intervalNum: number; limit: number }[]
}

export type TradeLockerInstrument = {
  tradableInstrumentId: string
  name: string
  /** units of the instrument per lot (its contract size); null when the list does not say */
  lotSize: string | null
  /** the route to ask the instrument's details on (type INFO), when the list gives one */
  infoRouteId: string | null
}

/** The port: what the app asks of TradeLocker. */
export interface TradeLockerClient {
  login(
    environment: TradeLockerEnvironment,
    credentials: { email: string; password: string; server: string },
  ): Promise<TradeLockerTokens>
  refresh(environment: TradeLockerEnvironment, refreshToken: string): Promise<TradeLockerTokens>
  allAccounts(
    environment: TradeLockerEnvironment,
    accessToken: string,
  ): Promise<TradeLockerAccount[]>
  config(
    environment: TradeLockerEnvironment,
    session: TradeLockerSession,
  ): Promise<TradeLockerConfig>
  accountState(
    environment: TradeLockerEnvironment,
    session: TradeLockerSession,
    accountId: string,
    config: TradeLockerConfig,
  ): Promise<TradeLockerRow>
  positions(
    environment: TradeLockerEnvironment,
    session: TradeLockerSession,
    accountId: string,
    config: TradeLockerConfig,
  ): Promise<TradeLockerRow[]>
  ordersHistory(
    environment: TradeLockerEnvironment,
    session: TradeLockerSession,
    accountId: string,
    config: TradeLockerConfig,
    range: { fromMs: number; toMs: number },
  ): Promise<TradeLockerRow[]>
  instruments(
    environment: TradeLockerEnvironment,
    session: TradeLockerSession,
    accountId: string,
  ): Promise<TradeLockerInstrument[]>
  /**
   * The instrument's contract size from its details (`GET /trade/instruments/{id}?routeId=`, the
   * INFO route): the lot size the list did not give; null when the broker gives none.
   */
  instrumentLotSize(
    environment: TradeLockerEnvironment,
    session: TradeLockerSession,
    instrument: TradeLockerInstrument,
  ): Promise<string | null>
}

// ---- wire shapes (zod): ids and numbers arrive as strings or numbers, both accepted ----

const idText = z.union([z.string(), z.number()]).transform(String)
const tokensWire = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  expireDate: z.string(),
})
const accountsWire = z.object({
  accounts: z.array(
    z
      .object({
        id: idText,
        name: z.string().default(''),
        currency: z.string().default('USD'),
        status: z.string().default('ACTIVE'),
        accNum: idText,
        accountBalance: idText.optional(),
        // the vendor's reference itself misspells it (contract 5.2)
        aaccountBalance: idText.optional(),
      })
      .loose(),
  ),
})
const columnsWire = z.object({ columns: z.array(z.object({ id: z.string() }).loose()) })
const configWire = z.object({
  s: z.literal('ok'),
  d: z
    .object({
      accountDetailsConfig: columnsWire,
      positionsConfig: columnsWire,
      ordersHistoryConfig: columnsWire,
      rateLimits: z
        .array(
          z
            .object({
              rateLimitType: z.string(),
              measure: z.string(),
              intervalNum: z.number(),
              limit: z.number(),
            })
            .loose(),
        )
        .default([]),
    })
    .loose(),
})
const cell = z.union([z.string(), z.number(), z.boolean(), z.null()])
const rowsEnvelope = (key: string) =>
  z.union([
    z.object({ s: z.literal('no_data') }).loose(),
    z.object({ s: z.literal('ok'), d: z.object({ [key]: z.array(z.array(cell)) }).loose() }),
  ])
const stateWire = z.object({
  s: z.literal('ok'),
  d: z.object({ accountDetailsData: z.array(cell) }).loose(),
})
const instrumentsWire = z.object({
  s: z.literal('ok'),
  d: z.object({
    instruments: z.array(
      z
        .object({
          tradableInstrumentId: idText,
          name: z.string(),
          lotSize: idText.optional(),
          routes: z.array(z.object({ id: idText, type: z.string() }).loose()).optional(),
        })
        .loose(),
    ),
  }),
})
const instrumentDetailsWire = z.object({
  s: z.literal('ok'),
  d: z.object({ lotSize: idText.optional() }).loose(),
})

/** Decodes an array row by its config's column ids (the order is the broker's, contract 5.3). */
export function decodeRow(
  columns: readonly string[],
  row: readonly (string | number | boolean | null)[],
): TradeLockerRow {
  if (row.length < columns.length) {
    throw new TradeLockerError(
      'invalid_response',
      `a row has ${row.length} values for ${columns.length} columns`,
    )
  }
  const decoded: TradeLockerRow = {}
  columns.forEach((id, index) => {
    decoded[id] = row[index] ?? null
  })
  return decoded
}

export type HttpTradeLockerOptions = {
  /** the two hosts, each ending in /backend-api */
  baseUrls: Record<TradeLockerEnvironment, string>
  fetch?: typeof globalThis.fetch
  /** per attempt; default 15 s */
  timeoutMs?: number
  /** retries of a 429, 5xx or network failure; default 4 */
  maxRetries?: number
  /** first back-off; doubles per retry; default 500 ms */
  backoffMs?: number
  /** the longest Retry-After honoured; default 30 s */
  maxWaitMs?: number
  sleep?: (ms: number) => Promise<void>
}

/** Retry-After in ms: seconds or an HTTP date; null when absent or unreadable. */
function retryAfterMs(headers: Headers, nowMs: number): number | null {
  const value = headers.get('retry-after')
  if (!value) return null
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs)
}

/** The real adapter, written to the wire contract. */
export class HttpTradeLockerClient implements TradeLockerClient {
  private readonly fetch: typeof globalThis.fetch
  private readonly sleep: (ms: number) => Promise<void>

  constructor(private readonly options: HttpTradeLockerOptions) {
    this.fetch = options.fetch ?? globalThis.fetch
    this.sleep = options.sleep ?? ((ms) => delay(ms))
  }

  private async call(
    environment: TradeLockerEnvironment,
    request: {
      method: 'GET' | 'POST'
      path: string
      query?: Record<string, string | number>
      body?: unknown
      accessToken?: string
      accNum?: string
      isAuth?: boolean
    },
  ): Promise<unknown> {
    const base = this.options.baseUrls[environment].replace(/\/+$/, '')
    const url = new URL(base + request.path)
    for (const [key, value] of Object.entries(request.query ?? {})) {
      url.searchParams.set(key, String(value))
    }
    const headers: Record<string, string> = { accept: 'application/json' }
    if (request.body !== undefined) headers['content-type'] = 'application/json'
    if (request.accessToken) headers.authorization = `Bearer ${request.accessToken}`
    if (request.accNum) headers.accNum = request.accNum
    const maxRetries = this.options.maxRetries ?? 4
    let backoff = this.options.backoffMs ?? 500
    for (let attempt = 0; ; attempt++) {
      let response: Response
      try {
        response = await this.fetch(url, {
          method: request.method,
          headers,
          ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
        })
      } catch (error) {
        if (attempt < maxRetries) {
          await this.sleep(backoff)
          backoff *= 2
          continue
        }
        throw new TradeLockerError(
          'unavailable',
          `TradeLocker did not answer: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
      const status = response.status
      if (status === 429 || status >= 500) {
        const wait =
          status === 429
            ? Math.min(
                retryAfterMs(response.headers, Date.now()) ?? backoff,
                this.options.maxWaitMs ?? 30_000,
              )
            : backoff
        await response.body?.cancel()
        if (attempt < maxRetries) {
          await this.sleep(wait)
          backoff *= 2
          continue
        }
        throw new TradeLockerError(
          status === 429 ? 'rate_limited' : 'unavailable',
          `TradeLocker answered ${status} ${request.method} ${request.path}`,
          status,
        )
      }
      const text = await response.text()
      if (status === 400 || status === 401 || status === 403) {
        throw new TradeLockerError(
          request.isAuth ? 'credentials' : status === 400 ? 'invalid_response' : 'unauthorized',
          `TradeLocker refused ${request.method} ${request.path} (${status})`,
          status,
        )
      }
      if (status === 404) {
        throw new TradeLockerError('not_found', `TradeLocker: ${request.path} not found`, status)
      }
      if (status < 200 || status >= 300) {
        throw new TradeLockerError('unavailable', `TradeLocker answered ${status}`, status)
      }
      try {
        return text === '' ? null : JSON.parse(text)
      } catch {
        throw new TradeLockerError(
          'invalid_response',
          `TradeLocker sent no JSON for ${request.path}`,
        )
      }
    }
  }

  private parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
    const parsed = schema.safeParse(value)
    if (!parsed.success) {
      throw new TradeLockerError('invalid_response', `TradeLocker's ${what} is not as documented`)
    }
    return parsed.data
  }

  private tokens(value: unknown): TradeLockerTokens {
    const wire = this.parse(tokensWire, value, 'token answer')
    const expireDate = new Date(wire.expireDate)
    if (Number.isNaN(expireDate.getTime())) {
      throw new TradeLockerError('invalid_response', "TradeLocker's expireDate is not a date")
    }
    return { accessToken: wire.accessToken, refreshToken: wire.refreshToken, expireDate }
  }

  async login(
    environment: TradeLockerEnvironment,
    credentials: { email: string; password: string; server: string },
  ) {
    const body = await this.call(environment, {
      method: 'POST',
      path: '/auth/jwt/token',
      body: credentials,
      isAuth: true,
    })
    return this.tokens(body)
  }

  async refresh(environment: TradeLockerEnvironment, refreshToken: string) {
    const body = await this.call(environment, {
      method: 'POST',
      path: '/auth/jwt/refresh',
      body: { refreshToken },
      isAuth: true,
    })
    return this.tokens(body)
  }

  async allAccounts(environment: TradeLockerEnvironment, accessToken: string) {
    const body = await this.call(environment, {
      method: 'GET',
      path: '/auth/jwt/all-accounts',
      accessToken,
    })
    return this.parse(accountsWire, body, 'account list').accounts.map((account) => ({
      id: account.id,
      accNum: account.accNum,
      name: account.name,
      currency: account.currency,
      status: account.status,
      balance: account.accountBalance ?? account.aaccountBalance ?? '0',
    }))
  }

  async config(environment: TradeLockerEnvironment, session: TradeLockerSession) {
    const body = await this.call(environment, { method: 'GET', path: '/trade/config', ...session })
    const { d } = this.parse(configWire, body, 'config')
    const ids = (config: z.infer<typeof columnsWire>) => config.columns.map((column) => column.id)
    return {
      columns: {
        accountDetails: ids(d.accountDetailsConfig),
        positions: ids(d.positionsConfig),
        ordersHistory: ids(d.ordersHistoryConfig),
      },
      rateLimits: d.rateLimits,
    }
  }

  async accountState(
    environment: TradeLockerEnvironment,
    session: TradeLockerSession,
    accountId: string,
    config: TradeLockerConfig,
  ) {
    const body = await this.call(environment, {
      method: 'GET',
      path: `/trade/accounts/${encodeURIComponent(accountId)}/state`,
      ...session,
    })
    const { d } = this.parse(stateWire, body, 'account state')
    return decodeRow(config.columns.accountDetails, d.accountDetailsData)
  }

  async positions(
    environment: TradeLockerEnvironment,
    session: TradeLockerSession,
    accountId: string,
    config: TradeLockerConfig,
  ) {
    const body = await this.call(environment, {
      method: 'GET',
      path: `/trade/accounts/${encodeURIComponent(accountId)}/positions`,
      ...session,
    })
    const parsed = this.parse(rowsEnvelope('positions'), body, 'positions')
    if (parsed.s === 'no_data') return []
    const rows = (parsed as { d: Record<string, (string | number | boolean | null)[][]> }).d
      .positions!
    return rows.map((row) => decodeRow(config.columns.positions, row))
  }

  async ordersHistory(
    environment: TradeLockerEnvironment,
    session: TradeLockerSession,
    accountId: string,
    config: TradeLockerConfig,
    range: { fromMs: number; toMs: number },
  ) {
    const body = await this.call(environment, {
      method: 'GET',
      path: `/trade/accounts/${encodeURIComponent(accountId)}/ordersHistory`,
      query: { from: range.fromMs, to: range.toMs },
      ...session,
    })
    const parsed = this.parse(rowsEnvelope('ordersHistory'), body, 'order history')
    if (parsed.s === 'no_data') return []
    const rows = (parsed as { d: Record<string, (string | number | boolean | null)[][]> }).d
      .ordersHistory!
    return rows.map((row) => decodeRow(config.columns.ordersHistory, row))
  }

  async instruments(
    environment: TradeLockerEnvironment,
    session: TradeLockerSession,
    accountId: string,
  ) {
    const body = await this.call(environment, {
      method: 'GET',
      path: `/trade/accounts/${encodeURIComponent(accountId)}/instruments`,
      ...session,
    })
    return this.parse(instrumentsWire, body, 'instruments').d.instruments.map((instrument) => ({
      tradableInstrumentId: instrument.tradableInstrumentId,
      name: instrument.name,
      lotSize: instrument.lotSize ?? null,
      infoRouteId: instrument.routes?.find((route) => route.type === 'INFO')?.id ?? null,
    }))
  }

  async instrumentLotSize(
    environment: TradeLockerEnvironment,
    session: TradeLockerSession,
    instrument: TradeLockerInstrument,
  ) {
    const body = await this.call(environment, {
      method: 'GET',
      path: `/trade/instruments/${encodeURIComponent(instrument.tradableInstrumentId)}`,
      ...(instrument.infoRouteId ? { query: { routeId: instrument.infoRouteId } } : {}),
      ...session,
    })
    return this.parse(instrumentDetailsWire, body, 'instrument details').d.lotSize ?? null
  }
}

export const TRADELOCKER_HOSTS: Record<TradeLockerEnvironment, string> = {
  demo: 'https://demo.tradelocker.com/backend-api',
  live: 'https://live.tradelocker.com/backend-api',
}
