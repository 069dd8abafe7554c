import { expect, test, type Page } from '@playwright/test'
import { demoAdmin, registerUser, waitForMail } from '../support/api'
import {
  moveCryptoPayment,
  openUsdtSession,
  orderLines,
  saveBilling,
  selectAccount,
} from '../support/checkout'
import {
  expectNoHorizontalScroll,
  expectWithinViewport,
  openLive,
  signIn,
  toast,
} from '../support/pages'

// Buying a challenge end to end through the local stand-ins of PayPal and OxaPay: the server
// prices the order, the provider's own record of the payment confirms it, and the trading account
// appears on the dashboard with its credentials and in the mailbox.

async function signInNewTrader(page: Page, request: Parameters<typeof registerUser>[0]) {
  const trader = await registerUser(request)
  await signIn(page, trader)
  await expect(page).toHaveURL(/\/$|\/user\//)
  return trader
}

/** The dashboard's card of the new account: its login, then the server it lives on. */
async function expectNewAccountOnDashboard(page: Page, title: RegExp, server: string) {
  const card = page.getByRole('region', { name: 'Trading account credentials' })
  await expect(card).toContainText(title, { timeout: 20_000 })
  await expect(card).toContainText(server)
  const login = (await card.locator('dt:text-is("Login") + dd').innerText()).trim()
  expect(login).toMatch(/^\d{7,}$/)
  return login
}

test('a trader buys a Two Phase challenge by card: a declined card, then approved; the server price is charged', async ({
  page,
  request,
}) => {
  const trader = await signInNewTrader(page, request)
  await selectAccount(page, { challenge: 'Two Phase', platform: 'MetaTrader 5', size: '$25K' })
  await saveBilling(page)

  await page.getByText('Card or PayPal', { exact: true }).click()
  await page.getByLabel('Coupon code').fill('WELCOME10')
  await page.getByRole('button', { name: 'Apply' }).click()
  // $199, 10% off rounded up to the whole dollar
  await expect(orderLines(page)).toContainText('Coupon WELCOME10 (10% off)')
  await expect(orderLines(page).getByRole('listitem').last()).toContainText('$180.00')

  // a tampered browser sends its own price: the server ignores it
  await page.route('**/api/orders', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    const body = route.request().postDataJSON() as Record<string, unknown>
    await route.continue({ postData: JSON.stringify({ ...body, amount: 1, fee: 1, total: 1 }) })
  })

  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'You must agree to the terms and conditions.' }),
  ).toBeVisible()
  await page.getByLabel('I agree to the terms and conditions').check()
  await page.getByRole('button', { name: 'Place Order' }).click()

  await expect(page).toHaveURL(/\/paypal\?order=/)
  const paymentPage = page.url()
  await expect(orderLines(page).getByRole('listitem').last()).toContainText('$180.00')
  await page.getByRole('button', { name: 'Pay with PayPal (simulated)' }).click()
  const paypal = page.getByRole('dialog', { name: /PayPal checkout/ })
  await expect(paypal).toContainText('180.00 USD')

  // INSTRUMENT_DECLINED: the buttons restart and the buyer picks another card
  const declined = page.waitForResponse((response) =>
    /\/api\/payment\/orders\/[^/]+\/capture$/.test(response.url()),
  )
  await paypal.getByRole('button', { name: 'Decline card' }).click()
  const declinedAnswer = await declined
  expect(declinedAnswer.status()).toBe(422)
  expect(await declinedAnswer.json()).toMatchObject({
    details: [{ issue: 'INSTRUMENT_DECLINED' }],
  })
  // spec 8's message with the detail, then the buttons start again
  await expect(
    toast(page, /^Sorry, your transaction could not be processed\.\.\. INSTRUMENT_DECLINED/),
  ).toBeVisible()
  await expect(paypal).toBeVisible()
  await expect(paypal).toContainText('180.00 USD')
  await paypal.getByRole('button', { name: 'Approve payment' }).click()

  await expect(page).toHaveURL(/\/user\/dashboard$/, { timeout: 20_000 })
  await expect(toast(page, /^Transaction completed by /)).toBeVisible()
  await expect(page.getByText('It may take a minute to create a new account')).toBeVisible()
  const login = await expectNewAccountOnDashboard(page, /Two Phase \$25K/, 'TradepeakSim-MT5')

  // its payment page now says it is paid and leads to the dashboard, never to the buttons again
  await page.goto(paymentPage)
  await expect(page.getByText(/^Order TP-\d+ is paid\.$/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pay with PayPal (simulated)' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Go to your dashboard' }).click()
  await expect(page).toHaveURL(/\/user\/dashboard$/)

  const receipt = await waitForMail(request, trader.email, /receipt for order/)
  expect(receipt.subject).toMatch(/TP-\d+/)
  const credentials = await waitForMail(request, trader.email, /Phase 1 account is ready/)
  expect(credentials.subject).toContain('Phase 1')

  // the billing page lists the payment, paid, at the server's price
  await page.goto('/user/billing')
  const payment = page.getByRole('table').getByRole('row').nth(1)
  await expect(payment).toContainText('180.00')
  await expect(payment).toContainText('Card')
  await expect(payment).toContainText('Completed')

  // one order, one account
  await expect(payment).toContainText(login)
  await page.goto('/user/account')
  await expect(page.getByRole('table')).toContainText(login)
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2)
})

