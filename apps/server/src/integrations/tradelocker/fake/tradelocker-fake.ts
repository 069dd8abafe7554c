import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { TradeLockerEnvironment } from '../tradelocker-client'

// A local stand-in for TradeLocker's public API (contracts/integrations.md 5.4; decision 0044),
// on loopback, mounted under /demo/backend-api and /live/backend-api. Tokens are JWT-like (HS256
// over {sub, env, kind, exp, jti}) and expire; a refresh rotates both tokens and refuses a used or
// revoked refresh token; wrong credentials are a 400. Trade calls need Bearer and accNum and
// answer {s, d} with array rows in the config's column order, which a test may shuffle. Tests
// can make the next calls answer 429, add filled orders and revoke a login's tokens.

export const TRADELOCKER_DEMO_LOGIN = {
  email: 'trader@tradelocker.demo',
  password: 'Demo-TradeLocker-1',
  server: 'OSP-DEMO',
} as const
export const TRADELOCKER_LIVE_LOGIN = {
  email: 'trader@tradelocker.demo',
  password: 'Live-TradeLocker-1',
  server: 'OSP-LIVE',
} as const

const ORDERS_HISTORY_COLUMNS = [
  'id',
  'tradableInstrumentId',
  'routeId',
  'qty',
  'side',
  'type',
  'status',
  'filledQty',
  'avgPrice',
  'price',
  'stopPrice',
  'validity',
  'expireDate',
  'createdDate',
  'lastModified',
  'isOpen',
  'positionId',
  'stopLoss',
  'stopLossType',
  'takeProfit',
  'takeProfitType',
  'strategyId',
] as const
const POSITIONS_COLUMNS = [
  'id',
  'tradableInstrumentId',
  'routeId',
  'side',
  'qty',
  'avgPrice',
  'stopLossId',
  'takeProfitId',
  'openDate',
  'unrealizedPl',
  'strategyId',
] as const
const ACCOUNT_DETAILS_COLUMNS = [
  'balance',
  'projectedBalance',
  'availableFunds',
  'blockedBalance',
  'todayGross',
  'todayNet',
  'todayFees',
  'todayVolume',
  'todayTradesCount',
  'openGrossPnL',
  'openNetPnL',
  'positionsCount',
  'ordersCount',
] as const

/**
 * The instruments and their lot sizes (contract sizes): EURUSD and XAUUSD give theirs in the list,
 * US30 only in its details (/trade/instruments/:id), GER40 nowhere (a broker that does not say).
 */
export const TRADELOCKER_FAKE_INSTRUMENTS = [
  { tradableInstrumentId: '278', id: '278', name: 'EURUSD', lotSize: '100000', inList: true },
  { tradableInstrumentId: '316', id: '316', name: 'XAUUSD', lotSize: '100', inList: true },
  { tradableInstrumentId: '1042', id: '1042', name: 'US30', lotSize: '1', inList: false },
  { tradableInstrumentId: '1077', id: '1077', name: 'GER40', lotSize: null, inList: false },
] as const

/** A filled order to add to an account's history (the fake's own shape, not the wire's). */
export type FakeFill = {
  positionId: string
  instrument: 'EURUSD' | 'XAUUSD' | 'US30' | 'GER40'
  side: 'buy' | 'sell'
  qty: string
  price: string
  timeMs: number
  /** default Filled; anything else is a row the importer must skip */
  status?: string
}

type FakeAccount = {
  id: string
  accNum: string
  name: string
  currency: string
  balance: string
  history: (string | boolean | null)[][]
}
type FakeLogin = {
  environment: TradeLockerEnvironment
  email: string
  password: string
  server: string
  sub: string
  accounts: FakeAccount[]
}

export type TradeLockerFake = {
  url: string
  baseUrls: Record<TradeLockerEnvironment, string>
  /** answer the next `count` calls with 429 (Retry-After: 0) */
  rateLimitNext(count: number): void
  /** a random but fixed permutation of every config's columns (and of the rows); null: standard */
  shuffleColumns(seed: number | null): void
  addFills(environment: TradeLockerEnvironment, accountId: string, fills: FakeFill[]): void
  /** ends every token of a login: its refresh tokens are refused from now on */
  revoke(environment: TradeLockerEnvironment, email: string): void
  /** calls answered, by path (without the base) */
  requests(path?: string): number
  close(): Promise<void>
}

