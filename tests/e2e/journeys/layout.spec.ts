import { expect, test, type Page } from '@playwright/test'
import { loginToken, registerUser } from '../support/api'
import { expectNoHorizontalScroll, expectWithinViewport, signIn, toast } from '../support/pages'
import { createScenarioAccount, playPricePath } from '../support/scenarios'

// The trader's pages where wide tables and fixed pieces meet the screen: at 1440 px every action
// column is in view without scrolling sideways, the header lines up with the sidebar and toasts
// keep clear of the navigation; at 360 px the terminal shows the positions at the top and the
// Trading Accounts page keeps its Server column (as cards).

async function box(page: Page, selector: ReturnType<Page['locator']>) {
  const found = await selector.boundingBox()
  expect(found).not.toBeNull()
  return found!
}

test('trader pages at 1440 px and 360 px: actions in view, header on the sidebar, toasts clear of the navigation, positions first on a phone', async ({
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
  const token = await loginToken(request, trader)
  for (const volume of ['0.10', '0.20']) {
    const placed = await request.post(`/api/trading/accounts/${account.id}/orders`, {
      headers: { authorization: `Bearer ${token}` },
      data: { symbol: 'BTCUSD', type: 'buy', volume },
    })
    expect(placed.status(), await placed.text()).toBe(201)
  }

  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, trader)
  await expect(page).toHaveURL(/\/user\//)
  await page.goto('/user/tradingtool')
  const positions = page.getByRole('table', { name: 'Open positions' })
  await expect(positions.getByRole('row')).toHaveCount(3)
  for (const name of [/^Close BTCUSD/, /^Modify BTCUSD/, /^Partial close BTCUSD/]) {
    await expectWithinViewport(page, positions.getByRole('button', { name }).first())
  }
  await expectNoHorizontalScroll(page)

  // the header spans the sidebar and the page: the logo over the menu's icons, the account menu
  // over the page's right edge
  const logo = await box(page, page.getByRole('link', { name: 'Tradepeak home' }))
  const menuIcon = await box(
    page,
    page.getByRole('navigation', { name: 'Trader menu' }).locator('a svg').first(),
  )
  expect(Math.abs(logo.x - menuIcon.x)).toBeLessThanOrEqual(4)
  const main = await box(page, page.locator('main'))
  const accountMenu = await box(page, page.getByRole('button', { name: 'Account menu' }))
  expect(
    Math.abs(accountMenu.x + accountMenu.width - (main.x + main.width - 32)),
  ).toBeLessThanOrEqual(4)

  // a toast stays clear of the header and the sidebar
  await positions
    .getByRole('button', { name: /^Close BTCUSD/ })
    .first()
    .click()
  const closed = toast(page, /^Closed BTCUSD #/)
  await expect(closed).toBeVisible()
  const toastBox = await box(page, closed)
  const header = await box(page, page.locator('header').first())
  const sidebar = await box(page, page.getByRole('navigation', { name: 'Trader menu' }))
  expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height)
  expect(toastBox.x).toBeGreaterThanOrEqual(sidebar.x + sidebar.width)

  await page.goto('/user/account')
  await expectWithinViewport(
    page,
    page.getByRole('button', { name: `Change trading password of account ${account.login}` }),
  )
  await expectNoHorizontalScroll(page)

  // a phone: the positions come first, and the accounts keep their Server
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto('/user/tradingtool')
  await expect(positions.getByRole('row')).toHaveCount(2)
  const table = await box(page, positions)
  expect(table.y).toBeLessThan(800)
  await expectNoHorizontalScroll(page)

  await page.goto('/user/account')
  const card = page
    .getByRole('list', { name: 'Your trading accounts, newest first' })
    .getByRole('listitem')
    .filter({ hasText: account.login })
  await expect(card.getByText('Server', { exact: true })).toBeVisible()
  const server = card.getByText(account.server, { exact: true })
  await expect(server).toBeVisible()
  await expectWithinViewport(page, server)
  await expectNoHorizontalScroll(page)
})
