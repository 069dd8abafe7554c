import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { TotalStatsDto } from '@tp/api/analytics'
import { streamCloseCodes, streamServerMessageSchema, type AccountFigures } from '@tp/api/trading'
import { refreshAccessToken } from '@/lib/api-client'
import { getSession } from '@/lib/session'
import { analyticsQueryKeys } from '../api/query-keys'

// The dashboard's live figures: one WebSocket to /api/stream (the terminal's, decision 0022),
// authenticated with the stored token, watching the shown account. Its balance and equity follow
// the account state the stream pushes (only changed parts, at most every 250 ms). When the server says a trade
// closed on it (`analytics-changed`, newer than the figures held), the account's analytics queries
// are invalidated once, however many notices arrive within ANALYTICS_REFRESH_DEBOUNCE_MS. No polling: a dropped connection is
// retried with backoff, and the figures are refetched when it is back (a notice may have been
// missed meanwhile).

export const ANALYTICS_REFRESH_DEBOUNCE_MS = 300
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const
const PING_INTERVAL_MS = 25_000
const SOCKET_OPEN = 1
const NORMAL_CLOSURE = 1000

function send(socket: WebSocket, message: unknown) {
  if (socket.readyState === SOCKET_OPEN) socket.send(JSON.stringify(message))
}

export function useAnalyticsLive(accountId: string | null): void {
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!accountId) return
    let socket: WebSocket | null = null
    let attempt = 0
    let hasBeenReady = false
    let isDisposed = false
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined
    let refreshTimer: ReturnType<typeof setTimeout> | undefined
    let pingTimer: ReturnType<typeof setInterval> | undefined

    const refresh = () => {
      clearTimeout(refreshTimer)
      refreshTimer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: analyticsQueryKeys.account(accountId) })
      }, ANALYTICS_REFRESH_DEBOUNCE_MS)
    }

    const showFigures = ({ balance, equity }: AccountFigures) => {
      queryClient.setQueryData<TotalStatsDto>(analyticsQueryKeys.totalStats(accountId), (held) =>
        held && (held.balance !== balance || held.equity !== equity)
          ? { ...held, balance, equity }
          : held,
      )
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
      if (message.type === 'ready') {
        attempt = 0
        send(ws, { type: 'account', accountId })
        clearInterval(pingTimer)
        pingTimer = setInterval(() => send(ws, { type: 'ping' }), PING_INTERVAL_MS)
        if (hasBeenReady) refresh()
        hasBeenReady = true
        return
      }
      // equity moves: the account's state (whole on subscribing, then its changed parts) carries
      // the platform's balance and equity, shown on the Balance/Equity card as they move
      if (message.type === 'account' && message.state.account.id === accountId) {
        showFigures(message.state.figures)
        return
      }
      if (message.type === 'account-patch' && message.accountId === accountId) {
        if (message.parts.figures) showFigures(message.parts.figures)
        // a pass or a breach changes the account (its status) with no closed trade of its own
        if (message.parts.account) refresh()
        return
      }
      if (message.type !== 'analytics-changed' || message.accountId !== accountId) return
      const held = queryClient.getQueryData<TotalStatsDto>(analyticsQueryKeys.totalStats(accountId))
      // versions count per server process (a restart begins at 1 again): any other version is news
      if (held && held.version === message.version) return
      refresh()
    }

    const handleClose = (ws: WebSocket, code: number) => {
      if (socket !== ws) return
      socket = null
      clearInterval(pingTimer)
      if (isDisposed || code === streamCloseCodes.forbidden) return
      if (code !== streamCloseCodes.unauthenticated) {
        scheduleReconnect()
        return
      }
      refreshAccessToken().then(
        (token) => {
          if (token) scheduleReconnect()
        },
        () => scheduleReconnect(),
      )
    }

    function connect() {
      if (isDisposed) return
      if (!getSession()?.token || typeof WebSocket === 'undefined') return
      let ws: WebSocket
      try {
        ws = new WebSocket(`${window.location.origin.replace(/^http/, 'ws')}/api/stream`)
      } catch {
        scheduleReconnect()
        return
      }
      socket = ws
      ws.onopen = () => {
        const token = getSession()?.token
        if (token) send(ws, { type: 'auth', token })
      }
      ws.onmessage = (event: MessageEvent) => handleMessage(ws, event.data)
      ws.onclose = (event: CloseEvent) => handleClose(ws, event.code)
    }

    connect()

    return () => {
      isDisposed = true
      clearTimeout(reconnectTimer)
      clearTimeout(refreshTimer)
      clearInterval(pingTimer)
      if (socket) {
        const ws = socket
        socket = null
        ws.onopen = null
        ws.onmessage = null
        ws.onclose = null
        ws.close(NORMAL_CLOSURE)
      }
    }
  }, [accountId, queryClient])
}
