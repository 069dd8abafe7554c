import { screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { platformMessages } from '@tp/api/trading-platform'
import { renderApp } from '@/testing/render-app'
import { chartRecorder } from '../testing/fake-chart'
import { installFakeWebSocket } from '../testing/fake-web-socket'
import { makeOrder, makeState, terminalApi, trader, WEDNESDAY_NOON_UTC } from '../testing/fixtures'

// An account on a firm's real MetaTrader server trades in MetaTrader itself (decision 0042): the
// web terminal shows its state, says where to trade it, and offers no order controls.

vi.mock('lightweight-charts', async () =>
  (await import('../testing/fake-chart')).fakeLightweightCharts(),
)

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(WEDNESDAY_NOON_UTC)
  installFakeWebSocket()
  chartRecorder.series = []
})

afterEach(() => {
  vi.useRealTimers()
})

describe('trading terminal: an account on a real MetaTrader server', () => {
  it('is shown read-only with the server to trade it on', async () => {
    terminalApi({
      states: [
        makeState({
          account: {
            isTerminalTrading: false,
            platformLabel: 'MetaTrader 5',
            server: 'FirmMT5-Live',
          },
        }),
      ],
    })
    renderApp('/user/tradingtool', { user: trader })

    expect(
      await screen.findByText(
        platformMessages.tradesInMetaTrader('MetaTrader 5', 'FirmMT5-Live'),
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument()
    const ticket = screen.getByRole('region', { name: 'New order' })
    expect(within(ticket).getByRole('button', { name: 'Place buy order' })).toBeDisabled()
    expect(within(ticket).getByLabelText('Volume (lots)')).toBeDisabled()
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
      resultTypes: ['violations'],
    })
    expect(results.violations).toEqual([])
  }, 60_000)

  it('lists the pending orders placed in MetaTrader, their cancel and modify off', async () => {
    terminalApi({
      states: [
        makeState({
          account: {
            isTerminalTrading: false,
            platformLabel: 'MetaTrader 5',
            server: 'FirmMT5-Live',
          },
          orders: [makeOrder({ id: '5000017', type: 'sell-limit', volume: 50, price: 110_250 })],
        }),
      ],
    })
    const { user } = renderApp('/user/tradingtool', { user: trader })

    await user.click(await screen.findByRole('tab', { name: 'Orders (1)' }, { timeout: 10_000 }))
    const table = await screen.findByRole('table', { name: /pending orders/i })
    const row = within(table).getAllByRole('row')[1]!
    expect(row).toHaveTextContent('EURUSD')
    expect(row).toHaveTextContent('1.10250')
    expect(row).toHaveTextContent('0.50')
    // managed in MetaTrader: the terminal's controls are there but off
    expect(
      within(table).getByRole('button', { name: 'Cancel order EURUSD #5000017' }),
    ).toBeDisabled()
    expect(
      within(table).getByRole('button', { name: 'Modify order EURUSD #5000017' }),
    ).toBeDisabled()
  }, 60_000)
})
