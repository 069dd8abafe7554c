import type { TradingAccountDto } from '@tp/api'
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDatabase, createPool, type Database } from '../src/db/client'
import type { TradingAccountRow } from '../src/db/schema'
import {
  READ_CACHE_MAX_AGE_MS,
  ReadCaches,
  toCachedAccountRow,
} from '../src/modules/access/read-cache'
import {
  CLOSED_TRADE_PAGES_MAX_AGE_MS,
  ClosedTradePages,
  freezePage,
} from '../src/modules/trading/closed-trade-pages'
import { startServer, type RunningServer } from '../src/server'
import { createTestApp, type TestApp, type TestUser } from './support'
import { waitFor } from './support/wait-for'

// Decision 0040: a trader's accounts list and an account's closed trades (history) are served from
// process memory and never outlive a change. The list is dropped by any change of a listed account
// (migration 0015's `account:<id>`), a new account or one moved to another user (migration 0019's
// `accounts:<user>`), whoever makes it; the history by the platform's closing deal of the account.

let a: TestApp
let b: RunningServer
let bPool: pg.Pool
let bDb: Database
let trader: TestUser
let other: TestUser
let account: TradingAccountRow

beforeAll(async () => {
  a = await createTestApp()
  // a second instance of the app on the same database, through a pool of its own
  const url = a.ctx.pool.options.connectionString!
  bPool = createPool(url, 4)
  bDb = createDatabase(bPool)
  b = await startServer({
    env: a.env,
    clock: a.clock,
    database: {
      db: bDb,
      pool: bPool,
      url,
      description: 'second instance',
      close: () => bPool.end(),
    },
    isJobMaintenanceOn: false,
  })
  trader = await a.createUser({ name: 'Lisa Lists' })
  other = await a.createUser({ name: 'Otto Other' })
  account = await a.createTradingAccount(trader)
})
afterAll(async () => {
  await b?.stop()
  await bPool?.end()
  await a?.close()
})

async function listOnA(user = trader): Promise<TradingAccountDto[]> {
  const response = await a.get<{ accounts: TradingAccountDto[] }>('/api/trading/accounts', {
    token: user.token,
  })
  expect(response.status, response.text).toBe(200)
  return response.body.accounts
}

/**
 * Lists through the route until the answer was kept: a notice that arrives during a read rightly
 * keeps that read from being stored.
 */
async function warmList(user = trader): Promise<TradingAccountDto[]> {
  const found = await waitFor(
    async () => {
      const accounts = await listOnA(user)
      return a.ctx.reads.accountLists.get(user.user.id) !== undefined ? { accounts } : undefined
    },
    { what: 'a list read to be kept' },
  )
  return found.accounts
}
const isListed = (user = trader) => a.ctx.reads.accountLists.get(user.user.id) !== undefined
const leverageOf = (accounts: TradingAccountDto[]) =>
  accounts.find((listed) => listed.id === account.id)?.leverage

/** Half the max age: a notice that took longer would not prove the notice dropped the entry. */
const NOTICE_WAIT = { timeoutMs: READ_CACHE_MAX_AGE_MS / 2 }

