import { act, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { DateTime } from 'luxon'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { messages, type BreachEvidence } from '@tp/api'
import { getInstrument, priceToNumber, tradingMessages } from '@tp/domain'
import { json } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import { ACCOUNT_STATE_POLL_MS } from '../api/get-account-state'
import { chartRecorder } from '../testing/fake-chart'
import { FakeWebSocket, installFakeWebSocket } from '../testing/fake-web-socket'
import {
  accountId,
  makeAccount,
  makeMeters,
  makePosition,
  makeState,
  nextAccountId,
  otherAccountId,
  quote,
  SATURDAY_NOON_UTC,
  streamUserId,
  terminalApi,
  trader,
  WEDNESDAY_NOON_UTC,
} from '../testing/fixtures'
import { warningToastText } from '../utils/limits'
import { ACCOUNT_STORAGE_KEY } from './trading-terminal'

vi.mock('lightweight-charts', async () =>
  (await import('../testing/fake-chart')).fakeLightweightCharts(),
)

const statePath = (id: string) => `GET /api/trading/accounts/${id}`

function openTerminal() {
  return renderApp('/user/tradingtool', { user: trader })
}

function goLive() {
  const socket = FakeWebSocket.latest
  socket.open()
  socket.receive({ type: 'ready', userId: streamUserId })
  return socket
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(WEDNESDAY_NOON_UTC)
  installFakeWebSocket()
  chartRecorder.series = []
})

afterEach(() => {
  vi.useRealTimers()
})

