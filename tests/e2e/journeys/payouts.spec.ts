import { expect, test, type Page } from '@playwright/test'
import { demoAdmin, loginToken, registerUser } from '../support/api'
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  signIn,
  toast,
} from '../support/pages'
import { createScenarioAccount } from '../support/scenarios'

// Payouts (issue 13 item 11): a funded trader with profit submits the identity check, an admin
// approves it, the trader accepts the agreement, saves a crypto method and requests the payout,
// the admin approves it, the OxaPay fake pays it (its signed callback), the account's balance
// drops by the withdrawn profit and its floors re-base, and a payout certificate appears.

// a 1x1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'

async function openPayouts(page: Page) {
  await page.goto('/user/payouts')
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible()
}

test('a funded trader is paid: identity, request, approval, crypto sent, balance re-based, certificate', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const trader = await registerUser(request)
  // a funded Two Phase 100K, 20 days old: five trading days of +$400 ($2,000)
  const account = await createScenarioAccount(request, {
    email: trader.email,
    stage: 'funded',
    startDaysAgo: 20,
    trades: [19, 18, 17, 16, 15].map((daysAgo) => ({
      symbol: 'BTCUSD',
      side: 'buy' as const,
      volume: '1.00',
      openPrice: '65000.00',
      closePrice: '65400.00',
      openDaysAgo: daysAgo,
      durationMinutes: 90,
    })),
  })

  await signIn(page, trader)
  await expect(page).toHaveURL(/\/user\/dashboard$/)
  await openPayouts(page)
  const eligibility = page.getByTestId('payout-eligibility')
  await expect(eligibility).toContainText('5 trading days; at least 5')
  await expect(eligibility).toContainText('profit $2,000 above the balance of $100,000')
  await expect(eligibility).toContainText('Every condition is met')

  // identity check
  await page.getByLabel('Legal name').fill('Grace Hopper')
  await page.getByLabel('Date of birth').fill('1990-12-09')
  await page.getByLabel('Country').fill('US')
  await page
    .getByLabel(/ID document/)
    .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PNG })
  await page
    .getByLabel(/Selfie/)
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('button', { name: 'Submit identity check' }).click()
  await expect(page.getByTestId('identity-status')).toHaveText(
    'Submitted: an admin is reviewing it.',
  )

  // the agreement and a payout method
  await page.getByRole('button', { name: 'I accept the agreement' }).click()
  await expect(page.getByText(/Accepted on/)).toBeVisible()
  // the wrong network for the address is named
  await page.getByLabel('Address').fill(TRON_ADDRESS)
  await page.getByRole('button', { name: 'Save payout method' }).click()
  await expect(page.getByText('address: is not a BEP20 address')).toBeVisible()
  await page.getByLabel('Network').selectOption('TRC20')
  await page.getByRole('button', { name: 'Save payout method' }).click()
  await expect(toast(page, 'Payout method saved.')).toBeVisible()
  // a bank wire saved by mistake is removed, after a confirm (kept when the trader says so)
  const savedMethods = page.getByRole('list', { name: 'Saved payout methods' })
  await page.getByRole('combobox', { name: /^Method/ }).selectOption('bank')
  await page.getByLabel('Account holder').fill('Grace Hopper')
  await page.getByLabel('Bank name').fill('Mistake Bank')
  await page.getByLabel('IBAN').fill('GB82 WEST 1234 5698 7654 32')
  await page.getByRole('button', { name: 'Save payout method' }).click()
  const bankRow = savedMethods.getByRole('listitem').filter({ hasText: 'Mistake Bank' })
  await expect(bankRow).toBeVisible()
  await bankRow.getByRole('button', { name: /^Remove / }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Remove this payout method?' })
  await expect(confirm).toContainText('Mistake Bank')
  await confirm.getByRole('button', { name: 'Keep it' }).click()
  await expect(confirm).toBeHidden()
  await expect(bankRow).toBeVisible()
  await bankRow.getByRole('button', { name: /^Remove / }).click()
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(toast(page, /Payout method removed: Bank wire Mistake Bank/)).toBeVisible()
  await expect(bankRow).toHaveCount(0)
  await expect(savedMethods.getByRole('listitem')).toHaveCount(1)
  await expectNoSeriousA11yViolations(page)

  // the admin approves the identity
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signIn(admin, demoAdmin)
  await expect(admin).toHaveURL(/\/admin\//)
  await admin.goto('/admin/payouts')
  const review = admin.getByTestId('identity-review').filter({ hasText: trader.email })
  await expect(review.getByRole('img', { name: /ID document of Grace Hopper/ })).toBeVisible()
  // each decision carries its reason, kept in the audit log (decision 0055)
  await review.getByRole('button', { name: 'Approve identity' }).click()
  await expect(review.getByText('Give the reason in at least 3 characters.')).toBeVisible()
  await review.getByLabel('Reason for the decision').fill('Document and selfie match')
  await review.getByRole('button', { name: 'Approve identity' }).click()
  await expect(review).toHaveCount(0)

  // the trader requests the payout: 90% of $2,000 plus the fee refund
  await openPayouts(page)
  await expect(page.getByTestId('identity-status')).toHaveText('Verified.')
  await page.getByRole('button', { name: /^Request \$/ }).click()
  await expect(toast(page, 'Payout requested: it is under review.')).toBeVisible()
  const row = page.getByTestId('payout-row').first()
  await expect(row).toHaveAttribute('data-status', 'under_review')

  // trading is paused while under review
  const auth = { authorization: `Bearer ${await loginToken(request, trader)}` }
  const paused = await request.post(`/api/trading/accounts/${account.id}/orders`, {
    headers: auth,
    data: { symbol: 'BTCUSD', type: 'buy', volume: '0.10' },
  })
  expect(paused.status()).toBe(409)

  // the admin approves: the crypto goes out through the OxaPay fake, which confirms and calls back
  await admin.goto('/admin/payouts')
  const queued = admin.getByTestId('admin-payout').filter({ hasText: trader.email })
  await expect(queued).toContainText('$2,000 above the balance')
  await queued.getByLabel('Reason for the decision').fill('Evidence recomputed and met')
  await queued.getByRole('button', { name: 'Approve payout' }).click()
  await expect(async () => {
    await openPayouts(page)
    await expect(page.getByTestId('payout-row').first()).toHaveAttribute('data-status', 'paid', {
      timeout: 2_000,
    })
  }).toPass({ timeout: 45_000 })
  const paidRow = page.getByTestId('payout-row').first()
  for (const step of ['Requested', 'Under review', 'Approved', 'Sent', 'Paid']) {
    await expect(paidRow.getByRole('list', { name: 'Status timeline' })).toContainText(step)
  }

  // balance and floors re-based: the withdrawn profit left the account, the period restarts
  await expect(async () => {
    const exported = await request.get(`/api/trading/accounts/${account.id}/engine-input`, {
      headers: auth,
    })
    const input = (await exported.json()) as {
      rules: { initialBalance: number }
      history: { snapshots: { balance: number }[] }
    }
    expect(input.rules.initialBalance).toBe(100_000)
    expect(input.history.snapshots[0]!.balance).toBe(100_000)
  }).toPass({ timeout: 20_000 })
  await openPayouts(page)
  await expect(page.getByTestId('payout-eligibility')).toContainText(
    'balance $100,000 is not above $100,000',
  )
  await expectNoSeriousA11yViolations(page)
  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoHorizontalScroll(page)
  await page.setViewportSize({ width: 1280, height: 800 })

  // the payout certificate
  await expect(async () => {
    await page.goto('/user/certificates')
    await expect(page.getByRole('img', { name: /^Certificate: Payout/ })).toBeVisible({
      timeout: 2_000,
    })
  }).toPass({ timeout: 45_000 })
  await adminContext.close()
})

