import { metatraderMessages } from '@tp/api/metatrader'
import pino from 'pino'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeMetaApiBrokerAccounts } from '../src/integrations/trading-platform/metaapi/fake/metaapi-fake'
import {
  createMetaApiClient,
  MetaApiError,
} from '../src/integrations/trading-platform/metaapi/metaapi-client'
import {
  MetaApiPlatform,
  transactionIdOf,
} from '../src/integrations/trading-platform/metaapi/metaapi-platform'
import {
  PlatformNotFoundError,
  type AccountEvent,
  type CreateAccountInput,
} from '../src/integrations/trading-platform/trading-platform'
import { AppError } from '../src/lib/errors'

// The MetaApi adapter over loopback HTTP against its fake (contracts/integrations.md section 3):
// the auth-token header, 202 and 429 answers retried after their Retry-After, the transaction-id
// idempotency of account creation, the port's units, polling, and MetaApi's errors as the app's.

const silent = pino({ level: 'silent' })
let platform: MetaApiPlatform
/** every wait the client made between attempts, in ms (it waits 0 to keep the test quick) */
let waits: number[]

beforeEach(async () => {
  waits = []
  platform = new MetaApiPlatform({
    settings: { mode: 'fake', profileId: 'default', region: 'new-york' },
    logger: silent,
    clientOptions: {
      sleep: async (ms) => {
        waits.push(ms)
      },
    },
    fakeOptions: { acceptRetryAfterSeconds: 1, deployingReads: 1 },
  })
  await platform.load()
})
afterEach(async () => {
  await platform.stop()
})

const fake = () => platform.fake!

const input = (overrides: Partial<CreateAccountInput> = {}): CreateAccountInput => ({
  requestId: 'order-1:phase1',
  platform: 'mt5',
  name: 'Ada Trader',
  email: 'ada@example.com',
  group: 'demo',
  balance: 10_000_00,
  leverage: 100,
  limits: { maxLotsPerForexOrder: 50, marginCallPercent: 100, stopOutPercent: 50 },
  ...overrides,
})

describe('authentication', () => {
  it('sends the auth-token header on every call', async () => {
    await platform.createAccount(input())
    expect(fake().requests.length).toBeGreaterThan(0)
    expect(fake().requests.every((request) => request.isAuthorized)).toBe(true)
  })

  it('a wrong token is refused with 401, mapped to "unavailable" for the app', async () => {
    const client = createMetaApiClient({
      token: 'not-the-token',
      provisioningUrl: fake().provisioningUrl,
      clientUrl: fake().clientUrl,
      riskUrl: fake().riskUrl,
    })
    const refusal = await client.getAccount('anything').catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(MetaApiError)
    expect((refusal as MetaApiError).kind).toBe('unauthorized')
    expect((refusal as MetaApiError).info.httpStatus).toBe(401)
    expect(fake().requests.at(-1)).toMatchObject({ status: 401, isAuthorized: false })
    const mapped = platform.mapError(refusal)
    expect(mapped).toBeInstanceOf(AppError)
    expect((mapped as AppError).status).toBe(503)
    expect((mapped as AppError).message).toBe(metatraderMessages.unavailable)
  })
})

describe('createAccount', () => {
  it('creates a demo account on the profile, adds it with MetaStats and risk management, deploys it and waits for it to connect, honouring each 202 Retry-After', async () => {
    const created = await platform.createAccount(input())

    const account = fake().accounts.get(created.externalId)!
    expect(account).toMatchObject({
      login: created.login,
      server: created.server,
      platform: 'mt5',
      metastatsApiEnabled: true,
      riskManagementApiEnabled: true,
      state: 'DEPLOYED',
      connectionStatus: 'CONNECTED',
    })
    const broker = fake().broker(created.login)
    expect(broker.balanceCents).toBe(10_000_00)
    expect(created.password).toBe(broker.password)
    expect(created.investorPassword).toBe(broker.investorPassword)
    // the demo account, the account and the deployment each answered 202 + Retry-After: 1 first
    expect(waits.filter((ms) => ms === 1000)).toHaveLength(3)
    const creates = fake().requests.filter(
      (request) => request.method === 'POST' && request.path.endsWith('/users/current/accounts'),
    )
    expect(creates.map((request) => request.status)).toEqual([202, 201])
    expect(new Set(creates.map((request) => request.transactionId))).toEqual(
      new Set([transactionIdOf('order-1:phase1', 'account')]),
    )
  })

  it('is idempotent by request id: a retry answers the same account, never a second one', async () => {
    const first = await platform.createAccount(input())
    const brokersBefore = fake().brokers.size
    const again = await platform.createAccount(input())
    expect(again).toEqual(first)
    expect(fake().accounts.size).toBe(1)
    expect(fake().brokers.size).toBe(brokersBefore)

    const other = await platform.createAccount(input({ requestId: 'order-2:phase1' }))
    expect(other.externalId).not.toBe(first.externalId)
    expect(fake().accounts.size).toBe(2)
  })
})

