import { readFile } from 'node:fs/promises'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { demoTrader } from '../support/api'
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, signIn } from '../support/pages'

// The account metrics page (/user/analyticsview, issue 12 items 4-7) of the demo trader's seeded
// Two Phase 100K (Phase 1, four closed trades over four days): the curve with the daily-loss and
// max-loss floors over it as POST /api/metaStats/account-metrics computes them, the calendar's
// drill-down into a day, a note and a tag saved and filtered by, the CSV download, and the rule
// what-if under every plan of the catalogue.

type Point = { tMs: number; equity: number; dailyFloor: number | null; maxFloor: number | null }
type Metrics = {
  trades: { id: string; symbol: string }[]
  curve: { points: Point[] }
  breakdowns: { daily: { date: string; trades: number; tradeIndexes: number[] }[] }
  whatIf: { planKey: string; label: string; status: 'active' | 'passed' | 'failed' }[]
}

function money(cents: number): string {
  const text = `$${(Math.abs(cents) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`
  return cents < 0 ? `-${text}` : text
}

async function accountMetrics(request: APIRequestContext, token: string, accountId: string) {
  const response = await request.post('/api/metaStats/account-metrics', {
    headers: { authorization: `Bearer ${token}` },
    data: { accountId },
  })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { data: { metrics: Metrics } }).data.metrics
}

const statusText = { passed: 'Passed', failed: 'Failed', active: 'Still running' } as const

test("the demo trader's metrics page: floors over the curve, calendar drill-down, journal, CSV, what-if", async ({
  page,
  request,
}) => {
  await signIn(page, demoTrader)
  await expect(page).toHaveURL(/\/user\//)
  const token = await page.evaluate(() => window.localStorage.getItem('token'))
  expect(token).toBeTruthy()
  const headers = { authorization: `Bearer ${token}` }
  const listed = await request.get('/api/trading/accounts', { headers })
  const { accounts } = (await listed.json()) as {
    accounts: { id: string; login: string; planKey: string; sizeK: number; status: string }[]
  }
  const account = accounts.find(
    (a) => a.planKey === 'twoPhase.phase1' && a.sizeK === 100 && a.status === 'active',
  )
  expect(account, 'the seeded Two Phase 100K').toBeTruthy()

  await page.goto('/user/analyticsview')
  await expect(page.getByRole('heading', { name: 'Account metrics', level: 1 })).toBeVisible()
  await page.getByLabel('Account', { exact: true }).selectOption(account!.id)

  // item 4: the curve, and the floors drawn over it (the figures the server computed)
  const curve = page.getByRole('figure', { name: 'Equity and balance with the loss floors' })
  await expect(curve.locator('.curve-equity path')).toBeVisible()
  await expect(curve.locator('.curve-daily-floor path')).toBeVisible()
  await expect(curve.locator('.curve-max-floor path')).toBeVisible()
  await expect(curve.locator('.curve-brush')).toBeVisible()
  const metrics = await accountMetrics(request, token!, account!.id)
  const last = metrics.curve.points.at(-1)!
  expect(metrics.trades.length).toBeGreaterThanOrEqual(4)
  // a trade closed meanwhile by another journey moves the last point: match the page to a read
  await expect(async () => {
    const now = (await accountMetrics(request, token!, account!.id)).curve.points.at(-1)!
    await expect(curve).toContainText(`daily-loss floor ${money(now.dailyFloor!)}`, { timeout: 1 })
    await expect(curve).toContainText(`max-loss floor ${money(now.maxFloor!)}`, { timeout: 1 })
  }).toPass()
  expect(last.dailyFloor).not.toBeNull()

  // item 5: the calendar's drill-down into the first trading day
  const firstDay = metrics.breakdowns.daily[0]!
  const calendar = page.getByTestId('daily-calendar')
  while (!(await calendar.locator(`[data-date="${firstDay.date}"]`).isVisible())) {
    await calendar.getByRole('button', { name: 'Previous month' }).click()
  }
  await calendar.locator(`[data-date="${firstDay.date}"]`).click()
  const day = page.getByRole('region', { name: `Trading day ${firstDay.date}` })
  await expect(day.getByRole('row')).toHaveCount(firstDay.trades + 1)
  const dayTrade = metrics.trades[firstDay.tradeIndexes[0]!]!
  await expect(day).toContainText(dayTrade.symbol)
  await expect(page.getByTestId('metrics-grid')).toContainText('needs 30 trades')

  // item 6: a note and a tag on the first trade, stored, then the journal filtered by the tag
  const journal = page.getByTestId('trade-journal')
  const trade = metrics.trades[0]!
  await journal.getByRole('button', { name: `Add note for trade ${trade.id}` }).click()
  const form = journal.getByRole('form', { name: `Journal of trade ${trade.id}` })
  await form.getByLabel('Note').fill('Entered on the London open retest')
  await form.getByLabel('Tags (separated by spaces)').fill('Breakout london')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form).toBeHidden()
  const row = journal.locator(`tr[data-trade="${trade.id}"]`)
  await expect(row).toContainText('breakout')
  await expect(row).toContainText('Entered on the London open retest')
  const stored = await request.post('/api/metaStats/journal', {
    headers,
    data: { accountId: account!.id },
  })
  const { entries } = (
    (await stored.json()) as { data: { entries: { tradeId: string; tags: string[] }[] } }
  ).data
  expect(entries).toContainEqual(
    expect.objectContaining({ tradeId: trade.id, tags: ['breakout', 'london'] }),
  )
  await journal.getByLabel('Filter by tag').selectOption('breakout')
  await expect(journal.locator('tbody tr')).toHaveCount(1)
  await expect(journal.locator('tbody tr').first()).toHaveAttribute('data-trade', trade.id)
  await journal.getByLabel('Filter by tag').selectOption('')
  await expect(journal.locator('tbody tr')).not.toHaveCount(1)

  // CSV of the trades: a header and one line per trade, the note in its column
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    journal.getByRole('button', { name: 'Export trades CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`account-${account!.login}-trades.csv`)
  const csv = await readFile((await download.path())!, 'utf8')
  const lines = csv.trim().split('\n')
  expect(lines[0]).toBe(
    'trade,symbol,side,lots,open time,close time,open price,close price,result,tags,note',
  )
  expect(lines.length).toBeGreaterThanOrEqual(metrics.trades.length + 1)
  expect(csv).toContain(`${trade.id},${trade.symbol},`)
  expect(csv).toContain('breakout london,Entered on the London open retest')
  const [daily] = await Promise.all([
    page.waitForEvent('download'),
    journal.getByRole('button', { name: 'Export daily results CSV' }).click(),
  ])
  const dailyCsv = await readFile((await daily.path())!, 'utf8')
  expect(dailyCsv.split('\n')[0]).toBe('date,trades,wins,result,win rate %,profit factor')
  expect(dailyCsv).toContain(`${firstDay.date},`)

  // item 7: the verdict under each plan of the catalogue
  const whatIf = page.getByTestId('what-if')
  await expect(whatIf.locator('tbody tr')).toHaveCount(metrics.whatIf.length)
  for (const verdict of metrics.whatIf) {
    const planRow = whatIf.locator(`tr[data-plan="${verdict.planKey}"]`)
    await expect(planRow).toContainText(verdict.label)
    await expect(planRow).toContainText(statusText[verdict.status])
  }

  await expectNoSeriousA11yViolations(page)

  // a phone: nothing scrolls sideways but the tables' own boxes
  await page.setViewportSize({ width: 375, height: 800 })
  await expect(curve.locator('.curve-equity path')).toBeVisible()
  await expectNoHorizontalScroll(page)
})