describe("the trader's accounts list cache", () => {
  it('serves the list from memory and sees a change of an account made here at once', async () => {
    const leverage = leverageOf(await warmList())!
    expect(a.ctx.reads.accountLists.get(trader.user.id)?.map((row) => row.id)).toEqual([account.id])
    await a.db.execute(
      sql`update trading_accounts set leverage = ${leverage + 1} where id = ${account.id}`,
    )
    expect(isListed()).toBe(false)
    expect(leverageOf(await listOnA())).toBe(leverage + 1)
  })

  it('sees a change made by another instance as soon as its notice arrives', async () => {
    const leverage = leverageOf(await warmList())!
    await bDb.execute(
      sql`update trading_accounts set leverage = ${leverage + 1} where id = ${account.id}`,
    )
    await waitFor(() => !isListed(), { what: "the other instance's change", ...NOTICE_WAIT })
    expect(leverageOf(await listOnA())).toBe(leverage + 1)
  })

  it('a new account of the trader drops the list at once', async () => {
    const before = await warmList()
    const created = await a.createTradingAccount(trader)
    expect(isListed()).toBe(false)
    const after = await listOnA()
    expect(after.map((listed) => listed.id)).toEqual([...before.map((l) => l.id), created.id])
  })

  it('an account moved to another user drops both lists; a deleted one drops its list', async () => {
    const moved = await a.createTradingAccount(trader)
    await warmList()
    await warmList(other)
    await bDb.execute(
      sql`update trading_accounts set user_id = ${other.user.id} where id = ${moved.id}`,
    )
    await waitFor(() => !isListed() && !isListed(other), {
      what: 'both lists to drop',
      ...NOTICE_WAIT,
    })
    expect((await listOnA()).map((l) => l.id)).not.toContain(moved.id)
    expect((await listOnA(other)).map((l) => l.id)).toContain(moved.id)

    await warmList(other)
    await a.db.execute(sql`delete from trading_accounts where id = ${moved.id}`)
    expect(isListed(other)).toBe(false)
    expect((await listOnA(other)).map((l) => l.id)).not.toContain(moved.id)
  })

  it("keeps the list across the risk flush's checkpoint, which it does not carry", async () => {
    await warmList()
    await a.db.execute(
      sql`update trading_accounts set evaluator_seq = evaluator_seq where id = ${account.id}`,
    )
    expect(isListed()).toBe(true)
  })

  it('serves nothing from memory while notices cannot arrive', async () => {
    const leverage = leverageOf(await warmList())!
    a.ctx.reads.setListening(false)
    try {
      expect(isListed()).toBe(false)
      await a.db.execute(
        sql`update trading_accounts set leverage = ${leverage + 1} where id = ${account.id}`,
      )
      expect(leverageOf(await listOnA())).toBe(leverage + 1)
      expect(isListed()).toBe(false)
    } finally {
      a.ctx.reads.setListening(true)
    }
  })

  it('drops by notice (its owner on an account of the list), not a read begun before, and ages out', () => {
    let now = 0
    const caches = new ReadCaches(() => now)
    caches.setListening(true)
    const row = (id: string, userId: string) =>
      toCachedAccountRow({ id, userId } as unknown as TradingAccountRow)
    const store = () =>
      caches.storeAccountList('u1', [row('a1', 'u1')], caches.accountLists.beginRead())

    store()
    caches.handleNotice('account:unrelated')
    caches.handleNotice('orders:u1')
    caches.handleNotice('user:u1')
    expect(caches.accountLists.get('u1')).toHaveLength(1)
    caches.handleNotice('account:a1')
    expect(caches.accountLists.get('u1')).toBeUndefined()

    store()
    caches.handleNotice('accounts:u2')
    expect(caches.accountLists.get('u1')).toBeDefined()
    caches.handleNotice('accounts:u1')
    expect(caches.accountLists.get('u1')).toBeUndefined()

    // a read under way when any account changed is not kept
    const readGeneration = caches.accountLists.beginRead()
    caches.handleNotice('account:a-new')
    caches.storeAccountList('u1', [row('a1', 'u1')], readGeneration)
    expect(caches.accountLists.get('u1')).toBeUndefined()

    store()
    now += READ_CACHE_MAX_AGE_MS
    expect(caches.accountLists.get('u1')).toBeUndefined()

    store()
    caches.handleNotice('garbage')
    expect(caches.accountLists.get('u1')).toBeUndefined()
  })
})

describe("an account's closed trades (history) cache", () => {
  const T = () => a.clock.now().getTime()
  const btc = (bid: number) =>
    a.simulated.pushTick({ symbol: 'BTCUSD', bid, ask: bid + 2_500, tMs: T() })
  const historyUrl = () => `/api/trading/accounts/${account.id}/history`
  const history = async () => {
    const response = await a.get<{ trades: { positionId: string }[]; hasMore: boolean }>(
      historyUrl(),
      { token: trader.token },
    )
    expect(response.status, response.text).toBe(200)
    return response.body.trades.map((trade) => trade.positionId)
  }
  const openAndClose = async () => {
    const placed = await a.post<{ position: { id: string } }>(
      `/api/trading/accounts/${account.id}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '0.01' },
      { token: trader.token },
    )
    expect(placed.status, placed.text).toBe(201)
    const closed = await a.post(
      `/api/trading/accounts/${account.id}/positions/${placed.body.position.id}/close`,
      {},
      { token: trader.token },
    )
    expect(closed.status, closed.text).toBe(200)
    return placed.body.position.id
  }

  it('reads the platform once per closing deal and shows a new closed trade at once', async () => {
    btc(6_500_000)
    const first = await openAndClose()
    const reads = vi.spyOn(a.ctx.trading.platform, 'listClosedTrades')
    try {
      expect(await history()).toEqual([first])
      expect(await history()).toEqual([first])
      expect(reads).toHaveBeenCalledTimes(1)

      const second = await openAndClose()
      expect(await history()).toEqual([second, first])
      expect(await history()).toEqual([second, first])
      expect(reads).toHaveBeenCalledTimes(2)
    } finally {
      reads.mockRestore()
    }
    // another reader is still refused: access is decided per request
    const refused = await a.get(historyUrl(), { token: other.token })
    expect(refused.status).toBe(404)
  })

  it('keeps no page read across a closing deal, serves a page only at its version, ages out', () => {
    let version = 1
    let now = 0
    const pages = new ClosedTradePages({ versionOf: () => version }, () => now)
    const page = freezePage([], false)
    expect(Object.isFrozen(page)).toBe(true)

    pages.store('x1', 'p', page, pages.versionOf('x1'))
    expect(pages.get('x1', 'p')).toBe(page)
    version++ // a closing deal
    expect(pages.get('x1', 'p')).toBeUndefined()

    const readAt = pages.versionOf('x1')
    version++ // a closing deal while the platform was being read
    pages.store('x1', 'p', page, readAt)
    expect(pages.get('x1', 'p')).toBeUndefined()

    pages.store('x1', 'p', page, pages.versionOf('x1'))
    expect(pages.get('x1', 'p')).toBe(page)
    expect(pages.get('x1', 'another page')).toBeUndefined()
    now += CLOSED_TRADE_PAGES_MAX_AGE_MS
    expect(pages.get('x1', 'p')).toBeUndefined()
  })
})
