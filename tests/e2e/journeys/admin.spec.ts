import { expect, test, type Page } from '@playwright/test'
import type { AdminSummary } from '@tp/api/admin'
import { formatMoney, usd } from '@tp/domain/money'
import { demoAdmin, loginToken, registerUser, waitForMail } from '../support/api'
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  signIn,
  toast,
} from '../support/pages'

// The admin runs the firm from the browser: the dashboard's cards say what GET /api/admin/summary
// says, the sales chart switches period; a user found by search is disabled with a reason (their
// next request is refused, they are emailed why) and enabled again.

const count = (value: number) => value.toLocaleString('en-US')
const money = (cents: number) => formatMoney(usd(cents), { showCents: false })

function expectedCards(summary: AdminSummary['summary']): [string, string][] {
  return [
    ['Total Users', count(summary.totalUsers)],
    ['Active Users', count(summary.activeUsers)],
    ['Email Unverified Users', count(summary.emailUnverifiedUsers)],
    ['Phone Unverified Users', count(summary.phoneUnverifiedUsers)],
    ['Total Accounts', count(summary.totalAccounts)],
    ['Total Revenue', money(summary.totalSales)],
    ['Total Funds', money(summary.totalFund)],
    ['Total Trade', count(summary.totalTrade)],
    ['Completed Trade', count(summary.completedTrade)],
    ['Open Trade', count(summary.openTrade)],
  ]
}

async function openDashboard(page: Page): Promise<AdminSummary> {
  // other journeys sign up and pay meanwhile: the cards are compared with the answer they show
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/admin/summary') && response.status() === 200,
  )
  await signIn(page, demoAdmin)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  return ((await (await answer).json()) as { data: AdminSummary }).data
}

test('the dashboard shows the API figures on its cards and switches the sales chart', async ({
  page,
}) => {
  const data = await openDashboard(page)
  const cards = page.getByRole('list', { name: 'Summary' })
  for (const [label, value] of expectedCards(data.summary)) {
    await expect(cards.locator(`[data-card="${label}"]`), label).toHaveText(`${label}${value}`)
  }

  const overview = page.getByRole('figure', { name: 'Trade Sales Overview' })
  await expect(overview.getByRole('button', { name: '1M' })).toHaveAttribute('aria-pressed', 'true')
  await expect(overview).toContainText('previous month')
  await expect(overview.locator('.recharts-surface')).toBeVisible()

  await overview.getByRole('button', { name: '1D' }).click()
  await expect(overview.getByRole('button', { name: '1D' })).toHaveAttribute('aria-pressed', 'true')
  await expect(overview).toContainText('previous day')
  const days = overview.locator('table[data-sales-table="1D"] tbody tr')
  await expect(days).toHaveCount(data.groupedSoldData.groupedByDay.length)
  await expect(days.last()).toContainText(data.groupedSoldData.groupedByDay.at(-1)!.timeStamp)

  await overview.getByRole('button', { name: '1Y' }).click()
  await expect(overview).toContainText('previous year')
  await expect(overview.locator('table[data-sales-table="1Y"] tbody tr')).toHaveCount(
    data.groupedSoldData.groupedByYear.length,
  )
  await expect(page.getByRole('region', { name: 'Pass rate by plan and phase' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // at 375 px the cards stack and nothing scrolls sideways
  await page.setViewportSize({ width: 375, height: 800 })
  await expect(cards.locator('[data-card="Open Trade"]')).toBeVisible()
  await expectNoHorizontalScroll(page)
})

test('an admin finds a user, disables them with a reason, and enables them again', async ({
  page,
  request,
}) => {
  const trader = await registerUser(request)
  const traderToken = await loginToken(request, trader)
  const me = () =>
    request.get('/api/auth/me', { headers: { authorization: `Bearer ${traderToken}` } })
  expect((await me()).status()).toBe(200)

  await signIn(page, demoAdmin)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page.goto('/admin/useraccount')
  await page.getByRole('searchbox', { name: 'Search' }).fill(trader.email)
  const table = page.getByRole('table')
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table.getByRole('row').nth(1)).toContainText(trader.email)
  await expect(page).toHaveURL(/q=/)
  await expectNoSeriousA11yViolations(page)
  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoHorizontalScroll(page)
  await page.setViewportSize({ width: 1280, height: 800 })

  const reason = 'Chargeback opened on your last order'
  await page.getByRole('button', { name: `Disable ${trader.email}` }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Disable user' })
  await dialog.getByRole('button', { name: 'Disable' }).click()
  await expect(dialog).toContainText('Give the reason in at least 3 characters.')
  await dialog.getByLabel('Reason (sent to the user)').fill(reason)
  await dialog.getByRole('button', { name: 'Disable' }).click()
  await expect(toast(page, /User disabled/)).toBeVisible()
  await expect(table.getByRole('row').nth(1)).toContainText('disabled')

  // the trader's very next request is refused, and a new sign-in says why
  expect((await me()).status()).toBe(401)
  const login = await request.post('/api/auth/login', { data: trader })
  expect(login.status()).toBe(403)
  const mail = await waitForMail(request, trader.email, /disabled/)
  expect(mail.subject).toContain('disabled')

  // the user's page keeps the audit entry with the reason
  await table.getByRole('link', { name: trader.email }).click()
  await expect(page).toHaveURL(/\/admin\/useraccount\/[0-9a-f-]{36}$/)
  const audit = page.getByRole('region', { name: /Audit entries/ })
  await expect(audit).toContainText('user.disable')
  await expect(audit).toContainText(reason)

  await page.getByRole('button', { name: 'Enable' }).click()
  const enable = page.getByRole('alertdialog', { name: 'Enable user' })
  await enable.getByLabel('Reason (sent to the user)').fill('Chargeback withdrawn')
  await enable.getByRole('button', { name: 'Enable' }).click()
  await expect(toast(page, 'User enabled again.')).toBeVisible()
  await expect(audit).toContainText('user.enable')
  expect((await request.post('/api/auth/login', { data: trader })).status()).toBe(200)
  await waitForMail(request, trader.email, /enabled again/)
})
