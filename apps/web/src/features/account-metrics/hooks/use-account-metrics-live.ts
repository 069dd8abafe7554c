import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { MetaStatsAccountMetricsResponse } from '@tp/api/analytics'
import type { AccountFigures, RuleMeters } from '@tp/api/trading'
import { openStream } from '@/lib/stream-client'
import { accountMetricsKeys } from '../api/account-metrics'

/** Reloads wait this long after the last notice: a burst of closes costs one reload. */
export const METRICS_REFRESH_DEBOUNCE_MS = 300
/** The live end of the curve takes a point at most this often (the stream pushes every 250 ms). */
export const LIVE_POINT_EVERY_MS = 2_000
/** Live points kept at the end of the curve (an hour at one every 2 s) until the next reload. */
export const MAX_LIVE_POINTS = 1_800

type Held = MetaStatsAccountMetricsResponse['data']

/**
 * The metrics page live, through the app's one stream client watching the shown account: the
 * account's equity and balance as the stream pushes them extend the curve with the floors then in
 * force (the live evaluator's meters), at most one point per LIVE_POINT_EVERY_MS; when a trade
 * closes (`analytics-changed`) or the account itself changes (a pass, a breach) the metrics are
 * reloaded once, debounced; after a dropped connection, once when it is back. No polling.
 */
export function useAccountMetricsLive(accountId: string | null): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!accountId) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let figures: AccountFigures | null = null
    let meters: RuleMeters | null = null
    let lastPointMs = 0
    /** live points at the end of the curve held now */
    let liveCount = 0
    const key = accountMetricsKeys.metrics(accountId)

    const refresh = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: key })
      }, METRICS_REFRESH_DEBOUNCE_MS)
    }

    const extendCurve = () => {
      const nowMs = Date.now()
      if (!figures || !meters || meters.status !== 'active') return
      if (nowMs - lastPointMs < LIVE_POINT_EVERY_MS) return
      const point = {
        tMs: nowMs,
        balance: figures.balance,
        equity: figures.equity,
        dailyFloor: meters.dailyLoss?.floor ?? null,
        maxFloor: meters.maxLoss?.floor ?? null,
      }
      queryClient.setQueryData<Held>(key, (held) => {
        if (!held || held.metrics.curve.status !== 'active') return held
        const points = held.metrics.curve.points
        if (points.length > 0 && points.at(-1)!.tMs >= nowMs) return held
        // a reload brought the server's curve: no live point of ours is in it
        if (points.at(-1)?.tMs !== lastPointMs) liveCount = 0
        const first = points.length - liveCount
        const kept =
          liveCount >= MAX_LIVE_POINTS
            ? [...points.slice(0, first), ...points.slice(first + 1)]
            : points
        liveCount = Math.min(liveCount + 1, MAX_LIVE_POINTS)
        lastPointMs = nowMs
        const curve = { ...held.metrics.curve, points: [...kept, point] }
        return { ...held, metrics: { ...held.metrics, curve } }
      })
    }

    const stream = openStream({
      onReady: (ready, isReconnect) => {
        ready.send({ type: 'account', accountId })
        if (isReconnect) refresh()
      },
      onMessage: (message) => {
        if (message.type === 'analytics-changed' && message.accountId === accountId) {
          refresh()
          return
        }
        if (message.type === 'account' && message.state.account.id === accountId) {
          figures = message.state.figures
          meters = message.state.meters
          extendCurve()
          return
        }
        if (message.type === 'account-patch' && message.accountId === accountId) {
          if (message.parts.account) refresh()
          if (message.parts.figures) figures = message.parts.figures
          if (message.parts.meters) meters = message.parts.meters
          if (message.parts.figures || message.parts.meters) extendCurve()
        }
      },
    })
    return () => {
      clearTimeout(timer)
      stream.close()
    }
  }, [accountId, queryClient])
}
