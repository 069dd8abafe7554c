import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TradingAccountDto, TradingCredentials } from '@tp/api'
import { platformMessages } from '@tp/api/trading-platform'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tradingAccounts } from '../src/db/schema'
import {
  FAKE_MT5_MANAGER,
  FAKE_MT5_SERVER_NAME,
  startMt5Fake,
  type Mt5Fake,
} from '../src/integrations/trading-platform/mt5-webapi/fake/mt5-fake'
import { Mt5Error, Mt5Session } from '../src/integrations/trading-platform/mt5-webapi/mt5-session'
import {
  toAppError,
  type Mt5WebApiPlatform,
} from '../src/integrations/trading-platform/mt5-webapi/mt5-webapi-platform'
import { Mt5UserRights, requestTag } from '../src/integrations/trading-platform/mt5-webapi/mt5-wire'
import { AppError } from '../src/lib/errors'
import { provisionStageAccount } from '../src/modules/accounts/provision-account'
import { createTestApp, waitForAccountStatus, type TestApp } from './support'
import { createBuyer, orderRow, placeOrder } from './support/checkout'
import { waitFor } from './support/wait-for'

// The MT5 Web API adapter against the local fake MT5 server, through real HTTP on loopback: the
// manager's challenge (and the check of the server's own answer), the session bound to its
// connection and signed in again after a drop, errors mapped to the app's messages, a purchase
// that makes the MT5 user and its deposit, a breach driven from the server's equity, and
// provisioning that dies after the remote create and retries into exactly one login.

const session = (fake: Mt5Fake, password: string = FAKE_MT5_MANAGER.password) =>
  new Mt5Session({ baseUrl: new URL(fake.url), login: FAKE_MT5_MANAGER.login, password })

const access = { method: 'GET', path: '/api/test/access', isIdempotent: true } as const

/** A GET on one keep-alive socket of our own, no client code of the app involved. */
function rawGet(
  agent: http.Agent,
  url: string,
): Promise<{ status: number; body: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        let text = ''
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            body: JSON.parse(text) as Record<string, string>,
          }),
        )
      })
      .on('error', reject)
  })
}