export type TradeLockerFakeOptions = {
  now?: () => number
  /** access token lifetime; default 20 min */
  accessTtlMs?: number
  /** refresh token lifetime; default 7 days */
  refreshTtlMs?: number
  /** the demo account's seeded history of closed positions; default 24 */
  seededPositions?: number
}

const SECRET = 'tradelocker-fake-signing-key'
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

function sign(claims: object): string {
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`
  const signature = createHmac('sha256', SECRET).update(body).digest('base64url')
  return `${body}.${signature}`
}

type Claims = {
  sub: string
  env: TradeLockerEnvironment
  kind: 'access' | 'refresh'
  exp: number
  jti: string
  /** the login's generation when issued: a revocation ends every earlier one */
  gen: number
}

function verify(token: string): Claims | null {
  const [header, payload, signature] = token.split('.')
  if (!header || !payload || !signature) return null
  const expected = createHmac('sha256', SECRET).update(`${header}.${payload}`).digest()
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims
  } catch {
    return null
  }
}

/** A deterministic permutation of n items from a seed (a small LCG shuffle). */
function permutation(n: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i)
  let state = seed >>> 0 || 1
  for (let i = n - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    const j = state % (i + 1)
    ;[order[i], order[j]] = [order[j]!, order[i]!]
  }
  return order
}

function historyRow(fill: FakeFill, orderId: string): (string | boolean | null)[] {
  const instrument = TRADELOCKER_FAKE_INSTRUMENTS.find((i) => i.name === fill.instrument)!
  const status = fill.status ?? 'Filled'
  const isFilled = status === 'Filled'
  const values: Record<(typeof ORDERS_HISTORY_COLUMNS)[number], string | boolean | null> = {
    id: orderId,
    tradableInstrumentId: instrument.tradableInstrumentId,
    routeId: '902',
    qty: fill.qty,
    side: fill.side,
    type: 'market',
    status,
    filledQty: isFilled ? fill.qty : '0',
    avgPrice: isFilled ? fill.price : '0',
    price: null,
    stopPrice: null,
    validity: 'IOC',
    expireDate: null,
    createdDate: String(fill.timeMs - 40),
    lastModified: String(fill.timeMs),
    isOpen: 'false',
    positionId: fill.positionId,
    stopLoss: null,
    stopLossType: null,
    takeProfit: null,
    takeProfitType: null,
    strategyId: null,
  }
  return ORDERS_HISTORY_COLUMNS.map((column) => values[column])
}

/** A fixed history of closed positions ending `endMs`: EURUSD and XAUUSD, wins and losses. */
function seededFills(count: number, endMs: number): FakeFill[] {
  const fills: FakeFill[] = []
  const hour = 3_600_000
  for (let i = 0; i < count; i++) {
    const openMs = endMs - (count - i) * 6 * hour
    const isGold = i % 3 === 2
    const side = i % 2 === 0 ? 'buy' : 'sell'
    const exit = side === 'buy' ? 'sell' : 'buy'
    const move = ((i * 7) % 11) - 4 // -4..6: more wins than losses
    const positionId = `${9_000_000 + i}`
    if (isGold) {
      const open = 2300 + i
      const close = open + (side === 'buy' ? move : -move)
      fills.push(
        {
          positionId,
          instrument: 'XAUUSD',
          side,
          qty: '0.10',
          price: `${open}.50`,
          timeMs: openMs,
        },
        {
          positionId,
          instrument: 'XAUUSD',
          side: exit,
          qty: '0.10',
          price: `${close}.25`,
          timeMs: openMs + 2 * hour,
        },
      )
    } else {
      const open = 10800 + i
      const close = open + (side === 'buy' ? move * 4 : -move * 4)
      const price = (value: number) => `1.${String(value).padStart(4, '0')}5`
      fills.push(
        { positionId, instrument: 'EURUSD', side, qty: '1.00', price: price(open), timeMs: openMs },
        {
          positionId,
          instrument: 'EURUSD',
          side: exit,
          qty: '0.50',
          price: price(close),
          timeMs: openMs + hour,
        },
        {
          positionId,
          instrument: 'EURUSD',
          side: exit,
          qty: '0.50',
          price: price(close + 2),
          timeMs: openMs + 2 * hour,
        },
      )
    }
    if (i % 5 === 4) {
      fills.push({
        positionId: '',
        instrument: 'EURUSD',
        side: 'buy',
        qty: '2.00',
        price: '1.1',
        timeMs: openMs + 10,
        status: 'Cancelled',
      })
    }
  }
  return fills
}

export async function startTradeLockerFake(
  options: TradeLockerFakeOptions = {},
): Promise<TradeLockerFake> {
  const now = options.now ?? Date.now
  const accessTtl = options.accessTtlMs ?? 20 * 60_000
  const refreshTtl = options.refreshTtlMs ?? 7 * 24 * 3_600_000
  let orderSeq = 70_000_000
  const logins: FakeLogin[] = [
    {
      environment: 'demo',
      ...TRADELOCKER_DEMO_LOGIN,
      sub: 'OSP#41001',
      accounts: [
        {
          id: '7080',
          accNum: '1',
          name: 'Demo Swing',
          currency: 'USD',
          balance: '10250.75',
          history: [],
        },
        {
          id: '7081',
          accNum: '2',
          name: 'Demo Scalp',
          currency: 'USD',
          balance: '5000.00',
          history: [],
        },
      ],
    },
    {
      environment: 'live',
      ...TRADELOCKER_LIVE_LOGIN,
      sub: 'OSP#51001',
      accounts: [
        { id: '8120', accNum: '1', name: 'Live', currency: 'USD', balance: '2024.75', history: [] },
      ],
    },
  ]
  for (const fill of seededFills(options.seededPositions ?? 24, now() - 3_600_000)) {
    logins[0]!.accounts[0]!.history.push(historyRow(fill, String(orderSeq++)))
  }
  /** refresh tokens not yet used, by jti */
  const liveRefresh = new Map<string, string>()
  let rateLimited = 0
  let order: { history: number[]; positions: number[]; details: number[] } | null = null
  const counts = new Map<string, number>()

  /** each login's generation: revoke() moves it on, ending every token issued before */
  const generations = new Map<string, number>()
  const generationOf = (login: FakeLogin) =>
    generations.get(login.sub + '|' + login.environment) ?? 0
  const issue = (login: FakeLogin) => {
    const at = now()
    const gen = generationOf(login)
    const refreshJti = randomUUID()
    liveRefresh.set(refreshJti, login.sub + '|' + login.environment)
    return {
      accessToken: sign({
        sub: login.sub,
        env: login.environment,
        kind: 'access',
        exp: Math.floor((at + accessTtl) / 1000),
        jti: randomUUID(),
        gen,
      }),
      refreshToken: sign({
        sub: login.sub,
        env: login.environment,
        kind: 'refresh',
        exp: Math.floor((at + refreshTtl) / 1000),
        jti: refreshJti,
        gen,
      }),
      expireDate: new Date(at + accessTtl).toISOString(),
    }
  }

  const app: FastifyInstance = Fastify({ logger: false })

  for (const environment of ['demo', 'live'] as const) {
    const base = `/${environment}/backend-api`
    const loginsHere = logins.filter((login) => login.environment === environment)

    const bearer = (request: FastifyRequest, reply: FastifyReply): FakeLogin | null => {
      const header = request.headers.authorization ?? ''
      const claims = header.startsWith('Bearer ') ? verify(header.slice(7)) : null
      const login = claims && loginsHere.find((l) => l.sub === claims.sub)
      if (
        !claims ||
        !login ||
        claims.kind !== 'access' ||
        claims.env !== environment ||
        claims.exp * 1000 <= now() ||
        claims.gen !== generationOf(login)
      ) {
        void reply.code(401).send({ s: 'error', errmsg: 'Unauthorized' })
        return null
      }
      return login
    }
    const account = (request: FastifyRequest, reply: FastifyReply): FakeAccount | null => {
      const login = bearer(request, reply)
      if (!login) return null
      const accNum = request.headers.accnum
      const { accountId } = (request.params ?? {}) as { accountId?: string }
      const found = login.accounts.find(
        (a) => a.accNum === accNum && (accountId === undefined || a.id === accountId),
      )
      if (!found) {
        void reply
          .code(accNum ? 404 : 400)
          .send({ s: 'error', errmsg: accNum ? 'Account not found' : 'accNum header is required' })
        return null
      }
      return found
    }
    const columns = (ids: readonly string[], permutationOf: number[] | undefined) =>
      (permutationOf ?? ids.map((_, i) => i)).map((i) => ({ id: ids[i]!, description: ids[i]! }))
    const reorder = <T>(row: readonly T[], permutationOf: number[] | undefined) =>
      permutationOf ? permutationOf.map((i) => row[i]!) : [...row]

    app.register(
      async (scope) => {
        scope.addHook('onRequest', async (request, reply) => {
          const path = request.url.slice(base.length).split('?')[0]!
          counts.set(path, (counts.get(path) ?? 0) + 1)
          if (rateLimited > 0) {
            rateLimited -= 1
            return reply
              .code(429)
              .header('retry-after', '0')
              .send({ s: 'error', errmsg: 'Too many requests' })
          }
        })

        scope.post('/auth/jwt/token', async (request, reply) => {
          const body = (request.body ?? {}) as Record<string, unknown>
          const login = loginsHere.find(
            (l) =>
              l.email === body.email && l.password === body.password && l.server === body.server,
          )
          if (!login)
            return reply.code(400).send({ s: 'error', errmsg: 'Invalid credentials or server' })
          return reply.code(201).send(issue(login))
        })

        scope.post('/auth/jwt/refresh', async (request, reply) => {
          const token = ((request.body ?? {}) as { refreshToken?: unknown }).refreshToken
          const claims = typeof token === 'string' ? verify(token) : null
          const owner = claims ? liveRefresh.get(claims.jti) : undefined
          const login = claims && loginsHere.find((l) => l.sub === claims.sub)
          if (
            !claims ||
            !owner ||
            !login ||
            claims.kind !== 'refresh' ||
            claims.exp * 1000 <= now()
          ) {
            return reply.code(401).send({ s: 'error', errmsg: 'Invalid refresh token' })
          }
          liveRefresh.delete(claims.jti) // rotation: a refresh token is good once
          return reply.code(201).send(issue(login))
        })

        scope.get('/auth/jwt/all-accounts', async (request, reply) => {
          const login = bearer(request, reply)
          if (!login) return reply
          return {
            accounts: login.accounts.map((a) => ({
              id: a.id,
              name: a.name,
              currency: a.currency,
              status: 'ACTIVE',
              accNum: a.accNum,
              accountBalance: a.balance,
            })),
          }
        })

        scope.get('/trade/config', async (request, reply) => {
          if (!account(request, reply)) return reply
          return {
            s: 'ok',
            d: {
              accountDetailsConfig: { columns: columns(ACCOUNT_DETAILS_COLUMNS, order?.details) },
              positionsConfig: { columns: columns(POSITIONS_COLUMNS, order?.positions) },
              ordersConfig: { columns: columns(ORDERS_HISTORY_COLUMNS, order?.history) },
              ordersHistoryConfig: { columns: columns(ORDERS_HISTORY_COLUMNS, order?.history) },
              filledOrdersConfig: { columns: [] },
              rateLimits: [
                { rateLimitType: 'ORDERS_HISTORY', measure: 'SECONDS', intervalNum: 1, limit: 2 },
              ],
              limits: [],
            },
          }
        })

        scope.get('/trade/accounts/:accountId/state', async (request, reply) => {
          const found = account(request, reply)
          if (!found) return reply
          const values: Record<(typeof ACCOUNT_DETAILS_COLUMNS)[number], string> = {
            balance: found.balance,
            projectedBalance: found.balance,
            availableFunds: found.balance,
            blockedBalance: '0',
            todayGross: '0',
            todayNet: '0',
            todayFees: '0',
            todayVolume: '0',
            todayTradesCount: '0',
            openGrossPnL: '0',
            openNetPnL: '0',
            positionsCount: '0',
            ordersCount: '0',
          }
          return {
            s: 'ok',
            d: {
              accountDetailsData: reorder(
                ACCOUNT_DETAILS_COLUMNS.map((c) => values[c]),
                order?.details,
              ),
            },
          }
        })

        scope.get('/trade/accounts/:accountId/positions', async (request, reply) => {
          if (!account(request, reply)) return reply
          return { s: 'ok', d: { positions: [] } }
        })

        scope.get('/trade/instruments/:instrumentId', async (request, reply) => {
          if (!account(request, reply)) return reply
          const { instrumentId } = request.params as { instrumentId: string }
          const found = TRADELOCKER_FAKE_INSTRUMENTS.find(
            (i) => i.tradableInstrumentId === instrumentId,
          )
          if (!found) return reply.code(404).send({ s: 'error', errmsg: 'Instrument not found' })
          return {
            s: 'ok',
            d: {
              tradableInstrumentId: found.tradableInstrumentId,
              name: found.name,
              ...(found.lotSize ? { lotSize: found.lotSize } : {}),
              lotStep: '0.01',
              quotingCurrency: found.name === 'GER40' ? 'EUR' : 'USD',
            },
          }
        })

        scope.get('/trade/accounts/:accountId/instruments', async (request, reply) => {
          if (!account(request, reply)) return reply
          return {
            s: 'ok',
            d: {
              instruments: TRADELOCKER_FAKE_INSTRUMENTS.map(({ inList, lotSize, ...i }) => ({
                ...i,
                ...(inList && lotSize ? { lotSize } : {}),
                type: 'FOREX',
                routes: [
                  { id: '901', type: 'INFO' },
                  { id: '902', type: 'TRADE' },
                ],
              })),
            },
          }
        })

        scope.get('/trade/accounts/:accountId/ordersHistory', async (request, reply) => {
          const found = account(request, reply)
          if (!found) return reply
          const query = request.query as { from?: string; to?: string }
          const from = Number(query.from ?? 0)
          const to = Number(query.to ?? Number.MAX_SAFE_INTEGER)
          if (!Number.isFinite(from) || !Number.isFinite(to)) {
            return reply.code(400).send({ s: 'error', errmsg: 'from and to are ms' })
          }
          const modified = ORDERS_HISTORY_COLUMNS.indexOf('lastModified')
          const rows = found.history.filter((row) => {
            const at = Number(row[modified])
            return at >= from && at <= to
          })
          if (rows.length === 0) return { s: 'no_data' }
          return { s: 'ok', d: { ordersHistory: rows.map((row) => reorder(row, order?.history)) } }
        })
      },
      { prefix: base },
    )
  }

  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  const url = address.replace('localhost', '127.0.0.1')
  return {
    url,
    baseUrls: { demo: `${url}/demo/backend-api`, live: `${url}/live/backend-api` },
    rateLimitNext(count) {
      rateLimited = count
    },
    shuffleColumns(seed) {
      order =
        seed === null
          ? null
          : {
              history: permutation(ORDERS_HISTORY_COLUMNS.length, seed),
              positions: permutation(POSITIONS_COLUMNS.length, seed + 1),
              details: permutation(ACCOUNT_DETAILS_COLUMNS.length, seed + 2),
            }
    },
    addFills(environment, accountId, fills) {
      const found = logins
        .filter((login) => login.environment === environment)
        .flatMap((login) => login.accounts)
        .find((a) => a.id === accountId)
      if (!found) throw new Error(`no fake TradeLocker account ${environment}/${accountId}`)
      for (const fill of fills) found.history.push(historyRow(fill, String(orderSeq++)))
    },
    revoke(environment, email) {
      const login = logins.find((l) => l.environment === environment && l.email === email)
      if (!login) return
      const key = login.sub + '|' + environment
      for (const [jti, owner] of liveRefresh) if (owner === key) liveRefresh.delete(jti)
      generations.set(key, (generations.get(key) ?? 0) + 1)
    },
    requests(path) {
      if (path === undefined) return [...counts.values()].reduce((a, b) => a + b, 0)
      return counts.get(path) ?? 0
    },
    close: () => app.close(),
  }
}
