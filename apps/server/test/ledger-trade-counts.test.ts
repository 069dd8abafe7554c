import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluationEvents, ledgerTradeCounts, tradingAccounts } from '../src/db/schema'
import { createTestApp, type TestApp } from './support'

// ledger_trade_counts (decision 0039): the database counts each ledger's trade events as they are
// written, whatever writes them, so the dashboard's trades equal a count of the ledger without
// reading it. Snapshots are not counted; an account's count goes with the account.

let app: TestApp

beforeAll(async () => {
  app = await createTestApp()
})
afterAll(async () => {
  await app.close()
})

type Kind = 'snapshot' | 'trade-open' | 'trade-close'

async function write(accountId: string, fromSeq: number, kinds: Kind[]) {
  await app.db.insert(evaluationEvents).values(
    kinds.map((kind, i) => ({
      accountId,
      // above whatever the risk monitor writes for the account
      seq: 10_000 + fromSeq + i,
      kind,
      tMs: 1_700_000_000_000 + fromSeq + i,
      ...(kind === 'snapshot'
        ? { balance: 1_000_000, equity: 1_000_000 }
        : { tradeId: String(fromSeq + i) }),
      ...(kind === 'trade-close' ? { profit: 100, commission: -7, swap: 0 } : {}),
    })),
  )
}

async function countsOf(accountId: string) {
  const [row] = await app.db
    .select({ opened: ledgerTradeCounts.opened, closed: ledgerTradeCounts.closed })
    .from(ledgerTradeCounts)
    .where(eq(ledgerTradeCounts.accountId, accountId))
  return row ?? null
}

/** The ledger counted the slow way, as the dashboard used to. */
async function countedLedger(accountId: string) {
  const result = await app.db.execute<{ opened: string | number; closed: string | number }>(sql`
    select count(*) filter (where kind = 'trade-open') as opened,
      count(*) filter (where kind = 'trade-close') as closed
    from evaluation_events where account_id = ${accountId}`)
  const row = result.rows[0]!
  return { opened: Number(row.opened), closed: Number(row.closed) }
}

describe('ledger_trade_counts', () => {
  it('counts trade events per account across statements, and no snapshot', async () => {
    const trader = await app.createUser({ name: 'Tess Trader' })
    const first = await app.createTradingAccount(trader, { sizeK: 10 })
    const second = await app.createTradingAccount(trader, { sizeK: 25 })

    await write(first.id, 1, ['snapshot', 'snapshot'])
    expect(await countsOf(first.id)).toBeNull()

    await write(first.id, 3, ['trade-open', 'snapshot', 'trade-open', 'trade-close'])
    await write(second.id, 1, ['snapshot', 'trade-open'])
    await write(first.id, 7, ['snapshot', 'trade-close', 'trade-open'])

    expect(await countsOf(first.id)).toEqual({ opened: 3, closed: 2 })
    expect(await countsOf(second.id)).toEqual({ opened: 1, closed: 0 })
    expect(await countsOf(first.id)).toEqual(await countedLedger(first.id))
    expect(await countsOf(second.id)).toEqual(await countedLedger(second.id))
  })

  it('goes with its account', async () => {
    const trader = await app.createUser({ name: 'Gone Trader' })
    const account = await app.createTradingAccount(trader, { sizeK: 5 })
    await write(account.id, 1, ['trade-open', 'trade-close'])
    expect(await countsOf(account.id)).toEqual({ opened: 1, closed: 1 })

    await app.db.delete(tradingAccounts).where(eq(tradingAccounts.id, account.id))
    expect(await countsOf(account.id)).toBeNull()
  })
})
