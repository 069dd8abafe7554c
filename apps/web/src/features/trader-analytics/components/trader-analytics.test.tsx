import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { terminalDownloadLinks, type TotalStatsDto } from '@tp/api/analytics'
import type { TradingAccountDto } from '@tp/api'
import { accountEventKeys } from '@/lib/account-event-keys'
import { json, mockApi, makeUser, type Handler } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import { accountId, makeAccount, nextAccountId, otherAccountId } from '@/testing/trading-accounts'
import { analyticsQueryKeys } from '../api/query-keys'
import { ACCOUNT_SWITCH_DEBOUNCE_MS } from '../timing'
import {
  analyticsHandlers,
  makeAnalysis,
  makeTotalStats,
  makeVisualStats,
} from '../testing/fixtures'
import { installFakeStream } from '../testing/fake-stream'

const trader = makeUser()

function openDashboard(
  accounts: TradingAccountDto[] = [makeAccount()],
  handlers: Record<string, Handler> = {},
) {
  const Stream = installFakeStream()
  const api = mockApi(
    {
      'GET /api/trading/accounts': () => json(200, { accounts }),
      ...analyticsHandlers(handlers),
    },
    { user: trader },
  )
  const app = renderApp('/user/dashboard', { user: trader })
  return { api, app, Stream }
}

const summaryCard = (name: string) => screen.getByRole('group', { name })
/** The value (dd) of a figure (dt) in a summary card. */
const figure = (card: string, label: string) =>
  within(summaryCard(card)).getByText(label, { selector: 'dt' }).nextElementSibling!
const bodiesOf = (calls: { body: unknown }[]) =>
  calls.map((call) => call.body as { accountId: string; index?: string })

afterEach(() => {
  vi.useRealTimers()
})

