import { expect, test, type Page } from '@playwright/test'
import { registerUser } from '../support/api'
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, signIn } from '../support/pages'

// Connect MetaTrader (spec 2.13, 5; decision 0043): a trader tests an MT5 account's credentials
// through MetaApi (its local fake behind `npm start`, with the demo broker account
// TradepeakDemo-MT5 / 51234567 / Demo-mt5-pass): the button waits for all four fields, a wrong
// password shows "Connection Failed" with the platform's reason, the right one the success panel;
// the page works at 360 px and has no serious accessibility violation.

const broker = { server: 'TradepeakDemo-MT5', login: '51234567', password: 'Demo-mt5-pass' }

async function fillForm(page: Page, password: string) {
  const form = page.getByRole('form', { name: 'Test MetaTrader connection' })
  await form.getByRole('combobox', { name: 'Platform' }).click()
  await page.getByRole('option', { name: 'MetaTrader 5' }).click()
  await form.getByLabel('Broker server').fill(broker.server)
  await form.getByLabel('Login').fill(broker.login)
  await form.getByLabel('Password').fill(password)
}

test('connect MetaTrader: all fields required, Connection Failed on a wrong password, the account on the right one', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const trader = await registerUser(request)
  await signIn(page, trader)
  await expect(page).toHaveURL(/\/user\//)
  await page.goto('/user/connect')
  await expect(page.getByRole('heading', { name: 'Connect MetaTrader', level: 1 })).toBeVisible()

  const button = page.getByRole('button', { name: 'Test Connection' })
  await expect(button).toBeDisabled()
  await expect(page.getByText('All fields are required')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await fillForm(page, 'not-the-password')
  await expect(button).toBeEnabled()
  await button.click()
  const failed = page.getByTestId('connection-failed')
  await expect(failed).toContainText('Connection Failed', { timeout: 30_000 })
  await expect(failed).toContainText(/failed to authenticate/i)
  // the password is not kept in the form after a test
  await expect(page.getByLabel('Password')).toHaveValue('')
  await expectNoSeriousA11yViolations(page)

  await page.getByLabel('Password').fill(broker.password)
  await page.getByRole('button', { name: 'Test Connection' }).click()
  const success = page.getByTestId('connection-success')
  await expect(success).toBeVisible({ timeout: 30_000 })
  await expect(failed).toHaveCount(0)
  for (const text of [
    'Demo Trader MT5',
    broker.login,
    broker.server,
    'MT5',
    '10,000.00 USD',
    'Connected',
  ]) {
    await expect(success).toContainText(text)
  }
  await expectNoSeriousA11yViolations(page)

  await page.setViewportSize({ width: 360, height: 780 })
  await expect(success).toBeVisible()
  await expectNoHorizontalScroll(page)
})
