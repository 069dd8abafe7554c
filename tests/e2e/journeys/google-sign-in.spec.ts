import { expect, test } from '@playwright/test'
import { uniqueEmail } from '../support/api'

test('a visitor signs in with Google through the local fake and lands on the dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('google')
  await page.goto('/login')
  await page.getByRole('button', { name: /continue with google/i }).click()

  const chooser = page.getByRole('dialog')
  await expect(chooser).toBeVisible()
  await chooser.getByLabel('Use another account').fill(email)
  await chooser.getByRole('button', { name: 'Continue' }).click()

  await expect(page).toHaveURL(/\/user\/dashboard$/)
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menu')).toContainText(email)
})