describe('reads in the port units', () => {
  it('account information in cents, positions in points and hundredths of a lot, deals and closed trades', async () => {
    const created = await platform.createAccount(input())
    fake().openPosition(created.login, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: 0.25,
      openPrice: 1.0835,
      profitCents: -1234,
    })
    fake().addClosedTrade(created.login, {
      symbol: 'EURUSD',
      side: 'sell',
      volume: 1.5,
      openPrice: 1.1,
      closePrice: 1.09,
      profitCents: 150_000,
    })

    const info = await platform.getAccountInfo(created.externalId)
    expect(info).toMatchObject({
      login: created.login,
      balance: 10_000_00 + 150_000,
      equity: 10_000_00 + 150_000 - 1234,
      floatingProfit: -1234,
      isTradingEnabled: true,
    })

    const [position] = await platform.listPositions(created.externalId)
    expect(position).toMatchObject({
      symbol: 'EURUSD',
      side: 'buy',
      volume: 25,
      openPrice: 108_350,
      profit: -1234,
    })

    const { trades } = await platform.listClosedTrades(created.externalId, { limit: 10 })
    expect(trades).toHaveLength(1)
    expect(trades[0]).toMatchObject({
      symbol: 'EURUSD',
      side: 'sell',
      volume: 150,
      openPrice: 110_000,
      closePrice: 109_000,
      profit: 150_000,
    })

    const { deals } = await platform.listDeals(created.externalId, {
      fromMs: 0,
      toMs: Date.now() + 60_000,
      offset: 0,
      limit: 100,
    })
    // oldest first: the closed trade opened a minute ago, then the deposit, the open position's
    // opening and the closed trade's closing
    expect(deals.map((deal) => deal.entry)).toEqual(['in', 'balance', 'in', 'out'])
    expect(deals[1]).toMatchObject({ type: 'balance', profit: 10_000_00, reason: 'deposit' })
  })
})

describe('retries and errors', () => {
  it('waits for the Retry-After of a 429 and then succeeds', async () => {
    const created = await platform.createAccount(input())
    waits = []
    fake().injectFault({ status: 429, count: 2, retryAfterSeconds: 2, path: '/users/current' })
    const info = await platform.getAccountInfo(created.externalId)
    expect(info.balance).toBe(10_000_00)
    expect(waits.filter((ms) => ms === 2000)).toHaveLength(2)
  })

  it('a 5xx that lasts past the deadline is "unavailable"; an unknown account is not found', async () => {
    const quick = new MetaApiPlatform({
      settings: { mode: 'fake', profileId: 'default', region: 'new-york' },
      logger: silent,
      clientOptions: { sleep: async () => {}, deadlineMs: 0 },
    })
    await quick.load()
    try {
      quick.fake!.injectFault({ status: 500, count: 5 })
      const failure = await quick.getAccountInfo('x').catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(AppError)
      expect((failure as AppError).message).toBe(metatraderMessages.unavailable)
    } finally {
      await quick.stop()
    }
    await expect(platform.getAccountInfo('no-such-account')).rejects.toBeInstanceOf(
      PlatformNotFoundError,
    )
  })

  it('refuses what MetaApi cannot do with the app messages', async () => {
    const created = await platform.createAccount(input())
    await expect(platform.applyBalanceOperation(created.externalId, -100)).rejects.toMatchObject({
      status: 409,
      message: metatraderMessages.notSupported('A balance operation'),
    })
    await expect(
      platform.placeOrder(created.externalId, {
        symbol: 'EURUSD',
        type: 'buy',
        volume: 10,
        price: null,
        stopLoss: null,
        takeProfit: null,
      }),
    ).rejects.toMatchObject({ message: metatraderMessages.tradeInTerminal })
  })
})

