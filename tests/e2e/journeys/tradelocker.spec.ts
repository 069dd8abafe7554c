import { expect, test } from '@playwright/test'
import { registerUser } from '../support/api'
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  signIn,
  toast,
} from '../support/pages'

// TradeLocker linked accounts (issue 15 item 8; decision 0044): a trader links the demo
// TradeLocker login of the local fake behind `npm start` (trader@tradelocker.demo /
// Demo-TradeLocker-1 / OSP-DEMO, demo), is refused on a wrong password with TradeLocker's words,
// chooses one of the login's two accounts, and sees its 24 closed positions read-only in
// /user/analyticsview; at 360 px, with no serious accessibility violation.

const login = {
  email: 'trader@tradelocker.demo',
  password: 'Demo-TradeLocker-1',
  server: 'OSP-DEMO',
}

test('link the demo TradeLocker account and see its trades in the analytics', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const trader = await registerUser(request)
  await signIn(page, trader)
  await expect(page).toHaveURL(/\/user\//)
  await page.goto('/user/connect')
  const section = page.getByRole('region', { name: 'TradeLocker' })
  await expect(section.getByText('No TradeLocker login linked yet.')).toBeVisible()

  await section.getByRole('button', { name: 'Link a TradeLocker account' }).click()
  const form = page.getByRole('form', { name: 'Link a TradeLocker account' })
  await form.getByLabel('TradeLocker email').fill(login.email)
  await form.getByLabel('TradeLocker password').fill('not-the-password')
  await form.getByLabel('Broker server').fill(login.server)
  await form.getByLabel('Account type').selectOption('demo')
  await expectNoSeriousA11yViolations(page)
  await form.getByRole('button', { name: 'Link TradeLocker' }).click()
  await expect(page.getByTestId('tradelocker-error')).toContainText(/TradeLocker refused/)
  await expect(form.getByLabel('TradeLocker password')).toHaveValue('')

  await form.getByLabel('TradeLocker password').fill(login.password)
  await form.getByRole('button', { name: 'Link TradeLocker' }).click()
  await expect(toast(page, 'TradeLocker account linked.')).toBeVisible()
  const chooser = page.getByRole('group', { name: 'Choose the accounts to import' })
  await expect(chooser.getByText(/Demo Scalp · #2/)).toBeVisible()
  await chooser.getByLabel(/Demo Swing · #1 · 10,250.75 USD/).check()
  await expectNoSeriousA11yViolations(page)
  await chooser.getByRole('button', { name: 'Import selected' }).click()
  await expect(toast(page, 'Order history imported.')).toBeVisible()
  const card = section.getByTestId('tradelocker-link')
  await expect(card).toContainText('OSP-DEMO · Demo')
  await expect(card).toContainText('Demo Swing · #1')
  await expect(card).toContainText('24 trades')

  await card.getByRole('link', { name: 'View analytics' }).click()
  await expect(page).toHaveURL(/\/user\/analyticsview/)
  await expect(page.getByRole('heading', { name: 'Account metrics', level: 1 })).toBeVisible()
  const picker = page.getByLabel('Account', { exact: true })
  await expect(picker.locator('option')).toContainText(['Demo Swing · #1 OSP-DEMO · TradeLocker'])
  await expect(
    page.getByText('A linked TradeLocker account: its order history, imported read-only.', {
      exact: false,
    }),
  ).toBeVisible()
  await expect(
    page.getByRole('figure', { name: 'Equity and balance with the loss floors' }),
  ).toBeVisible()
  // read-only: no journal, no trading
  await expect(page.getByRole('button', { name: /buy|sell|new order/i })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  await page.setViewportSize({ width: 360, height: 780 })
  await expectNoHorizontalScroll(page)
  await page.goto('/user/connect')
  await expect(section.getByTestId('tradelocker-link')).toBeVisible()
  await expectNoHorizontalScroll(page)
})
