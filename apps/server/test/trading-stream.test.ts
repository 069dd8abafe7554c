import {
  mergeAccountState,
  streamServerMessageSchema,
  type AccountState,
  type StreamServerMessage,
} from '@tp/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import WebSocket from 'ws'
import { tradingAccounts } from '../src/db/schema'
import { createTestApp, type TestApp, type TestUser } from './support'

// The live stream over a real socket: authentication by first message, quotes of the subscribed
// symbols, the watched account's state (whole, then its changes merged) and its trading events,
// and the refusals.

let app: TestApp
let trader: TestUser
let accountId: string

type Client = {
  socket: WebSocket
  messages: StreamServerMessage[]
  next(match: (m: StreamServerMessage) => boolean, what: string): Promise<StreamServerMessage>
  closed: Promise<number>
  send(message: unknown): void
}

function connect(): Promise<Client> {
  const socket = new WebSocket(`${app.baseUrl!.replace('http', 'ws')}/api/stream`)
  const messages: StreamServerMessage[] = []
  const waiters: {
    match: (m: StreamServerMessage) => boolean
    resolve: (m: StreamServerMessage) => void
  }[] = []
  // the account's state as the client holds it: the whole state on subscribing, then each patch
  // (the changed parts) merged in; each merge is recorded as an `account` message, the state the
  // terminal would show
  let held: { state: AccountState; version: number } | null = null
  socket.on('message', (raw) => {
    let message = streamServerMessageSchema.parse(JSON.parse(String(raw)))
    if (message.type === 'account') held = { state: message.state, version: message.version ?? 0 }
    if (message.type === 'account-patch') {
      expect(held?.version).toBe(message.version - 1)
      held = { state: mergeAccountState(held!.state, message.parts), version: message.version }
      message = { type: 'account', state: held.state, version: held.version }
    }
    messages.push(message)
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(message)
      }
    }
  })
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    socket.on('error', reject)
    socket.on('open', () =>
      resolve({
        socket,
        messages,
        closed,
        send: (message) => socket.send(JSON.stringify(message)),
        next: (match, what) => {
          const seen = messages.find(match)
          if (seen) {
            messages.splice(messages.indexOf(seen), 1)
            return Promise.resolve(seen)
          }
          return new Promise((resolveMessage, rejectMessage) => {
            const timer = setTimeout(() => rejectMessage(new Error(`no ${what} message`)), 5_000)
            waiters.push({
              match,
              resolve: (m) => {
                clearTimeout(timer)
                messages.splice(messages.indexOf(m), 1)
                resolveMessage(m)
              },
            })
          })
        },
      }),
    )
  })
}

const tick = (bid: number) =>
  app.simulated.pushTick({
    symbol: 'BTCUSD',
    bid,
    ask: bid + 2_500,
    tMs: app.clock.now().getTime(),
  })

beforeAll(async () => {
  app = await createTestApp({ listen: true })
  trader = await app.createUser()
  tick(6_500_000)
  accountId = (await app.createTradingAccount(trader)).id
})
afterAll(async () => {
  await app?.close()
})

