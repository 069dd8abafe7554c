import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import {
  mergeAccountState,
  streamCloseCodes,
  type AccountState,
  streamServerMessageSchema,
  type StreamClientMessage,
  type TradingEvent,
} from '@tp/api'
import { refreshAccessToken } from '@/lib/api-client'
import { getSession } from '@/lib/session'
import { storeAccountState } from '../api/get-account-state'
import { tradingQueryKeys } from '../api/query-keys'
import type { InstrumentSymbol } from '@tp/domain'
import type { QuoteStore } from '../utils/quote-store'

// The terminal's one live connection (WebSocket /api/stream, packages/api/src/trading.ts):
// authenticate with the stored access token, then (once the server says `ready`) subscribe to
// the quotes and the account; quotes go to the quote store as they arrive (no throttling: the
// server already batches them every 100 ms), account states into the account-state query's cache,
// events become toasts. The server sends the account's whole state on subscribing, then only its
// changed parts (`account-patch`, numbered): each is merged into the state held for this socket;
// a patch that does not follow on from it (should not happen) asks for the whole state again. A dropped connection is retried with backoff and re-subscribed; the
// terminal polls the REST state meanwhile (status is not 'live').

export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'offline'

/** Waits before reconnect attempts 1, 2, 3, ...; the last repeats. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 20_000, 30_000] as const
/** Keeps idle connections open through proxies. */
export const PING_INTERVAL_MS = 25_000

const SOCKET_OPEN = 1
const NORMAL_CLOSURE = 1000

export function streamUrl(): string {
  return `${window.location.origin.replace(/^http/, 'ws')}/api/stream`
}

function send(socket: WebSocket, message: StreamClientMessage) {
  if (socket.readyState === SOCKET_OPEN) socket.send(JSON.stringify(message))
}

const errorEvents = new Set<TradingEvent['kind']>([
  'margin-call',
  'stop-out',
  'breach',
  'trading-disabled',
  'order-cancelled',
  'stop-loss',
])
const successEvents = new Set<TradingEvent['kind']>([
  'order-filled',
  'take-profit',
  'passed',
  'next-stage',
])
/** Events after which the account list changed too (a status, a new stage's account). */
const lifecycleEvents = new Set<TradingEvent['kind']>([
  'breach',
  'passed',
  'next-stage',
  'trading-disabled',
])

function showEvent(event: TradingEvent, queryClient: QueryClient) {
  const id = `${event.kind}:${event.t}:${event.accountId}`
  if (errorEvents.has(event.kind)) toast.error(event.message, { id })
  else if (successEvents.has(event.kind)) toast.success(event.message, { id })
  else toast.info(event.message, { id })
  if (lifecycleEvents.has(event.kind)) {
    void queryClient.invalidateQueries({ queryKey: tradingQueryKeys.accounts })
    void queryClient.invalidateQueries({ queryKey: tradingQueryKeys.account(event.accountId) })
  }
}

type Options = {
  /** the account whose state to receive; null receives none */
  accountId: string | null
  /** the symbols whose quotes to receive (at most 50) */
  symbols: readonly InstrumentSymbol[]
  quotes: QuoteStore
}

export function useTradingStream({ accountId, symbols, quotes }: Options): StreamStatus {
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<StreamStatus>('connecting')
  const subscription = useRef({ accountId, symbols })
  const readySocket = useRef<WebSocket | null>(null)
  const symbolsKey = symbols.join(',')

  // declared first, so the subscription is current before the socket below can become ready
  useEffect(() => {
    subscription.current = { accountId, symbols }
    const socket = readySocket.current
    if (!socket) return
    send(socket, { type: 'quotes', symbols: [...symbols] })
    send(socket, { type: 'account', accountId })
    // symbolsKey stands for the symbols' content
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accountId, symbolsKey])

  useEffect(() => {
    let socket: WebSocket | null = null
    let attempt = 0
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined
    let pingTimer: ReturnType<typeof setInterval> | undefined
    let isDisposed = false
    /** the watched account's state as this socket's messages built it */
    let held: { state: AccountState; version: number } | null = null

    const subscribe = (ws: WebSocket) => {
      const current = subscription.current
      send(ws, { type: 'quotes', symbols: [...current.symbols] })
      send(ws, { type: 'account', accountId: current.accountId })
    }

    const scheduleReconnect = () => {
      if (isDisposed) return
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]
      attempt += 1
      reconnectTimer = setTimeout(connect, delay)
    }

    const handleMessage = (ws: WebSocket, data: unknown) => {
      let raw: unknown
      try {
        raw = JSON.parse(String(data))
      } catch {
        return
      }
      const parsed = streamServerMessageSchema.safeParse(raw)
      if (!parsed.success) return
      const message = parsed.data
      switch (message.type) {
        case 'ready':
          attempt = 0
          readySocket.current = ws
          setStatus('live')
          subscribe(ws)
          clearInterval(pingTimer)
          pingTimer = setInterval(() => send(ws, { type: 'ping' }), PING_INTERVAL_MS)
          return
        case 'quotes':
          quotes.apply(message.quotes)
          return
        case 'account':
          held = { state: message.state, version: message.version ?? 0 }
          storeAccountState(queryClient, message.state)
          return
        case 'account-patch': {
          if (message.accountId !== subscription.current.accountId) return // an earlier account's
          if (!held || held.state.account.id !== message.accountId) return
          if (held.version !== message.version - 1) {
            held = null
            send(ws, { type: 'account', accountId: message.accountId })
            return
          }
          held = {
            state: mergeAccountState(held.state, message.parts),
            version: message.version,
          }
          storeAccountState(queryClient, held.state)
          return
        }
        case 'event':
          showEvent(message.event, queryClient)
          return
        default:
          // pong; errors answer a malformed subscription, which the next one replaces
          return
      }
    }

    const handleClose = (ws: WebSocket, code: number) => {
      if (socket !== ws) return
      socket = null
      if (readySocket.current === ws) readySocket.current = null
      clearInterval(pingTimer)
      if (isDisposed) return
      if (code === streamCloseCodes.forbidden) {
        setStatus('offline')
        return
      }
      setStatus('reconnecting')
      if (code !== streamCloseCodes.unauthenticated) {
        scheduleReconnect()
        return
      }
      // the access token expired (or was refused): the same refresh the API client does
      refreshAccessToken().then(
        (token) => {
          if (token) scheduleReconnect()
          else if (!isDisposed) setStatus('offline')
        },
        () => scheduleReconnect(),
      )
    }

    function connect() {
      if (isDisposed) return
      const token = getSession()?.token
      if (!token || typeof WebSocket === 'undefined') {
        setStatus('offline')
        return
      }
      let ws: WebSocket
      try {
        ws = new WebSocket(streamUrl())
      } catch {
        setStatus('reconnecting')
        scheduleReconnect()
        return
      }
      socket = ws
      ws.onopen = () => {
        const latest = getSession()?.token
        if (latest) send(ws, { type: 'auth', token: latest })
      }
      ws.onmessage = (event: MessageEvent) => handleMessage(ws, event.data)
      ws.onclose = (event: CloseEvent) => handleClose(ws, event.code)
    }

    connect()

    return () => {
      isDisposed = true
      clearTimeout(reconnectTimer)
      clearInterval(pingTimer)
      readySocket.current = null
      if (socket) {
        const ws = socket
        socket = null
        ws.onopen = null
        ws.onmessage = null
        ws.onclose = null
        ws.close(NORMAL_CLOSURE)
      }
    }
  }, [queryClient, quotes])

  return status
}
