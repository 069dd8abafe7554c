import { Writable } from 'node:stream'
import {
  metatraderConnectionTestResponseSchema,
  metatraderMessages,
  type MetatraderConnectionTestResponse,
} from '@tp/api/metatrader'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeMetaApiBrokerAccounts } from '../src/integrations/trading-platform/metaapi/fake/metaapi-fake'
import { metaApiOf } from '../src/modules/metatrader/test-metatrader-connection'
import { createTestApp, type TestApp } from './support'

// Connect MetaTrader (spec 2.13, 5; decision 0043) over HTTP: POST /api/metatrader/connection-test
// tests a trader's credentials through the MetaApi adapter against its local fake: connected with
// the account's panel, "Connection Failed" with MetaApi's reason, validation refusals, the caller
// from the token only, a per-user rate limit, and the password neither stored nor logged.

const [mt5, mt4] = fakeMetaApiBrokerAccounts
const URL = '/api/metatrader/connection-test'
const WRONG_PASSWORD = 'Wr0ng-but-distinctive-Pa55'

let app: TestApp
const logLines: string[] = []

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'))
      done()
    },
  })
  app = await createTestApp({
    env: { RATE_LIMIT_MAX_PER_EMAIL: '4' },
    logger: pino({ level: 'trace' }, logStream),
  })
})
afterAll(async () => {
  await app?.close()
})

const form = (overrides: Record<string, unknown> = {}) => ({
  platform: 'mt5',
  server: mt5.server,
  login: mt5.login,
  password: mt5.password,
  ...overrides,
})

describe('POST /api/metatrader/connection-test', () => {
  it('refuses a caller without a token', async () => {
    const response = await app.post(URL, form())
    expect(response.status).toBe(401)
  })

  it('connects with the right credentials and answers the success panel', async () => {
    const trader = await app.createUser()
    const response = await app.post<MetatraderConnectionTestResponse>(URL, form(), {
      token: trader.token,
    })
    expect(response.status).toBe(200)
    expect(metatraderConnectionTestResponseSchema.parse(response.body)).toEqual({
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
    // the temporary MetaApi account is gone again
    const fake = metaApiOf(app.ctx)!.fake!
    expect([...fake.accounts.values()].every((account) => account.state === 'DELETING')).toBe(true)
  })

  it('MT4 works the same', async () => {
    const trader = await app.createUser()
    const response = await app.post<MetatraderConnectionTestResponse>(
      URL,
      form({ platform: 'mt4', server: mt4.server, login: mt4.login, password: mt4.password }),
      { token: trader.token },
    )
    expect(response.body).toMatchObject({
      result: 'connected',
      account: { platform: 'mt4', login: mt4.login, balance: mt4.balanceCents },
    })
  })

  it('a wrong password is "Connection Failed" with MetaApi\'s reason', async () => {
    const trader = await app.createUser()
    const response = await app.post<MetatraderConnectionTestResponse>(
      URL,
      form({ password: WRONG_PASSWORD }),
      { token: trader.token },
    )
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      result: 'failed',
      title: metatraderMessages.connectionFailed,
      code: 'E_AUTH',
    })
    expect(response.body.result === 'failed' && response.body.message).toMatch(
      /failed to authenticate/i,
    )
  })

  it('an unknown server is "Connection Failed" naming the server problem', async () => {
    const trader = await app.createUser()
    const response = await app.post<MetatraderConnectionTestResponse>(
      URL,
      form({ server: 'NoSuchBroker-Live' }),
      { token: trader.token },
    )
    expect(response.body).toMatchObject({ result: 'failed', code: 'E_SRV_NOT_FOUND' })
  })

  it('all four fields are required; a bad login or platform is refused; nothing else is taken', async () => {
    const trader = await app.createUser()
    for (const field of ['platform', 'server', 'login', 'password']) {
      const body: Record<string, unknown> = form()
      delete body[field]
      const response = await app.post<{ code: string; message: string }>(URL, body, {
        token: trader.token,
      })
      expect(response.status, field).toBe(422)
      expect(response.body.code).toBe('VALIDATION_FAILED')
    }
    const empty = await app.post<{ message: string }>(URL, form({ server: '  ' }), {
      token: trader.token,
    })
    expect(empty.status).toBe(422)
    expect(empty.body.message).toBe(metatraderMessages.allFieldsRequired)
    const letters = await app.post<{ message: string }>(URL, form({ login: 'abc' }), {
      token: trader.token,
    })
    expect(letters.body.message).toBe(metatraderMessages.loginFormat)
    const platform = await app.post(URL, form({ platform: 'mt6' }), { token: trader.token })
    expect(platform.status).toBe(422)
    // identity comes from the token only: a body naming someone is refused, not obeyed
    const someone = await app.post(URL, form({ email: 'someone@example.com' }), {
      token: trader.token,
    })
    expect(someone.status).toBe(422)
    const malformed = await app.request('POST', URL, {
      token: trader.token,
      payload: '{"platform":',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
  })

  it('is rate limited per user (RATE_LIMIT_MAX_PER_EMAIL tests per window); another user is not', async () => {
    const busy = await app.createUser()
    const statuses: number[] = []
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await app.post(URL, form({ server: 'NoSuchBroker-Live' }), {
        token: busy.token,
        ip: `10.0.0.${attempt + 1}`,
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429])
    const other = await app.createUser()
    const response = await app.post(URL, form({ server: 'NoSuchBroker-Live' }), {
      token: other.token,
    })
    expect(response.status).toBe(200)
  })

  it('the password is neither stored in the database nor logged', async () => {
    const trader = await app.createUser()
    await app.post(URL, form({ password: WRONG_PASSWORD }), { token: trader.token })
    await app.post(URL, form(), { token: trader.token })

    const { rows: tables } = await app.ctx.pool.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    )
    expect(tables.length).toBeGreaterThan(10)
    for (const { schema, name } of tables) {
      for (const secret of [WRONG_PASSWORD, mt5.password]) {
        const { rows } = await app.ctx.pool.query<{ count: number }>(
          `select count(*)::int as count from "${schema}"."${name}" t where t::text like $1`,
          [`%${secret}%`],
        )
        expect(rows[0]!.count, `${schema}.${name}`).toBe(0)
      }
    }
    const logged = logLines.join('')
    expect(logged).toContain('MetaTrader connection test')
    expect(logged).not.toContain(WRONG_PASSWORD)
    expect(logged).not.toContain(mt5.password)
  })
})
