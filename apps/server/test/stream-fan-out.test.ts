import {
  mergeAccountState,
  streamServerMessageSchema,
  type AccountState,
  type TradingCredentials,
} from '@tp/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { AccountBuild } from '../src/modules/stream/live-hub'
import { createTestApp, type TestApp, type TestUser } from './support'

// The stream's fan-out: an account's state is built once per interval for all its watchers, sent
// as the same bytes to each, only its changed parts after the whole state on subscribing, nothing
// when nothing changed, and never with the trading passwords.

let app: TestApp
let trader: TestUser
let accountId: string
let credentials: TradingCredentials

type Watcher = {
  socket: WebSocket
  /** every message as received, unparsed */
  raw: string[]
  waitFor(match: (raw: string) => boolean, what: string): Promise<string>
}

async function watch(): Promise<Watcher> {
  const socket = new WebSocket(`${app.baseUrl!.replace('http', 'ws')}/api/stream`)
  const raw: string[] = []
  const waiters: { match: (raw: string) => boolean; resolve: (raw: string) => void }[] = []
  socket.on('message', (data) => {
    const text = String(data)
    streamServerMessageSchema.parse(JSON.parse(text))
    raw.push(text)
    for (const waiter of [...waiters]) {
      if (waiter.match(text)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(text)
      }
    }
  })
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve())
    socket.on('error', reject)
  })
  const watcher: Watcher = {
    socket,
    raw,
    waitFor: (match, what) => {
      const seen = raw.find(match)
      if (seen) return Promise.resolve(seen)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${what} message`)), 5_000)
        waiters.push({
          match,
          resolve: (text) => {
            clearTimeout(timer)
            resolve(text)
          },
        })
      })
    },
  }
  socket.send(JSON.stringify({ type: 'auth', token: trader.token }))
  await watcher.waitFor((text) => text.includes('"type":"ready"'), 'ready')
  socket.send(JSON.stringify({ type: 'account', accountId }))
  await watcher.waitFor((text) => text.startsWith('{"type":"account",'), 'account')
  return watcher
}

const tick = (bid: number) =>
  app.simulated.pushTick({
    symbol: 'BTCUSD',
    bid,
    ask: bid + 2_500,
    tMs: app.clock.now().getTime(),
  })

/** The next build of the account's state that the hub reports. */
const nextBuild = (match: (build: AccountBuild) => boolean = () => true) =>
  new Promise<AccountBuild>((resolve) => {
    const stop = app.ctx.trading.hub.onAccountBuilt((build) => {
      if (build.accountId !== accountId || !match(build)) return
      stop()
      resolve(build)
    })
  })

/** The state a client holds after these messages (the whole state, then the patches merged). */
function heldState(raw: readonly string[]): AccountState | null {
  let held: AccountState | null = null
  for (const text of raw) {
    const message = streamServerMessageSchema.parse(JSON.parse(text))
    if (message.type === 'account') held = message.state
    if (message.type === 'account-patch' && held) held = mergeAccountState(held, message.parts)
  }
  return held
}

beforeAll(async () => {
  app = await createTestApp({ listen: true })
  trader = await app.createUser()
  tick(6_500_000)
  accountId = (await app.createTradingAccount(trader)).id
  credentials = (
    await app.get<TradingCredentials>(`/api/trading/accounts/${accountId}/credentials`, {
      token: trader.token,
    })
  ).body
})
afterAll(async () => {
  await app?.close()
})

describe('the stream’s fan-out', () => {
  it('sends every watcher of an account the same bytes, only the changed parts', async () => {
    const first = await watch()
    const second = await watch()
    await app.post(
      `/api/trading/accounts/${accountId}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '1.00' },
      { token: trader.token },
    )
    const moved = nextBuild((build) => build.changed.includes('figures'))
    tick(6_560_000)
    const { version } = await moved
    const isPatch = (text: string) =>
      text.startsWith('{"type":"account-patch",') && text.includes(`"version":${version},`)
    const [a, b] = await Promise.all([
      first.waitFor(isPatch, 'patch'),
      second.waitFor(isPatch, 'patch'),
    ])
    expect(a).toBe(b)
    const patch = streamServerMessageSchema.parse(JSON.parse(a))
    expect(patch.type === 'account-patch' && Object.keys(patch.parts)).not.toContain('account')
    expect(patch.type === 'account-patch' && patch.parts.figures?.equity).toBe(10_057_500)

    // both hold the state the REST read gives, and a third watcher starts from it whole
    const third = await watch()
    const rest = await app.get<AccountState>(`/api/trading/accounts/${accountId}`, {
      token: trader.token,
    })
    expect(heldState(first.raw)).toEqual(heldState(second.raw))
    expect(heldState(third.raw)?.figures).toEqual(rest.body.figures)
    expect(heldState(first.raw)?.positions).toEqual(rest.body.positions)
    for (const watcher of [first, second, third]) watcher.socket.close()
  })

  it('pushes nothing for an account that did not change', async () => {
    const watcher = await watch()
    // a build with nothing to change: the hub reports it, no account message goes out
    const idle = nextBuild()
    app.ctx.trading.hub.accountChanged(accountId)
    expect((await idle).changed).toEqual([])
    watcher.socket.send(JSON.stringify({ type: 'ping' }))
    await watcher.waitFor((text) => text === '{"type":"pong"}', 'pong')
    // the socket keeps the hub's order: anything that build sent came before the pong; only the
    // whole state on subscribing is there
    const accountMessages = watcher.raw.filter((text) => text.includes('"type":"account'))
    expect(accountMessages).toHaveLength(1)
    expect(accountMessages[0]).toMatch(/^\{"type":"account",/)
    watcher.socket.close()
  })

  it('never carries the trading passwords: not in a push, not in an account state', async () => {
    expect(credentials.password).toMatch(/\w{8}/)
    const watcher = await watch()
    const moved = nextBuild((build) => build.changed.length > 0)
    tick(6_580_000)
    await moved
    await watcher.waitFor((text) => text.startsWith('{"type":"account-patch",'), 'patch')
    for (const text of watcher.raw) {
      expect(text).not.toContain(credentials.password)
      expect(text).not.toMatch(/[Pp]assword/)
    }
    const state = await app.get<AccountState>(`/api/trading/accounts/${accountId}`, {
      token: trader.token,
    })
    expect(JSON.stringify(state.body)).not.toContain(credentials.password)
    expect(state.body.account).not.toHaveProperty('password')
    expect(state.body.account).not.toHaveProperty('investorPassword')

    // nor the owner's list: the owner's credentials route alone gives them (spec 2.13's column is
    // filled on demand); an admin reads the account, not its passwords
    const list = await app.get<{ accounts: { id: string }[] }>('/api/trading/accounts', {
      token: trader.token,
    })
    expect(list.body.accounts.map((account) => account.id)).toContain(accountId)
    expect(JSON.stringify(list.body)).not.toContain(credentials.password)
    expect(JSON.stringify(list.body)).not.toMatch(/[Pp]assword/)
    const admin = await app.createUser({ role: 'admin' })
    const asAdmin = await app.get(`/api/trading/accounts/${accountId}/credentials`, {
      token: admin.token,
    })
    expect(asAdmin.status).toBe(403)
    watcher.socket.close()
  })
})
