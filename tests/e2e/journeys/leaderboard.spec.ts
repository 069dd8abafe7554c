import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { loginToken, registerUser } from '../support/api'
import { signIn } from '../support/pages'
import { createScenarioAccount } from '../support/scenarios'

// The leaderboard (issue 12 item 9) from real data: twelve traders of this run, each with one
// closed EURUSD trade on a 100K evaluation account (trader i: i x 10 pips on 1.00 lot, so the
// returns rank them 12, 11, ... 1), appear under their chosen usernames once the refresh job has
// computed their month; the page searches, sorts and pages them; a trader who opts out in
// profile settings is gone from the board.

const TRADERS = 12

type Board = { data: { total: number; rows: { name: string }[] } }

async function board(request: APIRequestContext, token: string, search: string): Promise<Board> {
  const response = await request.get(`/api/leaderboard?search=${encodeURIComponent(search)}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as Board
}

const rowNames = (page: Page) =>
  page.getByRole('table').locator('tbody tr td:nth-child(2)').allTextContents()

test('leaderboard: search, sort and paging; opt-out in profile settings hides the trader', async ({
  page,
  request,
}) => {
  // the refresh job runs when a read finds the figures older than a minute
  test.setTimeout(240_000)
  const tag = `lb${Math.random().toString(36).slice(2, 8)}`
  const name = (i: number) => `${tag}_${String(i).padStart(2, '0')}`
  let last: { email: string; password: string } | undefined
  let token = ''
  for (let i = 1; i <= TRADERS; i++) {
    const credentials = await registerUser(request)
    token = await loginToken(request, credentials)
    const saved = await request.post('/api/profile/update', {
      headers: { authorization: `Bearer ${token}` },
      data: { userName: name(i) },
    })
    expect(saved.status(), await saved.text()).toBe(200)
    await createScenarioAccount(request, {
      email: credentials.email,
      sizeK: 100,
      // minutes ago, so the trades are this month's unless the run starts in a month's first minutes
      startDaysAgo: 0.004,
      trades: [
        {
          symbol: 'EURUSD',
          side: 'buy',
          volume: '1.00',
          openPrice: '1.08000',
          closePrice: (1.08 + i * 0.001).toFixed(5),
          openDaysAgo: 0.003,
          durationMinutes: 2,
        },
      ],
    })
    last = credentials
  }
  await expect
    .poll(async () => (await board(request, token, tag)).data.total, {
      timeout: 150_000,
      intervals: [2_000],
      message: 'the refresh job ranks the new accounts',
    })
    .toBe(TRADERS)

  await signIn(page, last!)
  await expect(page).toHaveURL(/\/user\//)
  await page.goto('/user/leaderboard')
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(tag)
  await expect(page.getByText(`Page 1 of 2 · ${TRADERS} traders`)).toBeVisible()
  await expect
    .poll(() => rowNames(page))
    .toEqual(Array.from({ length: 10 }, (_, index) => name(TRADERS - index)))
  await expect(page.getByRole('columnheader', { name: 'Rank' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )

  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText(`Page 2 of 2 · ${TRADERS} traders`)).toBeVisible()
  await expect.poll(() => rowNames(page)).toEqual([name(2), name(1)])

  // a new column starts ascending (back on page 1), the same column again flips it
  await page.getByRole('button', { name: 'Monthly Return' }).click()
  await expect(page.getByRole('columnheader', { name: 'Monthly Return' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  await expect(page.getByText(`Page 1 of 2 · ${TRADERS} traders`)).toBeVisible()
  await expect.poll(async () => (await rowNames(page))[0]).toBe(name(1))
  await page.getByRole('button', { name: 'Monthly Return' }).click()
  await expect(page.getByRole('columnheader', { name: 'Monthly Return' })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  await expect.poll(async () => (await rowNames(page))[0]).toBe(name(TRADERS))
  // the name search narrows to one trader
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(name(7))
  await expect(page.getByText('Page 1 of 1 · 1 trader')).toBeVisible()
  await expect.poll(() => rowNames(page)).toEqual([name(7)])
  // no email anywhere on the board
  await expect(page.getByRole('table')).not.toContainText('@')

  // the signed-in trader (the best of the run) opts out in profile settings
  await page.goto('/profilesetting')
  const visibility = page.getByRole('switch', { name: 'Show me on the leaderboard' })
  await expect(visibility).toHaveAttribute('aria-checked', 'true')
  await visibility.click()
  await expect(visibility).toHaveAttribute('aria-checked', 'false')
  await expect(visibility).toBeEnabled()

  await page.goto('/user/leaderboard')
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(tag)
  await expect(page.getByText(`Page 1 of 2 · ${TRADERS - 1} traders`)).toBeVisible()
  await expect.poll(async () => (await rowNames(page))[0]).toBe(name(TRADERS - 1))
  await expect(page.getByRole('table')).not.toContainText(name(TRADERS))
})
