import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { TotalStatsDto } from '@tp/api/analytics'
import type { AccountFigures } from '@tp/api/trading'
import { accountEventKeys } from '@/lib/account-event-keys'
import { openStream } from '@/lib/stream-client'
import { analyticsQueryKeys } from '../api/query-keys'

// The dashboard's live figures: one WebSocket to /api/stream through the app's one stream client
// (lib/stream-client.ts, decision 0022), watching the shown account. Its balance and equity follow
// the account state the stream pushes (only changed parts, at most every 250 ms). When the server says a trade
// closed on it (`analytics-changed`, newer than the figures held), the account's analytics queries
// are invalidated once, however many notices arrive within ANALYTICS_REFRESH_DEBOUNCE_MS. No polling: the client retries a dropped
// connection with backoff, and the figures are refetched when it is back (a notice may have been
// missed meanwhile). The account's recorded violations (lib/account-event-keys) refresh with them.

export const ANALYTICS_REFRESH_DEBOUNCE_MS = 300

export function useAnalyticsLive(accountId: string | null): void {
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!accountId) return
    let refreshTimer: ReturnType<typeof setTimeout> | undefined

    const refresh = () => {
      clearTimeout(refreshTimer)
      refreshTimer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: analyticsQueryKeys.account(accountId) })
        // the firm records a rule violation as it acts on it (a position closed, a status)
        void queryClient.invalidateQueries({ queryKey: accountEventKeys.account(accountId) })
      }, ANALYTICS_REFRESH_DEBOUNCE_MS)
    }

    const showFigures = ({ balance, equity }: AccountFigures) => {
      queryClient.setQueryData<TotalStatsDto>(analyticsQueryKeys.totalStats(accountId), (held) =>
        held && (held.balance !== balance || held.equity !== equity)
          ? { ...held, balance, equity }
          : held,
      )
    }

    const stream = openStream({
      onReady: (connection, isReconnect) => {
        connection.send({ type: 'account', accountId })
        if (isReconnect) refresh()
      },
      onMessage: (message) => {
        // equity moves: the account's state (whole on subscribing, then its changed parts)
        // carries the platform's balance and equity, shown on the Balance/Equity card as they move
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
        const held = queryClient.getQueryData<TotalStatsDto>(
          analyticsQueryKeys.totalStats(accountId),
        )
        // versions count per server process (a restart begins at 1 again): any other version is news
        if (held && held.version === message.version) return
        refresh()
      },
    })

    return () => {
      clearTimeout(refreshTimer)
      stream.close()
    }
  }, [accountId, queryClient])
}
