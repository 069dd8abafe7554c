import { expect, test, type Page } from '@playwright/test'
import { loginToken, registerUser, waitForMail } from '../support/api'
import { expectNoHorizontalScroll, signIn, toast } from '../support/pages'
import { createScenarioAccount, playPricePath } from '../support/scenarios'

// The web terminal on the built-in simulated server: a trader places, modifies and closes trades
// and sees equity and the rule meters move; a scripted price path breaches an account (failed with
// evidence, emailed); a pass provisions the next phase with new credentials. BTCUSD trades every
// day, so these run at any hour of the week; the scenario driver scripts its price per account.

async function openTerminal(page: Page, credentials: { email: string; password: string }) {
  await signIn(page, credentials)
  await expect(page).toHaveURL(/\/user\//)
  await page.goto('/user/tradingtool')
  await expect(page.getByRole('region', { name: 'New order' })).toBeVisible()
  await expect(page.getByText('Live', { exact: true })).toBeVisible()
}

async function chooseSymbol(page: Page, symbol: string) {
  await page
    .getByRole('region', { name: 'Symbols' })
    .getByRole('button', { name: new RegExp(`^${symbol}`) })
    .click()
  await expect(page.getByRole('region', { name: 'New order' }).getByRole('combobox')).toHaveText(
    symbol,
  )
}

const summary = (page: Page) => page.getByRole('region', { name: 'Account summary' })
/** The value (dd) of a figure (dt) in a description list. */
const figure = (_page: Page, scope: ReturnType<Page['getByRole']>, label: string) =>
  scope.locator(`dt:text-is("${label}") + dd`)

test('a trader places, modifies, partly closes and closes a trade, and sees equity and the meters move', async ({
  page,
  request,
}) => {
  const trader = await registerUser(request)
  const account = await createScenarioAccount(request, { email: trader.email })
  // the account's own BTCUSD, so every figure is known: bid 65,000.00, ask 65,025.00
  await playPricePath(
    request,
    account.id,
    { symbol: 'BTCUSD', waypoints: [{ offsetMs: 0, price: '65000.00' }] },
    'instant',
  )

  await openTerminal(page, trader)
  await expect(summary(page)).toContainText(`#${account.login}`)
  await chooseSymbol(page, 'BTCUSD')
  const ticket = page.getByRole('region', { name: 'New order' })
  await ticket.getByLabel('Volume (lots)').fill('1.00')
  // 1 BTC at 65,025.00 with crypto's 1:2 leverage cap
  await expect(figure(page, ticket, 'Required margin')).toHaveText('$32,512.50')
  await ticket.getByLabel('Stop loss').fill('60000.00')
  await ticket.getByRole('button', { name: 'Place buy order' }).click()

  const positions = page.getByRole('table', { name: 'Open positions' })
  await expect(positions.getByRole('row')).toHaveCount(2)
  const row = positions.getByRole('row').nth(1)
  await expect(row).toContainText('BTCUSD')
  await expect(row).toContainText('-$25.00') // the spread

  // the price moves: equity and the daily-loss meter follow
  await playPricePath(request, account.id, {
    symbol: 'BTCUSD',
    waypoints: [
      { offsetMs: 0, price: '65000.00' },
      { offsetMs: 600, price: '62025.00' },
    ],
    tickIntervalMs: 200,
  })
  await expect(figure(page, summary(page), 'Equity')).toHaveText('$97,000.00')
  const daily = page
    .getByRole('region', { name: 'Rules' })
    .locator('section', { hasText: 'Daily Loss Limit' })
  await expect(figure(page, daily, 'Used')).toHaveText('50.00%')

  // modify the stops
  const id = (await row
    .getByRole('button', { name: /^Modify/ })
    .getAttribute('aria-label'))!.replace('Modify ', '')
  await row.getByRole('button', { name: /^Modify/ }).click()
  const modify = page.getByRole('dialog', { name: `Modify ${id}` })
  await modify.getByLabel('Stop loss').fill('61000.00')
  await modify.getByLabel('Take profit').fill('70000.00')
  await modify.getByRole('button', { name: 'Save' }).click()
  await expect(modify).toBeHidden()
  await expect(row).toContainText('61000.00')
  await expect(row).toContainText('70000.00')

  // close 0.40 lots, then the rest
  await row.getByRole('button', { name: /^Partial close/ }).click()
  const partial = page.getByRole('dialog', { name: `Close part of ${id}` })
  await partial.getByLabel('Volume to close (lots)').fill('0.40')
  await partial.getByRole('button', { name: 'Close volume' }).click()
  await expect(partial).toBeHidden()
  await expect(row).toContainText('0.60')
  // 0.40 x (62,025.00 - 65,025.00) = -$1,200.00 realised
  await expect(figure(page, summary(page), 'Balance')).toHaveText('$98,800.00')
  await row.getByRole('button', { name: /^Close / }).click()
  await expect(positions).toBeHidden()
  await expect(figure(page, summary(page), 'Balance')).toHaveText('$97,000.00')

  await page.getByRole('tab', { name: 'History' }).click()
  const history = page.getByRole('tabpanel')
  await expect(history).toContainText('-$1,800.00')
  await expect(history).toContainText('-$1,200.00')

  await page.setViewportSize({ width: 360, height: 800 })
  await expectNoHorizontalScroll(page)
})

test('a scripted fall breaches the daily loss: failed with evidence, trading disabled, emailed', async ({
  page,
  request,
}) => {
  const trader = await registerUser(request)
  const account = await createScenarioAccount(request, { email: trader.email })
  await playPricePath(
    request,
    account.id,
    { symbol: 'BTCUSD', waypoints: [{ offsetMs: 0, price: '65000.00' }] },
    'instant',
  )
  await openTerminal(page, trader)
  await chooseSymbol(page, 'BTCUSD')
  const ticket = page.getByRole('region', { name: 'New order' })
  await ticket.getByLabel('Volume (lots)').fill('1.00')
  await ticket.getByRole('button', { name: 'Place buy order' }).click()
  await expect(page.getByRole('table', { name: 'Open positions' })).toContainText('BTCUSD')

  // from 65,000.00 down through the 6% daily floor (equity $94,000) in about two seconds
  await playPricePath(request, account.id, {
    symbol: 'BTCUSD',
    waypoints: [
      { offsetMs: 0, price: '65000.00' },
      { offsetMs: 2_000, price: '58000.00' },
    ],
    tickIntervalMs: 100,
  })

  const failed = page.getByRole('region', { name: 'This account failed' })
  await expect(failed).toBeVisible({ timeout: 15_000 })
  await expect(failed).toContainText('Daily Loss Limit')
  await expect(failed).toContainText('$94,000.00')
  await expect(failed.getByRole('table', { name: 'Positions open at the breach' })).toContainText(
    'BTCUSD',
  )
  await expect(toast(page, /breached the Daily Loss Limit/)).toBeVisible()
  await expect(page.getByRole('button', { name: /^Place .* order$/ })).toBeDisabled()
  await expect(page.getByRole('table', { name: 'Open positions' })).toHaveCount(0)

  // the rule panel follows the account to its end: the balance the breach's closes left
  const rules = page.getByRole('region', { name: 'Rules' })
  const finalBalance = figure(page, rules, 'Final balance')
  await expect(finalBalance).toHaveText(await figure(page, summary(page), 'Balance').innerText())
  await expect(finalBalance).not.toHaveText('$100,000.00')

  const mail = await waitForMail(request, trader.email, /breached the Daily Loss Limit/)
  expect(mail.subject).toContain(account.login)

  // the dashboard's badge names the rule and opens the evidence
  await page.goto('/user/dashboard')
  await page.getByRole('button', { name: 'Failed: daily loss' }).click()
  const evidence = page.getByRole('dialog', { name: `Breach evidence of account ${account.login}` })
  await expect(evidence).toContainText('Daily Loss Limit')
  await expect(evidence).toContainText('$94,000.00')
  await expect(evidence.getByRole('table', { name: 'Positions open at the breach' })).toContainText(
    'BTCUSD',
  )
})

test('passing phase 1 provisions the phase 2 account with new credentials', async ({
  page,
  request,
}) => {
  const trader = await registerUser(request)
  // five past trading days, +$1,900 each: $9,500 of the $10,000 target
  const account = await createScenarioAccount(request, {
    email: trader.email,
    startDaysAgo: 7,
    trades: [6, 5, 4, 3, 2].map((daysAgo) => ({
      symbol: 'BTCUSD',
      side: 'buy',
      volume: '1.00',
      openPrice: '65000.00',
      closePrice: '66900.00',
      openDaysAgo: daysAgo,
      durationMinutes: 90,
    })),
  })
  await playPricePath(
    request,
    account.id,
    { symbol: 'BTCUSD', waypoints: [{ offsetMs: 0, price: '65000.00' }] },
    'instant',
  )
  await openTerminal(page, trader)
  const rules = page.getByRole('region', { name: 'Rules' })
  await expect(rules).toContainText('5 of 5')

  await chooseSymbol(page, 'BTCUSD')
  const ticket = page.getByRole('region', { name: 'New order' })
  await ticket.getByLabel('Volume (lots)').fill('1.00')
  await ticket.getByRole('button', { name: 'Place buy order' }).click()
  const positions = page.getByRole('table', { name: 'Open positions' })
  await expect(positions).toContainText('BTCUSD')
  await playPricePath(request, account.id, {
    symbol: 'BTCUSD',
    waypoints: [
      { offsetMs: 0, price: '65000.00' },
      { offsetMs: 500, price: '65600.00' },
    ],
    tickIntervalMs: 100,
  })
  await expect(positions.getByRole('row').nth(1)).toContainText('$575.00')
  await positions
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /^Close / })
    .click()

  await expect(page.getByText('You passed Phase 1 of this challenge.')).toBeVisible({
    timeout: 15_000,
  })
  await page.getByRole('button', { name: 'Go to your Phase 2 account' }).click()
  await expect(summary(page)).toContainText('Phase 2')
  await expect(summary(page)).not.toContainText(`#${account.login}`)
  await expect(rules).toContainText('$105,000.00')

  const mail = await waitForMail(request, trader.email, /Phase 2 account is ready/)
  expect(mail.subject).toContain('Phase 2')

  // the new account has credentials of its own: another login and another password
  await page.goto('/user/account')
  const accounts = page.getByRole('table')
  const shownPassword = async (stage: string) => {
    const row = accounts.getByRole('row').filter({ hasText: stage })
    const login = (await row.getByRole('cell').nth(1).innerText()).trim()
    await row.getByRole('button', { name: `Show password of account ${login}` }).click()
    // fetched on demand: the cell shows the password once the credentials route answered
    const cell = row.getByRole('cell').nth(2)
    await expect(cell).toHaveText(/^\s*[a-z\d]{10}\s*$/i)
    const password = (await cell.innerText()).trim()
    return { login, password }
  }
  const phase1 = await shownPassword('Phase 1')
  const phase2 = await shownPassword('Phase 2')
  // the owner's credentials of phase 1, as the server gives them on demand
  const token = await loginToken(request, trader)
  const credentials = await request.get(`/api/trading/accounts/${account.id}/credentials`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(credentials.status(), await credentials.text()).toBe(200)
  const { password } = (await credentials.json()) as { password: string }
  expect(phase1).toEqual({ login: account.login, password })
  expect(phase2.login).not.toBe(phase1.login)
  expect(phase2.password).toMatch(/^[a-z\d]{10}$/i)
  expect(phase2.password).not.toBe(phase1.password)
})
