import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { riskDeskBreachWindowHours } from '@tp/api/admin-risk'
import { openStream, type StreamStatus } from '@/lib/stream-client'
import { riskViewQueryKey, type RiskView } from '../api/risk'

const HOUR_MS = 3_600_000

/**
 * The live risk view through the app's one stream client: subscribes to the admin topic
 * `risk-desk` and merges what it pushes into the page's query data: each ranking replaces the
 * "nearest to breach" list (the server sends one at most every second, only when it changed), a
 * breach joins the top of the last 24 hours' list (and leaves the ranking). After a dropped
 * connection the page's data is loaded again once it is back. No polling.
 */
export function useRiskDeskLive(): { status: StreamStatus; error: string | null } {
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<StreamStatus>('connecting')
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const update = (change: (held: RiskView) => RiskView) =>
      queryClient.setQueryData<RiskView>(riskViewQueryKey, (held) => (held ? change(held) : held))
    const stream = openStream({
      onReady: (ready, isReconnect) => {
        setError(null)
        ready.send({ type: 'risk-desk', isWatching: true })
        if (isReconnect) void queryClient.invalidateQueries({ queryKey: riskViewQueryKey })
      },
      onMessage: (message) => {
        if (message.type === 'risk-nearest') {
          update((held) => ({ ...held, nearest: message.nearest }))
        } else if (message.type === 'risk-breach') {
          const { breach } = message
          update((held) => {
            const since = new Date(Date.now() - riskDeskBreachWindowHours * HOUR_MS).toISOString()
            const others = held.breaches.filter(
              (row) => row.accountId !== breach.accountId && row.t >= since,
            )
            return {
              ...held,
              since,
              breaches: [breach, ...others],
              nearest: {
                ...held.nearest,
                accounts: held.nearest.accounts.filter((row) => row.accountId !== breach.accountId),
              },
            }
          })
        } else if (message.type === 'error') {
          setError(message.message)
        }
      },
      onStatus: setStatus,
    })
    return () => stream.close()
  }, [queryClient])
  return { status, error }
}