describe('dashboard analytics: Trade Analysis (spec 2.12)', () => {
  it('shows the four summary cards with the server figures: money, hold time as hours and minutes, rates', async () => {
    const { api } = openDashboard()

    await screen.findByRole('group', { name: 'Balance/Equity' })
    expect(figure('Balance/Equity', 'Balance')).toHaveTextContent('$101,234.56')
    expect(figure('Balance/Equity', 'Equity')).toHaveTextContent('$100,987.00')
    expect(figure('Profit/Today', 'Profit')).toHaveTextContent('+$1,234.56')
    expect(figure('Profit/Today', 'Profit')).toHaveClass('text-profit')
    expect(figure('Profit/Today', 'Today')).toHaveTextContent('-$42.10')
    expect(figure('Profit/Today', 'Today')).toHaveClass('text-loss')
    expect(figure('Total Trades/Win Trades', 'Total Trades')).toHaveTextContent('12')
    expect(figure('Total Trades/Win Trades', 'Win Trades')).toHaveTextContent('7')
    expect(figure('Avg. Hold/Success Rate', 'Avg. Hold')).toHaveTextContent('2h 15m')
    expect(figure('Avg. Hold/Success Rate', 'Success Rate')).toHaveTextContent('58.33%')

    // asked for the shown account, identity from the token (no email in the body)
    expect(bodiesOf(api.callsTo('POST /api/metaStats/total-stats'))).toEqual([{ accountId }])
    // the charts' data is not asked for before their tab opens
    expect(api.callsTo('POST /api/metaStats/visual-stats')).toHaveLength(0)
    expect(api.callsTo('POST /api/metaStats/visual-trades')).toHaveLength(0)
  })

  it('hold times under an hour and over a day read in hours and minutes', async () => {
    openDashboard([makeAccount()], {
      'POST /api/metaStats/total-stats': () =>
        json(200, { data: { data: makeTotalStats({ avgHoldTime: 45 * 60_000 + 29_000 }) } }),
    })
    await screen.findByRole('group', { name: 'Avg. Hold/Success Rate' })
    expect(figure('Avg. Hold/Success Rate', 'Avg. Hold')).toHaveTextContent('0h 45m')
  })

  it('shows the status, the objectives judged by the server and the recent trades', async () => {
    openDashboard([makeAccount({ platform: 'mt4' })], {
      'POST /api/metaStats/update-analysis': () =>
        json(200, {
          data: {
            analysisData: makeAnalysis({
              platform: terminalDownloadLinks.mt4,
              mtAccount: { ...makeAnalysis().mtAccount, platform: 'mt4' },
            }),
          },
        }),
    })

    const status = await screen.findByRole('table', { name: 'Account status' })
    const row = (label: string) =>
      within(status).getByRole('rowheader', { name: label }).nextElementSibling!
    expect(row('Status')).toHaveTextContent('Phase 1 is in progress')
    expect(row('Start')).toHaveTextContent('Jun 2, 2025')
    expect(row('End')).toHaveTextContent('-')
    expect(row('Account Size')).toHaveTextContent('$100,000.00')
    for (const [os, key] of [
      ['Windows', 'windows'],
      ['Android', 'android'],
      ['iOS', 'ios'],
      ['macOS', 'mac'],
    ] as const) {
      const link = within(status).getByRole('link', { name: new RegExp(`MetaTrader 4 for ${os}`) })
      expect(link).toHaveAttribute('href', terminalDownloadLinks.mt4[key])
      expect(link).toHaveAttribute('target', '_blank')
    }

    const objectives = screen.getByRole('table', { name: 'Trading objectives' })
    const objective = (label: string) =>
      within(objectives).getByRole('cell', { name: label }).closest('tr')!
    expect(objective('Profit target 10%')).toHaveTextContent('$1,234.56 / $10,000.00In progress')
    expect(objective('Minimum 5 trading days')).toHaveTextContent('5 days / 5 daysPassed')
    expect(within(objective('Minimum 5 trading days')).getByText('Passed')).toHaveClass(
      'text-profit',
    )
    expect(objective('Daily loss limit 6%')).toHaveTextContent('6.50% / 6.00%Loss Exceeded')
    expect(within(objective('Daily loss limit 6%')).getByText('Loss Exceeded')).toHaveClass(
      'text-loss',
    )

    const trades = screen.getByRole('table', { name: 'Recent trades' })
    const rows = within(trades).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    const cells = (index: number) =>
      within(rows[index]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    expect(cells(0).slice(0, 6)).toEqual([
      'XAUUSD',
      'SELL',
      '0.50',
      '2350.00',
      '2338.40',
      '+$580.00',
    ])
    expect(cells(1).slice(0, 6)).toEqual([
      'EURUSD',
      'BUY',
      '2.00',
      '1.08500',
      '1.08740',
      '+$480.00',
    ])
    expect(screen.getByRole('region', { name: 'Recent trades list' })).toHaveClass('max-h-[500px]')
  })

  it('an account without closed trades says so', async () => {
    openDashboard([makeAccount()], {
      'POST /api/metaStats/trades': () =>
        json(200, { data: { accountId, currency: 'USD', version: 0, trades: [] } }),
    })
    expect(await screen.findByText('No closed trades yet')).toBeInTheDocument()
  })

  it('a failed load shows the server message, and Try again loads it', async () => {
    const { app } = openDashboard([makeAccount()], {
      'POST /api/metaStats/total-stats': (_call, index) =>
        index === 0
          ? json(403, { code: 'FORBIDDEN', message: 'You cannot see this account.' })
          : json(200, { data: { data: makeTotalStats() } }),
    })
    expect(await screen.findByText('You cannot see this account.')).toBeInTheDocument()
    await app.user.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByRole('group', { name: 'Balance/Equity' })
    expect(figure('Balance/Equity', 'Balance')).toHaveTextContent('$101,234.56')
  })
})

describe('dashboard analytics: Trade Visualization (spec 2.12)', () => {
  it('the tab shows all eight charts, each with a title, a summary and a table of its figures', async () => {
    const { app, api } = openDashboard()
    await screen.findByRole('group', { name: 'Balance/Equity' })

    await app.user.click(screen.getByRole('tab', { name: 'Trade Visualization' }))
    const titles = [
      'Total Profit by Position Size',
      'Total Profit by Time Duration',
      'Total Profit by Symbol',
      'Total Profit by Type',
      'Profitability',
      'Hourly Profit/Loss',
      'Weekly Won/Lost',
      'Total Trades Analysis',
    ]
    for (const title of titles) {
      expect(await screen.findByRole('figure', { name: title })).toBeInTheDocument()
    }
    expect(screen.getAllByRole('figure')).toHaveLength(8)
    expect(screen.queryByRole('group', { name: 'Balance/Equity' })).not.toBeInTheDocument()

    const profitability = screen.getByRole('figure', { name: 'Profitability' })
    expect(profitability).toHaveAccessibleDescription('Win rate 58.33%: 7 won, 5 lost.')
    const bySymbol = screen.getByRole('figure', { name: 'Total Profit by Symbol' })
    expect(within(bySymbol).getByRole('table')).toHaveTextContent('EURUSD+$480.00XAUUSD+$450.00')
    expect(
      within(screen.getByRole('figure', { name: 'Total Profit by Position Size' })).getByRole(
        'table',
      ),
    ).toHaveTextContent('0.50+$450.00')

    // Total Trades Analysis starts on the month
    expect(bodiesOf(api.callsTo('POST /api/metaStats/visual-trades'))).toEqual([
      { accountId, index: 'month' },
    ])
    expect(bodiesOf(api.callsTo('POST /api/metaStats/visual-stats'))).toEqual([{ accountId }])

    // and back: the analysis is there again
    await app.user.click(screen.getByRole('tab', { name: 'Trade Analysis' }))
    expect(await screen.findByRole('group', { name: 'Balance/Equity' })).toBeInTheDocument()
  })

  it('the Month/Week/Year switch asks visual-trades for that period', async () => {
    const { app, api } = openDashboard()
    await screen.findByRole('group', { name: 'Balance/Equity' })
    await app.user.click(screen.getByRole('tab', { name: 'Trade Visualization' }))
    const chart = await screen.findByRole('figure', { name: 'Total Trades Analysis' })
    const period = within(chart).getByRole('group', { name: 'Period' })
    expect(within(period).getByRole('button', { name: 'Month' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )

    await app.user.click(within(period).getByRole('button', { name: 'Week' }))
    await waitFor(() =>
      expect(bodiesOf(api.callsTo('POST /api/metaStats/visual-trades')).at(-1)).toEqual({
        accountId,
        index: 'week',
      }),
    )
    expect(within(period).getByRole('button', { name: 'Week' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )

    await app.user.click(within(period).getByRole('button', { name: 'Year' }))
    await waitFor(() =>
      expect(within(chart).getByRole('table')).toHaveTextContent('2025-06$1,060.00-$130.00'),
    )
    expect(bodiesOf(api.callsTo('POST /api/metaStats/visual-trades'))).toEqual([
      { accountId, index: 'month' },
      { accountId, index: 'week' },
      { accountId, index: 'year' },
    ])
  })

  it('an account without closed trades shows no charts but says so', async () => {
    const { app } = openDashboard([makeAccount()], {
      'POST /api/metaStats/visual-stats': () =>
        json(200, {
          data: makeVisualStats({ won_lost: { won: 0, lost: 0, winRate: 0 } }),
        }),
    })
    await screen.findByRole('group', { name: 'Balance/Equity' })
    await app.user.click(screen.getByRole('tab', { name: 'Trade Visualization' }))
    expect(await screen.findByText('No closed trades yet')).toBeInTheDocument()
    expect(screen.queryByRole('figure')).not.toBeInTheDocument()
  })

  it('a failed chart load shows the message and a retry', async () => {
    const { app } = openDashboard([makeAccount()], {
      'POST /api/metaStats/visual-stats': (_call, index) =>
        index === 0
          ? json(404, { code: 'NOT_FOUND', message: 'Account not found.' })
          : json(200, { data: makeVisualStats() }),
    })
    await screen.findByRole('group', { name: 'Balance/Equity' })
    await app.user.click(screen.getByRole('tab', { name: 'Trade Visualization' }))
    expect(await screen.findByText('Account not found.')).toBeInTheDocument()
    await app.user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('figure', { name: 'Profitability' })).toBeInTheDocument()
  })
})

describe('dashboard analytics: account switch and live updates (spec 4)', () => {
  it('reloads 300 ms after the shown account last changed, never for an account cycled past', async () => {
    const { api } = openDashboard([
      makeAccount({ id: accountId, login: '1001' }),
      makeAccount({ id: nextAccountId, login: '1002' }),
      makeAccount({ id: otherAccountId, login: '1003' }),
    ])
    await screen.findByRole('group', { name: 'Balance/Equity' })
    const asked = () =>
      bodiesOf(api.callsTo('POST /api/metaStats/total-stats')).map((body) => body.accountId)
    expect(asked()).toEqual([accountId])

    vi.useFakeTimers()
    const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next Account' }))
    act(next)
    await act(() => vi.advanceTimersByTimeAsync(ACCOUNT_SWITCH_DEBOUNCE_MS - 1))
    expect(asked()).toEqual([accountId])
    // cycled on before the 300 ms were up: that account is never asked for
    act(next)
    await act(() => vi.advanceTimersByTimeAsync(ACCOUNT_SWITCH_DEBOUNCE_MS - 1))
    expect(asked()).toEqual([accountId])
    await act(() => vi.advanceTimersByTimeAsync(1))
    vi.useRealTimers()

    await waitFor(() => expect(asked()).toEqual([accountId, otherAccountId]))
    expect(asked()).not.toContain(nextAccountId)
  })

  it("refetches the shown account's figures once when the stream says a trade closed", async () => {
    const { api, app, Stream } = openDashboard([makeAccount()], {
      'POST /api/metaStats/total-stats': (_call, index) =>
        json(200, {
          data: {
            data: makeTotalStats(index === 0 ? {} : { version: 4, totalTrades: 13, winTrades: 8 }),
          },
        }),
    })
    await screen.findByRole('group', { name: 'Balance/Equity' })
    // the account's recorded violations, as the dashboard's panel holds them
    const violations = accountEventKeys.policyViolations(accountId)
    app.queryClient.setQueryData(violations, [])
    const socket = Stream.latest
    socket.open()
    expect(socket.sent).toEqual([{ type: 'auth', token: 'access-1' }])
    socket.receive({ type: 'ready', userId: '4b3a8c2e-1d7f-4e9a-b5c6-0f1e2d3c4b5a' })
    expect(socket.sent.at(-1)).toEqual({ type: 'account', accountId })

    // a notice about figures already held, and one about another account: nothing asked
    socket.receive({ type: 'analytics-changed', accountId, version: 3 })
    socket.receive({ type: 'analytics-changed', accountId: otherAccountId, version: 9 })
    expect(app.queryClient.getQueryState(violations)?.isInvalidated).toBe(false)
    // two trades closing at once: one refetch
    socket.receive({ type: 'analytics-changed', accountId, version: 4 })
    socket.receive({ type: 'analytics-changed', accountId, version: 5 })

    await waitFor(() =>
      expect(figure('Total Trades/Win Trades', 'Total Trades')).toHaveTextContent('13'),
    )
    expect(figure('Total Trades/Win Trades', 'Win Trades')).toHaveTextContent('8')
    expect(api.callsTo('POST /api/metaStats/total-stats')).toHaveLength(2)
    expect(api.callsTo('POST /api/metaStats/update-analysis')).toHaveLength(2)
    expect(api.callsTo('POST /api/metaStats/trades')).toHaveLength(2)
    // the firm records a violation as it closes the position: the panel is asked again too
    expect(app.queryClient.getQueryState(violations)?.isInvalidated).toBe(true)
  })

  it('the Balance/Equity card follows the equity the stream pushes, without asking the API', async () => {
    const { api, app, Stream } = openDashboard()
    await screen.findByRole('group', { name: 'Balance/Equity' })
    const socket = Stream.latest
    socket.open()
    socket.receive({ type: 'ready', userId: '4b3a8c2e-1d7f-4e9a-b5c6-0f1e2d3c4b5a' })
    const heldEquity = () =>
      app.queryClient.getQueryData<TotalStatsDto>(analyticsQueryKeys.totalStats(accountId))?.equity
    const figures = {
      balance: 10_123_456,
      equity: 10_150_000,
      floatingProfit: 26_544,
      swap: 0,
      margin: 100_000,
      freeMargin: 10_050_000,
      marginLevelPercent: 10_150,
      isMarginCall: false,
    }
    // another account's move changes nothing
    socket.receive({
      type: 'account-patch',
      accountId: otherAccountId,
      version: 1,
      parts: { figures: { ...figures, equity: 1 } },
    })
    expect(heldEquity()).toBe(10_098_700)
    socket.receive({ type: 'account-patch', accountId, version: 1, parts: { figures } })

    await waitFor(() => expect(figure('Balance/Equity', 'Equity')).toHaveTextContent('$101,500.00'))
    expect(figure('Balance/Equity', 'Balance')).toHaveTextContent('$101,234.56')
    expect(api.callsTo('POST /api/metaStats/total-stats')).toHaveLength(1)
  })
})