test('a bank wire payout is approved and marked paid by hand with its reference', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  const trader = await registerUser(request)
  await createScenarioAccount(request, {
    email: trader.email,
    stage: 'funded',
    startDaysAgo: 20,
    trades: [19, 18, 17, 16, 15].map((daysAgo) => ({
      symbol: 'BTCUSD',
      side: 'buy' as const,
      volume: '1.00',
      openPrice: '65000.00',
      closePrice: '65200.00',
      openDaysAgo: daysAgo,
      durationMinutes: 60,
    })),
  })
  // what the first journey does through the screens, done here through the API
  const headers = { authorization: `Bearer ${await loginToken(request, trader)}` }
  const image = `data:image/png;base64,${PNG.toString('base64')}`
  const submitted = await request.post('/api/payouts/identity', {
    headers,
    data: {
      legalName: 'Alan Turing',
      dateOfBirth: '1988-06-23',
      country: 'GB',
      document: image,
      selfie: image,
    },
  })
  expect(submitted.status()).toBe(201)
  const identityId = ((await submitted.json()) as { id: string }).id
  const adminHeaders = { authorization: `Bearer ${await loginToken(request, demoAdmin)}` }
  const approved = await request.post(`/api/admin/identity-checks/${identityId}/review`, {
    headers: adminHeaders,
    data: { decision: 'approve', reason: 'Document and selfie match' },
  })
  expect(approved.status()).toBe(200)
  const agreement = (await (await request.get('/api/payouts/agreement', { headers })).json()) as {
    version: string
  }
  const accepted = await request.post('/api/payouts/agreement', {
    headers,
    data: { version: agreement.version },
  })
  expect(accepted.status()).toBe(200)

  // the trader saves a bank wire and requests the payout on screen
  await signIn(page, trader)
  await expect(page).toHaveURL(/\/user\/dashboard$/)
  await openPayouts(page)
  await page.getByRole('combobox', { name: /^Method/ }).selectOption('bank')
  await page.getByLabel('Account holder').fill('Alan Turing')
  await page.getByLabel('Bank name').fill('Bletchley Bank')
  await page.getByLabel('IBAN').fill('GB82WEST12345698765432')
  await page.getByRole('button', { name: 'Save payout method' }).click()
  await expect(toast(page, 'Payout method saved.')).toBeVisible()
  await page.getByRole('button', { name: /^Request \$/ }).click()
  await expect(toast(page, 'Payout requested: it is under review.')).toBeVisible()

  // the admin approves it; a bank wire waits for its reference, then is paid
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signIn(admin, demoAdmin)
  await expect(admin).toHaveURL(/\/admin\//)
  await admin.goto('/admin/payouts')
  const queued = admin.getByTestId('admin-payout').filter({ hasText: trader.email })
  await queued.getByLabel('Reason for the decision').fill('Evidence recomputed and met')
  await queued.getByRole('button', { name: 'Approve payout' }).click()
  const reference = queued.getByRole('textbox', { name: 'Wire reference' })
  await expect(reference).toBeVisible()
  await reference.fill('WIRE-2026-0042')
  await queued.getByRole('button', { name: 'Mark paid' }).click()
  await expect(queued).toHaveCount(0)
  await admin.getByRole('combobox', { name: 'Show' }).selectOption('all')
  await expect(admin.getByTestId('admin-payout').filter({ hasText: trader.email })).toHaveAttribute(
    'data-status',
    'paid',
  )

  await openPayouts(page)
  const paidRow = page.getByTestId('payout-row').first()
  await expect(paidRow).toHaveAttribute('data-status', 'paid')
  await expect(paidRow.getByRole('list', { name: 'Status timeline' })).toContainText(
    'WIRE-2026-0042',
  )
  await adminContext.close()
})
