import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { tradingMessages } from '@tp/domain'
import { json } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import { installFakeWebSocket } from '../testing/fake-web-socket'
import {
  accountId,
  makeAccount,
  makePosition,
  makeState,
  terminalApi,
  trader,
  WEDNESDAY_NOON_UTC,
} from '../testing/fixtures'
import { leverageChoices } from './leverage-select'

vi.mock('lightweight-charts', async () =>
  (await import('../testing/fake-chart')).fakeLightweightCharts(),
)

const leveragePath = `POST /api/trading/accounts/${accountId}/leverage`

async function openTerminal(options: Parameters<typeof terminalApi>[0] = {}) {
  const api = terminalApi(options)
  const app = renderApp('/user/tradingtool', { user: trader })
  const summary = await screen.findByRole('region', { name: 'Account summary' })
  const select = await within(summary).findByRole('combobox', { name: 'Leverage (up to 1:50)' })
  return { api, app, select }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(WEDNESDAY_NOON_UTC)
  installFakeWebSocket()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('the leverage control of the account bar', () => {
  it('offers 1:1 to the plan maximum and changes the leverage with the server', async () => {
    const { api, app, select } = await openTerminal({
      handlers: {
        [leveragePath]: () =>
          json(200, {
            account: makeAccount({ leverage: 50 }),
            message: tradingMessages.leverageChanged(50),
          }),
      },
    })
    expect(select).toHaveTextContent('1:30')

    await app.user.click(select)
    const options = await screen.findAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual([
      '1:1',
      '1:2',
      '1:5',
      '1:10',
      '1:20',
      '1:25',
      '1:30',
      '1:40',
      '1:50',
    ])
    await app.user.click(screen.getByRole('option', { name: '1:50' }))

    await waitFor(() => expect(api.callsTo(leveragePath)).toHaveLength(1))
    expect(api.callsTo(leveragePath)[0]!.body).toEqual({ leverage: 50 })
    expect(await screen.findByText("The account's leverage is now 1:50.")).toBeInTheDocument()
    await waitFor(() => expect(select).toHaveTextContent('1:50'))
  })

  it('toasts the server’s refusal and keeps showing the account’s leverage', async () => {
    const { api, app, select } = await openTerminal({
      states: [makeState({ positions: [makePosition()] })],
      handlers: {
        [leveragePath]: () =>
          json(422, {
            code: 'TRADING_REJECTED',
            message: tradingMessages.leverageWithOpenTrades,
            details: [{ path: 'account', message: tradingMessages.leverageWithOpenTrades }],
          }),
      },
    })
    await app.user.click(select)
    await app.user.click(await screen.findByRole('option', { name: '1:10' }))

    await waitFor(() => expect(api.callsTo(leveragePath)).toHaveLength(1))
    expect(await screen.findByText(tradingMessages.leverageWithOpenTrades)).toBeInTheDocument()
    expect(select).toHaveTextContent('1:30')
  })

  it('is read-only on an account that can no longer trade', async () => {
    const { select } = await openTerminal({
      states: [
        makeState({ account: { status: 'failed', isReadOnly: true, isTradingEnabled: false } }),
      ],
    })
    expect(select).toBeDisabled()
  })

  it('always offers the account’s own value and the maximum', () => {
    expect(leverageChoices(50, 33)).toEqual([1, 2, 5, 10, 20, 25, 30, 33, 40, 50])
    expect(leverageChoices(30, 30)).toEqual([1, 2, 5, 10, 20, 25, 30])
  })
})
