import { randomInt, randomUUID } from 'node:crypto'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { z } from 'zod'
import { safeEqual } from '../../../../lib/crypto'
import { renderMetaApiControlPage } from './control-page'
import {
  registerRiskManagementFake,
  type FakeTracker,
  type FakeTrackerEvent,
} from './risk-management-fake'

// A local stand-in for MetaApi (contracts/integrations.md section 3) on 127.0.0.1 with an
// ephemeral port: the provisioning API under `/provisioning` (demo-account creation on a
// provisioning profile, add account with the transaction-id idempotency key, get, list, deploy,
// undeploy, remove) and the client API under `/client` (account information, positions, orders,
// history deals by time, trade: close a position), the risk management API under `/risk`
// (trackers and the tracker-events long-poll stream: risk-management-fake.ts, decision 0048).
// The `auth-token` header is required (401
// UnauthorizedError otherwise); a create or deploy first answers 202 + Retry-After, as MetaApi
// does while it detects broker settings or starts the server; faults (429 + Retry-After, 5xx) can
// be injected. Behind it sits a small registry of "broker" MetaTrader accounts (server, login,
// password, platform, name, balance) so that adding an account with right credentials connects
// and wrong ones fail with MetaApi's E_AUTH. /control is a page to move an account's equity and
// add deals (the live risk of a MetaApi account, locally). Money in cents inside, decimals on the
// wire, as MetaApi sends them.

export const FAKE_METAAPI_TOKEN = 'fake-metaapi-token-for-local-use-only'

/** The demo broker accounts every fake starts with (README: Connect MetaTrader). */
export const fakeMetaApiBrokerAccounts = [
  {
    server: 'TradepeakDemo-MT5',
    login: '51234567',
    password: 'Demo-mt5-pass',
    platform: 'mt5',
    name: 'Demo Trader MT5',
    balanceCents: 1_000_000,
  },
  {
    server: 'TradepeakDemo-MT4',
    login: '41234567',
    password: 'Demo-mt4-pass',
    platform: 'mt4',
    name: 'Demo Trader MT4',
    balanceCents: 2_500_000,
  },
] as const

export type FakeBrokerAccount = {
  server: string
  login: string
  password: string
  investorPassword: string
  platform: 'mt4' | 'mt5'
  name: string
  balanceCents: number
  /** equity minus balance that is not any position's profit (moved from the control page) */
  floatingCents: number
  leverage: number
  tradeAllowed: boolean
  positions: FakePosition[]
  deals: FakeDeal[]
}

export type FakePosition = {
  id: string
  type: 'POSITION_TYPE_BUY' | 'POSITION_TYPE_SELL'
  symbol: string
  volume: number
  openPrice: number
  currentPrice: number
  profitCents: number
  timeMs: number
}

export type FakeDeal = {
  id: string
  type: 'DEAL_TYPE_BUY' | 'DEAL_TYPE_SELL' | 'DEAL_TYPE_BALANCE'
  entryType?: 'DEAL_ENTRY_IN' | 'DEAL_ENTRY_OUT'
  symbol?: string
  volume?: number
  price?: number
  profitCents: number
  positionId?: string
  timeMs: number
  reason?: string
}

export type FakeMetaApiAccount = {
  id: string
  transactionId: string
  name: string
  login: string
  server: string
  platform: 'mt4' | 'mt5'
  state: 'DEPLOYING' | 'DEPLOYED' | 'UNDEPLOYED' | 'DELETING'
  connectionStatus: 'CONNECTED' | 'DISCONNECTED' | 'DISCONNECTED_FROM_BROKER'
  metastatsApiEnabled: boolean
  riskManagementApiEnabled: boolean
  /** the password MetaApi was given (kept by MetaApi, never by the app) */
  password: string
  hasDeployRetried: boolean
}

export type FakeMetaApiFault = {
  status: number
  /** how many matching requests answer with it */
  count: number
  retryAfterSeconds?: number
  method?: string
  /** a prefix of the path after /provisioning or /client */
  path?: string
}

