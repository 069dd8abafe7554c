import { describe, expect, it } from 'vitest'
import type {
  AccountEvent,
  PlatformClosedTrade,
  TradingPlatform,
} from '../src/integrations/trading-platform/trading-platform'
import { AnalyticsCache } from '../src/modules/analytics/analytics-cache'

// The dashboard analytics' cache on its own, over a platform double: every closed trade read
// through the port's pages, one read per version however many ask at once, a new version only
// when a deal closes a position, and a bounded memory.

const DAY_RESET = { timeZone: 'America/New_York', time: '17:00' }
const T0 = Date.parse('2027-03-01T15:00:00Z')

function closedTrade(i: number, profitCents: number): PlatformClosedTrade {
  return {
    id: String(i),
    positionId: String(i),
    symbol: 'EURUSD',
    side: 'buy',
    volume: 10,
    openPrice: 108_000,
    closePrice: 108_100,
    openTimeMs: T0 + i * 60_000,
    closeTimeMs: T0 + i * 60_000 + 30_000,
    profit: profitCents,
    swap: 0,
    commission: 0,
    reason: 'client',
  }
}

/** The port's listClosedTrades over fixed trades per account (newest first, by page). */
function platformWith(tradesByAccount: Record<string, PlatformClosedTrade[]>) {
  const calls: { externalId: string; beforeId?: string | undefined; limit: number }[] = []
  const platform = {
    async listClosedTrades(
      externalId: string,
      options: { beforeMs?: number; beforeId?: string; limit: number },
    ) {
      calls.push({ externalId, beforeId: options.beforeId, limit: options.limit })
      const newestFirst = [...(tradesByAccount[externalId] ?? [])].sort(
        (a, b) => b.closeTimeMs - a.closeTimeMs || Number(b.id) - Number(a.id),
      )
      const from =
        options.beforeId === undefined
          ? 0
          : newestFirst.findIndex((t) => t.id === options.beforeId) + 1
      const page = newestFirst.slice(from, from + options.limit)
      return { trades: page, hasMore: from + options.limit < newestFirst.length }
    },
  }
  return { platform: platform as unknown as TradingPlatform, calls }
}

const closed = (trade: PlatformClosedTrade): AccountEvent => ({
  type: 'position-closed',
  tMs: trade.closeTimeMs,
  trade,
  totals: null,
})

describe('the analytics cache', () => {
  it('reads every closed trade page by page, as the domain’s trades', async () => {
    const trades = Array.from({ length: 2_345 }, (_, i) => closedTrade(i, i % 2 === 0 ? 150 : -50))
    const { platform, calls } = platformWith({ a: trades })
    const cache = new AnalyticsCache(platform)
    const source = await cache.ledgerOf('a', DAY_RESET)
    expect(source.ledger.count).toBe(2_345)
    // 1,173 wins of 1.50 and 1,172 losses of 0.50 -> 1,173 x 150 - 1,172 x 50 cents
    let sum = 0
    for (let i = 0; i < source.ledger.count; i++) sum += source.ledger.resultCents[i]!
    expect(sum).toBe(1_173 * 150 - 1_172 * 50)
    expect(source.ledger.volume[0]).toBe(0.1)
    expect(calls.map((c) => c.beforeId)).toEqual([undefined, '1345', '345'])
  })

  it('reads once for many concurrent requests, and computes each view once per version', async () => {
    const { platform, calls } = platformWith({ a: [closedTrade(1, 100)] })
    const cache = new AnalyticsCache(platform)
    const sources = await Promise.all(
      Array.from({ length: 50 }, () => cache.ledgerOf('a', DAY_RESET)),
    )
    expect(calls).toHaveLength(1)
    expect(cache.loads).toBe(1)
    expect(new Set(sources).size).toBe(1)
    let computed = 0
    for (const source of sources) source.view('v', () => ++computed)
    expect(computed).toBe(1)
  })

  it('moves to a new version when a deal closes a position, not on other events', async () => {
    const trades = [closedTrade(1, 100)]
    const { platform } = platformWith({ a: trades })
    const cache = new AnalyticsCache(platform)
    const changes: [string, number][] = []
    cache.onChanged((externalId, version) => changes.push([externalId, version]))
    const first = await cache.ledgerOf('a', DAY_RESET)
    expect(first.version).toBe(1)

    cache.onAccountEvent('a', { type: 'equity', tMs: T0, balance: 1, equity: 1 })
    cache.onAccountEvent('a', { type: 'stop-out', tMs: T0, closed: [] })
    expect(await cache.ledgerOf('a', DAY_RESET)).toBe(first)

    const next = closedTrade(2, -40)
    trades.push(next)
    cache.onAccountEvent('a', closed(next))
    const second = await cache.ledgerOf('a', DAY_RESET)
    expect(second.version).toBe(2)
    expect(second.ledger.count).toBe(2)
    expect(cache.loads).toBe(2)

    const stopped = [closedTrade(3, -10), closedTrade(4, -20)]
    trades.push(...stopped)
    cache.onAccountEvent('a', { type: 'stop-out', tMs: T0, closed: stopped })
    expect(cache.versionOf('a')).toBe(3)
    expect((await cache.ledgerOf('a', DAY_RESET)).ledger.count).toBe(4)
    expect(changes).toEqual([
      ['a', 2],
      ['a', 3],
    ])
  })

  it('keeps at most 100,000 trades in memory, dropping the least recently used account', async () => {
    const big = (from: number) => Array.from({ length: 40_000 }, (_, i) => closedTrade(from + i, 1))
    const { platform } = platformWith({ a: big(0), b: big(100_000), c: big(200_000) })
    const cache = new AnalyticsCache(platform)
    await cache.ledgerOf('a', DAY_RESET)
    await cache.ledgerOf('b', DAY_RESET)
    await cache.ledgerOf('a', DAY_RESET) // a used last: b is the oldest
    expect(cache.loads).toBe(2)
    await cache.ledgerOf('c', DAY_RESET) // 120,000 trades: b goes
    await cache.ledgerOf('a', DAY_RESET)
    expect(cache.loads).toBe(3)
    await cache.ledgerOf('b', DAY_RESET)
    expect(cache.loads).toBe(4)
  })
})
