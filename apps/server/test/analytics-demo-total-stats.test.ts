import { metaStatsTotalStatsResponseSchema } from '@tp/api'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tradingAccounts } from '../src/db/schema'
import { type TestApp, type TestUser } from './support'
import { createDemoTraderApp } from './support/demo-trader'

// Issue 12: the dashboard journey found 0 trades for "the demo trader's Phase 1 account". The
// server was right: the journey picked the account by `shownLogin.includes(candidate.login)`, and
// the demo's passed phases were then listed with an empty login, which every string includes. They
// are platform accounts now, as a real passed phase is. Here: the demo trader's listed accounts,
// each with its own login, and each one's total stats against the closed trades the platform holds
// for it (first read and the ref's cached read alike).

let app: TestApp
let trader: TestUser

beforeAll(async () => {
  ;({ app, trader } = await createDemoTraderApp())
}, 90_000)
afterAll(async () => {
  await app?.close()
})

const totalTrades = async (accountId: string): Promise<number> => {
  const response = await app.request('POST', '/api/metaStats/total-stats', {
    body: { accountId },
    token: trader.token,
  })
  expect(response.status).toBe(200)
  return metaStatsTotalStatsResponseSchema.parse(response.body).data.data.totalTrades
}

describe("the demo trader's accounts on the dashboard", () => {
  it('each account, the passed phases too, is on the platform with its own login', async () => {
    const listed = await app.get<{ accounts: { id: string; login: string }[] }>(
      '/api/trading/accounts',
      { token: trader.token },
    )
    const rows = await app.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.userId, trader.user.id))
    expect(listed.body.accounts).toHaveLength(rows.length)
    const logins = new Map(listed.body.accounts.map((account) => [account.id, account.login]))
    expect(rows.map((row) => `${row.stage}:${row.status}`).sort()).toEqual([
      'funded:active',
      'funded:active',
      'phase1:active',
      'phase1:passed',
      'phase2:passed',
    ])
    for (const row of rows) expect(logins.get(row.id)).toMatch(/^\d+$/)
    expect(new Set(rows.map((row) => logins.get(row.id))).size).toBe(rows.length)
    // the passed phases are read-only on the platform too
    for (const row of rows.filter((r) => r.status === 'passed')) {
      expect(row.isTradingEnabled).toBe(false)
      const info = await app.ctx.trading.platform.getAccountInfo(row.externalId!)
      expect(info.isTradingEnabled).toBe(false)
    }
  })

  it("total stats count every closed trade the platform holds for each account, read twice (the ref's cached read)", async () => {
    const rows = await app.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.userId, trader.user.id))
    const counts: Record<string, number> = {}
    for (const row of rows) {
      const closed = row.externalId
        ? (await app.ctx.trading.platform.listClosedTrades(row.externalId, { limit: 100 })).trades
            .length
        : 0
      expect(await totalTrades(row.id)).toBe(closed)
      expect(await totalTrades(row.id)).toBe(closed)
      counts[`${row.planKey}:${row.status}`] =
        (counts[`${row.planKey}:${row.status}`] ?? 0) + closed
    }
    // the Phase 1 the dashboard shows first has its four seeded trades; the funded one its ten
    expect(counts['twoPhase.phase1:active']).toBe(4)
    expect(counts['twoPhase.funded:active']).toBe(10)
    expect(counts['twoPhase.phase1:passed']).toBe(0)
  })
})
