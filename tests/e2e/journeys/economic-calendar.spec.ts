import { expect, test } from '@playwright/test'
import { demoAdmin, registerUser } from '../support/api'
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  signIn,
  signOut,
} from '../support/pages'
import { createScenarioAccount } from '../support/scenarios'

// The economic calendar in the browser (issue 14 item 10, decision 0037): an admin previews and
// imports a CSV (the summary names what was skipped and why); a trader with an Instant Funding
// account sees the events on /user/calendarnews in their time zone, the high-impact one with its
// restricted window and the note naming the account, at 360 px too.

test('an admin imports a CSV; the trader sees the events with their restricted windows', async ({
  page,
  request,
}) => {
  const trader = await registerUser(request)
  const account = await createScenarioAccount(request, {
    email: trader.email,
    challenge: 'instantFund',
    stage: 'funded',
  })
  const tag = Date.now().toString(36)
  const high = `Journey Rate Decision ${tag}`
  const medium = `Journey Sentiment ${tag}`
  const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString()
  const csv = [
    'time,currency,title,impact,uid',
    `${at(26)},USD,${high},High,journey-high-${tag}`,
    `${at(27)},EUR,${medium},Medium,journey-medium-${tag}`,
    `${at(28)},EURO,Broken currency,High,`,
  ].join('\n')

  await signIn(page, demoAdmin)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page.getByRole('link', { name: 'Economic Calendar' }).first().click()
  await expect(page).toHaveURL(/\/admin\/calendar$/)
  await page
    .getByLabel('Calendar file')
    .setInputFiles({ name: 'calendar.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByRole('button', { name: 'Preview' }).click()
  const summary = page.getByTestId('import-summary')
  await expect(summary).toContainText('Preview: 2 new, 0 updated, 0 unchanged, 1 skipped')
  await expect(summary).toContainText('no three-letter currency')
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(summary).toContainText('Imported: 2 new')
  await page.getByLabel('Title').fill(tag)
  await expect(page.getByRole('table')).toContainText(high)
  await expectNoSeriousA11yViolations(page)
  // the same file again changes nothing
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(summary).toContainText('Imported: 0 new, 0 updated, 2 unchanged')
  await signOut(page)

  await signIn(page, trader)
  await expect(page).toHaveURL(/\/user\//)
  await page.goto('/user/calendarnews')
  await expect(page.getByRole('heading', { name: 'Economic Calendar & News' })).toBeVisible()
  const highRow = page.getByTestId('calendar-event').filter({ hasText: high })
  await expect(highRow).toBeVisible()
  await expect(highRow.getByTestId('restricted-window')).toContainText('No trading')
  const mediumRow = page.getByTestId('calendar-event').filter({ hasText: medium })
  await expect(mediumRow).toBeVisible()
  await expect(mediumRow.getByTestId('restricted-window')).toHaveCount(0)
  await expect(page.getByText(/may not open or close a trade within 2 minutes/)).toContainText(
    account.login,
  )
  await expectNoSeriousA11yViolations(page)

  await page.getByLabel('Currency').selectOption('EUR')
  await expect(mediumRow).toBeVisible()
  await expect(highRow).toHaveCount(0)

  await page.setViewportSize({ width: 360, height: 800 })
  await page.getByLabel('Currency').selectOption('')
  await expect(highRow).toBeVisible()
  await expectNoHorizontalScroll(page)
})
