import { expect, test } from '@playwright/test'
import { demoAdmin, registerUser, waitForMail } from '../support/api'
import { expectNoSeriousA11yViolations, signIn, toast } from '../support/pages'

test('forgot password -> captured email -> reset -> sign in with the new password', async ({
  browser,
  page,
  request,
}) => {
  const user = await registerUser(request)
  const newPassword = 'brand-new-secret-9'

  await page.goto('/login')
  await page.getByRole('link', { name: /forgot password/i }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expectNoSeriousA11yViolations(page)
  await page.getByLabel('Email').fill(user.email)
  await page.getByRole('button', { name: /send|reset/i }).click()
  await expect(toast(page, /a password reset link is on its way/i)).toBeVisible()

  await waitForMail(request, user.email, /reset/i)

  // as the README tells a newcomer: the admin opens the dev mailbox page and reads the link there
  const adminContext = await browser.newContext()
  const adminPage = await adminContext.newPage()
  await signIn(adminPage, demoAdmin)
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/)
  await adminPage
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'Mailbox' })
    .click()
  await expect(adminPage).toHaveURL(/\/admin\/mailbox$/)
  await adminPage
    .getByRole('list', { name: 'Captured emails' })
    .getByRole('link')
    .filter({ hasText: user.email })
    .filter({ hasText: /reset/i })
    .first()
    .click()
  const resetLink = adminPage.getByRole('link', { name: /\/reset-password\?token=/ })
  await expect(resetLink).toBeVisible()
  const link = await resetLink.getAttribute('href')
  await adminContext.close()
  const url = new URL(link!)
  await page.goto(url.pathname + url.search)
  await expectNoSeriousA11yViolations(page)

  await page.getByLabel('New Password').fill(newPassword)
  await page.getByLabel('Confirm Password').fill('not-the-same-1')
  await page.getByRole('button', { name: /reset/i }).click()
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await page.getByLabel('Confirm Password').fill(newPassword)
  await page.getByRole('button', { name: /reset/i }).click()
  await expect(page).toHaveURL(/\/login$/)

  // the old password no longer works; the new one does
  await signIn(page, user)
  await expect(toast(page, 'Invalid email or password. Please try again.')).toBeVisible()
  await signIn(page, { email: user.email, password: newPassword })
  await expect(page).toHaveURL(/\/user\/dashboard$/)

  // the link is single use
  await page.goto(url.pathname + url.search)
  await page.getByLabel('New Password').fill('another-secret-77')
  await page.getByLabel('Confirm Password').fill('another-secret-77')
  await page.getByRole('button', { name: /reset/i }).click()
  await expect(page.getByText(/invalid or has expired/i).first()).toBeVisible()
})