export type FakeMetaApiRequest = {
  method: string
  path: string
  status: number
  atMs: number
  transactionId: string | null
  /** the query string, without its `?` */
  query: string
  /** the request carried the right auth-token */
  isAuthorized: boolean
}

export type MetaApiFake = {
  url: string
  token: string
  provisioningUrl: string
  clientUrl: string
  riskUrl: string
  controlUrl: string
  brokers: Map<string, FakeBrokerAccount>
  accounts: Map<string, FakeMetaApiAccount>
  requests: FakeMetaApiRequest[]
  /** the risk management API's trackers by id, and its events in sequence order */
  trackers: Map<string, FakeTracker>
  trackerEvents: FakeTrackerEvent[]
  injectFault(fault: FakeMetaApiFault): void
  /** the injected faults not yet spent are dropped (the outage is over) */
  clearFaults(): void
  /** sets the account's equity (the difference to the balance becomes floating profit) */
  setEquity(login: string, equityCents: number): void
  /** a closed trade: an opening and a closing deal, the profit booked to the balance */
  addClosedTrade(
    login: string,
    trade: {
      symbol: string
      side: 'buy' | 'sell'
      volume: number
      openPrice: number
      closePrice: number
      profitCents: number
    },
  ): void
  /** an open position (its profit counts in the equity) */
  openPosition(
    login: string,
    position: {
      symbol: string
      side: 'buy' | 'sell'
      volume: number
      openPrice: number
      profitCents: number
    },
  ): FakePosition
  /** a broker account the fake knows, found by login */
  broker(login: string): FakeBrokerAccount
  close(): Promise<void>
}

export type StartMetaApiFakeOptions = {
  token?: string
  /** Retry-After of the first answer to a create or deploy (202); 0: no 202 at all */
  acceptRetryAfterSeconds?: number
  /** reads of an account in DEPLOYING before it is DEPLOYED and CONNECTED */
  deployingReads?: number
  /** how long the tracker-events stream holds a request without events; default 25 s */
  streamHoldMs?: number
  port?: number
}

const cents = (value: number) => Math.round(value) / 100

const brokerKey = (server: string, login: string) => `${server.toLowerCase()}|${login}`

function makeBroker(seed: (typeof fakeMetaApiBrokerAccounts)[number]): FakeBrokerAccount {
  return {
    ...seed,
    investorPassword: `${seed.password}-ro`,
    floatingCents: 0,
    leverage: 100,
    tradeAllowed: true,
    positions: [],
    deals: [
      {
        id: String(randomInt(1_000_000, 9_000_000)),
        type: 'DEAL_TYPE_BALANCE',
        profitCents: seed.balanceCents,
        timeMs: Date.now() - 86_400_000,
      },
    ],
  }
}

const equityCents = (broker: FakeBrokerAccount) =>
  broker.balanceCents +
  broker.floatingCents +
  broker.positions.reduce((sum, position) => sum + position.profitCents, 0)

const addAccountBodySchema = z.looseObject({
  name: z.string().min(1),
  login: z.union([z.string(), z.number()]).transform(String),
  password: z.string().min(1),
  server: z.string().min(1),
  platform: z.enum(['mt4', 'mt5']),
  metastatsApiEnabled: z.boolean().optional(),
  riskManagementApiEnabled: z.boolean().optional(),
})

const demoAccountBodySchema = z.looseObject({
  accountType: z.string().min(1),
  balance: z.number().positive(),
  email: z.string().min(3),
  leverage: z.number().int().positive(),
  name: z.string().min(1),
  serverName: z.string().optional(),
})

