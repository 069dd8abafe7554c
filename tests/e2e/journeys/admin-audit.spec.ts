import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { adminExportColumns } from '@tp/api/admin-audit'
import { messages } from '@tp/api/messages'
import { demoAdmin, loginToken, registerUser } from '../support/api'
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, signIn } from '../support/pages'

// Issue 14 items 7-9 (decision 0036): an admin downloads the users list as CSV with the search
// applied (the file's header and row checked) and finds that export in /admin/audit with its
// filters; a support user sees the admin pages but no control that changes anything, and the
// server refuses their writes.

/** The demo support user seeded outside production (apps/server/src/db/seed.ts). */
const demoSupport = { email: 'support@tradepeak.test', password: 'Support-demo-2024' }

test('an admin exports the users as CSV and reads the export in the audit log', async ({
  page,
  request,
}) => {
  const trader = await registerUser(request)
  await signIn(page, demoAdmin)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page.goto('/admin/useraccount')
  await page.getByRole('searchbox', { name: 'Search' }).fill(trader.email)
  await expect(page).toHaveURL(/q=/)
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2)

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/)
  const lines = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/)
  expect(lines[0]).toBe(adminExportColumns.users.join(','))
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(trader.email)

  // the export is in the audit log, with who, when and the filters it had
  await page
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'Audit Log' })
    .click()
  await expect(page).toHaveURL(/\/admin\/audit$/)
  await page.getByLabel('Action', { exact: true }).selectOption('export')
  await expect(page).toHaveURL(/kind=export/)
  await page.getByRole('searchbox', { name: 'Search' }).fill(trader.email)
  const table = page.getByRole('table')
  const row = table.getByRole('row').filter({ hasText: 'export.users' }).first()
  await expect(row).toContainText(demoAdmin.email)
  await row.getByRole('button', { name: 'Details' }).click()
  await expect(table).toContainText(`"search": "${trader.email}"`)
  await expectNoSeriousA11yViolations(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await expectNoHorizontalScroll(page)
})

test('a support user sees the admin pages but cannot act', async ({ page, request }) => {
  const trader = await registerUser(request)
  await signIn(page, demoSupport)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)

  await page.goto('/admin/useraccount')
  await page.getByRole('searchbox', { name: 'Search' }).fill(trader.email)
  const table = page.getByRole('table')
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table.getByRole('row').nth(1)).toContainText(trader.email)
  await expect(page.getByRole('button', { name: `Disable ${trader.email}` })).toHaveCount(0)
  await expect(page.getByRole('button', { name: `Edit ${trader.email}` })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible()

  await table.getByRole('link', { name: trader.email }).first().click()
  await expect(page).toHaveURL(/\/admin\/useraccount\/[0-9a-f-]{36}$/)
  await expect(page.getByText('Read-only (support)')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Disable' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: /Audit entries/ })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.goto('/admin/coupons')
  await expect(page.getByRole('heading', { name: 'Coupons' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'New coupon' })).toHaveCount(0)
  await page.goto('/admin/audit')
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible()

  // the server refuses the support user's writes whatever the page shows
  const token = await loginToken(request, demoSupport)
  const refused = await request.post('/api/admin/coupons', {
    headers: { authorization: `Bearer ${token}` },
    data: { code: 'SUPPORT10', kind: 'percent', value: 10, reason: 'Trying to act' },
  })
  expect(refused.status()).toBe(403)
  expect(await refused.json()).toEqual({
    code: 'READ_ONLY_ROLE',
    message: messages.auth.readOnlyRole,
  })
})