describe('the live stream', () => {
  it('pushes quotes and the watched account’s state after authentication', async () => {
    const client = await connect()
    client.send({ type: 'auth', token: trader.token })
    expect(await client.next((m) => m.type === 'ready', 'ready')).toEqual({
      type: 'ready',
      userId: trader.user.id,
    })
    client.send({ type: 'quotes', symbols: ['BTCUSD'] })
    client.send({ type: 'account', accountId })
    const first = await client.next((m) => m.type === 'account', 'account')
    expect(first.type === 'account' && first.state.account.id).toBe(accountId)

    await app.post(
      `/api/trading/accounts/${accountId}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '1.00', takeProfit: '66000.00' },
      { token: trader.token },
    )
    tick(6_560_000)
    const quotes = await client.next(
      (m) => m.type === 'quotes' && m.quotes.some((q) => q.bid === 6_560_000),
      'quotes',
    )
    expect(quotes.type === 'quotes' && quotes.quotes[0]).toMatchObject({
      symbol: 'BTCUSD',
      bid: 6_560_000,
      ask: 6_562_500,
    })
    const moved = await client.next(
      (m) => m.type === 'account' && m.state.positions[0]?.profit === 57_500,
      'account with the position at 65600.00',
    )
    expect(moved.type === 'account' && moved.state.figures.equity).toBe(10_057_500)

    tick(6_610_000) // the take profit
    const event = await client.next((m) => m.type === 'event', 'event')
    expect(event).toMatchObject({
      type: 'event',
      event: {
        kind: 'take-profit',
        accountId,
        message: 'Take profit hit: your BTCUSD position was closed.',
      },
    })
    client.socket.close()
  })

  it('handles messages in order: a subscription right after auth waits for the token check', async () => {
    const client = await connect()
    client.send({ type: 'auth', token: trader.token })
    client.send({ type: 'account', accountId })
    await client.next((m) => m.type === 'ready', 'ready')
    const state = await client.next((m) => m.type === 'account', 'account')
    expect(state.type === 'account' && state.state.account.id).toBe(accountId)
    client.socket.close()
  })

  it('streams an account’s own scripted quotes (the scenario driver) in place of the market’s', async () => {
    const client = await connect()
    client.send({ type: 'auth', token: trader.token })
    await client.next((m) => m.type === 'ready', 'ready')
    client.send({ type: 'quotes', symbols: ['BTCUSD', 'ETHUSD'] })
    client.send({ type: 'account', accountId })
    const [row] = await app.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, accountId))
    app.simulated.applyAccountQuote(
      row!.externalId!,
      'BTCUSD',
      { bid: 5_000_000, ask: 5_002_500 },
      app.clock.now().getTime(),
    )
    await client.next(
      (m) => m.type === 'quotes' && m.quotes.some((q) => q.bid === 5_000_000),
      'the scripted quote',
    )
    tick(6_700_000) // the market moves; this account still sees its script
    // a later market tick, of another symbol, reaching the client proves the hub has handled the
    // first one: the socket keeps the hub's order, so a BTCUSD market quote would have come by now
    app.simulated.pushTick({
      symbol: 'ETHUSD',
      bid: 351_000,
      ask: 351_150,
      tMs: app.clock.now().getTime(),
    })
    const ethQuote = await client.next(
      (m) =>
        m.type === 'quotes' && m.quotes.some((q) => q.symbol === 'ETHUSD' && q.bid === 351_000),
      'the later ETHUSD market quote',
    )
    expect(
      [...client.messages, ethQuote].some(
        (m) => m.type === 'quotes' && m.quotes.some((q) => q.bid === 6_700_000),
      ),
    ).toBe(false)

    // a connection that starts watching the account later gets its own quote too (read through
    // the platform's market data as this account sees it), not the market's
    const later = await connect()
    later.send({ type: 'auth', token: trader.token })
    await later.next((m) => m.type === 'ready', 'ready')
    later.send({ type: 'account', accountId })
    later.send({ type: 'quotes', symbols: ['BTCUSD'] })
    const own = await later.next((m) => m.type === 'quotes', 'the scripted quote, later')
    expect(own.type === 'quotes' && own.quotes).toEqual([
      expect.objectContaining({ symbol: 'BTCUSD', bid: 5_000_000, ask: 5_002_500 }),
    ])
    app.simulated.clearAccountQuotes(row!.externalId!)
    client.socket.close()
    later.socket.close()
  })

  it('closes an unauthenticated socket with 4401 and refuses another trader’s account', async () => {
    const anonymous = await connect()
    anonymous.send({ type: 'quotes', symbols: ['BTCUSD'] })
    expect(await anonymous.closed).toBe(4401)

    const badToken = await connect()
    badToken.send({ type: 'auth', token: 'not-a-token' })
    expect(await badToken.closed).toBe(4401)

    const other = await app.createUser()
    const client = await connect()
    client.send({ type: 'auth', token: other.token })
    await client.next((m) => m.type === 'ready', 'ready')
    client.send({ type: 'account', accountId })
    expect(await client.next((m) => m.type === 'error', 'error')).toMatchObject({
      code: 'NOT_FOUND',
    })
    client.send({ type: 'nonsense' })
    expect(await client.next((m) => m.type === 'error', 'error')).toMatchObject({
      code: 'VALIDATION_FAILED',
    })
    client.socket.close()
  })
})
