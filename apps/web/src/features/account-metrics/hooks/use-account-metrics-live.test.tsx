import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MetaStatsAccountMetricsResponse } from '@tp/api/analytics'
import type { StreamServerMessage } from '@tp/api/trading'
import { computeAccountMetrics } from '@tp/domain/analytics'
import { getRulebook } from '@tp/domain/plans'
import type { StreamHandlers } from '@/lib/stream-client'
import { accountMetricsKeys } from '../api/account-metrics'
import {
  LIVE_POINT_EVERY_MS,
  METRICS_REFRESH_DEBOUNCE_MS,
  useAccountMetricsLive,
} from './use-account-metrics-live'

// The metrics page live: the stream's account pushes extend the curve with the floors of the
// live evaluator's meters; a closed trade reloads the metrics once, debounced.

const opened: StreamHandlers[] = []
const sent: unknown[] = []
vi.mock('@/lib/stream-client', () => ({
  openStream: (handlers: StreamHandlers) => {
    opened.push(handlers)
    return { send: (message: unknown) => sent.push(message), close: vi.fn() }
  },
}))

const accountId = '11111111-1111-4111-8111-111111111111'
const START = Date.parse('2026-03-02T14:00:00Z')

function held(): MetaStatsAccountMetricsResponse['data'] {
  const rules = getRulebook('twoPhase.phase1', 'v1', 10)
  const metrics = computeAccountMetrics({
    rules,
    history: { snapshots: [{ t: new Date(START).toISOString(), balance: 10_000, equity: 10_000 }] },
    sizeK: 10,
  })
  return { accountId, currency: 'USD', version: 1, metrics }
}

/** What the stream pushes of an account: only the parts the hook reads matter here. */
function accountMessage(equity: number, dailyFloor: number, maxFloor: number) {
  const meter = (floor: number) => ({
    floor,
    distance: 0,
    allowance: 0,
    usedPercent: 0,
    warning: 0,
  })
  return {
    type: 'account',
    version: 1,
    state: {
      account: { id: accountId },
      figures: { balance: 1_000_000, equity },
      meters: { status: 'active', dailyLoss: meter(dailyFloor), maxLoss: meter(maxFloor) },
    },
  } as unknown as StreamServerMessage
}

let client: QueryClient
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
)

beforeEach(() => {
  vi.useFakeTimers({ now: START + 3_600_000 })
  opened.length = 0
  sent.length = 0
  client = new QueryClient()
  client.setQueryData(accountMetricsKeys.metrics(accountId), held())
})
afterEach(() => {
  vi.useRealTimers()
})

const points = () =>
  client.getQueryData<MetaStatsAccountMetricsResponse['data']>(
    accountMetricsKeys.metrics(accountId),
  )!.metrics.curve.points

describe('useAccountMetricsLive', () => {
  it('subscribes to the account and extends the curve with the floors in force, throttled', () => {
    renderHook(() => useAccountMetricsLive(accountId), { wrapper })
    const stream = opened[0]!
    act(() => stream.onReady({ send: (m) => sent.push(m) }, false))
    expect(sent).toEqual([{ type: 'account', accountId }])

    act(() => stream.onMessage(accountMessage(990_000, 940_000, 880_000), { send: vi.fn() }))
    expect(points()).toHaveLength(2)
    expect(points().at(-1)).toEqual({
      tMs: START + 3_600_000,
      balance: 1_000_000,
      equity: 990_000,
      dailyFloor: 940_000,
      maxFloor: 880_000,
    })
    // within the throttle: no new point
    vi.advanceTimersByTime(LIVE_POINT_EVERY_MS - 1)
    act(() => stream.onMessage(accountMessage(980_000, 940_000, 880_000), { send: vi.fn() }))
    expect(points()).toHaveLength(2)
    vi.advanceTimersByTime(1)
    act(() => stream.onMessage(accountMessage(980_000, 940_000, 880_000), { send: vi.fn() }))
    expect(points()).toHaveLength(3)
    expect(points().at(-1)!.equity).toBe(980_000)
  })

  it('reloads the metrics once after a burst of closed trades', () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    renderHook(() => useAccountMetricsLive(accountId), { wrapper })
    const stream = opened[0]!
    const closed = { type: 'analytics-changed', accountId, version: 2 } as StreamServerMessage
    act(() => {
      stream.onMessage(closed, { send: vi.fn() })
      stream.onMessage({ ...closed, version: 3 } as StreamServerMessage, { send: vi.fn() })
    })
    vi.advanceTimersByTime(METRICS_REFRESH_DEBOUNCE_MS - 1)
    expect(invalidate).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(invalidate).toHaveBeenCalledTimes(1)
    expect(invalidate).toHaveBeenCalledWith({ queryKey: accountMetricsKeys.metrics(accountId) })
  })
})