describe('the MT5 manager session (against the fake)', () => {
  let fake: Mt5Fake
  beforeAll(async () => {
    fake = await startMt5Fake()
  })
  afterAll(async () => {
    await fake?.close()
  })

  it('answers the challenge as MetaQuotes documents it, byte for byte', async () => {
    // computed here from the documented recipe, without the app's helpers
    const md5 = (...parts: Buffer[]) => {
      const hash = createHash('md5')
      for (const part of parts) hash.update(part)
      return hash.digest()
    }
    const passwordHash = md5(
      md5(Buffer.from(FAKE_MT5_MANAGER.password, 'utf16le')),
      Buffer.from('WebAPI'),
    )
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const start = await rawGet(
        agent,
        `${fake.url}/api/auth/start?version=4000&agent=test&login=${FAKE_MT5_MANAGER.login}&type=manager`,
      )
      expect(start.body).toMatchObject({
        retcode: '0 Done',
        srv_rand: expect.stringMatching(/^[0-9a-f]{32}$/),
      })
      const srvRandAnswer = md5(passwordHash, Buffer.from(start.body.srv_rand!, 'hex')).toString(
        'hex',
      )
      const cliRand = randomBytes(16)
      const answer = await rawGet(
        agent,
        `${fake.url}/api/auth/answer?srv_rand_answer=${srvRandAnswer}&cli_rand=${cliRand.toString('hex')}`,
      )
      expect(answer.status).toBe(200)
      // the server proves it knows the password too
      expect(answer.body.cli_rand_answer).toBe(md5(passwordHash, cliRand).toString('hex'))
      // the session is this connection's: a command on it works ...
      expect((await rawGet(agent, `${fake.url}/api/test/access`)).body).toEqual({
        retcode: '0 Done',
      })
    } finally {
      agent.destroy()
    }
    // ... and on any other connection it is refused
    const other = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const refused = await rawGet(other, `${fake.url}/api/user/get?login=1`)
      expect(refused.status).toBe(403)
      expect(refused.body.retcode).toMatch(/^8 /)
    } finally {
      other.destroy()
    }
  })

  it('signs in and keeps one connection per session', async () => {
    const manager = session(fake)
    try {
      await manager.send(access)
      await manager.send(access)
      expect(manager.authentications).toBe(1)
    } finally {
      manager.close()
    }
  })

  it('is refused with a wrong password, mapped to the platform-unavailable message', async () => {
    const manager = session(fake, 'Wrong#Password1')
    try {
      const error = await manager.send(access).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(Mt5Error)
      expect((error as Mt5Error).details).toMatchObject({ retcode: 1001, httpStatus: 403 })
      const mapped = toAppError(error) as AppError
      expect(mapped).toBeInstanceOf(AppError)
      expect(mapped).toMatchObject({ status: 503, message: platformMessages.unavailable })
    } finally {
      manager.close()
    }
  })

  it('refuses a server that cannot answer the client random (does not know the password)', async () => {
    const impostor = http.createServer((request, response) => {
      const body = request.url!.startsWith('/api/auth/start')
        ? { retcode: '0 Done', srv_rand: randomBytes(16).toString('hex') }
        : { retcode: '0 Done', cli_rand_answer: randomBytes(16).toString('hex') }
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(body))
    })
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve))
    const port = (impostor.address() as AddressInfo).port
    const manager = new Mt5Session({
      baseUrl: new URL(`http://127.0.0.1:${port}`),
      login: FAKE_MT5_MANAGER.login,
      password: FAKE_MT5_MANAGER.password,
    })
    try {
      await expect(manager.send(access)).rejects.toThrow(/cli_rand_answer/)
      expect(manager.authentications).toBe(0)
    } finally {
      manager.close()
      impostor.closeAllConnections()
      await new Promise((resolve) => impostor.close(resolve))
    }
  })

  it('signs in again on a new connection after the old one dropped', async () => {
    const manager = session(fake)
    try {
      await manager.send(access)
      fake.dropAllConnections()
      await waitFor(() => !manager.isAuthenticated(), { what: 'the socket to close' })
      await manager.send(access)
      expect(manager.authentications).toBe(2)
      // a read whose connection breaks mid-command is sent again after signing in
      fake.dropNext(1, '/api/test/access')
      await manager.send(access)
      expect(manager.authentications).toBe(3)
    } finally {
      manager.close()
    }
  })

  it('maps the server’s errors to the app’s messages', async () => {
    const manager = session(fake)
    const send = () => manager.send(access).catch((caught: unknown) => toAppError(caught))
    try {
      fake.failNext(13, '/api/test/access')
      expect(await send()).toMatchObject({ status: 404, message: platformMessages.accountMissing })
      fake.failNext(8, '/api/test/access')
      expect(await send()).toMatchObject({ status: 503, message: platformMessages.notPermitted })
      fake.rateLimitNext(1, 3, '/api/test/access')
      expect(await send()).toMatchObject({
        status: 503,
        message: platformMessages.busy,
        retryAfterSeconds: 3,
      })
      fake.failNext(2, '/api/test/access', 500)
      expect(await send()).toMatchObject({ status: 503, message: platformMessages.unavailable })
      // and a write is never sent twice when its connection broke
      fake.dropNext(1, '/api/trade/balance')
      const error = await manager
        .send({
          method: 'POST',
          path: '/api/trade/balance',
          query: { login: 1 },
          isIdempotent: false,
        })
        .catch((caught: unknown) => caught)
      expect((error as Mt5Error).details.isNetwork).toBe(true)
      expect(fake.calls.get('/api/trade/balance')).toBe(1)
    } finally {
      manager.close()
    }
  })

  it('enforces the password policy', async () => {
    const manager = session(fake)
    try {
      const weak = await manager
        .send({
          method: 'POST',
          path: '/api/user/add',
          body: {
            Group: 'demo\\x',
            PassMain: 'abcdefgh',
            PassInvestor: 'abcdefgh',
            Leverage: '100',
          },
          isIdempotent: false,
        })
        .catch((caught: unknown) => toAppError(caught))
      expect(weak).toMatchObject({ status: 422, message: platformMessages.passwordPolicy })
    } finally {
      manager.close()
    }
  })
})