export async function startMetaApiFake(
  options: StartMetaApiFakeOptions = {},
): Promise<MetaApiFake> {
  const token = options.token ?? FAKE_METAAPI_TOKEN
  const acceptRetryAfter = options.acceptRetryAfterSeconds ?? 1
  const deployingReads = options.deployingReads ?? 1
  const brokers = new Map<string, FakeBrokerAccount>()
  for (const seed of fakeMetaApiBrokerAccounts) {
    brokers.set(brokerKey(seed.server, seed.login), makeBroker(seed))
  }
  const accounts = new Map<string, FakeMetaApiAccount>()
  /** transaction-id -> what a create answered (or the 202 it is waiting after) */
  const transactions = new Map<string, { status: 'accepted' } | { status: 'done'; body: unknown }>()
  const deployingReadsLeft = new Map<string, number>()
  const faults: (FakeMetaApiFault & { remaining: number })[] = []
  const requests: FakeMetaApiRequest[] = []
  let nextId = 70_000_000

  const findBroker = (login: string) => {
    for (const broker of brokers.values()) if (broker.login === login) return broker
    throw new Error(`the MetaApi fake knows no broker account ${login}`)
  }

  const app = Fastify({ logger: false })

  const sendError = (
    reply: FastifyReply,
    status: number,
    error: string,
    message: string,
    extra: Record<string, unknown> = {},
  ) => reply.code(status).send({ id: 1, error, message, ...extra })

  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500
    return status < 500
      ? sendError(reply, status, 'ValidationError', 'The request could not be read')
      : sendError(reply, 500, 'InternalError', 'Internal error')
  })

  const isApi = (path: string) =>
    path.startsWith('/provisioning/') || path.startsWith('/client/') || path.startsWith('/risk/')

  app.addHook('onRequest', async (request, reply) => {
    const [path = '', query = ''] = request.url.split('?')
    if (!isApi(path)) return
    const given = request.headers['auth-token']
    const isAuthorized = typeof given === 'string' && safeEqual(given, token)
    const transactionId = request.headers['transaction-id']
    const entry: FakeMetaApiRequest = {
      method: request.method,
      path,
      status: 0,
      atMs: Date.now(),
      transactionId: typeof transactionId === 'string' ? transactionId : null,
      query,
      isAuthorized,
    }
    requests.push(entry)
    reply.raw.once('finish', () => {
      entry.status = reply.statusCode
    })
    if (!isAuthorized) {
      return sendError(reply, 401, 'UnauthorizedError', 'Authorization token invalid')
    }
    const subPath = path.replace(/^\/(provisioning|client|risk)/, '')
    const fault = faults.find(
      (f) =>
        f.remaining > 0 &&
        (!f.method || f.method === request.method) &&
        (!f.path || subPath.startsWith(f.path)),
    )
    if (!fault) return
    fault.remaining--
    if (fault.retryAfterSeconds !== undefined) {
      reply.header('Retry-After', String(fault.retryAfterSeconds))
    }
    if (fault.status === 429) {
      const retryAt = new Date(Date.now() + (fault.retryAfterSeconds ?? 1) * 1000)
      return sendError(reply, 429, 'TooManyRequestsError', 'Too many requests', {
        metadata: { recommendedRetryTime: retryAt.toISOString() },
      })
    }
    return sendError(reply, fault.status, 'InternalError', 'Injected failure')
  })

  /**
   * MetaApi's idempotency: the first request of a transaction-id answers 202 + Retry-After (when
   * the fake is set to), the next one does the work once, every later one answers the same.
   */
  async function idempotent(
    request: FastifyRequest,
    reply: FastifyReply,
    work: () => { status: number; body: unknown },
  ) {
    const transactionId = request.headers['transaction-id']
    if (typeof transactionId !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(transactionId)) {
      return sendError(reply, 400, 'ValidationError', 'transaction-id header is required')
    }
    const known = transactions.get(transactionId)
    if (known?.status === 'done') return reply.code(201).send(known.body)
    if (!known && acceptRetryAfter > 0) {
      transactions.set(transactionId, { status: 'accepted' })
      return reply
        .code(202)
        .header('Retry-After', String(acceptRetryAfter))
        .send({ message: 'Request accepted, retry later' })
    }
    const result = work()
    if (result.status < 300) transactions.set(transactionId, { status: 'done', body: result.body })
    else transactions.delete(transactionId)
    return reply.code(result.status).send(result.body)
  }

  const errorBody = (error: string, message: string, details?: unknown) => ({
    id: 1,
    error,
    message,
    ...(details !== undefined ? { details } : {}),
  })

  // ---- provisioning ---------------------------------------------------------------------------

  app.post<{ Params: { profileId: string; kind: string } }>(
    '/provisioning/users/current/provisioning-profiles/:profileId/:kind',
    async (request, reply) => {
      const platform =
        request.params.kind === 'mt5-demo-accounts'
          ? 'mt5'
          : request.params.kind === 'mt4-demo-accounts'
            ? 'mt4'
            : null
      if (!platform) return sendError(reply, 404, 'NotFoundError', 'Not found')
      const body = demoAccountBodySchema.safeParse(request.body)
      if (!body.success) {
        return sendError(reply, 400, 'ValidationError', 'Validation failed', {
          details: body.error.issues,
        })
      }
      return idempotent(request, reply, () => {
        const server = body.data.serverName ?? `TradepeakDemo-${platform.toUpperCase()}`
        const login = String(nextId++)
        const password = `Pw${randomUUID().slice(0, 8)}!a`
        const broker: FakeBrokerAccount = {
          server,
          login,
          password,
          investorPassword: `Ro${randomUUID().slice(0, 8)}!b`,
          platform,
          name: body.data.name,
          balanceCents: Math.round(body.data.balance * 100),
          floatingCents: 0,
          leverage: body.data.leverage,
          tradeAllowed: true,
          positions: [],
          deals: [
            {
              id: String(nextId++),
              type: 'DEAL_TYPE_BALANCE',
              profitCents: Math.round(body.data.balance * 100),
              timeMs: Date.now(),
            },
          ],
        }
        brokers.set(brokerKey(server, login), broker)
        return {
          status: 201,
          body: {
            login,
            password: broker.password,
            serverName: server,
            investorPassword: broker.investorPassword,
          },
        }
      })
    },
  )

  app.post('/provisioning/users/current/accounts', async (request, reply) => {
    const body = addAccountBodySchema.safeParse(request.body)
    if (!body.success) {
      return sendError(reply, 400, 'ValidationError', 'Validation failed', {
        details: body.error.issues,
      })
    }
    return idempotent(request, reply, () => {
      const { login, password, server, platform, name } = body.data
      const broker = brokers.get(brokerKey(server, login))
      if (![...brokers.values()].some((b) => b.server.toLowerCase() === server.toLowerCase())) {
        return {
          status: 400,
          body: errorBody(
            'ValidationError',
            `Server file not found for server name ${server}. Please check the server name`,
            'E_SRV_NOT_FOUND',
          ),
        }
      }
      const isPasswordRight =
        broker !== undefined &&
        (safeEqual(password, broker.password) || safeEqual(password, broker.investorPassword))
      if (!broker || !isPasswordRight || broker.platform !== platform) {
        return {
          status: 400,
          body: errorBody(
            'ValidationError',
            'Failed to authenticate to the trading account. Please check your login, password and server',
            'E_AUTH',
          ),
        }
      }
      const id = randomUUID()
      accounts.set(id, {
        id,
        transactionId: String(request.headers['transaction-id']),
        name,
        login,
        server: broker.server,
        platform,
        state: 'UNDEPLOYED',
        connectionStatus: 'DISCONNECTED',
        metastatsApiEnabled: body.data.metastatsApiEnabled ?? false,
        riskManagementApiEnabled: body.data.riskManagementApiEnabled ?? false,
        password,
        hasDeployRetried: false,
      })
      return { status: 201, body: { id, state: 'UNDEPLOYED' } }
    })
  })

  const accountDto = (account: FakeMetaApiAccount) => ({
    _id: account.id,
    name: account.name,
    login: account.login,
    server: account.server,
    platform: account.platform,
    version: account.platform === 'mt5' ? 5 : 4,
    type: 'cloud-g2',
    state: account.state,
    connectionStatus: account.connectionStatus,
    metastatsApiEnabled: account.metastatsApiEnabled,
    riskManagementApiEnabled: account.riskManagementApiEnabled,
    region: 'new-york',
    reliability: 'regular',
  })

  const findAccount = (id: string) => {
    const account = accounts.get(id)
    return account && account.state !== 'DELETING' ? account : null
  }

  app.get<{ Querystring: { state?: string } }>(
    '/provisioning/users/current/accounts',
    async (request) =>
      [...accounts.values()]
        .filter((a) => a.state !== 'DELETING')
        .filter((a) => !request.query.state || a.state === request.query.state)
        .map(accountDto),
  )

  app.get<{ Params: { id: string } }>(
    '/provisioning/users/current/accounts/:id',
    async (request, reply) => {
      const account = findAccount(request.params.id)
      if (!account) return sendError(reply, 404, 'NotFoundError', 'Account not found')
      if (account.state === 'DEPLOYING') {
        const left = (deployingReadsLeft.get(account.id) ?? 0) - 1
        deployingReadsLeft.set(account.id, left)
        if (left < 0) {
          account.state = 'DEPLOYED'
          account.connectionStatus = 'CONNECTED'
        }
      }
      return accountDto(account)
    },
  )

  app.post<{ Params: { id: string } }>(
    '/provisioning/users/current/accounts/:id/deploy',
    async (request, reply) => {
      const account = findAccount(request.params.id)
      if (!account) return sendError(reply, 404, 'NotFoundError', 'Account not found')
      if (!account.hasDeployRetried && acceptRetryAfter > 0) {
        account.hasDeployRetried = true
        return reply.code(202).header('Retry-After', String(acceptRetryAfter)).send()
      }
      if (account.state !== 'DEPLOYED') {
        account.state = 'DEPLOYING'
        deployingReadsLeft.set(account.id, deployingReads)
      }
      return reply.code(204).send()
    },
  )

  app.post<{ Params: { id: string } }>(
    '/provisioning/users/current/accounts/:id/undeploy',
    async (request, reply) => {
      const account = findAccount(request.params.id)
      if (!account) return sendError(reply, 404, 'NotFoundError', 'Account not found')
      account.state = 'UNDEPLOYED'
      account.connectionStatus = 'DISCONNECTED'
      return reply.code(204).send()
    },
  )

  app.delete<{ Params: { id: string } }>(
    '/provisioning/users/current/accounts/:id',
    async (request, reply) => {
      const account = findAccount(request.params.id)
      if (!account) return sendError(reply, 404, 'NotFoundError', 'Account not found')
      account.state = 'DELETING'
      account.connectionStatus = 'DISCONNECTED'
      account.password = ''
      return reply.code(204).send()
    },
  )

  // ---- client API -----------------------------------------------------------------------------

  /** the broker account behind a connected MetaApi account, or the error MetaApi answers */
  function connected(reply: FastifyReply, id: string): FakeBrokerAccount | null {
    const account = findAccount(id)
    if (!account) {
      void sendError(reply, 404, 'NotFoundError', 'Account not found')
      return null
    }
    if (account.state !== 'DEPLOYED' || account.connectionStatus !== 'CONNECTED') {
      void sendError(reply, 409, 'ConflictError', 'Account is not connected to broker yet')
      return null
    }
    return brokers.get(brokerKey(account.server, account.login)) ?? null
  }

  app.get<{ Params: { id: string } }>(
    '/client/users/current/accounts/:id/account-information',
    async (request, reply) => {
      const broker = connected(reply, request.params.id)
      if (!broker) return reply
      const equity = equityCents(broker)
      const marginCents = broker.positions.length * 10_000
      return {
        platform: broker.platform,
        broker: 'Tradepeak Demo Broker',
        currency: 'USD',
        server: broker.server,
        balance: cents(broker.balanceCents),
        equity: cents(equity),
        margin: cents(marginCents),
        freeMargin: cents(equity - marginCents),
        leverage: broker.leverage,
        marginLevel: marginCents > 0 ? (equity / marginCents) * 100 : undefined,
        tradeAllowed: broker.tradeAllowed,
        investorMode: false,
        marginMode: 'ACCOUNT_MARGIN_MODE_RETAIL_HEDGING',
        name: broker.name,
        login: Number(broker.login),
        credit: 0,
      }
    },
  )

  app.get<{ Params: { id: string } }>(
    '/client/users/current/accounts/:id/positions',
    async (request, reply) => {
      const broker = connected(reply, request.params.id)
      if (!broker) return reply
      return broker.positions.map((p) => ({
        id: p.id,
        type: p.type,
        symbol: p.symbol,
        magic: 0,
        time: new Date(p.timeMs).toISOString(),
        updateTime: new Date(p.timeMs).toISOString(),
        openPrice: p.openPrice,
        currentPrice: p.currentPrice,
        volume: p.volume,
        profit: cents(p.profitCents),
        unrealizedProfit: cents(p.profitCents),
        swap: 0,
        commission: 0,
      }))
    },
  )

  app.get<{ Params: { id: string } }>(
    '/client/users/current/accounts/:id/orders',
    async (request, reply) => {
      const broker = connected(reply, request.params.id)
      if (!broker) return reply
      return []
    },
  )

  const wireDeal = (broker: FakeBrokerAccount, d: FakeDeal) => ({
    id: d.id,
    type: d.type,
    ...(d.entryType ? { entryType: d.entryType } : {}),
    ...(d.symbol ? { symbol: d.symbol } : {}),
    time: new Date(d.timeMs).toISOString(),
    ...(d.volume !== undefined ? { volume: d.volume } : {}),
    ...(d.price !== undefined ? { price: d.price } : {}),
    commission: 0,
    swap: 0,
    profit: cents(d.profitCents),
    ...(d.positionId ? { positionId: d.positionId } : {}),
    reason: d.reason ?? 'DEAL_REASON_CLIENT',
    platform: broker.platform,
  })

  app.get<{
    Params: { id: string; from: string; to: string }
    Querystring: { offset?: string; limit?: string }
  }>('/client/users/current/accounts/:id/history-deals/time/:from/:to', async (request, reply) => {
    const broker = connected(reply, request.params.id)
    if (!broker) return reply
    const fromMs = Date.parse(request.params.from)
    const toMs = Date.parse(request.params.to)
    if (Number.isNaN(fromMs) || Number.isNaN(toMs)) {
      return sendError(reply, 400, 'ValidationError', 'Invalid time range')
    }
    const offset = Number(request.query.offset ?? 0)
    const limit = Math.min(Number(request.query.limit ?? 1000), 1000)
    return broker.deals
      .filter((d) => d.timeMs >= fromMs && d.timeMs < toMs)
      .sort((a, b) => a.timeMs - b.timeMs)
      .slice(offset, offset + limit)
      .map((d) => wireDeal(broker, d))
  })

  app.get<{ Params: { id: string; positionId: string } }>(
    '/client/users/current/accounts/:id/history-deals/position/:positionId',
    async (request, reply) => {
      const broker = connected(reply, request.params.id)
      if (!broker) return reply
      return broker.deals
        .filter((d) => d.positionId === request.params.positionId)
        .map((d) => wireDeal(broker, d))
    },
  )

  const tradeBodySchema = z.looseObject({
    actionType: z.string(),
    positionId: z.union([z.string(), z.number()]).transform(String).optional(),
  })

  function closePosition(broker: FakeBrokerAccount, position: FakePosition, reason: string) {
    broker.positions = broker.positions.filter((p) => p.id !== position.id)
    broker.balanceCents += position.profitCents
    broker.deals.push({
      id: String(nextId++),
      type: position.type === 'POSITION_TYPE_BUY' ? 'DEAL_TYPE_SELL' : 'DEAL_TYPE_BUY',
      entryType: 'DEAL_ENTRY_OUT',
      symbol: position.symbol,
      volume: position.volume,
      price: position.currentPrice,
      profitCents: position.profitCents,
      positionId: position.id,
      timeMs: Date.now(),
      reason,
    })
  }

  app.post<{ Params: { id: string } }>(
    '/client/users/current/accounts/:id/trade',
    async (request, reply) => {
      const broker = connected(reply, request.params.id)
      if (!broker) return reply
      const body = tradeBodySchema.safeParse(request.body)
      if (!body.success) return sendError(reply, 400, 'ValidationError', 'Validation failed')
      if (body.data.actionType !== 'POSITION_CLOSE_ID') {
        return sendError(reply, 400, 'ValidationError', `${body.data.actionType} is not supported`)
      }
      const position = broker.positions.find((p) => p.id === body.data.positionId)
      if (!position) {
        return {
          numericCode: 10036,
          stringCode: 'TRADE_RETCODE_POSITION_CLOSED',
          message: 'Position with such id not found',
        }
      }
      closePosition(broker, position, 'DEAL_REASON_EXPERT')
      return {
        numericCode: 10009,
        stringCode: 'TRADE_RETCODE_DONE',
        message: 'Request completed',
        positionId: position.id,
      }
    },
  )

  // ---- risk management (equity tracking) -------------------------------------------------------

  const brokerOf = (account: FakeMetaApiAccount) =>
    brokers.get(brokerKey(account.server, account.login)) ?? null
  const risk = registerRiskManagementFake(app, {
    sendError,
    account(id) {
      const account = findAccount(id)
      const broker = account ? brokerOf(account) : null
      if (!account || !broker) return null
      return {
        riskManagementApiEnabled: account.riskManagementApiEnabled,
        balanceCents: () => broker.balanceCents,
        equityCents: () => equityCents(broker),
      }
    },
    ...(options.streamHoldMs !== undefined ? { streamHoldMs: options.streamHoldMs } : {}),
  })
  /** the trackers of every MetaApi account on the broker account, against its equity now */
  const checkTrackers = (broker: FakeBrokerAccount) => {
    for (const account of accounts.values()) {
      if (brokerOf(account) === broker) risk.check(account.id)
    }
  }

  // ---- control page (no token: loopback, development only) ------------------------------------

  app.get('/control', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(
      renderMetaApiControlPage(
        [...brokers.values()].map((b) => ({ ...b, equityCents: equityCents(b) })),
        {
          trackers: [...risk.trackers.values()].map((t) => ({
            ...t,
            login: accounts.get(t.accountId)?.login ?? '',
          })),
          events: risk.events.slice(-20).reverse(),
        },
      ),
    ),
  )

  const controlEquitySchema = z.object({
    login: z.string().min(1),
    equity: z.coerce.number().finite(),
  })
  const controlTradeSchema = z.object({
    login: z.string().min(1),
    symbol: z.string().min(1).default('EURUSD'),
    side: z.enum(['buy', 'sell']).default('buy'),
    volume: z.coerce.number().positive().default(0.1),
    openPrice: z.coerce.number().positive().default(1.1),
    closePrice: z.coerce.number().positive().default(1.101),
    profit: z.coerce.number().finite(),
  })

  app.post('/control/equity', async (request, reply) => {
    const body = controlEquitySchema.safeParse(request.body)
    if (!body.success) return reply.code(400).send({ message: 'login and equity are required' })
    try {
      fake.setEquity(body.data.login, Math.round(body.data.equity * 100))
    } catch (error) {
      return reply.code(404).send({ message: (error as Error).message })
    }
    return { ok: true }
  })

  app.post('/control/trade', async (request, reply) => {
    const body = controlTradeSchema.safeParse(request.body)
    if (!body.success) return reply.code(400).send({ message: 'login and profit are required' })
    try {
      fake.addClosedTrade(body.data.login, {
        ...body.data,
        profitCents: Math.round(body.data.profit * 100),
      })
    } catch (error) {
      return reply.code(404).send({ message: (error as Error).message })
    }
    return { ok: true }
  })

  const controlFaultSchema = z.object({
    status: z.coerce.number().int().min(400).max(599).default(429),
    count: z.coerce.number().int().positive().max(1000).default(1),
    retryAfterSeconds: z.coerce.number().int().min(0).max(3600).optional(),
    method: z.string().optional(),
    path: z.string().optional(),
  })

  /** the next matching API requests answer with an error (e.g. 429 + Retry-After on the stream) */
  app.post('/control/fault', async (request, reply) => {
    const body = controlFaultSchema.safeParse(request.body ?? {})
    if (!body.success) return reply.code(400).send({ message: 'status and count are numbers' })
    fake.injectFault(body.data)
    return { ok: true }
  })

  app.addHook('preClose', async () => {
    risk.release()
  })

  const address = await app.listen({ host: '127.0.0.1', port: options.port ?? 0 })
  const url = address.replace('localhost', '127.0.0.1')

  const fake: MetaApiFake = {
    url,
    token,
    provisioningUrl: `${url}/provisioning`,
    clientUrl: `${url}/client`,
    riskUrl: `${url}/risk`,
    controlUrl: `${url}/control`,
    brokers,
    accounts,
    requests,
    trackers: risk.trackers,
    trackerEvents: risk.events,
    injectFault(fault) {
      faults.push({ ...fault, remaining: fault.count })
    },
    clearFaults() {
      faults.length = 0
    },
    broker: findBroker,
    setEquity(login, equity) {
      const broker = findBroker(login)
      const positionsProfit = broker.positions.reduce((sum, p) => sum + p.profitCents, 0)
      broker.floatingCents = equity - broker.balanceCents - positionsProfit
      checkTrackers(broker)
    },
    addClosedTrade(login, trade) {
      const broker = findBroker(login)
      const positionId = String(nextId++)
      const openMs = Date.now() - 60_000
      const type = trade.side === 'buy' ? 'DEAL_TYPE_BUY' : 'DEAL_TYPE_SELL'
      broker.deals.push({
        id: String(nextId++),
        type,
        entryType: 'DEAL_ENTRY_IN',
        symbol: trade.symbol,
        volume: trade.volume,
        price: trade.openPrice,
        profitCents: 0,
        positionId,
        timeMs: openMs,
      })
      closePosition(
        broker,
        {
          id: positionId,
          type: trade.side === 'buy' ? 'POSITION_TYPE_BUY' : 'POSITION_TYPE_SELL',
          symbol: trade.symbol,
          volume: trade.volume,
          openPrice: trade.openPrice,
          currentPrice: trade.closePrice,
          profitCents: trade.profitCents,
          timeMs: openMs,
        },
        'DEAL_REASON_CLIENT',
      )
      checkTrackers(broker)
    },
    openPosition(login, position) {
      const broker = findBroker(login)
      const opened: FakePosition = {
        id: String(nextId++),
        type: position.side === 'buy' ? 'POSITION_TYPE_BUY' : 'POSITION_TYPE_SELL',
        symbol: position.symbol,
        volume: position.volume,
        openPrice: position.openPrice,
        currentPrice: position.openPrice,
        profitCents: position.profitCents,
        timeMs: Date.now(),
      }
      broker.positions.push(opened)
      broker.deals.push({
        id: String(nextId++),
        type: position.side === 'buy' ? 'DEAL_TYPE_BUY' : 'DEAL_TYPE_SELL',
        entryType: 'DEAL_ENTRY_IN',
        symbol: position.symbol,
        volume: position.volume,
        price: position.openPrice,
        profitCents: 0,
        positionId: opened.id,
        timeMs: opened.timeMs,
      })
      checkTrackers(broker)
      return opened
    },
    async close() {
      risk.release()
      await app.close()
    },
  }
  return fake
}
