import { expect, test } from '@playwright/test'
import { demoAdmin, loginToken, registerUser, waitForMail } from '../support/api'
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  signIn,
  toast,
} from '../support/pages'
import { createScenarioAccount } from '../support/scenarios'

// The risk desk in the browser (issue 14 items 4-5): an admin filters the trading accounts (by
// platform server too, decision 0056), opens one, reads its ledger and the engine's replayed verdict, disables trading with a reason (the
// trader's next order is refused, the trader is emailed) and changes the leverage.

test('an admin finds an account, reads its ledger and replayed verdict, disables trading and changes leverage', async ({
  page,
  request,
}) => {
  const trader = await registerUser(request)
  const account = await createScenarioAccount(request, {
    email: trader.email,
    platform: 'mt4',
    startDaysAgo: 3,
    trades: [2, 1].map((daysAgo) => ({
      symbol: 'BTCUSD',
      side: 'buy' as const,
      volume: '0.10',
      openPrice: '65000.00',
      closePrice: '65100.00',
      openDaysAgo: daysAgo,
      durationMinutes: 60,
    })),
  })

  await signIn(page, demoAdmin)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page.goto('/admin/tradingaccounts')
  await page.getByLabel('Platform', { exact: true }).selectOption('mt4')
  await page.getByLabel('Platform server').selectOption('Simulated server')
  await page.getByLabel('Status').selectOption('active')
  await page.getByRole('searchbox', { name: 'Search' }).fill(account.login)
  const table = page.getByRole('table')
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table).toContainText(trader.email)
  await expect(table).toContainText('Simulated server')
  await expect(page).toHaveURL(/platform=mt4/)
  await expect(page).toHaveURL(/adapter=simulated/)
  await expectNoSeriousA11yViolations(page)

  await table.getByRole('link', { name: `Account ${account.login}` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/tradingaccounts/${account.id}$`))
  const ledger = page.getByRole('group', { name: 'Evaluation ledger' })
  await expect(ledger.getByRole('row').nth(1)).toBeVisible()
  await expect(ledger).toContainText('trade-close')
  const verdicts = page.getByRole('group', { name: 'Live and replayed verdicts' })
  await expect(verdicts).toContainText('Engine replay of the export')
  await expect(page.getByText("The engine's replay agrees.")).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  const reason = 'Under review for account sharing'
  await page.getByRole('button', { name: 'Disable trading' }).click()
  const dialog = page.getByRole('alertdialog')
  // the simulated server refuses the orders itself: the positions stay (decision 0056)
  await expect(dialog).toContainText('open positions stay')
  await dialog.getByRole('button', { name: 'Disable trading' }).click()
  await expect(dialog.getByText('Give the reason in at least 3 characters.')).toBeVisible()
  await dialog.getByLabel('Reason (sent to the trader)').fill(reason)
  await dialog.getByRole('button', { name: 'Disable trading' }).click()
  await expect(
    toast(page, `The risk desk disabled trading on this account: ${reason}`),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Enable trading' })).toBeVisible()
  await expect(page.getByText('trading off')).toBeVisible()

  const traderToken = await loginToken(request, trader)
  const refused = await request.post(`/api/trading/accounts/${account.id}/orders`, {
    headers: { authorization: `Bearer ${traderToken}` },
    data: { symbol: 'BTCUSD', type: 'buy', volume: '0.01' },
  })
  expect(refused.status()).toBe(409)
  await waitForMail(request, trader.email, /trading disabled/)

  await page.getByRole('button', { name: 'Change leverage' }).click()
  await dialog.getByLabel('Leverage (1:N)').fill('10')
  await dialog.getByLabel('Reason (sent to the trader)').fill('Lower risk while under review')
  await dialog.getByRole('button', { name: 'Change leverage' }).click()
  await expect(toast(page, 'Leverage set to 1:10.')).toBeVisible()
  await expect(page.getByText('1:10', { exact: true })).toBeVisible()
  await waitForMail(request, trader.email, /leverage changed/)

  await page.setViewportSize({ width: 375, height: 800 })
  await expect(page.getByRole('button', { name: 'Enable trading' })).toBeVisible()
  await expectNoHorizontalScroll(page)
  await page.goto('/admin/tradingaccounts')
  await expect(page.getByRole('table')).toBeVisible()
  await expectNoHorizontalScroll(page)
})
