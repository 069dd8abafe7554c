import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { QuoteDto } from '@tp/api'
import {
  formatMoney,
  getInstrument,
  pipValue,
  requiredMargin,
  tradingMessages,
  usd,
} from '@tp/domain'
import { json } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import { FakeWebSocket, installFakeWebSocket } from '../testing/fake-web-socket'
import {
  makeOrder,
  makePosition,
  makeState,
  quote,
  SATURDAY_NOON_UTC,
  streamUserId,
  terminalApi,
  testQuotes,
  trader,
  WEDNESDAY_NOON_UTC,
} from '../testing/fixtures'

vi.mock('lightweight-charts', async () =>
  (await import('../testing/fake-chart')).fakeLightweightCharts(),
)

const bookOf = (quotes: readonly QuoteDto[]) => new Map(quotes.map((q) => [q.symbol, q]))

async function openTicket(options: Parameters<typeof terminalApi>[0] = {}) {
  const api = terminalApi(options)
  const app = renderApp('/user/tradingtool', { user: trader })
  const ticket = await screen.findByRole('region', { name: 'New order' })
  return { api, app, ticket }
}

/** The value printed next to a term of the ticket's figures. */
function figure(ticket: HTMLElement, term: string) {
  return within(ticket).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(WEDNESDAY_NOON_UTC)
  installFakeWebSocket()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('order ticket: figures before sending', () => {
  it('shows the required margin and pip value of the domain for the quote and leverage', async () => {
    const { app, ticket } = await openTicket()
    const eurusd = getInstrument('EURUSD')
    const book = bookOf(testQuotes)

    // 0.10 lot bought at the ask 1.08352, 1:30
    await waitFor(() =>
      expect(figure(ticket, 'Required margin')).toBe(
        formatMoney(usd(requiredMargin(eurusd, 10, 108_352, 30, book))),
      ),
    )
    expect(figure(ticket, 'Pip value')).toBe(formatMoney(usd(pipValue(eurusd, 10, book))))
    expect(figure(ticket, 'Leverage')).toBe('1:30')

    // 2 lots sold at the bid
    await app.user.click(within(ticket).getByRole('radio', { name: 'Sell' }))
    await app.user.clear(within(ticket).getByLabelText('Volume (lots)'))
    await app.user.type(within(ticket).getByLabelText('Volume (lots)'), '2')
    expect(figure(ticket, 'Required margin')).toBe(
      formatMoney(usd(requiredMargin(eurusd, 200, 108_350, 30, book))),
    )
    expect(figure(ticket, 'Pip value')).toBe(formatMoney(usd(pipValue(eurusd, 200, book))))
  })

  it('follows the live quote from the stream', async () => {
    const { ticket } = await openTicket()
    const socket = FakeWebSocket.latest
    socket.open()
    socket.receive({ type: 'ready', userId: streamUserId })
    const moved = quote('EURUSD', 109_100, 109_103, WEDNESDAY_NOON_UTC + 1_000)
    socket.receive({ type: 'quotes', quotes: [moved] })

    expect(figure(ticket, 'Buy (ask)')).toBe('1.09103')
    expect(figure(ticket, 'Required margin')).toBe(
      formatMoney(
        usd(
          requiredMargin(getInstrument('EURUSD'), 10, 109_103, 30, bookOf([...testQuotes, moved])),
        ),
      ),
    )
  })

  it('converts a yen cross through USDJPY and caps gold at 1:20 on a 1:50 account', async () => {
    const { app, ticket } = await openTicket({ states: [makeState({ account: { leverage: 50 } })] })
    const book = bookOf(testQuotes)

    await app.user.click(screen.getByRole('button', { name: /^EURJPY/ }))
    await waitFor(() =>
      expect(figure(ticket, 'Required margin')).toBe(
        formatMoney(usd(requiredMargin(getInstrument('EURJPY'), 10, 162_760, 50, book))),
      ),
    )
    expect(figure(ticket, 'Pip value')).toBe(
      formatMoney(usd(pipValue(getInstrument('EURJPY'), 10, book))),
    )

    await app.user.click(screen.getByRole('button', { name: /^XAUUSD/ }))
    await waitFor(() => expect(figure(ticket, 'Leverage')).toBe('1:20'))
    expect(figure(ticket, 'Required margin')).toBe(
      formatMoney(usd(requiredMargin(getInstrument('XAUUSD'), 10, 235_020, 50, book))),
    )
  })
})

describe('order ticket: validation', () => {
  it.each([
    ['0.001', tradingMessages.volumeFormat],
    ['abc', tradingMessages.volumeFormat],
    ['60', tradingMessages.volumeAboveMaximum(5_000)],
  ])('refuses the volume %s with the domain message', async (volume, message) => {
    const { api, app, ticket } = await openTicket()
    const input = within(ticket).getByLabelText('Volume (lots)')
    await app.user.clear(input)
    await app.user.type(input, volume)
    await app.user.click(within(ticket).getByRole('button', { name: 'Place buy order' }))

    expect(await within(ticket).findByText(message)).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(api.callsTo(`POST /api/trading/accounts/${makeState().account.id}/orders`)).toHaveLength(
      0,
    )
  })

  it('refuses a stop loss on the wrong side and a pending order without a price', async () => {
    const { app, ticket } = await openTicket()
    await app.user.type(within(ticket).getByLabelText('Stop loss'), '1.0830')
    await app.user.click(within(ticket).getByRole('radio', { name: 'Sell' }))
    await app.user.click(within(ticket).getByRole('button', { name: 'Place sell order' }))
    expect(
      await within(ticket).findByText(tradingMessages.stopLossAbove('0.0001')),
    ).toBeInTheDocument()

    await app.user.click(within(ticket).getByRole('radio', { name: 'Limit' }))
    await app.user.click(within(ticket).getByRole('button', { name: 'Place sell limit order' }))
    expect(
      await within(ticket).findByText(tradingMessages.pendingPriceRequired),
    ).toBeInTheDocument()
  })

  it('says when the market is closed', async () => {
    vi.setSystemTime(SATURDAY_NOON_UTC)
    const { app, ticket } = await openTicket()
    await app.user.click(within(ticket).getByRole('button', { name: 'Place buy order' }))
    expect(await within(ticket).findByText(tradingMessages.marketClosed)).toBeInTheDocument()
    expect(within(ticket).getByText('Market closed')).toBeInTheDocument()
  })
})

describe('order ticket: sending', () => {
  const ordersPath = `POST /api/trading/accounts/${makeState().account.id}/orders`

  it('sends a market order with decimal strings and no price', async () => {
    const position = makePosition({ volume: 10, openPrice: 108_352 })
    const { api, app, ticket } = await openTicket({
      handlers: {
        [ordersPath]: () =>
          json(201, { position, order: null, state: makeState({ positions: [position] }) }),
      },
    })
    await app.user.type(within(ticket).getByLabelText('Take profit'), '1.09')
    await app.user.click(within(ticket).getByRole('button', { name: 'Place buy order' }))

    await waitFor(() => expect(api.callsTo(ordersPath)).toHaveLength(1))
    expect(api.callsTo(ordersPath)[0]!.body).toEqual({
      symbol: 'EURUSD',
      type: 'buy',
      volume: '0.10',
      stopLoss: null,
      takeProfit: '1.09000',
    })
    expect(
      await screen.findByText('Position opened: buy 0.10 EURUSD at 1.08352.'),
    ).toBeInTheDocument()
    // the answer's state is shown at once
    expect(await screen.findByRole('tab', { name: 'Positions (1)' })).toBeInTheDocument()
  })

  it('sends a pending order with its price', async () => {
    const order = makeOrder({ type: 'sell-limit', volume: 25, price: 108_500, stopLoss: 109_000 })
    const { api, app, ticket } = await openTicket({
      handlers: {
        [ordersPath]: () =>
          json(201, { position: null, order, state: makeState({ orders: [order] }) }),
      },
    })
    await app.user.click(within(ticket).getByRole('radio', { name: 'Sell' }))
    await app.user.click(within(ticket).getByRole('radio', { name: 'Limit' }))
    await app.user.type(within(ticket).getByLabelText('Price'), '1.085')
    const volume = within(ticket).getByLabelText('Volume (lots)')
    await app.user.clear(volume)
    await app.user.type(volume, '0.25')
    await app.user.type(within(ticket).getByLabelText('Stop loss'), '1.09000')
    await app.user.click(within(ticket).getByRole('button', { name: 'Place sell limit order' }))

    await waitFor(() => expect(api.callsTo(ordersPath)).toHaveLength(1))
    expect(api.callsTo(ordersPath)[0]!.body).toEqual({
      symbol: 'EURUSD',
      type: 'sell-limit',
      volume: '0.25',
      price: '1.08500',
      stopLoss: '1.09000',
      takeProfit: null,
    })
    expect(
      await screen.findByText('Order placed: sell limit 0.25 EURUSD at 1.08500.'),
    ).toBeInTheDocument()
  })

  it("shows the server's refusal at the field it names", async () => {
    const refusal = tradingMessages.notEnoughMargin(500_000, 120_000)
    const { app, ticket } = await openTicket({
      handlers: {
        [ordersPath]: () =>
          json(422, {
            code: 'TRADING_REJECTED',
            message: refusal,
            details: [{ path: 'volume', message: refusal }],
          }),
      },
    })
    await app.user.click(within(ticket).getByRole('button', { name: 'Place buy order' }))

    expect(await within(ticket).findByText(refusal)).toBeInTheDocument()
    expect(within(ticket).getByLabelText('Volume (lots)')).toHaveAccessibleDescription(
      expect.stringContaining(refusal),
    )
  })

  it('shows a refusal about the account for the whole ticket', async () => {
    const { app, ticket } = await openTicket({
      handlers: {
        [ordersPath]: () =>
          json(422, {
            code: 'TRADING_REJECTED',
            message: tradingMessages.tradingDisabled,
            details: [{ path: 'account', message: tradingMessages.tradingDisabled }],
          }),
      },
    })
    await app.user.click(within(ticket).getByRole('button', { name: 'Place buy order' }))
    expect(await within(ticket).findByRole('alert')).toHaveTextContent(
      tradingMessages.tradingDisabled,
    )
  })
})
