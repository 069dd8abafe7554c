import { expect, test, type Page } from '@playwright/test'
import { registerUser } from '../support/api'
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  openLive,
  signIn,
} from '../support/pages'
import { createScenarioAccount } from '../support/scenarios'

// The landing page of spec 2.3: START CHALLENGE for a visitor and for a trader with an account,
// the five-question FAQ (one answer open at a time), and sections reached by URL hash.

const section = (page: Page, id: string) => page.locator(`section#${id}`)

/** The section's top sits just under the sticky header (64 px), give or take a few pixels. */
async function expectAtTop(page: Page, id: string) {
  await expect
    .poll(async () => (await section(page, id).boundingBox())?.y ?? Number.NaN)
    .toBeGreaterThanOrEqual(56)
  const box = await section(page, id).boundingBox()
  expect(box!.y).toBeLessThanOrEqual(72)
}

test('a visitor: START CHALLENGE scrolls to the account chooser', async ({ page }) => {
  await openLive(page, '/')
  const chooser = section(page, 'account-chooser')
  await expect(chooser).not.toBeInViewport()

  await page.getByRole('button', { name: 'START CHALLENGE' }).click()

  await expect(chooser).toBeInViewport()
  await expect(chooser.getByRole('radio', { name: 'Two Phase' })).toBeVisible()
  await expect(chooser.getByRole('tab', { name: 'Phase 1' })).toBeVisible()
  await expect(chooser.getByRole('button', { name: 'START' })).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
})

test('a trader who owns an account: START CHALLENGE opens the dashboard', async ({
  page,
  request,
}) => {
  const trader = await registerUser(request)
  await createScenarioAccount(request, { email: trader.email })
  await signIn(page, trader)
  await expect(page).toHaveURL(/\/user\//)

  await openLive(page, '/')
  await page.getByRole('button', { name: 'START CHALLENGE' }).click()

  await expect(page).toHaveURL(/\/user\/dashboard$/)
})

test('a trader without an account: START CHALLENGE scrolls to the account chooser', async ({
  page,
  request,
}) => {
  const trader = await registerUser(request)
  await signIn(page, trader)
  await expect(page).not.toHaveURL(/\/login/)

  await openLive(page, '/home')
  await page.getByRole('button', { name: 'START CHALLENGE' }).click()

  await expect(section(page, 'account-chooser')).toBeInViewport()
  await expect(page).toHaveURL(/\/home$/)
})

test('/#faq opens the page at the FAQ, whose answers open one at a time', async ({ page }) => {
  await openLive(page, '/#faq')
  const faq = section(page, 'faq')
  await expect(faq.getByRole('heading', { level: 2 })).toBeInViewport()
  const questions = faq.getByRole('button')
  await expect(questions).toHaveCount(5)
  await expectAtTop(page, 'faq')

  await questions.nth(0).click()
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true')
  await expect(faq.getByRole('region')).toHaveCount(1)

  await questions.nth(2).click()
  await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true')
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false')
  await expect(faq.getByRole('region')).toHaveCount(1)

  // a second click closes the open answer
  await questions.nth(2).click()
  await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'false')
  await expect(faq.getByRole('region')).toHaveCount(0)
})

test('in-page links and hashes reach their sections; the demo is live and labelled', async ({
  page,
}) => {
  await openLive(page, '/')
  await page.getByRole('link', { name: 'Read the FAQ' }).click()
  await expect(page).toHaveURL(/\/#faq$/)
  await expectAtTop(page, 'faq')

  await openLive(page, '/#broker')
  await expectAtTop(page, 'broker')
  await expect(section(page, 'broker').getByText('More options coming soon')).toBeVisible()

  await openLive(page, '/#live-performance')
  const demo = section(page, 'live-performance')
  await expect(demo.getByText('Simulation', { exact: true })).toBeVisible()
  const points = demo.locator('circle[data-point]')
  await expect(points).toHaveCount(24)
  const firstIndex = await points.first().getAttribute('data-point')
  // a new point every 5 seconds, the window stays 24 points long
  await expect(points.first()).not.toHaveAttribute('data-point', firstIndex!, { timeout: 8_000 })
  await expect(points).toHaveCount(24)
})

test('the whole page at 360 px: no sideways scrolling, every section there, no axe violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await openLive(page, '/#footer')
  const ids = [
    'start',
    'account-chooser',
    'live-performance',
    'reliability',
    'faq',
    'features',
    'dashboard-showcase',
    'certificates',
    'testimonials',
    'broker',
    'newsletter',
  ]
  // the spec's order
  expect(await page.locator('main section[id]').evaluateAll((all) => all.map((s) => s.id))).toEqual(
    ids,
  )
  // every section's body has loaded (a link to a section loads them all)
  await expect(page.locator('[data-loaded="false"]')).toHaveCount(0)
  await expect(page.getByRole('form', { name: 'Newsletter', exact: true })).toBeVisible()
  await expect(page.getByRole('form', { name: 'Newsletter (footer)' })).toBeAttached()
  await expect(page.locator('footer')).toContainText('Vancouver')
  await expectNoHorizontalScroll(page)
  await expectNoSeriousA11yViolations(page)
})
