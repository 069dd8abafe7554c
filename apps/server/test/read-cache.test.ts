import type { AccountState, OrderDto } from '@tp/api'
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, createPool, type Database } from '../src/db/client'
import {
  READ_CACHE_MAX_AGE_MS,
  ReadCaches,
  toCachedAccountRow,
} from '../src/modules/access/read-cache'
import type { TradingAccountRow } from '../src/db/schema'
import { startServer, type RunningServer } from '../src/server'
import { createBuyer, placeOrder } from './support/checkout'
import { createTestApp, type TestApp, type TestUser } from './support'
import { waitFor } from './support/wait-for'

// Decision 0028: a trading account's row (account state) and a user's orders (the orders list)
// are served from process memory, and never outlive a change: a change made through this process
// is seen by the very next request, one made by another instance (or in SQL on its own
// connection) as soon as its notice arrives, well within the max age; while notices cannot
// arrive, nothing is served from the cache.

let a: TestApp
let b: RunningServer
let bPool: pg.Pool
let bDb: Database
let trader: TestUser
let account: TradingAccountRow
let order: OrderDto

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
  trader = await createBuyer(a)
  account = await a.createTradingAccount(trader)
  order = await placeOrder(a, trader)
})
afterAll(async () => {
  await b?.stop()
  await bPool?.end()
  await a?.close()
})

const accountUrl = () => `/api/trading/accounts/${account.id}`

async function leverageOnA(): Promise<number> {
  const response = await a.get<AccountState>(accountUrl(), { token: trader.token })
  expect(response.status, response.text).toBe(200)
  return response.body.account.leverage
}

async function orderStatusOnA(): Promise<string> {
  const response = await a.get<{ orders: OrderDto[] }>('/api/orders', { token: trader.token })
  expect(response.status, response.text).toBe(200)
  return response.body.orders.find((listed) => listed.id === order.id)!.status
}

/**
 * Reads through the route until the answer was kept: a notice that arrives during a read (each
 * arrives on every connection of the pool that listens, some of them late) rightly keeps that
 * read from being stored.
 */
async function warm<T>(read: () => Promise<T>, isKept: () => boolean): Promise<T> {
  const found = await waitFor(
    async () => {
      const value = await read()
      return isKept() ? { value } : undefined
    },
    { what: 'a read to be kept' },
  )
  return found.value
}
const warmAccount = () =>
  warm(leverageOnA, () => a.ctx.reads.accounts.get(account.id) !== undefined)
const warmOrders = () =>
  warm(orderStatusOnA, () => a.ctx.reads.orders.get(trader.user.id) !== undefined)

/** Half the max age: a notice that took longer would not prove the notice dropped the entry. */
const NOTICE_WAIT = { timeoutMs: READ_CACHE_MAX_AGE_MS / 2 }

describe('the account row cache', () => {
  it('serves a known account from memory and sees a change made here at once', async () => {
    expect(a.ctx.reads.isOn).toBe(true)
    const leverage = await warmAccount()
    expect(a.ctx.reads.accounts.get(account.id)).toMatchObject({ leverage })
    expect(a.ctx.reads.accounts.get(account.id)).not.toHaveProperty('evaluatorState')

    await a.db.execute(
      sql`update trading_accounts set leverage = ${leverage + 1} where id = ${account.id}`,
    )
    expect(a.ctx.reads.accounts.get(account.id)).toBeUndefined()
    expect(await leverageOnA()).toBe(leverage + 1)
  })

  it('sees a change made by another instance as soon as its notice arrives', async () => {
    const leverage = await warmAccount()
    await bDb.execute(
      sql`update trading_accounts set leverage = ${leverage + 1} where id = ${account.id}`,
    )
    await waitFor(() => a.ctx.reads.accounts.get(account.id) === undefined, {
      what: "the other instance's change to drop the account",
      ...NOTICE_WAIT,
    })
    expect(await leverageOnA()).toBe(leverage + 1)
  })

  it("keeps the account across the risk flush's checkpoint, which it does not carry", async () => {
    await warmAccount()
    await a.db.execute(
      sql`update trading_accounts set evaluator_seq = evaluator_seq where id = ${account.id}`,
    )
    expect(a.ctx.reads.accounts.get(account.id)).toBeDefined()
  })

  it("notifies a change of every column but the checkpoint's (a new column must join the trigger)", async () => {
    const rows = await a.db.execute<{ column_name: string; in_trigger: boolean }>(sql`
      select att.attname as column_name, att.attnum = any(trg.tgattr::int2[]) as in_trigger
      from pg_attribute att
      join pg_trigger trg on trg.tgrelid = att.attrelid
        and trg.tgname = 'trading_accounts_read_changed'
      where att.attrelid = 'trading_accounts'::regclass and att.attnum > 0
        and not att.attisdropped`)
    const missing = rows.rows.filter((row) => !row.in_trigger).map((row) => row.column_name)
    expect(missing.sort()).toEqual(['evaluator_seq', 'evaluator_state'])
  })
})

