import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { formatSummaryFigure, statementSummaryLines } from '@tp/api/statement-import'
import {
  mt4DetailedStatement,
  mt5TradeHistoryReport,
  randomMt4History,
  randomMt5History,
} from '@tp/domain/statement/testing'
import {
  CONFORMANCE_SUITE,
  hasRealExports,
  MT4_EXPORT,
  MT5_EXPORT,
} from '@tp/domain/statement/real-exports'
import { registerUser } from '../support/api'
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  openLive,
  signIn,
} from '../support/pages'

// Statement import in the browser (issue 12 item 8): a statement dropped on the public
// /tools/statement-check (or a trader's /user/statement-import) is read in the page by the
// importer of `npm run engine -- report`, and the page shows the same summary as that command
// prints for the file (the expected figures come from running the CLI here). An unreadable file
// gets its message; a trader saves an import and finds it in analytics as "imported".

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))

type Report = { platform: string; account: { login: string }; summary: Record<string, number> }

/** `engine report FILE`, as a trader would run it. */
function engineReport(file: string): Report {
  const stdout = execFileSync(
    process.execPath,
    [`${repoRoot}node_modules/.bin/tsx`, `${repoRoot}apps/cli/src/main.ts`, 'report', file],
    { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  return JSON.parse(stdout) as Report
}

async function dropStatement(page: Page, file: string) {
  await page.getByLabel('Statement file').setInputFiles(file)
}

/** Every line of the summary the page shows equals the CLI's figure for the same file. */
async function expectSummaryOf(page: Page, file: string) {
  const name = file.split('/').pop()!
  const summary = page.locator(`[data-testid="statement-summary"][data-file="${name}"]`)
  await expect(summary).toBeVisible({ timeout: 30_000 })
  const expected = engineReport(file)
  await expect(page.getByText(`#${expected.account.login}`)).toBeVisible()
  for (const line of statementSummaryLines) {
    await expect(
      summary.locator(`[data-field="${line.field}"] dd`),
      `${line.label} of ${name}`,
    ).toHaveText(formatSummaryFigure(expected.summary[line.field] ?? null, line.kind))
  }
}

test.describe('statement check', () => {
  test('a generated MT4 statement and MT5 report show the CLI’s summary, the analytics and the what-if; the importer starts with the page, not with the drop', async ({
    page,
  }, testInfo) => {
    const scripts: string[] = []
    const requested: string[] = []
    page.on('request', (request) => {
      requested.push(new URL(request.url()).pathname)
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await openLive(page, '/tools/statement-check')
    await expect(page.getByRole('heading', { level: 1, name: 'Statement check' })).toBeVisible()
    // the public page hydrates its island alone: no app shell, no charts yet
    expect(scripts.filter((path) => /\/(index|main)-[\w-]+\.js$/.test(path))).toEqual([])
    // the importer's worker starts once the page is idle, before any file (decision 0052)
    await expect
      .poll(() => requested.some((path) => /\/statement-worker-[\w-]+\.js$/.test(path)))
      .toBe(true)
    await expectNoSeriousA11yViolations(page)

    const mt4 = testInfo.outputPath('Statement-generated.htm')
    writeFileSync(mt4, mt4DetailedStatement(randomMt4History({ trades: 120, seed: 12 })).bytes)
    await dropStatement(page, mt4)
    await expectSummaryOf(page, mt4)
    // the analytics and the rule what-if of the metrics page, for the statement's trades
    await expect(page.getByRole('heading', { name: 'Analytics and rule what-if' })).toBeVisible()
    await expect(page.getByText('Two Phase', { exact: false }).first()).toBeVisible({
      timeout: 30_000,
    })
    await expectNoSeriousA11yViolations(page)

    const mt5 = testInfo.outputPath('ReportHistory-generated.html')
    writeFileSync(mt5, mt5TradeHistoryReport(randomMt5History({ trades: 40, seed: 5 })).bytes)
    await dropStatement(page, mt5)
    await expectSummaryOf(page, mt5)
  })

  test('an unreadable file gets a clear message', async ({ page }, testInfo) => {
    await openLive(page, '/tools/statement-check')
    const notes = testInfo.outputPath('notes.html')
    writeFileSync(notes, '<html><body><p>my trades</p></body></html>')
    await dropStatement(page, notes)
    const message = page.getByTestId('statement-error')
    await expect(message).toContainText('notes.html')
    await expect(message).toContainText(
      'This file is not an MT4 Detailed Statement or an MT5 Trade History Report',
    )

    const cut = testInfo.outputPath('cut.htm')
    const { bytes } = mt4DetailedStatement(randomMt4History({ trades: 30, seed: 4 }))
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)))
    await dropStatement(page, cut)
    await expect(message).toContainText('The file is incomplete')
    await expectNoSeriousA11yViolations(page)
  })

  test('works on a 360 px screen', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await openLive(page, '/tools/statement-check')
    await expectNoHorizontalScroll(page)
    const file = testInfo.outputPath('Statement-small.htm')
    writeFileSync(file, mt4DetailedStatement(randomMt4History({ trades: 20, seed: 3 })).bytes)
    await dropStatement(page, file)
    await expect(page.getByTestId('statement-summary')).toBeVisible()
    await expectNoHorizontalScroll(page)
  })

  test.describe(CONFORMANCE_SUITE, () => {
    test.skip(!hasRealExports, `no ${MT4_EXPORT}`)
    test('the real MT4 and MT5 exports show the CLI’s summary', async ({ page }) => {
      await openLive(page, '/tools/statement-check')
      await dropStatement(page, MT4_EXPORT)
      await expectSummaryOf(page, MT4_EXPORT)
      await dropStatement(page, MT5_EXPORT)
      await expectSummaryOf(page, MT5_EXPORT)
    })
  })
})

test('a trader saves an import and finds it in analytics as imported', async ({
  page,
  request,
}, testInfo) => {
  const trader = await registerUser(request)
  await signIn(page, trader)
  await expect(page).toHaveURL(/\/user\//)
  await page.goto('/user/statement-import')
  const file = testInfo.outputPath('Statement-to-save.htm')
  writeFileSync(file, mt4DetailedStatement(randomMt4History({ trades: 60, seed: 21 })).bytes)
  await dropStatement(page, file)
  await expectSummaryOf(page, file)
  await page.getByRole('button', { name: 'Save to my analytics' }).click()
  await expect(page.getByText('Saved to your analytics as an imported account.')).toBeVisible()

  await page.getByRole('link', { name: 'Open analytics' }).click()
  await expect(page).toHaveURL(/\/user\/analyticsview/)
  const account = page.getByRole('combobox', { name: 'Account', exact: true })
  const option = account.locator('option', { hasText: 'Statement-to-save.htm' })
  await expect(option).toHaveText(/· imported$/)
  await account.selectOption({ label: (await option.textContent())! })
  await expect(page.getByText('Imported statement: read-only, never tradable.')).toBeVisible()
  // the metrics page's view of the import: its curve and the what-if of the catalogue
  await expect(page.getByText('Two Phase', { exact: false }).first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
