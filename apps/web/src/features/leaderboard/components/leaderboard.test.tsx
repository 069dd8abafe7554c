import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { leaderboardMessages, type LeaderboardRow } from '@tp/api/leaderboard'
import { json, makeUser, mockApi, noResponse } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

// The leaderboard page (issue 12 item 9): the server's rows in the spec's columns, the name
// search sent once typing pauses, sortable headers (aria-sort; the same column flips the order,
// a new one starts ascending), pages of 10, loading, empty and error states, cards on a phone.

const trader = makeUser()

function row(rank: number, overrides: Partial<LeaderboardRow> = {}): LeaderboardRow {
  return {
    rank,
    name: `Trader ${rank}`,
    accountSize: 10_000_000,
    stage: 'phase1',
    winRate: 62.5,
    profitFactor: 1.8,
    totalTrades: 40 - rank,
    monthlyReturn: 12.34 - rank,
    status: 'increasing',
    trend: [1, 2.5, 4],
    badge: rank <= 3 ? 'elite' : 'regular',
    ...overrides,
  }
}

/** A server of `total` rows: the request's page of them, filtered by name. */
function boardApi(total = 23) {
  const all = Array.from({ length: total }, (_, index) => row(index + 1))
  if (total > 0)
    all[0] = row(1, {
      name: 'Ada L.',
      accountSize: 20_000_000,
      profitFactor: null,
      monthlyReturn: 7.25,
      status: 'decreasing',
      badge: 'elite',
    })
  return mockApi(
    {
      'GET /api/leaderboard': (call) => {
        const search = (call.search.get('search') ?? '').toLowerCase()
        const page = Number(call.search.get('page'))
        const matching = all.filter((entry) => entry.name.toLowerCase().includes(search))
        return json(200, {
          data: {
            month: '2027-03',
            rows: matching.slice((page - 1) * 10, page * 10),
            total: matching.length,
            page,
            pageSize: 10,
            refreshedAt: '2027-03-20T12:00:00.000Z',
          },
        })
      },
    },
    { user: trader },
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('leaderboard', () => {
  it('shows the ranking in the spec columns, with trend and badge', async () => {
    boardApi()
    renderApp('/user/leaderboard', { user: trader })

    const ada = await screen.findByRole('row', { name: /Ada L\./ })
    const cells = within(ada).getAllByRole('cell')
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '1',
      'Ada L.',
      '$200,000',
      '62.50%',
      '∞',
      '39',
      '+7.25%',
      '',
      'Elite',
    ])
    expect(
      within(ada).getByRole('img', {
        name: 'Ada L.: return by trading day +1.00%, +2.50%, +4.00%',
      }),
    ).toBeInTheDocument()
    expect(within(ada).getByLabelText('Decreasing vs last month')).toBeInTheDocument()
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent)
    expect(headers).toEqual([
      'Rank',
      'Name',
      'Account Size',
      'Win Rate',
      'Profit Factor',
      'Total Trades',
      'Monthly Return',
      'Trend',
      'Badge',
    ])
    expect(screen.getByRole('columnheader', { name: 'Rank' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
    expect(screen.getByText('Page 1 of 3 · 23 traders')).toBeInTheDocument()
  })

  it('sorts by a header: a new column ascending, the same column again descending', async () => {
    const api = boardApi()
    const app = renderApp('/user/leaderboard', { user: trader })
    await screen.findByRole('row', { name: /Ada L\./ })

    await app.user.click(screen.getByRole('button', { name: 'Monthly Return' }))
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Monthly Return' })).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    )
    expect(screen.getByRole('columnheader', { name: 'Rank' })).toHaveAttribute('aria-sort', 'none')
    await app.user.click(screen.getByRole('button', { name: 'Monthly Return' }))
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Monthly Return' })).toHaveAttribute(
        'aria-sort',
        'descending',
      ),
    )
    await waitFor(() =>
      expect(
        api
          .callsTo('GET /api/leaderboard')
          .map((call) => `${call.search.get('sort')} ${call.search.get('order')}`),
      ).toEqual(['rank asc', 'monthlyReturn asc', 'monthlyReturn desc']),
    )
  })

  it('pages by 10 and searches by name once typing pauses, from page 1', async () => {
    const api = boardApi()
    const app = renderApp('/user/leaderboard', { user: trader })
    await screen.findByRole('row', { name: /Ada L\./ })

    await app.user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('row', { name: /Trader 11/ })).toBeInTheDocument()
    expect(screen.getByText('Page 2 of 3 · 23 traders')).toBeInTheDocument()
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(1 + 10)

    await app.user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'trader 2')
    expect(await screen.findByText('Page 1 of 1 · 5 traders')).toBeInTheDocument()
    expect(screen.getByRole('row', { name: /Trader 23/ })).toBeInTheDocument()
    // one request for the typed name, not one per key
    const searches = api
      .callsTo('GET /api/leaderboard')
      .map((call) => call.search.get('search'))
      .filter(Boolean)
    expect(searches).toEqual(['trader 2'])
    expect(api.callsTo('GET /api/leaderboard').at(-1)?.search.get('page')).toBe('1')
  })

  it('says so when no trader matches', async () => {
    boardApi(0)
    renderApp('/user/leaderboard', { user: trader })
    expect(await screen.findByText(leaderboardMessages.empty)).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows skeleton rows while loading, and the reason with a retry on error', async () => {
    mockApi({ 'GET /api/leaderboard': noResponse }, { user: trader })
    const { unmount } = renderApp('/user/leaderboard', { user: trader })
    expect(await screen.findByRole('table')).toHaveAttribute('aria-busy', 'true')
    unmount()

    let calls = 0
    mockApi(
      {
        'GET /api/leaderboard': () => {
          calls += 1
          return json(422, { code: 'VALIDATION_FAILED', message: 'Sort by a listed column.' })
        },
      },
      { user: trader },
    )
    const app = renderApp('/user/leaderboard', { user: trader })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(leaderboardMessages.loadFailed)
    expect(alert).toHaveTextContent('Sort by a listed column.')
    const before = calls
    await app.user.click(screen.getByRole('button', { name: leaderboardMessages.retry }))
    await waitFor(() => expect(calls).toBeGreaterThan(before))
  })

  it('lists cards on a phone, with a sort choice', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 767px)',
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }))
    const api = boardApi()
    const app = renderApp('/user/leaderboard', { user: trader })
    await screen.findByText('Ada L.')
    const list = screen.getByRole('list', { name: 'Traders' })
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const first = within(list).getAllByRole('listitem')[0]!
    expect(first).toHaveTextContent('#1 Ada L.')
    expect(first).toHaveTextContent('+7.25%')
    await app.user.selectOptions(screen.getByLabelText('Sort by'), 'totalTrades')
    await waitFor(() =>
      expect(api.callsTo('GET /api/leaderboard').at(-1)?.search.get('sort')).toBe('totalTrades'),
    )
  })
})
