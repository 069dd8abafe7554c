import { errorBodySchema, leaderboardResponseSchema } from '@tp/api'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leaderboardEntries, simDeals, tradingAccounts } from '../src/db/schema'
import {
  computeMonthFigures,
  refreshLeaderboard,
} from '../src/modules/leaderboard/refresh-leaderboard'
import { createTestApp, type TestApp, type TestUser } from './support'

// The leaderboard (issue 12 item 9) over HTTP: accounts whose closed trades are known, ranked by
// their return over the current UTC month (the refresh job's figures), searched by display name,
// sorted by every column, paged by 10; an opted-out trader never appears; no email in an answer.

// Saturday 20 March 2027, noon UTC: the month ranked is 2027-03.
const NOW = Date.parse('2027-03-20T12:00:00Z')
const day = (d: number, hour = 10) => Date.UTC(2027, 2, d, hour)

let app: TestApp
let viewer: TestUser
let nextDealId = 9_100_000_001

type Deal = { timeMs: number; profit: number; commission?: number; swap?: number }

async function seedDeals(externalId: string, deals: Deal[]) {
  await app.db.insert(simDeals).values(
    deals.map((deal) => {
      const id = nextDealId++
      return {
        id,
        accountId: externalId,
        positionId: id,
        entry: 'out',
        symbol: 'EURUSD',
        side: 'buy',
        volume: 10,
        openPrice: 108_000,
        price: 108_100,
        openTimeMs: deal.timeMs - 60_000,
        timeMs: deal.timeMs,
        profit: deal.profit,
        commission: deal.commission ?? 0,
        swap: deal.swap ?? 0,
        reason: 'client',
        balanceAfter: 1_000_000,
      }
    }),
  )
}

/** A trader with one $10,000 evaluation account and the given closed trades. */
async function trader(options: { name?: string; email: string }, deals: Deal[]) {
  const user = await app.createUser(options)
  const account = await app.createTradingAccount(user, { sizeK: 10 })
  await seedDeals(account.externalId!, deals)
  return { user, account }
}

const board = async (query = '', token: string | null = viewer.token) => {
  const response = await app.request('GET', `/api/leaderboard${query}`, token ? { token } : {})
  return response
}
const page = async (query = '') => {
  const response = await board(query)
  expect(response.status).toBe(200)
  return leaderboardResponseSchema.parse(response.body).data
}