describe('accounts on the MT5 server (TRADING_PLATFORM=mt5-webapi)', () => {
  let app: TestApp
  let mt5: Mt5WebApiPlatform
  let fake: Mt5Fake

  beforeAll(async () => {
    app = await createTestApp({ env: { TRADING_PLATFORM: 'mt5-webapi' } })
    mt5 = app.ctx.trading.router.adapter('mt5-webapi') as Mt5WebApiPlatform
    fake = mt5.fake!
  })
  afterAll(async () => {
    await app?.close()
  })

  it('a purchase creates the MT5 user with its deposit and shows the login and server', async () => {
    const user = await createBuyer(app, { name: 'Mia Meta' })
    const order = await placeOrder(app, user, { platform: 'mt5', sizeK: 50 })
    const paid = await app.post<{ id: string }>(
      '/api/payment/orders',
      { orderId: order.id },
      { token: user.token },
    )
    expect(paid.status, paid.text).toBe(201)
    app.paypal.approve(paid.body.id)
    const captured = await app.post(
      `/api/payment/orders/${paid.body.id}/capture`,
      {},
      {
        token: user.token,
      },
    )
    expect(captured.status, captured.text).toBe(200)
    await app.waitForJobs()
    const row = await orderRow(app, order.id)
    expect(row).toMatchObject({ status: 'fulfilled', provisioningError: null })

    const [account] = await app.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, row.accountId!))
    expect(account).toMatchObject({ adapter: 'mt5-webapi', status: 'active' })
    const mt5User = fake.user(account!.login!)
    expect(mt5User).toMatchObject({ group: mt5.settings.group, leverage: account!.leverage })
    expect(mt5User.comment).toBe(requestTag(account!.id))
    expect(mt5User.balance).toBe(5_000_000)
    expect(fake.deals.filter((deal) => deal.login === mt5User.login)).toHaveLength(1)

    const list = await app.get<{ accounts: TradingAccountDto[] }>('/api/trading/accounts', {
      token: user.token,
    })
    expect(list.body.accounts[0]).toMatchObject({
      login: account!.login,
      server: FAKE_MT5_SERVER_NAME,
      platformLabel: 'MetaTrader 5',
    })
    const credentials = await app.get<TradingCredentials>(
      `/api/trading/accounts/${account!.id}/credentials`,
      { token: user.token },
    )
    expect(credentials.body).toMatchObject({ login: account!.login, server: FAKE_MT5_SERVER_NAME })
    // the password the trader sees is the one the MT5 server has
    expect(credentials.body.password).toBe(mt5User.passMain)
    const mail = await app.mailbox.waitFor({ to: user.user.email, subject: /account is ready/ })
    expect(mail.text).toContain(`sign in to server ${FAKE_MT5_SERVER_NAME}`)
    expect(mail.text).not.toContain('simulated account')
  })

  it('fails the account when its equity on the MT5 server crosses the floor, and disables trading there', async () => {
    const trader = await app.createUser()
    const account = await app.createTradingAccount(trader, { sizeK: 100 })
    expect(account).toMatchObject({ adapter: 'mt5-webapi', status: 'active' })
    const login = account.login!
    fake.openPosition(login, { symbol: 'EURUSD', side: 'buy', lots: 1 })
    // the app reads the account (polling) before the fall
    const polled = mt5.polls
    await waitFor(() => mt5.polls >= polled + 2, { what: 'two polls' })
    fake.setEquity(login, 8_900_000) // below the 10% max loss floor of $90,000
    const failed = await waitForAccountStatus(app.db, account.id, 'failed', { what: 'the breach' })
    expect(failed.isTradingEnabled).toBe(false)
    await waitFor(() => (fake.user(login).rights & Mt5UserRights.TRADE_DISABLED) !== 0, {
      what: 'trading disabled on the MT5 server',
    })
    // the manager has the dealer right here: the position was closed by the firm
    await waitFor(() => [...fake.positions.values()].every((p) => p.login !== Number(login)), {
      what: 'the positions closed',
    })
    await app.mailbox.waitFor({ to: trader.user.email, subject: /breached the/ })
  })

  it('a crash between the remote create and our database write still makes exactly one login', async () => {
    const trader = await app.createUser()
    const original = mt5.createAccount.bind(mt5)
    let attempts = 0
    mt5.createAccount = async (input) => {
      attempts++
      const created = await original(input)
      if (attempts === 1) throw new Error('killed after the platform created the user')
      return created
    }
    const lookups = () => fake.calls.get('/api/user/get_batch') ?? 0
    const lookupsBefore = lookups()
    try {
      const [challenge] = await app.db
        .insert((await import('../src/db/schema')).challenges)
        .values({
          userId: trader.user.id,
          challengeType: 'twoPhase',
          sizeK: 10,
          platform: 'mt5',
          rulebookVersion: (await import('@tp/domain')).currentRulebookVersion,
        })
        .returning()
      const input = { challengeId: challenge!.id, stage: 'phase1' as const }
      await expect(provisionStageAccount(app.ctx, input)).rejects.toThrow(/killed/)
      const [pending] = await app.db
        .select()
        .from(tradingAccounts)
        .where(eq(tradingAccounts.challengeId, challenge!.id))
      expect(pending).toMatchObject({ status: 'provisioning', login: null })
      // the remote user exists, unknown to our database
      expect(fake.usersWithComment(requestTag(pending!.id))).toHaveLength(1)

      const active = await provisionStageAccount(app.ctx, input)
      expect(active.status).toBe('active')
      const users = fake.usersWithComment(requestTag(active.id))
      expect(users).toHaveLength(1)
      expect(String(users[0]!.login)).toBe(active.login)
      expect(users[0]!.balance).toBe(1_000_000) // deposited once
      // the first attempt did not search the group; the retry did, once
      expect(lookups() - lookupsBefore).toBe(1)
      const credentials = await app.get<TradingCredentials>(
        `/api/trading/accounts/${active.id}/credentials`,
        { token: trader.token },
      )
      expect(credentials.body.password).toBe(users[0]!.passMain)
    } finally {
      mt5.createAccount = original
    }
  })

  it('the web terminal shows the account read-only: orders are refused with the reason', async () => {
    const trader = await app.createUser()
    const account = await app.createTradingAccount(trader, { sizeK: 10 })
    const refused = await app.post<{ message: string }>(
      `/api/trading/accounts/${account.id}/orders`,
      { type: 'buy', symbol: 'EURUSD', volume: '0.10' },
      { token: trader.token },
    )
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(
      platformMessages.tradesInMetaTrader('MetaTrader 5', FAKE_MT5_SERVER_NAME),
    )
    const state = await app.get<{ account: { isTradingEnabled: boolean } }>(
      `/api/trading/accounts/${account.id}`,
      { token: trader.token },
    )
    expect(state.status, state.text).toBe(200)
  })

  it('keeps accounts of the simulated server working beside them', async () => {
    const trader = await app.createUser()
    const created = await app.ctx.trading.platform.createAccount({
      requestId: crypto.randomUUID(),
      adapter: 'simulated',
      platform: 'mt5',
      name: 'Side By Side',
      email: trader.user.email,
      group: 'tradepeak\\twoPhase.phase1',
      balance: 1_000_000,
      leverage: 100,
      limits: { maxLotsPerForexOrder: 50, marginCallPercent: 100, stopOutPercent: 50 },
    })
    expect(app.ctx.trading.router.kindOf(created.externalId)).toBe('simulated')
    const info = await app.ctx.trading.platform.getAccountInfo(created.externalId)
    expect(info.balance).toBe(1_000_000)
    expect(app.ctx.trading.platform.platformLabel('mt5', 'simulated')).toBe('Simulated MT5')
    expect(fake.users.has(Number(created.login))).toBe(false)
  })
})
