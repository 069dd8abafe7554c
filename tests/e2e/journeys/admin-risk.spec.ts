import { expect, test, type APIRequestContext } from '@playwright/test'
import { demoAdmin, loginToken, registerUser, waitForMail } from '../support/api'
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  signIn,
  toast,
} from '../support/pages'
import { createScenarioAccount, playPricePath } from '../support/scenarios'

// The live risk view (issue 14 items 6 and 12): a trader holds 1.00 BTCUSD on two accounts. The
// scenario driver moves the first account's own price to 62,025.00 (equity 97,000.00: half of the
// 6,000.00 daily allowance left) and drops the second's through its daily floor (94,000.00). The
// admin watching /admin/risk sees the first among the accounts nearest to a breach and the
// second's breach appear live; opens the breached account from the breaches list and reads its
// evidence; then closes the first account's positions with a reason (the trader is emailed).
// (admin-accounts.spec.ts covers the accounts list, ledger, verdicts, disable and leverage.)

async function buyBitcoin(request: APIRequestContext, token: string, accountId: string) {
  const response = await request.post(`/api/trading/accounts/${accountId}/orders`, {
    headers: { authorization: `Bearer ${token}` },
    data: { symbol: 'BTCUSD', type: 'buy', volume: '1.00' },
  })
  expect(response.status(), await response.text()).toBe(201)
}

test('an admin watches the accounts nearest to a breach, finds a breached account and its evidence, and closes a trader’s positions with a reason', async ({
  page,
  request,
}) => {
  const trader = await registerUser(request)
  const exposed = await createScenarioAccount(request, { email: trader.email })
  const breaching = await createScenarioAccount(request, { email: trader.email })
  for (const account of [exposed, breaching]) {
    await playPricePath(
      request,
      account.id,
      { symbol: 'BTCUSD', waypoints: [{ offsetMs: 0, price: '65000.00' }] },
      'instant',
    )
  }
  const traderToken = await loginToken(request, trader)
  await buyBitcoin(request, traderToken, exposed.id)
  await buyBitcoin(request, traderToken, breaching.id)
  // bought at the ask, 65,025.00: at a bid of 62,025.00 equity is 97,000.00
  await playPricePath(
    request,
    exposed.id,
    { symbol: 'BTCUSD', waypoints: [{ offsetMs: 0, price: '62025.00' }] },
    'instant',
  )

  await signIn(page, demoAdmin)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'Live Risk' })
    .click()
  await expect(page).toHaveURL(/\/admin\/risk$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Live Risk' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible()

  const nearest = page.getByRole('region', { name: 'Nearest to breach' })
  const exposedRow = nearest
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Account ${exposed.login}` }) })
  await expect(exposedRow).toContainText('$97,000.00')
  await expect(exposedRow).toContainText('$94,000.00')
  await expect(exposedRow).toContainText('$3,000.00 (50%)')
  await expect(exposedRow).toContainText(trader.email)
  await expectNoSeriousA11yViolations(page)

  // the second account falls through its daily floor while the admin watches
  const breaches = page.getByRole('region', { name: 'Breaches of the last 24 hours' })
  await expect(breaches.getByRole('link', { name: `Account ${breaching.login}` })).toHaveCount(0)
  await playPricePath(request, breaching.id, {
    symbol: 'BTCUSD',
    waypoints: [
      { offsetMs: 0, price: '65000.00' },
      { offsetMs: 2_000, price: '58000.00' },
    ],
    tickIntervalMs: 100,
  })
  const breachRow = breaches
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Account ${breaching.login}` }) })
  await expect(breachRow).toBeVisible({ timeout: 15_000 })
  await expect(breachRow).toContainText('Daily Loss Limit')
  await expect(breachRow).toContainText('$94,000.00')
  await expect(breachRow).toContainText(trader.email)
  // a breached account is no longer judged: it leaves the ranking
  await expect(nearest.getByRole('link', { name: `Account ${breaching.login}` })).toHaveCount(0)

  // its evidence on the account page
  await breachRow.getByRole('link', { name: `Account ${breaching.login}` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/tradingaccounts/${breaching.id}$`))
  const evidence = page.getByRole('group', { name: 'Breach evidence' })
  await expect(evidence).toContainText('dailyLoss')
  await expect(evidence).toContainText('$94,000.00')
  await expect(page.getByText('failed', { exact: true })).toBeVisible()

  // back to the risk view: the exposed account's positions closed, with a reason
  await page.goBack()
  await expect(page).toHaveURL(/\/admin\/risk$/)
  await exposedRow.getByRole('link', { name: `Account ${exposed.login}` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/tradingaccounts/${exposed.id}$`))
  const reason = 'Within half of the daily allowance on a single position'
  await page.getByRole('button', { name: 'Close all positions' }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByLabel('Reason (sent to the trader)').fill(reason)
  await dialog.getByRole('button', { name: 'Close all positions' }).click()
  await expect(
    toast(page, `The risk desk closed 1 position on this account: ${reason}`),
  ).toBeVisible()
  await expect(page.locator('dt:text-is("Open positions") + dd')).toHaveText('0')
  await waitForMail(request, trader.email, /positions closed/)

  // the view at a phone's width
  await page.goto('/admin/risk')
  await page.setViewportSize({ width: 360, height: 800 })
  await expect(nearest).toBeVisible()
  await expect(breachRow).toBeVisible()
  await expectNoHorizontalScroll(page)
})
