import { streamCloseCodes } from '@tp/api/stream-codes'
import type { StreamClientMessage, StreamServerMessage } from '@tp/api/trading'
import { refreshAccessToken } from './api-client'
import { getSession } from './session'

// The one client of the app's WebSocket (/api/stream, packages/api/src/trading.ts; decision
// 0022), shared by the terminal, the dashboard and the metrics page: it authenticates with the
// stored access token, hands the caller every well-formed server message, pings idle
// connections, and reconnects a dropped one with backoff (after refreshing the token when the
// server said it expired; never after `forbidden`). What to subscribe to, and what a message
// means, is the caller's: `onReady` runs on every (re)connection once the server says `ready`.

export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'offline'

/** Waits before reconnect attempts 1, 2, 3, ...; the last repeats. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 20_000, 30_000] as const
/** Keeps idle connections open through proxies. */
export const PING_INTERVAL_MS = 25_000

const SOCKET_OPEN = 1
const NORMAL_CLOSURE = 1000

/**
 * A server message as the server sent it: a JSON object with a `type`. The server builds every
 * message from the same `@tp/api/trading` types and ships with this build, so the client takes
 * them as they are rather than parsing each with zod, which would put zod and the trading
 * schemas on the first load of every page with a live part (decision 0041); a handler ignores a
 * type it does not know.
 */
function isServerMessage(raw: unknown): raw is StreamServerMessage {
  return (
    typeof raw === 'object' && raw !== null && typeof (raw as { type?: unknown }).type === 'string'
  )
}

export function streamUrl(): string {
  return `${window.location.origin.replace(/^http/, 'ws')}/api/stream`
}

export type StreamSender = {
  /** sent if the connection is ready (authenticated); dropped otherwise (onReady resubscribes) */
  send: (message: StreamClientMessage) => void
}

export type StreamHandlers = {
  /** the server said `ready`: subscribe. `isReconnect`: an earlier connection was ready before */
  onReady: (stream: StreamSender, isReconnect: boolean) => void
  /** every other parsed server message */
  onMessage: (message: StreamServerMessage, stream: StreamSender) => void
  onStatus?: (status: StreamStatus) => void
  /**
   * Reads a message against the contract (null: dropped). Default: taken as sent (any object
   * with a `type`). The terminal, which trades on what it shows and loads the trading schemas
   * anyway, passes the zod schema's check; the analytics pages keep zod off their first load.
   */
  parse?: (raw: unknown) => StreamServerMessage | null
}

export type StreamConnection = StreamSender & { close: () => void }

export function openStream(handlers: StreamHandlers): StreamConnection {
  let socket: WebSocket | null = null
  let readySocket: WebSocket | null = null
  let attempt = 0
  let hasBeenReady = false
  let isClosed = false
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined
  let pingTimer: ReturnType<typeof setInterval> | undefined

  const setStatus = (status: StreamStatus) => {
    if (!isClosed) handlers.onStatus?.(status)
  }
  const sendOn = (ws: WebSocket, message: StreamClientMessage) => {
    if (ws.readyState === SOCKET_OPEN) ws.send(JSON.stringify(message))
  }
  const stream: StreamSender = {
    send: (message) => {
      if (readySocket) sendOn(readySocket, message)
    },
  }

  const scheduleReconnect = () => {
    if (isClosed) return
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
    if (!isServerMessage(raw) || isClosed) return
    const message = handlers.parse ? handlers.parse(raw) : raw
    if (!message) return
    if (message.type === 'ready') {
      attempt = 0
      readySocket = ws
      setStatus('live')
      clearInterval(pingTimer)
      pingTimer = setInterval(() => sendOn(ws, { type: 'ping' }), PING_INTERVAL_MS)
      const isReconnect = hasBeenReady
      hasBeenReady = true
      handlers.onReady(stream, isReconnect)
      return
    }
    handlers.onMessage(message, stream)
  }

  const handleClose = (ws: WebSocket, code: number) => {
    if (socket !== ws) return
    socket = null
    if (readySocket === ws) readySocket = null
    clearInterval(pingTimer)
    if (isClosed) return
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
        else setStatus('offline')
      },
      () => scheduleReconnect(),
    )
  }

  function connect() {
    if (isClosed) return
    if (!getSession()?.token || typeof WebSocket === 'undefined') {
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
      const token = getSession()?.token
      if (token) sendOn(ws, { type: 'auth', token })
    }
    ws.onmessage = (event: MessageEvent) => handleMessage(ws, event.data)
    ws.onclose = (event: CloseEvent) => handleClose(ws, event.code)
  }

  connect()

  return {
    ...stream,
    close: () => {
      isClosed = true
      clearTimeout(reconnectTimer)
      clearInterval(pingTimer)
      readySocket = null
      if (socket) {
        const ws = socket
        socket = null
        ws.onopen = null
        ws.onmessage = null
        ws.onclose = null
        ws.close(NORMAL_CLOSURE)
      }
    },
  }
}