test('a trader buys an Instant Funding challenge with crypto: paying, then paid, then the dashboard', async ({
  page,
  request,
  browser,
}) => {
  const trader = await signInNewTrader(page, request)
  await selectAccount(page, {
    challenge: 'Instant Funding',
    platform: 'MetaTrader 4',
    size: '$10K',
  })
  await saveBilling(page)

  await page.getByText('30% off', { exact: true }).click()
  // $279 x 0.7 = 195.30, rounded up to the whole dollar
  await expect(orderLines(page)).toContainText('Crypto payment (30% off)')
  await expect(orderLines(page).getByRole('listitem').last()).toContainText('$196.00')
  await page.getByLabel('I agree to the terms and conditions').check()
  await page.getByRole('button', { name: 'Place Order' }).click()

  await expect(page).toHaveURL(/\/oxapay\?order=/)
  const orderNumber = await openUsdtSession(page)

  await expect(page.getByText(/^Send [\d.]+ USDT$/)).toBeVisible()
  await expect(page.getByRole('img', { name: /QR code/i })).toBeVisible()
  await expect(page.getByText('Status:')).toBeVisible()
  await expect(page.getByText('Waiting', { exact: true })).toBeVisible()
  await expect(page.getByText(/Time left: (29|30):\d\d/)).toBeVisible()
  const address = (await page.locator('dt:text-is("Address") + dd').innerText()).trim()
  const secondsLeft = async () => {
    const [, mm, ss] = /(\d+):(\d\d)/.exec(await page.getByText(/^Time left:/).innerText())!
    return Number(mm) * 60 + Number(ss)
  }
  const before = await secondsLeft()

  // a reload shows the same session again (no new payment offered), its countdown going on
  await page.reload()
  await expect(page.locator('dt:text-is("Address") + dd')).toHaveText(address)
  await expect(page.getByRole('img', { name: /QR code/i })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Proceed to payment' })).toHaveCount(0)
  expect(await secondsLeft()).toBeLessThanOrEqual(before)

  // the payer's wallet, as OxaPay sees it: the local sandbox sends signed callbacks
  await moveCryptoPayment(browser, request, orderNumber, 'paying')
  await expect(toast(page, 'Payment is confirming, please wait...')).toBeVisible({
    timeout: 15_000,
  })
  await moveCryptoPayment(browser, request, orderNumber, 'paid')

  await expect(toast(page, 'Payment successful!')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('button', { name: 'Return to dashboard' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Back to currency selection' })).toHaveCount(0)
  // paid: a reload of the payment page says so instead of offering a payment
  await page.reload()
  await expect(page.getByText(`Order ${orderNumber} is paid.`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Proceed to payment' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Go to your dashboard' }).click()
  await expect(page).toHaveURL(/\/user\/dashboard$/)
  await expectNewAccountOnDashboard(page, /Instant Funding \$10K/, 'TradepeakSim-MT4')
  await waitForMail(request, trader.email, /Funded account is ready/)
})

test('at 360 px the checkout fits the screen and its add-on switches price the order as the server does', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await signInNewTrader(page, request)
  await openLive(page, '/pricing')
  await expectNoHorizontalScroll(page)

  await selectAccount(page, { challenge: 'Two Phase', platform: 'MetaTrader 5', size: '$25K' })
  await expectNoHorizontalScroll(page)
  await saveBilling(page)
  await expectNoHorizontalScroll(page)

  const serverTotal = async (addOns: string) => {
    const quote = await request.get(
      `/api/pricing/quote?challenge=twoPhase&size=25&method=card&addOns=${addOns}`,
    )
    expect(quote.status()).toBe(200)
    return ((await quote.json()) as { total: number }).total
  }
  const shownTotal = () => orderLines(page).getByRole('listitem').last()
  const profitSplit = page.getByRole('switch', { name: '100% Profit Split' })
  const fastPayout = page.getByRole('switch', { name: 'Fast Payout' })
  const both = page.getByRole('switch', { name: 'Both Add-ons' })

  // 'both' on switches on the other two: $199 + 25%, rounded up
  await both.click()
  await expect(profitSplit).toBeChecked()
  await expect(fastPayout).toBeChecked()
  expect(await serverTotal('profitSplit100,fastPayout')).toBe(249)
  await expect(shownTotal()).toContainText('$249.00')

  // a single one off clears 'both'; the order is priced with the one left: $199 + 15%
  await fastPayout.click()
  await expect(both).not.toBeChecked()
  await expect(profitSplit).toBeChecked()
  expect(await serverTotal('profitSplit100')).toBe(229)
  await expect(shownTotal()).toContainText('$229.00')
  await expectNoHorizontalScroll(page)

  // the payment screen, the dashboard and the billing page fit as well
  await page.getByLabel('I agree to the terms and conditions').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(/\/paypal\?order=/)
  await expect(shownTotal()).toContainText('$229.00')
  await expectNoHorizontalScroll(page)
  await page.getByRole('button', { name: 'Pay with PayPal (simulated)' }).click()
  const paypal = page.getByRole('dialog', { name: /PayPal checkout/ })
  await expect(paypal).toContainText('229.00 USD')
  await paypal.getByRole('button', { name: 'Approve payment' }).click()
  await expect(page).toHaveURL(/\/user\/dashboard$/, { timeout: 20_000 })
  await expectNewAccountOnDashboard(page, /Two Phase \$25K/, 'TradepeakSim-MT5')
  await expectNoHorizontalScroll(page)

  await page.goto('/user/billing')
  await expect(page.getByRole('table')).toContainText('229.00')
  await expectNoHorizontalScroll(page)
})

test('a crypto session OxaPay expires with nothing paid returns the buyer to step 1, who opens another', async ({
  page,
  request,
  browser,
}) => {
  await signInNewTrader(page, request)
  await selectAccount(page, { challenge: 'Two Phase', platform: 'MetaTrader 4', size: '$5K' })
  await saveBilling(page)
  await page.getByText('30% off', { exact: true }).click()
  await page.getByLabel('I agree to the terms and conditions').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(/\/oxapay\?order=/)
  const orderNumber = await openUsdtSession(page)
  await expect(page.getByText(/Time left: (29|30):\d\d/)).toBeVisible()

  // long before the countdown ends, OxaPay says the session expired
  await moveCryptoPayment(browser, request, orderNumber, 'expired')
  await expect(toast(page, 'This payment session has expired. Please try again.')).toBeVisible({
    timeout: 15_000,
  })
  await expect(page.getByRole('button', { name: 'Proceed to payment' })).toBeVisible()
  await expect(page.getByText(/manual check/i)).toHaveCount(0)

  // the order is still open: a new session for it (step 1 starts again from the first coin)
  await page.getByRole('button', { name: 'Proceed to payment' }).click()
  await expect(page.getByText(/^Send [\d.]+ [A-Z]+$/)).toBeVisible()
  await expect(page.getByText('Waiting', { exact: true })).toBeVisible()
})

test('an admin refunds a card order at 1440 px (Refund in view), and the buyer reads Refunded in the payment history', async ({
  page,
  request,
  browser,
}) => {
  await signInNewTrader(page, request)
  await selectAccount(page, { challenge: 'Instant Funding', platform: 'MetaTrader 5', size: '$5K' })
  await saveBilling(page)
  await page.getByLabel('I agree to the terms and conditions').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(/\/paypal\?order=/)
  const title = await page.getByRole('heading', { name: /^Pay order TP-\d+$/ }).innerText()
  const orderNumber = title.split(' ')[2]!
  await page.getByRole('button', { name: 'Pay with PayPal (simulated)' }).click()
  await page
    .getByRole('dialog', { name: /PayPal checkout/ })
    .getByRole('button', { name: 'Approve payment' })
    .click()
  await expect(page).toHaveURL(/\/user\/dashboard$/, { timeout: 20_000 })
  await expectNewAccountOnDashboard(page, /Instant Funding \$5K/, 'TradepeakSim-MT5')

  const admin = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  await signIn(admin, demoAdmin)
  await expect(admin).toHaveURL(/\/admin/)
  await admin.goto('/admin/orders')
  const row = admin.getByRole('row').filter({ hasText: orderNumber })
  const refund = row.getByRole('button', { name: `Refund ${orderNumber}` })
  await expect(refund).toBeVisible()
  await expectWithinViewport(admin, refund)
  await expectNoHorizontalScroll(admin)
  await refund.click()
  const dialog = admin.getByRole('alertdialog')
  await dialog.getByLabel('Note to the buyer').fill('Refunded at the buyer’s request')
  await dialog.getByRole('button', { name: 'Refund' }).click()
  await expect(toast(admin, `Order ${orderNumber} refunded.`)).toBeVisible({ timeout: 15_000 })
  await admin.close()

  await page.goto('/user/billing')
  const payment = page.getByRole('table').getByRole('row').filter({ hasText: orderNumber })
  await expect(payment).toContainText('Refunded')
  await expect(payment).not.toContainText('Failed')
})
