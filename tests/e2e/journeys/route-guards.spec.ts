import { expect, test } from '@playwright/test'
import { demoAdmin, registerUser } from '../support/api'
import { expectNoHorizontalScroll, signIn, toast } from '../support/pages'

test('a visitor is sent away from /user and /admin', async ({ page }) => {
  await page.goto('/user/dashboard')
  await expect(page).toHaveURL(/\/login/)
  await page.goto('/admin/dashboard')
  await expect(page).toHaveURL(/\/login/)
})

test('a trader is sent away from /admin', async ({ page, request }) => {
  const trader = await registerUser(request)
  await signIn(page, trader)
  await expect(page).toHaveURL(/\/user\/dashboard$/)
  await page.goto('/admin/useraccount')
  await expect(page).toHaveURL(/\/$/)
  await expect(toast(page, "You don't have permission to access this resources.")).toBeVisible()
})

test('an admin is sent away from /user and sees the user table', async ({ page }) => {
  await signIn(page, demoAdmin)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page.goto('/user/dashboard')
  await expect(page).toHaveURL(/\/admin/)
  await page.goto('/admin/useraccount')
  // newest first, 20 a page: other journeys' sign-ups may push the demo users to a later page
  const table = page.getByRole('table')
  await expect(table).toContainText(/Users, page 1 of \d+/)
  await expect(table.getByRole('row').nth(1)).toContainText(/@/)

  // the admin area at 360 px: its menu is in the drawer, the table scrolls inside its own box
  await page.setViewportSize({ width: 360, height: 740 })
  await expectNoHorizontalScroll(page)
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(
    page.getByRole('dialog').getByRole('navigation', { name: 'Admin menu' }),
  ).toBeVisible()
  await expect(
    page.getByRole('dialog').getByRole('navigation', { name: 'Trader menu' }),
  ).toHaveCount(0)
})

test('an unknown path goes home', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(/\/$/)
})

test('at 360 px the trader menu is a drawer and nothing scrolls sideways', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const trader = await registerUser(request)
  await signIn(page, trader)
  await expect(page).toHaveURL(/\/user\/dashboard$/)
  await expectNoHorizontalScroll(page)
  await page.getByRole('button', { name: 'Open menu' }).click()
  const drawer = page.getByRole('dialog')
  await expect(drawer.getByRole('link', { name: 'Billing' })).toBeVisible()
  await drawer.getByRole('link', { name: 'Billing' }).click()
  await expect(page).toHaveURL(/\/user\/billing$/)
  for (const path of [
    '/',
    '/login',
    '/signup',
    '/forgot-password',
    '/reset-password?token=abc',
    '/profilesetting',
  ]) {
    await page.goto(path)
    await expectNoHorizontalScroll(page)
  }
})

test('on a desktop the trader sidebar lists 13 items, collapses, and opens community links in a new tab', async ({
  page,
  request,
}) => {
  // the community sites are outside this test's world: answer them locally
  await page
    .context()
    .route(/^https:\/\/(t\.me|discord\.gg)\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>community</title>' }),
    )
  await page.setViewportSize({ width: 1280, height: 800 })
  const trader = await registerUser(request)
  await signIn(page, trader)
  await expect(page).toHaveURL(/\/user\/dashboard$/)

  const sidebar = page.getByRole('navigation', { name: 'Trader menu' })
  const internal = sidebar.locator('a:not([target])')
  await expect(internal).toHaveCount(13)
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()

  await sidebar.getByRole('link', { name: 'Leaderboard' }).click()
  await expect(page).toHaveURL(/\/user\/leaderboard$/)

  const community = sidebar.locator('a[target="_blank"]')
  await expect(community).toHaveCount(3)
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    community.filter({ hasText: 'Discord' }).click(),
  ])
  await expect(popup).toHaveURL(/discord\.gg/)
  await popup.close()
  await expect(page).toHaveURL(/\/user\/leaderboard$/)

  const width = async () => (await sidebar.boundingBox())!.width
  const expandedWidth = await width()
  await page.getByRole('button', { name: 'Collapse sidebar' }).click()
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
  await expect.poll(width).toBeLessThan(expandedWidth / 2)
  // icons only, yet every item is still there and still named
  await expect(sidebar.getByRole('link', { name: 'Billing' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
})
