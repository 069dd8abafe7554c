import { expect, test } from '@playwright/test'
import { uniqueEmail } from '../support/api'
import { expectNoSeriousA11yViolations, signIn, signOut, toast } from '../support/pages'

// A 1×1 PNG: the server judges the content, re-encodes it and serves it back.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

test('a trader signs up, signs in, edits the profile with a new avatar and signs out', async ({
  page,
}) => {
  const email = uniqueEmail()
  const password = 'correct-horse-1'

  await page.goto('/signup')
  await expectNoSeriousA11yViolations(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm Password').fill(password)
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
  await expect(toast(page, 'Successfully registered! login please')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)

  await expectNoSeriousA11yViolations(page)
  await signIn(page, { email, password })
  await expect(toast(page, 'Successfully Joined!')).toBeVisible()
  await expect(page).toHaveURL(/\/user\/dashboard$/)

  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menu')).toContainText(email)
  await page.getByRole('menuitem', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/profilesetting$/)

  await page.locator('input[type="file"]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: PNG,
  })
  const avatar = page.getByRole('img', { name: 'Your avatar' })
  await expect(avatar).toHaveAttribute('src', /\/uploads\/.+\.webp/)
  const avatarResponse = await page.request.get((await avatar.getAttribute('src'))!)
  expect(avatarResponse.headers()['content-type']).toContain('image/webp')

  await page.getByLabel('Your Name').fill('Ada Lovelace')
  await page.getByLabel('Username').fill(`ada_${Date.now()}`)
  await page.getByLabel('Your Bio').fill('Trend follower. EURUSD and gold.')
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Do you really change your profile information?')
  await expectNoSeriousA11yViolations(page)
  await dialog.getByRole('button', { name: 'Ok' }).click()
  await expect(toast(page, 'Updated Successfully!')).toBeVisible()

  // the change is stored on the server, not just in the form
  await page.reload()
  await expect(page.getByLabel('Your Name')).toHaveValue('Ada Lovelace')
  await expect(page.getByLabel('Your Bio')).toHaveValue('Trend follower. EURUSD and gold.')

  await page.getByRole('link', { name: 'Back to dashboard' }).click()
  await signOut(page)
  const stored = await page.evaluate(() => Object.keys(window.localStorage))
  for (const key of [
    'token',
    'refreshToken',
    'user',
    'accessToken',
    'balance',
    'platform',
    'fee',
    'challenge',
    'addOns',
  ]) {
    expect(stored).not.toContain(key)
  }
  await page.goto('/user/dashboard')
  await expect(page).toHaveURL(/\/login/)
})

test('sign-up refuses a short password and mismatched passwords with the spec messages', async ({
  page,
}) => {
  await page.goto('/signup')
  await page.getByLabel('Email').fill(uniqueEmail())
  await page.getByLabel('Password', { exact: true }).fill('short')
  await page.getByLabel('Confirm Password').fill('short')
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
  await expect(page.getByText('Password must be at least 8 characters long!')).toBeVisible()

  await page.getByLabel('Password', { exact: true }).fill('long-enough-1')
  await page.getByLabel('Confirm Password').fill('long-enough-2')
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
  await expect(page.getByText("Password doesn't match!")).toBeVisible()
  await expect(page).toHaveURL(/\/signup$/)
})
