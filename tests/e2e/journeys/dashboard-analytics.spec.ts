import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { demoTrader } from '../support/api'
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectWithinViewport,
  signIn,
} from '../support/pages'

// The dashboard's analytics (spec 2.12) for the demo trader's seeded Two Phase 100K with its
// closed trades: the four summary cards show what POST /api/metaStats/total-stats answers, the
// eight charts draw, and a trade closed through the terminal API moves the cards live (the
// stream's analytics-changed), without reloading the page.

type TotalStats = {
  balance: number
  equity: number
  profit: number
  todayProfit: number
  totalTrades: number
  winTrades: number
  avgHoldTime: number
  successRate: number
}
type WonLost = { won: number; lost: number; winRate: number }

/** Cents as the dashboard prints money: "$1,234.56", "-$42.10"; signed ones with "+". */
function money(cents: number, isSigned = false): string {
  const text = `$${(Math.abs(cents) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`
  if (cents < 0) return `-${text}`
  return isSigned && cents > 0 ? `+${text}` : text
}

function holdTime(ms: number): string {
  const minutes = Math.round(ms / 60_000)
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`
}

const figure = (page: Page, card: string, label: string): Locator =>
  page.getByRole('group', { name: card }).locator(`dt:text-is("${label}") + dd`)

async function metaStats<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  body: Record<string, unknown>,
): Promise<T> {
  const response = await request.post(`/api/metaStats/${path}`, {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as T
}

async function expectCards(page: Page, stats: TotalStats) {
  await expect(figure(page, 'Balance/Equity', 'Balance')).toHaveText(money(stats.balance))
  await expect(figure(page, 'Balance/Equity', 'Equity')).toHaveText(money(stats.equity))
  await expect(figure(page, 'Profit/Today', 'Profit')).toHaveText(money(stats.profit, true))
  await expect(figure(page, 'Profit/Today', 'Today')).toHaveText(money(stats.todayProfit, true))
  await expect(figure(page, 'Total Trades/Win Trades', 'Total Trades')).toHaveText(
    String(stats.totalTrades),
  )
  await expect(figure(page, 'Total Trades/Win Trades', 'Win Trades')).toHaveText(
    String(stats.winTrades),
  )
  await expect(figure(page, 'Avg. Hold/Success Rate', 'Avg. Hold')).toHaveText(
    holdTime(stats.avgHoldTime),
  )
  await expect(figure(page, 'Avg. Hold/Success Rate', 'Success Rate')).toHaveText(
    `${stats.successRate.toFixed(2)}%`,
  )
}

const chartTitles = [
  'Total Profit by Position Size',
  'Total Profit by Time Duration',
  'Total Profit by Symbol',
  'Total Profit by Type',
  'Profitability',
  'Hourly Profit/Loss',
  'Weekly Won/Lost',
  'Total Trades Analysis',
]

test("the demo trader's dashboard shows the API's figures and eight charts, and a closed trade moves them live", async ({
  page,
  request,
}) => {
  await signIn(page, demoTrader)
  await expect(page).toHaveURL(/\/user\//)
  await page.goto('/user/dashboard')
  await expect(page.getByRole('group', { name: 'Balance/Equity' })).toBeVisible()

  // the API as the page calls it: the page's own token, the account its card shows
  const token = await page.evaluate(() => window.localStorage.getItem('token'))
  expect(token).toBeTruthy()
  const login = (
    await page
      .getByRole('region', { name: 'Trading account credentials' })
      .locator('dt:text-is("Login") + dd')
      .innerText()
  ).trim()
  const listed = await request.get('/api/trading/accounts', {
    headers: { authorization: `Bearer ${token}` },
  })
  const { accounts } = (await listed.json()) as { accounts: { id: string; login: string }[] }
  // the login exactly: an account never put on the platform (the demo's passed phases) is listed
  // with an empty login, which every string includes
  expect(login).toMatch(/^\d+$/)
  const account = accounts.find((candidate) => candidate.login === login)
  expect(account, `account ${login}`).toBeTruthy()
  const accountId = account!.id

  const before = (
    await metaStats<{ data: { data: TotalStats } }>(request, token!, 'total-stats', { accountId })
  ).data.data
  // the seeded Two Phase 100K has closed trades
  expect(before.totalTrades).toBeGreaterThan(0)
  await expectCards(page, before)
  const analysis = (
    await metaStats<{ data: { analysisData: { status: string; objectives: unknown[] } } }>(
      request,
      token!,
      'update-analysis',
      { accountId },
    )
  ).data.analysisData
  const status = page.getByRole('table', { name: 'Account status' })
  await expect(status.getByRole('row', { name: /^Status/ })).toContainText(analysis.status)
  await expect(
    page.getByRole('table', { name: 'Trading objectives' }).getByRole('row'),
  ).toHaveCount(analysis.objectives.length + 1)
  await expect(page.getByRole('table', { name: 'Recent trades' }).getByRole('row')).toHaveCount(
    before.totalTrades + 1,
  )
  await expectNoSeriousA11yViolations(page)

  // the eight charts, drawn
  await page.getByRole('tab', { name: 'Trade Visualization' }).click()
  for (const title of chartTitles) {
    const chart = page.getByRole('figure', { name: title, exact: true })
    await expect(chart.locator('svg.recharts-surface').first()).toBeVisible()
  }
  const wonLost = (
    await metaStats<{ data: { won_lost: WonLost } }>(request, token!, 'visual-stats', {
      accountId,
    })
  ).data.won_lost
  await expect(page.getByRole('figure', { name: 'Profitability', exact: true })).toContainText(
    `Win rate ${wonLost.winRate.toFixed(2)}%: ${wonLost.won} won, ${wonLost.lost} lost.`,
  )
  await expectNoSeriousA11yViolations(page)

  // a trade opened and closed through the terminal API, the page left as it is
  await page.getByRole('tab', { name: 'Trade Analysis' }).click()
  await expect(figure(page, 'Total Trades/Win Trades', 'Total Trades')).toHaveText(
    String(before.totalTrades),
  )
  await page.evaluate(() => {
    ;(window as unknown as { notReloaded?: boolean }).notReloaded = true
  })
  const headers = { authorization: `Bearer ${token}` }
  const placed = await request.post(`/api/trading/accounts/${accountId}/orders`, {
    headers,
    data: { symbol: 'BTCUSD', type: 'buy', volume: '0.10' },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const { position } = (await placed.json()) as { position: { id: string } }
  const closed = await request.post(
    `/api/trading/accounts/${accountId}/positions/${position.id}/close`,
    { headers, data: {} },
  )
  expect(closed.status(), await closed.text()).toBe(200)

  await expect(figure(page, 'Total Trades/Win Trades', 'Total Trades')).toHaveText(
    String(before.totalTrades + 1),
    { timeout: 15_000 },
  )
  const after = (
    await metaStats<{ data: { data: TotalStats } }>(request, token!, 'total-stats', { accountId })
  ).data.data
  expect(after.totalTrades).toBe(before.totalTrades + 1)
  await expectCards(page, after)
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true)

  // the charts follow: the profitability counts the new trade
  await page.getByRole('tab', { name: 'Trade Visualization' }).click()
  const wonLostAfter = (
    await metaStats<{ data: { won_lost: WonLost } }>(request, token!, 'visual-stats', {
      accountId,
    })
  ).data.won_lost
  expect(wonLostAfter.won + wonLostAfter.lost).toBe(wonLost.won + wonLost.lost + 1)
  await expect(page.getByRole('figure', { name: 'Profitability', exact: true })).toContainText(
    `${wonLostAfter.won} won, ${wonLostAfter.lost} lost.`,
  )

  // below 768 px the charts fit the phone's width (spec 2.12)
  await page.setViewportSize({ width: 360, height: 780 })
  const weekly = page.getByRole('figure', { name: 'Weekly Won/Lost', exact: true })
  await weekly.scrollIntoViewIfNeeded()
  await expectWithinViewport(page, weekly.locator('svg.recharts-surface').first())
  await expectNoHorizontalScroll(page)
})
