import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'

export async function signIn(page: Page, credentials: { email: string; password: string }) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(credentials.email)
  await page.getByLabel('Password', { exact: true }).fill(credentials.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/login$/)
}

/** axe-core in the real browser (colour contrast included): no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  )
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`),
  ).toEqual([])
}

/** No horizontal scrolling of the page itself. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

/** The element is on screen sideways: its right edge within the viewport (no scrolling needed). */
export async function expectWithinViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox()
  expect(box, 'the element has a box').not.toBeNull()
  const width = page.viewportSize()!.width
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(width)
}

/** A toast (sonner region) showing `text`. */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: /notifications/i }).getByText(text)
}

/**
 * Opens a page and waits until the app has hydrated it: a prerendered page is readable at once,
 * but its buttons and forms answer only once the app's code has run.
 */
export async function openLive(page: Page, path: string) {
  await page.goto(path)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}
