import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { openStream } from '@/lib/stream-client'
import { accountMetricsKeys } from '../api/account-metrics'

/** Reloads wait this long after the last notice: a burst of closes costs one reload. */
export const METRICS_REFRESH_DEBOUNCE_MS = 300

/**
 * The metrics page live: the app's one stream client watching the shown account; when a trade
 * closes on it (`analytics-changed`) or the account itself changes (a pass, a breach), its
 * metrics are reloaded once, debounced; after a dropped connection, once when it is back. No
 * polling.
 */
export function useAccountMetricsLive(accountId: string | null): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!accountId) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const refresh = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: accountMetricsKeys.metrics(accountId) })
      }, METRICS_REFRESH_DEBOUNCE_MS)
    }
    const stream = openStream({
      onReady: (ready, isReconnect) => {
        ready.send({ type: 'account', accountId })
        if (isReconnect) refresh()
      },
      onMessage: (message) => {
        if (message.type === 'analytics-changed' && message.accountId === accountId) refresh()
        if (message.type === 'account-patch' && message.accountId === accountId) {
          if (message.parts.account) refresh()
        }
      },
    })
    return () => {
      clearTimeout(timer)
      stream.close()
    }
  }, [accountId, queryClient])
}