describe("the user's orders cache", () => {
  it('serves the orders from memory and sees a change made here at once', async () => {
    expect(await warmOrders()).toBe('pending')
    await a.db.execute(sql`update orders set status = 'expired' where id = ${order.id}`)
    expect(a.ctx.reads.orders.get(trader.user.id)).toBeUndefined()
    expect(await orderStatusOnA()).toBe('expired')
  })

  it('sees an order or a payment changed by another instance as soon as the notice arrives', async () => {
    expect(await warmOrders()).toBe('expired')
    await bDb.execute(sql`update orders set status = 'pending' where id = ${order.id}`)
    await waitFor(() => a.ctx.reads.orders.get(trader.user.id) === undefined, {
      what: "the other instance's order change to drop the orders",
      ...NOTICE_WAIT,
    })
    expect(await orderStatusOnA()).toBe('pending')

    await warmOrders()
    await bDb.execute(sql`
      insert into payments (order_id, provider, reference, status, amount_cents)
      values (${order.id}, 'oxapay', ${`track-${order.id}`}, 'new', 100)`)
    await waitFor(() => a.ctx.reads.orders.get(trader.user.id) === undefined, {
      what: "the other instance's payment to drop the orders",
      ...NOTICE_WAIT,
    })
  })

  it('a new order of the user drops their orders at once', async () => {
    await warmOrders()
    const placed = await placeOrder(a, trader)
    const response = await a.get<{ orders: OrderDto[] }>('/api/orders', { token: trader.token })
    expect(response.body.orders.map((listed) => listed.id)).toContain(placed.id)
  })
})

describe('while notices cannot arrive', () => {
  it('serves nothing from memory: every request reads the database', async () => {
    const leverage = await warmAccount()
    await warmOrders()
    a.ctx.reads.setListening(false)
    try {
      expect(a.ctx.reads.accounts.get(account.id)).toBeUndefined()
      expect(a.ctx.reads.orders.get(trader.user.id)).toBeUndefined()
      // with the cache off, even a change whose notice this process would never see is read
      await a.db.execute(
        sql`update trading_accounts set leverage = ${leverage + 1} where id = ${account.id}`,
      )
      expect(await leverageOnA()).toBe(leverage + 1)
      expect(a.ctx.reads.accounts.get(account.id)).toBeUndefined() // and nothing was stored
    } finally {
      a.ctx.reads.setListening(true)
    }
  })
})

describe('the read caches', () => {
  const row = (id: string) =>
    ({
      id,
      userId: 'u1',
      evaluatorState: { x: 1 },
      evaluatorSeq: 3,
    }) as unknown as TradingAccountRow

  it('drop by notice, ignore the caller cache kinds, clear on anything else, and age out', () => {
    let now = 0
    const caches = new ReadCaches(() => now)
    expect(caches.isOn).toBe(false)
    caches.accounts.store('a1', toCachedAccountRow(row('a1')), caches.accounts.beginRead())
    expect(caches.accounts.get('a1')).toBeUndefined() // off until it listens
    caches.setListening(true)

    caches.accounts.store('a1', toCachedAccountRow(row('a1')), caches.accounts.beginRead())
    caches.orders.store('u1', [], caches.orders.beginRead())
    caches.handleNotice('user:u1')
    caches.handleNotice('session:s1')
    expect(caches.accounts.get('a1')).toMatchObject({ id: 'a1' })
    expect(caches.orders.get('u1')).toEqual([])
    caches.handleNotice('orders:u1')
    expect(caches.orders.get('u1')).toBeUndefined()
    expect(caches.accounts.get('a1')).toBeDefined()
    caches.handleNotice('account:a1')
    expect(caches.accounts.get('a1')).toBeUndefined()

    // a read that began before a drop is not stored
    const readGeneration = caches.accounts.beginRead()
    caches.handleNotice('account:other')
    caches.accounts.store('a1', toCachedAccountRow(row('a1')), readGeneration)
    expect(caches.accounts.get('a1')).toBeUndefined()

    caches.accounts.store('a1', toCachedAccountRow(row('a1')), caches.accounts.beginRead())
    caches.handleNotice('garbage')
    expect(caches.accounts.get('a1')).toBeUndefined()

    caches.accounts.store('a1', toCachedAccountRow(row('a1')), caches.accounts.beginRead())
    now += READ_CACHE_MAX_AGE_MS
    expect(caches.accounts.get('a1')).toBeUndefined()

    caches.accounts.store('a1', toCachedAccountRow(row('a1')), caches.accounts.beginRead())
    caches.setListening(false)
    caches.setListening(true)
    expect(caches.accounts.get('a1')).toBeUndefined() // emptied when it was lost
  })

  it('keep an account row without its checkpoint columns, frozen', () => {
    const cached = toCachedAccountRow(row('a1'))
    expect(cached).toEqual({ id: 'a1', userId: 'u1' })
    expect(Object.isFrozen(cached)).toBe(true)
  })
})
