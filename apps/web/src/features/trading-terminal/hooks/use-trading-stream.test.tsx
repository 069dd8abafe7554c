import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/react-query'
import { json, mockApi } from '@/testing/mock-api'
import { signInAs } from '@/testing/render-app'
import { tradingQueryKeys } from '../api/query-keys'
import { FakeWebSocket, installFakeWebSocket } from '../testing/fake-web-socket'
import {
  accountId,
  makeState,
  otherAccountId,
  quote,
  streamUserId,
  trader,
} from '../testing/fixtures'
import { QuoteStore } from '../utils/quote-store'
import { RECONNECT_DELAYS_MS, useTradingStream } from './use-trading-stream'

function renderStream(initial: { accountId: string } = { accountId }) {
  const queryClient = createQueryClient()
  const store = new QuoteStore()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  const hook = renderHook(
    (props: { accountId: string }) =>
      useTradingStream({
        accountId: props.accountId,
        symbols: ['EURUSD', 'USDJPY'],
        quotes: store,
      }),
    { wrapper, initialProps: initial },
  )
  return { ...hook, queryClient, store }
}

/** Opens the latest socket and answers its authentication. */
function connect() {
  const socket = FakeWebSocket.latest
  socket.open()
  socket.receive({ type: 'ready', userId: streamUserId })
  return socket
}

beforeEach(() => {
  installFakeWebSocket()
  signInAs(trader)
})

afterEach(() => {
  vi.useRealTimers()
})

describe('useTradingStream', () => {
  it('authenticates with the stored access token, then subscribes once the server is ready', () => {
    const { result } = renderStream()
    const socket = FakeWebSocket.latest
    expect(socket.url).toBe(`${window.location.origin.replace(/^http/, 'ws')}/api/stream`)
    expect(socket.url).toMatch(/^ws:\/\//)
    expect(result.current).toBe('connecting')

    socket.open()
    // nothing but the token before the server has verified it
    expect(socket.sent).toEqual([{ type: 'auth', token: 'access-1' }])

    socket.receive({ type: 'ready', userId: streamUserId })
    expect(socket.sent.slice(1)).toEqual([
      { type: 'quotes', symbols: ['EURUSD', 'USDJPY'] },
      { type: 'account', accountId },
    ])
    expect(result.current).toBe('live')
  })

  it('puts quotes in the quote store and account states in the query cache', () => {
    const { store, queryClient } = renderStream()
    const socket = connect()

    socket.receive({ type: 'quotes', quotes: [quote('EURUSD', 108_360, 108_362)] })
    expect(store.get('EURUSD')).toEqual(quote('EURUSD', 108_360, 108_362))

    const state = makeState({ figures: { ...makeState().figures, equity: 10_012_300 } })
    socket.receive({ type: 'account', state })
    expect(queryClient.getQueryData(tradingQueryKeys.account(accountId))).toEqual(state)
  })

  it('toasts trading events with their message', () => {
    const error = vi.spyOn(toast, 'error')
    const success = vi.spyOn(toast, 'success')
    renderStream()
    const socket = connect()

    const t = '2025-06-11T12:00:00.000Z'
    socket.receive({
      type: 'event',
      event: {
        kind: 'stop-loss',
        accountId,
        message: 'Stop loss hit: your EURUSD position was closed.',
        t,
      },
    })
    socket.receive({
      type: 'event',
      event: { kind: 'order-filled', accountId, message: 'Your EURUSD order was filled.', t },
    })

    expect(error).toHaveBeenCalledWith(
      'Stop loss hit: your EURUSD position was closed.',
      expect.anything(),
    )
    expect(success).toHaveBeenCalledWith('Your EURUSD order was filled.', expect.anything())
  })

  it('ignores messages that break the contract', () => {
    const { store } = renderStream()
    const socket = connect()
    act(() => socket.onmessage?.(new MessageEvent('message', { data: 'not json' })))
    socket.receive({ type: 'quotes', quotes: [{ symbol: 'EURUSD', bid: -1 }] } as never)
    expect(store.get('EURUSD')).toBeUndefined()
  })

  it('subscribes to another account on the same connection', () => {
    const { rerender } = renderStream()
    const socket = connect()

    rerender({ accountId: otherAccountId })

    expect(FakeWebSocket.instances).toHaveLength(1)
    expect(socket.sentOf('account').at(-1)).toEqual({ type: 'account', accountId: otherAccountId })
  })

  it('reconnects with a growing backoff and subscribes again', () => {
    vi.useFakeTimers()
    const { result } = renderStream()
    const first = connect()

    first.drop(1006)
    expect(result.current).toBe('reconnecting')
    vi.advanceTimersByTime(RECONNECT_DELAYS_MS[0] - 1)
    expect(FakeWebSocket.instances).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(FakeWebSocket.instances).toHaveLength(2)

    // the second attempt fails before it is ready: the next wait is longer
    const second = FakeWebSocket.latest
    second.drop(1006)
    vi.advanceTimersByTime(RECONNECT_DELAYS_MS[1] - 1)
    expect(FakeWebSocket.instances).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(FakeWebSocket.instances).toHaveLength(3)

    const third = connect()
    expect(third.sent).toEqual([
      { type: 'auth', token: 'access-1' },
      { type: 'quotes', symbols: ['EURUSD', 'USDJPY'] },
      { type: 'account', accountId },
    ])
    expect(result.current).toBe('live')

    // a ready connection starts the backoff over
    third.drop(1006)
    vi.advanceTimersByTime(RECONNECT_DELAYS_MS[0])
    expect(FakeWebSocket.instances).toHaveLength(4)
  })

  it('refreshes an expired token (close 4401) and reconnects with the new one', async () => {
    vi.useFakeTimers()
    const api = mockApi({
      'POST /api/auth/refresh': () => json(200, { token: 'access-2', refreshToken: 'refresh-2' }),
    })
    renderStream()
    const first = connect()

    first.drop(4401)
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0])

    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(1)
    expect(FakeWebSocket.instances).toHaveLength(2)
    FakeWebSocket.latest.open()
    expect(FakeWebSocket.latest.sent).toEqual([{ type: 'auth', token: 'access-2' }])
  })

  it('closes the connection when unmounted and does not come back', () => {
    vi.useFakeTimers()
    const { unmount } = renderStream()
    const socket = connect()

    unmount()

    expect(socket.closedWith).toBe(1000)
    vi.advanceTimersByTime(60_000)
    expect(FakeWebSocket.instances).toHaveLength(1)
  })
})
