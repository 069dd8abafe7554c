import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { tradingMessages } from '@tp/domain'
import { json } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import { FakeWebSocket, installFakeWebSocket } from '../testing/fake-web-socket'
import {
  accountId,
  makeOrder,
  makePosition,
  makeState,
  streamUserId,
  terminalApi,
  type TerminalApiOptions,
  trader,
  WEDNESDAY_NOON_UTC,
} from '../testing/fixtures'

vi.mock('lightweight-charts', async () =>
  (await import('../testing/fake-chart')).fakeLightweightCharts(),
)

const base = `/api/trading/accounts/${accountId}`
const position = makePosition()

async function openTerminal(options: Parameters<typeof terminalApi>[0] = {}) {
  const api = terminalApi({ states: [makeState({ positions: [position] })], ...options })
  const app = renderApp('/user/tradingtool', { user: trader })
  await screen.findByRole('tab', { name: /^Positions/ })
  return { api, app }
}

function positionRow(symbolAndId = 'EURUSD #5001') {
  return screen.getByRole('button', { name: `Close ${symbolAndId}` }).closest('tr')!
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(WEDNESDAY_NOON_UTC)
  installFakeWebSocket()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('open positions', () => {
  it('shows the live P/L of each streamed account state', async () => {
    await openTerminal()
    expect(positionRow()).toHaveTextContent('+$25.00')

    const socket = FakeWebSocket.latest
    socket.open()
    socket.receive({ type: 'ready', userId: streamUserId })
    const losing = makeState({
      positions: [makePosition({ profit: -1_234, currentPrice: 108_275 })],
      figures: { ...makeState().figures, equity: 9_998_766, floatingProfit: -1_234 },
    })
    socket.receive({ type: 'account', state: losing })

    await waitFor(() => expect(positionRow()).toHaveTextContent('-$12.34'))
    const summary = screen.getByRole('region', { name: 'Account summary' })
    expect(within(summary).getByText('Equity').nextElementSibling).toHaveTextContent('$99,987.66')
  })

  it('closes a whole position with POST .../close and no volume', async () => {
    const { api, app } = await openTerminal({
      handlers: {
        [`POST ${base}/positions/5001/close`]: () => json(200, { state: makeState() }),
      },
    })
    await app.user.click(screen.getByRole('button', { name: 'Close EURUSD #5001' }))

    await waitFor(() => expect(api.callsTo(`POST ${base}/positions/5001/close`)).toHaveLength(1))
    expect(api.callsTo(`POST ${base}/positions/5001/close`)[0]!.body).toEqual({})
    expect(await screen.findByText('Closed EURUSD #5001.')).toBeInTheDocument()
    expect(await screen.findByText('No open positions')).toBeInTheDocument()
  })

  it('closes part of a position with its volume', async () => {
    const { api, app } = await openTerminal({
      handlers: {
        [`POST ${base}/positions/5001/close`]: () =>
          json(200, { state: makeState({ positions: [makePosition({ volume: 30 })] }) }),
      },
    })
    await app.user.click(screen.getByRole('button', { name: 'Partial close EURUSD #5001' }))
    const dialog = await screen.findByRole('dialog', { name: 'Close part of EURUSD #5001' })
    const volume = within(dialog).getByLabelText('Volume to close (lots)')
    expect(volume).toHaveValue('0.50')

    await app.user.clear(volume)
    await app.user.type(volume, '0.70')
    await app.user.click(within(dialog).getByRole('button', { name: 'Close volume' }))
    expect(
      await within(dialog).findByText(tradingMessages.closeVolumeAbovePosition),
    ).toBeInTheDocument()
    expect(api.callsTo(`POST ${base}/positions/5001/close`)).toHaveLength(0)

    await app.user.clear(volume)
    await app.user.type(volume, '0.2')
    await app.user.click(within(dialog).getByRole('button', { name: 'Close volume' }))

    await waitFor(() => expect(api.callsTo(`POST ${base}/positions/5001/close`)).toHaveLength(1))
    expect(api.callsTo(`POST ${base}/positions/5001/close`)[0]!.body).toEqual({ volume: '0.20' })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(positionRow()).toHaveTextContent('0.30')
  })

  it('modifies stop loss and take profit, checked against the closing price', async () => {
    const { api, app } = await openTerminal({
      handlers: {
        [`PATCH ${base}/positions/5001`]: () =>
          json(200, { state: makeState({ positions: [makePosition({ stopLoss: 108_000 })] }) }),
      },
    })
    await app.user.click(screen.getByRole('button', { name: 'Modify EURUSD #5001' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modify EURUSD #5001' })

    // a buy's stop loss must be below the bid (1.08350)
    await app.user.type(within(dialog).getByLabelText('Stop loss'), '1.0840')
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(
      await within(dialog).findByText(tradingMessages.stopLossBelow('0.0001')),
    ).toBeInTheDocument()

    await app.user.clear(within(dialog).getByLabelText('Stop loss'))
    await app.user.type(within(dialog).getByLabelText('Stop loss'), '1.08')
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(api.callsTo(`PATCH ${base}/positions/5001`)).toHaveLength(1))
    expect(api.callsTo(`PATCH ${base}/positions/5001`)[0]!.body).toEqual({
      stopLoss: '1.08000',
      takeProfit: null,
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(positionRow()).toHaveTextContent('1.08000')
  })

  it("shows the server's refusal in the dialog", async () => {
    const message = tradingMessages.marketClosed
    const { app } = await openTerminal({
      handlers: {
        [`POST ${base}/positions/5001/close`]: () =>
          json(422, {
            code: 'TRADING_REJECTED',
            message,
            details: [{ path: 'symbol', message }],
          }),
      },
    })
    await app.user.click(screen.getByRole('button', { name: 'Partial close EURUSD #5001' }))
    const dialog = await screen.findByRole('dialog')
    await app.user.click(within(dialog).getByRole('button', { name: 'Close volume' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message)
  })
})

describe('pending orders', () => {
  const order = makeOrder()

  async function openOrders(handlers: TerminalApiOptions['handlers'] = {}) {
    const result = await openTerminal({ states: [makeState({ orders: [order] })], handlers })
    await result.app.user.click(screen.getByRole('tab', { name: 'Orders (1)' }))
    await screen.findByRole('table', { name: /pending orders/i })
    return result
  }

  it('cancels an order with DELETE', async () => {
    const { api, app } = await openOrders({
      [`DELETE ${base}/orders/7001`]: () => json(200, { state: makeState() }),
    })
    await app.user.click(screen.getByRole('button', { name: 'Cancel order EURUSD #7001' }))

    await waitFor(() => expect(api.callsTo(`DELETE ${base}/orders/7001`)).toHaveLength(1))
    expect(await screen.findByText('No pending orders')).toBeInTheDocument()
  })

  it("moves an order's price, checked against the market", async () => {
    const { api, app } = await openOrders({
      [`PATCH ${base}/orders/7001`]: () =>
        json(200, { state: makeState({ orders: [makeOrder({ price: 107_900 })] }) }),
    })
    await app.user.click(screen.getByRole('button', { name: 'Modify order EURUSD #7001' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modify order EURUSD #7001' })
    const price = within(dialog).getByLabelText('Price')
    expect(price).toHaveValue('1.08000')

    // a buy limit above the ask is refused
    await app.user.clear(price)
    await app.user.type(price, '1.0840')
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(
      await within(dialog).findByText(tradingMessages.buyLimitPrice('0.0001')),
    ).toBeInTheDocument()

    await app.user.clear(price)
    await app.user.type(price, '1.079')
    await app.user.type(within(dialog).getByLabelText('Take profit'), '1.0850')
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(api.callsTo(`PATCH ${base}/orders/7001`)).toHaveLength(1))
    expect(api.callsTo(`PATCH ${base}/orders/7001`)[0]!.body).toEqual({
      price: '1.07900',
      stopLoss: null,
      takeProfit: '1.08500',
    })
  })
})