const memberNames = ['Bea', 'Cal', 'Dot', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kim', 'Lou']

let ada: Awaited<ReturnType<typeof trader>>
let noName: Awaited<ReturnType<typeof trader>>
let alpha: Awaited<ReturnType<typeof trader>>

beforeAll(async () => {
  app = await createTestApp()
  app.clock.set(new Date(NOW))
  viewer = await app.createUser({ email: 'board-viewer@x.test', name: 'Viewer Only' })
  // Ada: +300.00 and -100.00 (net of a -5.00 commission: -105.00) this month -> +195.00 = 1.95 %
  // on $10,000; last month +500.00 (5 %): decreasing; 2 trades, 1 win, PF 300 / 105 = 2.86
  ada = await trader({ name: 'Ada Lovelace', email: 'ada.lovelace@x.test' }, [
    { timeMs: day(2), profit: 30_000 },
    { timeMs: day(5), profit: -10_000, commission: -500 },
    { timeMs: Date.UTC(2027, 1, 20), profit: 50_000 },
  ])
  // no name: "Trader #<id>"; +25.00 -> 0.25 %, no losing trade (PF null), increasing
  noName = await trader({ email: 'no-name@x.test' }, [{ timeMs: day(3), profit: 2_500 }])
  // a chosen display name (userName) wins over the name: +40.00 -> 0.40 %
  alpha = await trader({ name: 'Alfred Hidden', email: 'alfred.hidden@x.test' }, [
    { timeMs: day(4), profit: 4_000 },
  ])
  await app.post('/api/profile/update', { userName: 'alpha_one' }, { token: alpha.user.token })
  // eleven more traders, "Bea Member" (i = 1) .. "Lou Member" (i = 11), shown "Bea M." ..:
  // +i x 10.00 -> i x 0.10 %, i trades (one win, then results of exactly zero)
  for (let i = 1; i <= 11; i++) {
    await trader(
      { name: `${memberNames[i - 1]} Member`, email: `member${i}@x.test` },
      Array.from({ length: i }, (_, k) => ({
        timeMs: day(1 + k, 8),
        profit: k === 0 ? i * 1000 : 0,
      })),
    )
  }
  // trades of last month only: not on this month's board
  await trader({ name: 'Old Timer', email: 'old@x.test' }, [
    { timeMs: Date.UTC(2027, 1, 10), profit: 90_000 },
  ])
  // a failed account is not ranked, however good its month
  const failed = await trader({ name: 'Failed Fred', email: 'fred@x.test' }, [
    { timeMs: day(6), profit: 99_000 },
  ])
  await app.db
    .update(tradingAccounts)
    .set({ status: 'failed' })
    .where(eq(tradingAccounts.id, failed.account.id))
  expect(await refreshLeaderboard(app.ctx)).toBe(14)
})
afterAll(async () => {
  await app?.close()
})

describe('month figures', () => {
  it('counts only the month, nets costs, and keeps the cumulative return per trading day', () => {
    const size = 1_000_000
    const figures = computeMonthFigures(
      [day(2), day(2, 15), day(5), Date.UTC(2027, 1, 27), Date.UTC(2027, 3, 1)],
      [30_000, -5_000, -10_500, 20_000, 77_000],
      size,
      NOW,
    )
    expect(figures).toEqual({
      totalTrades: 3,
      winTrades: 1,
      grossProfitCents: 30_000,
      grossLossCents: 15_500,
      monthlyReturnBp: 145,
      lastMonthReturnBp: 200,
      trendBp: [250, 145],
    })
  })
})

describe('GET /api/leaderboard', () => {
  it('ranks by monthly return with the spec columns, hand-computed', async () => {
    const data = await page()
    expect(data.month).toBe('2027-03')
    expect(data.total).toBe(14)
    expect(data.pageSize).toBe(10)
    expect(Date.parse(data.refreshedAt!)).toBeGreaterThanOrEqual(NOW)
    expect(data.rows.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    const returns = data.rows.map((row) => row.monthlyReturn)
    expect(returns).toEqual([...returns].sort((a, b) => b - a))
    expect(data.rows[0]).toEqual({
      rank: 1,
      name: 'Ada L.',
      accountSize: 1_000_000,
      stage: 'phase1',
      winRate: 50,
      profitFactor: 2.86,
      totalTrades: 2,
      monthlyReturn: 1.95,
      status: 'decreasing',
      trend: [3, 1.95],
      badge: 'elite',
    })
    // Lou: 1.10 %, 11 trades (a zero result is a win, as MetaTrader counts)
    expect(data.rows[1]).toMatchObject({
      name: 'Lou M.',
      monthlyReturn: 1.1,
      totalTrades: 11,
      winRate: 100,
      profitFactor: null,
      status: 'increasing',
      badge: 'elite',
    })
    expect(data.rows[3]?.badge).toBe('regular')
  })

  it('shows the chosen display name, else first name and last initial, else Trader #id', async () => {
    const all = [...(await page()).rows, ...(await page('?page=2')).rows]
    const names = all.map((row) => row.name)
    expect(names).toContain('alpha_one')
    expect(names).not.toContain('Alfred H.')
    const shortId = noName.user.user.id.replaceAll('-', '').slice(0, 6).toUpperCase()
    expect(all.find((row) => row.monthlyReturn === 0.25)?.name).toBe(`Trader #${shortId}`)
    expect(names).not.toContain('Old T.')
    expect(names).not.toContain('Failed F.')
  })

  it('never answers an email or a login', async () => {
    const response = await board('?page=2')
    const text = response.text + (await board()).text
    expect(text).not.toContain('@')
    expect(text).not.toContain(ada.account.login!)
    expect(text).not.toContain(ada.account.id)
  })

  it('searches by display name, case-insensitively, keeping the rank', async () => {
    const data = await page('?search=ADA')
    expect(data.total).toBe(1)
    expect(data.rows).toHaveLength(1)
    expect(data.rows[0]).toMatchObject({ name: 'Ada L.', rank: 1 })
    const members = await page('?search=m.')
    expect(members.total).toBe(11)
    expect(members.rows.every((row) => row.name.endsWith(' M.'))).toBe(true)
    expect(members.rows[0]).toMatchObject({ name: 'Lou M.', rank: 2 })
    // wildcards are letters
    expect((await page('?search=%25')).total).toBe(0)
    expect((await page('?search=nobody')).rows).toEqual([])
  })

  it('sorts by each column, ascending or descending', async () => {
    const byTrades = await page('?sort=totalTrades&order=desc')
    expect(byTrades.rows.map((row) => row.totalTrades).slice(0, 3)).toEqual([11, 10, 9])
    const byName = await page('?sort=name&order=asc')
    expect(byName.rows[0]?.name).toBe('Ada L.')
    expect(byName.rows[1]?.name).toBe('alpha_one')
    const byReturnAsc = await page('?sort=monthlyReturn&order=asc')
    expect(byReturnAsc.rows[0]?.monthlyReturn).toBe(0.1)
    expect(byReturnAsc.rows[0]?.rank).toBe(14)
    const byRankDesc = await page('?sort=rank&order=desc')
    expect(byRankDesc.rows[0]?.rank).toBe(14)
    // no losing trade: an infinite profit factor comes first when descending
    const byPf = await page('?sort=profitFactor&order=asc')
    expect(byPf.rows[0]?.profitFactor).toBe(2.86)
    for (const sort of ['accountSize', 'winRate']) {
      expect((await board(`?sort=${sort}&order=desc`)).status).toBe(200)
    }
  })

  it('pages by 10 with the total', async () => {
    const first = await page('?page=1')
    const second = await page('?page=2')
    expect(second.rows.map((row) => row.rank)).toEqual([11, 12, 13, 14])
    expect(second.total).toBe(14)
    expect(new Set([...first.rows, ...second.rows].map((row) => row.name)).size).toBe(14)
    const beyond = await page('?page=3')
    expect(beyond.rows).toEqual([])
    expect(beyond.total).toBe(14)
  })

  it('hides a trader who opts out in the profile, at once, and shows them again', async () => {
    const optOut = await app.post(
      '/api/profile/update',
      { isOnLeaderboard: false },
      { token: ada.user.token },
    )
    expect(optOut.status).toBe(200)
    expect(
      (optOut.body as { data: { updatedProfile: { isOnLeaderboard: boolean } } }).data,
    ).toMatchObject({ updatedProfile: { isOnLeaderboard: false } })
    const data = await page()
    expect(data.total).toBe(13)
    expect(data.rows.map((row) => row.name)).not.toContain('Ada L.')
    expect(data.rows[0]).toMatchObject({ rank: 1, name: 'Lou M.' })
    expect((await page('?search=ada')).total).toBe(0)
    // the figures stay in the table; the opt-out is read with every page
    expect(
      await app.db
        .select()
        .from(leaderboardEntries)
        .where(eq(leaderboardEntries.accountId, ada.account.id)),
    ).toHaveLength(1)
    await app.post('/api/profile/update', { isOnLeaderboard: true }, { token: ada.user.token })
    expect((await page()).rows[0]?.name).toBe('Ada L.')
  })

  it('refuses a caller without a token', async () => {
    const response = await board('', null)
    expect(response.status).toBe(401)
  })

  it.each([
    '?sort=email',
    '?order=up',
    '?page=0',
    '?page=-1',
    '?page=abc',
    '?page=1.5',
    '?page=99999999999',
    `?search=${'x'.repeat(61)}`,
    '?unknown=1',
  ])('answers a bad query %s with 422, never a 500', async (query) => {
    const response = await board(query)
    expect(response.status).toBe(422)
    expect(errorBodySchema.parse(response.body).code).toBe('VALIDATION_FAILED')
  })

  it('drops an account once it leaves the ranked statuses', async () => {
    await app.db
      .update(tradingAccounts)
      .set({ status: 'failed' })
      .where(eq(tradingAccounts.id, alpha.account.id))
    expect(await refreshLeaderboard(app.ctx)).toBe(13)
    const names = [...(await page()).rows, ...(await page('?page=2')).rows].map((r) => r.name)
    expect(names).not.toContain('alpha_one')
  })
})