describe('polling (live risk)', () => {
  it('emits equity and position events of the watched accounts, enforces disabled trading, undeploys an account no longer watched', async () => {
    const created = await platform.createAccount(input())
    const events: AccountEvent[] = []
    platform.subscribe((externalId, event) => {
      if (externalId === created.externalId) events.push(event)
    })
    platform.watchAccounts([created.externalId])

    fake().setEquity(created.login, 9_500_00)
    await platform.pollOnce()
    expect(events.at(-1)).toMatchObject({ type: 'equity', balance: 10_000_00, equity: 9_500_00 })

    fake().addClosedTrade(created.login, {
      symbol: 'GBPUSD',
      side: 'buy',
      volume: 0.5,
      openPrice: 1.25,
      closePrice: 1.26,
      profitCents: 50_000,
    })
    await platform.pollOnce()
    const closed = events.find((event) => event.type === 'position-closed')
    expect(closed).toMatchObject({
      trade: { symbol: 'GBPUSD', side: 'buy', volume: 50, closePrice: 126_000, profit: 50_000 },
    })
    // a deal is reported once
    await platform.pollOnce()
    expect(events.filter((event) => event.type === 'position-closed')).toHaveLength(1)

    await platform.setTradingEnabled(created.externalId, false)
    expect((await platform.getAccountInfo(created.externalId)).isTradingEnabled).toBe(false)
    fake().openPosition(created.login, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: 1,
      openPrice: 1.08,
      profitCents: 0,
    })
    await platform.pollOnce()
    expect(fake().broker(created.login).positions).toHaveLength(0)

    platform.watchAccounts([])
    await vi.waitFor(() =>
      expect(fake().accounts.get(created.externalId)!.state).toBe('UNDEPLOYED'),
    )
  })

  it('backs off an account whose reads fail, and pauses on 429', async () => {
    const created = await platform.createAccount(input())
    platform.watchAccounts([created.externalId])
    await platform.pollOnce()
    const reads = () =>
      fake().requests.filter((request) => request.path.endsWith('/account-information')).length
    fake().injectFault({ status: 500, count: 1, path: '/users/current/accounts' })
    const before = reads()
    await platform.pollOnce() // fails: skips the next round
    await platform.pollOnce() // skipped
    expect(reads()).toBe(before + 1)
    await platform.pollOnce()
    expect(reads()).toBe(before + 2)

    fake().injectFault({ status: 429, count: 1, retryAfterSeconds: 60 })
    await platform.pollOnce()
    const paused = reads()
    await platform.pollOnce()
    await platform.pollOnce()
    await platform.pollOnce()
    expect(reads()).toBe(paused)
  })
})

describe("the fake's control page", () => {
  it("lists the broker accounts and moves an account's equity and deals", async () => {
    const [mt5] = fakeMetaApiBrokerAccounts
    const page = await fetch(fake().controlUrl)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(await page.text()).toContain(mt5.login)

    const post = (path: string, body: object) =>
      fetch(`${fake().url}/control/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    expect((await post('equity', { login: mt5.login, equity: '9000.50' })).status).toBe(200)
    expect((await post('trade', { login: mt5.login, profit: '-250' })).status).toBe(200)
    const broker = fake().broker(mt5.login)
    expect(broker.balanceCents).toBe(mt5.balanceCents - 25_000)
    // the equity set, less the closed trade's loss (booked to the balance, floating unchanged)
    expect(broker.balanceCents + broker.floatingCents).toBe(900_050 - 25_000)
    expect((await post('equity', { login: '1', equity: '1' })).status).toBe(404)
  })
})

describe('testConnection (Connect MetaTrader)', () => {
  const [mt5] = fakeMetaApiBrokerAccounts

  it('connects with the right credentials, reads the account and removes it again', async () => {
    const outcome = await platform.testConnection({
      platform: 'mt5',
      server: mt5.server,
      login: mt5.login,
      password: mt5.password,
    })
    expect(outcome).toEqual({
      result: 'connected',
      account: {
        name: mt5.name,
        login: mt5.login,
        server: mt5.server,
        platform: 'mt5',
        balance: mt5.balanceCents,
        currency: 'USD',
        status: 'Connected',
      },
    })
    expect([...fake().accounts.values()].map((account) => account.state)).toEqual(['DELETING'])
  })

  it("a wrong password or server fails with MetaApi's reason, nothing left behind", async () => {
    const wrong = await platform.testConnection({
      platform: 'mt5',
      server: mt5.server,
      login: mt5.login,
      password: 'not-it',
    })
    expect(wrong).toMatchObject({ result: 'failed', code: 'E_AUTH' })
    expect(wrong.result === 'failed' && wrong.message).toMatch(/authenticate/i)

    const unknown = await platform.testConnection({
      platform: 'mt5',
      server: 'NoSuchBroker-Live',
      login: mt5.login,
      password: mt5.password,
    })
    expect(unknown).toMatchObject({ result: 'failed', code: 'E_SRV_NOT_FOUND' })
    expect(fake().accounts.size).toBe(0)
  })
})
