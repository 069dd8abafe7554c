import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test'

// Steps of /get-funded shared by the purchase journeys.

export type Selection = {
  challenge: 'Two Phase' | 'Instant Funding'
  platform: 'MetaTrader 4' | 'MetaTrader 5'
  size: string // as on its button, e.g. '$25K'
}

export const billing = {
  'First Name': 'Ada',
  'Last Name': 'Lovelace',
  'Company Name': 'Analytical Engines Ltd',
  Country: 'United Kingdom',
  'Apartment / Street Address': '12 St James Square',
  'Town / City': 'London',
  'State / Province': 'Greater London',
  'Postal Code': 'SW1Y 4JH',
  Phone: '2025550143',
} as const

/** Step 1 of /get-funded: the challenge, the platform and the size, then Continue. */
export async function selectAccount(page: Page, selection: Selection) {
  await page.goto('/get-funded')
  await page.getByText(selection.challenge, { exact: true }).click()
  await page.getByText(selection.platform, { exact: true }).click()
  await page.getByText(selection.size, { exact: true }).click()
  await page.getByRole('button', { name: /^Continue/ }).click()
  await expect(page.getByRole('heading', { name: 'Billing information' })).toBeVisible()
}

/** Fills and saves the billing profile; once saved its fields are locked. */
export async function saveBilling(page: Page) {
  for (const [label, value] of Object.entries(billing)) {
    await page.getByLabel(label, { exact: true }).fill(value)
  }
  await page.getByRole('button', { name: 'Save Billing Info' }).click()
  await expect(page.getByLabel('First Name', { exact: true })).toBeDisabled()
}

/** The lines of the order summary (the server's figures) beside the form or payment screen. */
export function orderLines(page: Page) {
  return page.getByRole('list', { name: 'Order lines' })
}

/** On /oxapay: pays in USDT on TRC20 and opens the session; the order's number (TP-...). */
export async function openUsdtSession(page: Page): Promise<string> {
  const title = await page.getByText(/^Pay order TP-\d+ with crypto$/).innerText()
  await page.getByLabel('Currency').click()
  await page.getByRole('option', { name: /^USDT/ }).click()
  await page.getByLabel('Network').click()
  await page.getByRole('option', { name: /TRC20|Tron/ }).click()
  await page.getByRole('button', { name: 'Proceed to payment' }).click()
  return title.split(' ')[2]!
}

/**
 * The payer's wallet, as OxaPay sees it: the local OxaPay sandbox page moves the order's newest
 * payment and sends the signed callback.
 */
export async function moveCryptoPayment(
  browser: Browser,
  request: APIRequestContext,
  orderNumber: string,
  status: 'paying' | 'paid' | 'expired' | 'underpaid',
) {
  const config = (await (await request.get('/api/config')).json()) as {
    crypto: { sandboxUrl: string }
  }
  const sandbox = await browser.newPage()
  await sandbox.goto(config.crypto.sandboxUrl)
  const moved = sandbox.waitForResponse((response) => response.url().endsWith('/move'))
  await sandbox
    .getByRole('row')
    .filter({ hasText: `Order ${orderNumber}` })
    .first()
    .getByRole('button', { name: `Mark ${status}` })
    .click()
  expect((await moved).status()).toBeLessThan(400)
  await sandbox.close()
}
