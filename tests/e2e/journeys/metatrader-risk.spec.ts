import { expect, test, type Page } from '@playwright/test'
import { registerUser } from '../support/api'
import { orderLines, saveBilling, selectAccount } from '../support/checkout'
import { mt5App } from '../support/mt5-app-ports'
import { signIn } from '../support/pages'

// Live risk and the firm's policy on a real MetaTrader account (issue 15; decisions 0042, 0045),
// on the journeys' second app, whose new accounts live on an MT5 server (TRADING_PLATFORM=
// mt5-webapi; its local MT5 Web API fake, whose /control page stands for the trader's MetaTrader
// terminal and the market): a trader buys a Two Phase $25K MT5 challenge by card and sees the
// login and server on the dashboard; a 60-lot deal (the plan's cap is 50) is closed by the firm
// and shown with its evidence in the violations panel; equity moved below the 6% daily floor
// ($23,500) fails the account with its evidence, and the MT5 server has trading disabled.

test.use({ baseURL: mt5App.baseURL })

/** The fake MT5 server's section of this login on its control page. */
function controlAccount(control: Page, login: string) {
  return control.getByRole('region', { name: new RegExp(`^Login ${login}\\b`) })
}

test('an MT5 account: a deal over the lot cap is closed and shown, a fall below the daily floor fails it and disables trading on the server', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000)
  const trader = await registerUser(request)
  await signIn(page, trader)
  await expect(page).toHaveURL(/\/$|\/user\//)

  // the purchase, as any trader makes it: card, approved
  await selectAccount(page, { challenge: 'Two Phase', platform: 'MetaTrader 5', size: '$25K' })
  await saveBilling(page)
  await page.getByText('Card or PayPal', { exact: true }).click()
  await page.getByLabel('I agree to the terms and conditions').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(/\/paypal\?order=/)
  await expect(orderLines(page)).toBeVisible()
  await page.getByRole('button', { name: 'Pay with PayPal (simulated)' }).click()
  await page
    .getByRole('dialog', { name: /PayPal checkout/ })
    .getByRole('button', { name: 'Approve payment' })
    .click()
  await expect(page).toHaveURL(/\/user\/dashboard$/, { timeout: 20_000 })

  // the login and server of the MT5 server, to type into MetaTrader 5
  const card = page.getByRole('region', { name: 'Trading account credentials' })
  await expect(card).toContainText(/Two Phase \$25K/, { timeout: 30_000 })
  await expect(card).toContainText('TradepeakMT5-Local')
  const login = (await card.locator('dt:text-is("Login") + dd').innerText()).trim()
  expect(login).toMatch(/^\d{6,}$/)

  // the trader deals 60 lots of EURUSD in MetaTrader
  const control = await browser.newPage()
  await control.goto(mt5App.controlURL)
  const onServer = controlAccount(control, login)
  await expect(onServer).toContainText('Balance 25000.00')
  await onServer.getByLabel('Symbol', { exact: true }).fill('EURUSD')
  await onServer.getByLabel('Lots', { exact: true }).fill('60')
  await onServer.getByRole('button', { name: 'Open position' }).click()
  await expect(control.getByRole('status')).toContainText(`opened on ${login}`)

  // the firm closes it on the server and the trader sees why
  const violations = page.getByTestId('policy-violations')
  await expect(async () => {
    await page.reload()
    await expect(violations).toContainText('EURUSD buy 60 lots (at most 50)', { timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  // (while the firm's market is closed, as on a weekend, the same position is also recorded as
  // opened out of market hours: a second item)
  await expect(
    violations
      .getByRole('listitem')
      .filter({ hasText: 'Lot cap: EURUSD buy 60 lots (at most 50)' }),
  ).toContainText('Position closed by the firm')
  await expect(async () => {
    await control.goto(mt5App.controlURL)
    await expect(controlAccount(control, login)).toContainText('No open positions.', {
      timeout: 1_000,
    })
  }).toPass({ timeout: 10_000 })

  // the market moves the account's equity below the daily loss floor
  const account = controlAccount(control, login)
  await account.getByLabel('Set equity to').fill('23000.00')
  await account.getByRole('button', { name: 'Set equity' }).click()
  await expect(control.getByRole('status')).toContainText(`Equity of ${login} set.`)

  await page.goto('/user/dashboard')
  const badge = page.getByRole('button', { name: 'Failed: daily loss' })
  await expect(async () => {
    await page.reload()
    await expect(badge).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await badge.click()
  const evidence = page.getByRole('dialog', { name: `Breach evidence of account ${login}` })
  await expect(evidence).toContainText('Daily Loss Limit')
  await expect(evidence).toContainText('$23,500.00')

  // and the MT5 server no longer lets the login trade
  await control.goto(mt5App.controlURL)
  await expect(controlAccount(control, login)).toContainText('Trading disabled')
  await control.close()
})