describe('trading terminal: accounts', () => {
  it('sends a trader without an account to Get Funded, and opens no stream', async () => {
    terminalApi({ accounts: [], states: [] })
    openTerminal()

    expect(await screen.findByText('You have no trading account yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Get funded' })).toHaveAttribute('href', '/get-funded')
    expect(FakeWebSocket.instances).toHaveLength(0)
  })

  it('shows an error with a retry when the accounts do not load', async () => {
    const api = terminalApi({
      handlers: {
        'GET /api/trading/accounts': (_call, index) =>
          index === 0
            ? json(404, { code: 'NOT_FOUND', message: 'Try once more.' })
            : json(200, { accounts: [makeAccount()] }),
      },
    })
    const app = openTerminal()

    expect(await screen.findByText('Try once more.')).toBeInTheDocument()
    await app.user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('region', { name: 'New order' })).toBeInTheDocument()
    expect(api.callsTo('GET /api/trading/accounts')).toHaveLength(2)
  })

  it('opens the first active account, and remembers the one chosen', async () => {
    const failed = makeState({
      account: {
        id: otherAccountId,
        login: '900001',
        status: 'failed',
        isReadOnly: true,
        isTradingEnabled: false,
      },
    })
    const active = makeState({ account: { login: '1001234' } })
    const api = terminalApi({ states: [failed, active] })
    const app = openTerminal()

    const selector = await screen.findByRole('combobox', { name: 'Trading account' })
    expect(selector).toHaveTextContent('#1001234')
    await waitFor(() => expect(api.callsTo(statePath(accountId))).toHaveLength(1))
    expect(FakeWebSocket.latest.url).toMatch(/\/api\/stream$/)

    await app.user.click(selector)
    await app.user.click(await screen.findByRole('option', { name: /#900001/ }))

    expect(await screen.findByText('This account failed')).toBeInTheDocument()
    expect(JSON.parse(window.localStorage.getItem(ACCOUNT_STORAGE_KEY)!)).toBe(otherAccountId)
    const socket = goLive()
    expect(socket.sentOf('account').at(-1)).toEqual({ type: 'account', accountId: otherAccountId })

    app.unmount()
    openTerminal()
    expect(await screen.findByRole('combobox', { name: 'Trading account' })).toHaveTextContent(
      '#900001',
    )
  })
})

describe('trading terminal: account lifecycle', () => {
  const breach: BreachEvidence = {
    rule: 'dailyLoss',
    t: '2025-06-11T10:15:30.000Z',
    balance: 10_000_000,
    equity: 9_499_000,
    floor: 9_500_000,
    rulebookVersion: 'v1',
    planKey: 'twoPhase.phase1',
    openPositions: [makePosition({ profit: -50_100, currentPrice: 107_298 })],
  }

  it('shows a failed account its breach evidence and keeps it from trading', async () => {
    terminalApi({
      states: [
        makeState({
          account: { status: 'failed', isTradingEnabled: false, isReadOnly: true },
          meters: makeMeters({ status: 'failed' }),
          breach,
        }),
      ],
    })
    openTerminal()

    const evidence = await screen.findByRole('region', { name: 'This account failed' })
    expect(evidence).toHaveTextContent(messages.trading.breached('Daily Loss Limit'))
    const value = (term: string) =>
      within(evidence).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
    expect(value('Rule')).toBe('Daily Loss Limit')
    expect(value('Time')).toBe(DateTime.fromISO(breach.t).toLocal().toFormat('yyyy-MM-dd HH:mm:ss'))
    expect(value('Equity')).toBe('$94,990.00')
    expect(value('Floor')).toBe('$95,000.00')
    expect(value('Rulebook version')).toBe('v1')
    const positions = within(evidence).getByRole('table', { name: 'Positions open at the breach' })
    expect(positions).toHaveTextContent('EURUSD')
    expect(positions).toHaveTextContent('1.07298')
    expect(positions).toHaveTextContent('-$501.00')

    const ticket = screen.getByRole('region', { name: 'New order' })
    expect(ticket).toHaveTextContent(tradingMessages.tradingDisabled)
    expect(within(ticket).getByRole('button', { name: 'Place buy order' })).toBeDisabled()
    expect(within(ticket).getByLabelText('Volume (lots)')).toBeDisabled()
    // a read-only account shows its history only
    expect(screen.queryByRole('tab', { name: /Positions/ })).not.toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true')
  })

  it("the rule panel follows a breach to the account's final balance, from the live stream", async () => {
    terminalApi({ states: [makeState({ positions: [makePosition()] })] })
    openTerminal()
    const rules = await screen.findByRole('region', { name: 'Rules' })
    const socket = goLive()
    expect(within(rules).queryByText('Final balance')).not.toBeInTheDocument()

    // the breach closes the position: the stream pushes the state as it ended
    act(() =>
      socket.receive({
        type: 'account',
        state: makeState({
          account: { status: 'failed', isTradingEnabled: false, isReadOnly: true },
          figures: {
            balance: 9_367_500,
            equity: 9_367_500,
            floatingProfit: 0,
            swap: 0,
            margin: 0,
            freeMargin: 9_367_500,
            marginLevelPercent: null,
            isMarginCall: false,
          },
          meters: makeMeters({ status: 'failed' }),
          breach,
        }),
      }),
    )

    const final = () =>
      within(screen.getByRole('region', { name: 'Rules' })).getByText('Final balance', {
        selector: 'dt',
      }).nextElementSibling?.textContent
    await waitFor(() => expect(final()).toBe('$93,675.00'))
  })

  it('tells a passed account it passed and switches to the next stage', async () => {
    const passed = makeState({
      account: { status: 'passed', isReadOnly: true, isTradingEnabled: false },
      meters: makeMeters({ status: 'passed', passedAt: '2025-06-11T11:00:00.000Z' }),
      nextAccountId,
    })
    const next = makeState({
      account: {
        id: nextAccountId,
        login: '2002345',
        stage: 'phase2',
        planKey: 'twoPhase.phase2',
        previousAccountId: accountId,
      },
    })
    // the next stage's account is younger than the first list
    const api = terminalApi({
      states: [passed, next],
      handlers: {
        'GET /api/trading/accounts': (_call, index) =>
          json(200, {
            accounts: (index === 0 ? [passed.account] : [passed.account, next.account]).map(
              (account) => makeAccount(account),
            ),
          }),
      },
    })
    const app = openTerminal()

    expect(await screen.findByText('You passed Phase 1 of this challenge.')).toBeInTheDocument()
    await app.user.click(screen.getByRole('button', { name: 'Go to your Phase 2 account' }))

    await waitFor(() => expect(api.callsTo(statePath(nextAccountId))).toHaveLength(1))
    expect(await screen.findByRole('combobox', { name: 'Trading account' })).toHaveTextContent(
      '#2002345',
    )
    expect(screen.getByRole('button', { name: 'Place buy order' })).toBeEnabled()
  })
})

describe('trading terminal: live', () => {
  it('polls the account state every 5 s while the stream is down, and stops once it is live', async () => {
    vi.useRealTimers()
    vi.useFakeTimers({ shouldAdvanceTime: true })
    vi.setSystemTime(WEDNESDAY_NOON_UTC)
    const api = terminalApi()
    openTerminal()
    await screen.findByRole('region', { name: 'New order' })
    expect(api.callsTo(statePath(accountId))).toHaveLength(1)

    await act(() => vi.advanceTimersByTimeAsync(ACCOUNT_STATE_POLL_MS))
    await waitFor(() => expect(api.callsTo(statePath(accountId))).toHaveLength(2))

    goLive()
    await act(() => vi.advanceTimersByTimeAsync(3 * ACCOUNT_STATE_POLL_MS))
    expect(api.callsTo(statePath(accountId))).toHaveLength(2)

    // the stream drops: polling resumes
    FakeWebSocket.latest.drop(1006)
    await act(() => vi.advanceTimersByTimeAsync(ACCOUNT_STATE_POLL_MS))
    await waitFor(() => expect(api.callsTo(statePath(accountId))).toHaveLength(3))
  })

  it('warns once when a loss limit crosses 50, 80 and 95%', async () => {
    const atFifty = makeMeters({
      dailyLoss: {
        floor: 9_500_000,
        distance: 250_000,
        allowance: 500_000,
        usedPercent: 50,
        warning: 50,
      },
    })
    terminalApi({ states: [makeState({ meters: atFifty })] })
    openTerminal()
    await screen.findByRole('region', { name: 'New order' })
    const socket = goLive()
    const eighty = warningToastText('dailyLoss', 80)

    // already at 50% when the page opened: shown, not toasted
    expect(screen.queryByText(warningToastText('dailyLoss', 50))).not.toBeInTheDocument()

    const atEighty = makeMeters({
      dailyLoss: {
        floor: 9_500_000,
        distance: 100_000,
        allowance: 500_000,
        usedPercent: 80,
        warning: 80,
      },
    })
    socket.receive({ type: 'account', state: makeState({ meters: atEighty }) })
    expect(await screen.findByText(eighty)).toBeInTheDocument()
    socket.receive({
      type: 'account',
      state: makeState({
        meters: { ...atEighty, dailyLoss: { ...atEighty.dailyLoss!, usedPercent: 81 } },
      }),
    })
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: 'Daily Loss Limit' }).closest('section'),
      ).toHaveTextContent('81.00%'),
    )
    expect(screen.getAllByText(eighty)).toHaveLength(1)
    expect(
      screen.getByRole('heading', { name: 'Daily Loss Limit' }).closest('section'),
    ).toHaveAttribute('data-warning', '80')

    const atNinetyFive = makeMeters({
      dailyLoss: {
        floor: 9_500_000,
        distance: 25_000,
        allowance: 500_000,
        usedPercent: 95,
        warning: 95,
      },
    })
    socket.receive({ type: 'account', state: makeState({ meters: atNinetyFive }) })
    expect(await screen.findByText(warningToastText('dailyLoss', 95))).toBeInTheDocument()
  })

  it('lists every symbol with its live bid and ask and whether its market is open', async () => {
    vi.setSystemTime(SATURDAY_NOON_UTC)
    terminalApi()
    openTerminal()
    const eurusd = await screen.findByRole('button', { name: /^EURUSD/ })
    expect(eurusd).toHaveTextContent('Closed')
    expect(screen.getByRole('button', { name: /^BTCUSD/ })).toHaveTextContent('Open')
    await waitFor(() => expect(eurusd).toHaveTextContent('1.08350'))

    goLive().receive({
      type: 'quotes',
      quotes: [quote('EURUSD', 108_401, 108_404, SATURDAY_NOON_UTC)],
    })
    expect(eurusd).toHaveTextContent('1.08401')
    expect(eurusd).toHaveTextContent('1.08404')
  })

  it('draws the history and moves the current candle with the quotes', async () => {
    const barOpen = WEDNESDAY_NOON_UTC
    const api = terminalApi({
      handlers: {
        'GET /api/market/bars': (call) =>
          json(200, {
            symbol: call.search.get('symbol'),
            timeframe: call.search.get('timeframe'),
            bars: [{ t: barOpen, open: 108_300, high: 108_360, low: 108_290, close: 108_340 }],
          }),
      },
    })
    const app = openTerminal()
    await waitFor(() => expect(chartRecorder.series[0]?.setData).toHaveBeenCalled())
    const series = chartRecorder.series[0]!
    const eurusd = getInstrument('EURUSD')
    const bars = api.callsTo('GET /api/market/bars')
    expect(bars[0]!.search.get('symbol')).toBe('EURUSD')
    expect(bars[0]!.search.get('timeframe')).toBe('M5')
    expect(series.setData).toHaveBeenLastCalledWith([
      { time: barOpen / 1000, open: 1.083, high: 1.0836, low: 1.0829, close: 1.0834 },
    ])

    // 12:02:30 falls in the 12:00 M5 candle: a new high and close
    goLive().receive({
      type: 'quotes',
      quotes: [quote('EURUSD', 108_372, 108_374, barOpen + 150_000)],
    })
    expect(series.update).toHaveBeenLastCalledWith({
      time: barOpen / 1000,
      open: priceToNumber(eurusd, 108_300),
      high: priceToNumber(eurusd, 108_372),
      low: priceToNumber(eurusd, 108_290),
      close: priceToNumber(eurusd, 108_372),
    })

    await app.user.click(screen.getByRole('button', { name: 'H1' }))
    await waitFor(() =>
      expect(api.callsTo('GET /api/market/bars').at(-1)!.search.get('timeframe')).toBe('H1'),
    )
  })

  it('has no serious or critical accessibility violation', async () => {
    terminalApi({ states: [makeState({ positions: [makePosition()] })] })
    openTerminal()
    await screen.findByRole('region', { name: 'New order' })
    await screen.findByRole('table', { name: /open positions/i })
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
      resultTypes: ['violations'],
    })
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
      )
    expect(serious).toEqual([])
  })
})
