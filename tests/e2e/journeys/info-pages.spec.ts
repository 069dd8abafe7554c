import { expect, test } from '@playwright/test'
import { faqItems } from '@tp/api/content/faq'
import { messages } from '@tp/api/messages'
import { testimonials } from '@tp/api/content/testimonials'
import { describePlanRules } from '@tp/domain/plans'
import { demoAdmin, loginToken, uniqueEmail } from '../support/api'
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, openLive } from '../support/pages'

// The public information pages (issue 11 items 4-7): each renders its document, the FAQ opens one
// answer at a time, and the trading rules show the seven cards with the rulebooks' values.

const pages = [
  { path: '/about-us', heading: 'About Us', text: 'How it works' },
  { path: '/disclaimer', heading: 'Disclaimer', text: 'Effective April 6, 2025' },
  { path: '/terms-&-conditions', heading: 'Terms & Conditions', text: 'Prohibited practices' },
  { path: '/privacy-policy', heading: 'Privacy Policy', text: 'within 30 days' },
  { path: '/faq', heading: 'Frequently Asked Questions', text: faqItems[0]!.question },
  { path: '/trading-rules', heading: 'Trading Rules', text: 'Daily Drawdown' },
  { path: '/testimonials', heading: 'Testimonials', text: testimonials[19]!.name },
] as const

test('each information page renders its heading and content, fits 360 px and passes axe', async ({
  page,
}) => {
  // fourteen page loads and seven axe scans in one case: three times the default time
  test.slow()
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 800 })
    for (const entry of pages) {
      await openLive(page, entry.path)
      await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible()
      await expect(page.getByText(entry.text).first()).toBeVisible()
      await expect(page).toHaveTitle(new RegExp(`^${entry.heading}`))
      await expectNoHorizontalScroll(page)
      if (width === 360) await expectNoSeriousA11yViolations(page)
    }
  }
})

test('a long document links its table of contents to its sections; the privacy page’s quick contact files a message', async ({
  page,
  request,
}) => {
  await openLive(page, '/terms-&-conditions')
  const contents = page.getByRole('navigation', { name: 'On this page' })
  await contents.getByRole('link', { name: '9. Refunds' }).click()
  await expect(page).toHaveURL(/#refunds$/)
  await expect(page.getByRole('heading', { level: 2, name: '9. Refunds' })).toBeInViewport()

  // the privacy page's quick contact files a contact message the admins read in their inbox
  const sender = uniqueEmail('privacy')
  await openLive(page, '/privacy-policy')
  const quickContact = page.getByRole('form', { name: 'Quick contact' })
  await quickContact.getByLabel('Full name').fill('Privacy Requester')
  await quickContact.getByLabel('Email').fill(sender)
  await quickContact.getByLabel('Message').fill('Please send me a copy of my personal data.')
  await quickContact.getByRole('button', { name: 'Send message' }).click()
  await expect(quickContact.getByText(messages.service.contactSent)).toBeVisible()
  const token = await loginToken(request, demoAdmin)
  const inbox = await request.get('/api/admin/messages?kind=contact&pageSize=100', {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(inbox.status()).toBe(200)
  const { messages: filed } = (await inbox.json()) as {
    messages: { email: string; preview: string }[]
  }
  expect(filed.find((message) => message.email === sender)?.preview).toContain(
    'a copy of my personal data',
  )
})

test('FAQ: one answer open at a time, a second click closes it', async ({ page }) => {
  await openLive(page, '/faq')
  const triggers = page.getByRole('button', { name: /\?$/ })
  await expect(triggers).toHaveCount(20)
  const first = page.getByRole('button', { name: faqItems[0]!.question })
  const second = page.getByRole('button', { name: faqItems[1]!.question })

  await first.click()
  await expect(first).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByText(faqItems[0]!.answer)).toBeVisible()

  await second.click()
  await expect(second).toHaveAttribute('aria-expanded', 'true')
  await expect(first).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByText(faqItems[0]!.answer)).toBeHidden()

  await second.click()
  await expect(second).toHaveAttribute('aria-expanded', 'false')
  await expect(page.locator('[data-state="open"]')).toHaveCount(0)

  // keyboard: Enter opens the focused question
  await first.focus()
  await page.keyboard.press('Enter')
  await expect(first).toHaveAttribute('aria-expanded', 'true')

  // a link to one question opens it
  const payouts = faqItems.find((item) => item.id === 'payouts')!
  await openLive(page, '/faq#payouts')
  await expect(page.getByRole('button', { name: payouts.question })).toHaveAttribute(
    'aria-expanded',
    'true',
  )
  await expect(page.getByText(payouts.answer)).toBeInViewport()
})

test('without JavaScript the FAQ shows every answer and the trading rules their cards', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await page.goto('/faq')
    for (const item of [faqItems[0]!, faqItems[19]!]) {
      await expect(page.getByText(item.answer)).toBeVisible()
    }
    await page.goto('/trading-rules')
    await expect(page.getByRole('list', { name: 'Rule cards' }).getByRole('listitem')).toHaveCount(
      7,
    )
  } finally {
    await context.close()
  }
})

test('trading rules: the seven cards carry the rulebooks’ values for the size picked', async ({
  page,
}) => {
  await openLive(page, '/trading-rules')
  const cards = page.getByRole('list', { name: 'Rule cards' }).getByRole('listitem')
  await expect(cards).toHaveCount(7)

  const value = (sizeK: 100 | 10, planKey: 'twoPhase.phase1' | 'twoPhase.phase2', key: string) =>
    describePlanRules(planKey, sizeK).find((rule) => rule.key === key)!.value

  const daily = page.getByRole('region', { name: 'Daily Drawdown' })
  await expect(daily).toContainText(value(100, 'twoPhase.phase1', 'dailyLoss'))
  const total = page.getByRole('region', { name: 'Total Drawdown' })
  await expect(total).toContainText(value(100, 'twoPhase.phase1', 'maxLoss'))
  const leverage = page.getByRole('region', { name: 'Leverage & Margin' })
  await expect(leverage).toContainText(value(100, 'twoPhase.phase1', 'leverage'))
  await expect(page.getByRole('region', { name: 'Maximum Lot Size' })).toContainText(
    value(100, 'twoPhase.phase1', 'maxLots'),
  )
  const target = page.getByRole('region', { name: 'Profit Target & Best Day' })
  await expect(target).toContainText(value(100, 'twoPhase.phase1', 'profitTarget'))
  await expect(target).toContainText(value(100, 'twoPhase.phase2', 'profitTarget'))

  // another size: the dollar amounts follow
  await page.getByRole('button', { name: '10K', exact: true }).click()
  await expect(page.getByRole('button', { name: '10K', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(daily).toContainText(value(10, 'twoPhase.phase1', 'dailyLoss'))
  await expect(target).toContainText(value(10, 'twoPhase.phase1', 'profitTarget'))
})
