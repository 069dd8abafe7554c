import { buildTradeLedger, type DayReset, type Trade, type TradeLedger } from '@tp/domain'
import type {
  AccountEvent,
  PlatformClosedTrade,
  TradingPlatform,
} from '../../integrations/trading-platform/trading-platform'

// The dashboard's analytics of each account (POST /api/metaStats/*), computed by @tp/domain over
// the platform's closed trades, cached per account and version. The version of an account moves
// when a deal closes a position (position-closed, stop-out); the trades are then read again on the
// next request, once for every request arriving meanwhile. Each view of a version (summary cards,
// charts, recent trades) is computed once and its answer shared, so 50 dashboards of one account
// with 10,000 trades read one ledger and compute each view once.

/** Trades read from the platform per page (newest first). */
const PAGE_SIZE = 1000
/**
 * What stays in memory, least recently used dropped first: at most this many accounts, and their
 * trades together at most MAX_TRADES (about 40 MB; the account asked for last always stays).
 */
const MAX_ACCOUNTS = 500
const MAX_TRADES = 100_000

/** The ledger's wall clock: the product's trading day is New York's (decisions.md). */
export const ANALYTICS_TIME_ZONE = 'America/New_York'

export type AccountLedger = {
  version: number
  ledger: TradeLedger
  /** computes a view of this version once, by key (a view over "now" puts the day in its key) */
  view<T>(key: string, compute: (ledger: TradeLedger) => T): T
}

type Entry = {
  version: number
  loading: Promise<AccountLedger>
  /** its closed trades, once read */
  trades: number
}

/** Whether a platform event adds a closing deal to the account's history. */
export function isDealAdded(event: AccountEvent): boolean {
  return event.type === 'position-closed' || (event.type === 'stop-out' && event.closed.length > 0)
}

/** A closing deal of the platform as the domain's trade (amounts in account currency, lots). */
export function toDomainTrade(trade: PlatformClosedTrade): Trade {
  return {
    id: trade.id,
    symbol: trade.symbol,
    side: trade.side,
    volume: trade.volume / 100,
    openTime: new Date(trade.openTimeMs).toISOString(),
    closeTime: new Date(trade.closeTimeMs).toISOString(),
    // prices stay integer points: the views pass them through to the recent trades
    openPrice: trade.openPrice,
    closePrice: trade.closePrice,
    profit: trade.profit / 100,
    commission: trade.commission / 100,
    swap: trade.swap / 100,
  }
}

export class AnalyticsCache {
  /** by the platform's account id; an account never changed in this process is at version 1 */
  private readonly versions = new Map<string, number>()
  private readonly entries = new Map<string, Entry>()
  private readonly listeners = new Set<(externalId: string, version: number) => void>()
  /** reads of the platform's trades, for tests and benchmarks */
  loads = 0

  constructor(private readonly platform: TradingPlatform) {}

  /** Fed every platform event (before the live hub, so the hub sends the new version). */
  onAccountEvent(externalId: string, event: AccountEvent): void {
    if (!isDealAdded(event)) return
    const version = this.versionOf(externalId) + 1
    this.versions.set(externalId, version)
    this.entries.delete(externalId)
    for (const listener of this.listeners) listener(externalId, version)
  }

  /** For tests and benchmarks: called when an account's analytics change. */
  onChanged(listener: (externalId: string, version: number) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  versionOf(externalId: string): number {
    return this.versions.get(externalId) ?? 1
  }

  /** The account's ledger at its current version: read once, shared by concurrent requests. */
  ledgerOf(externalId: string, dayReset: DayReset): Promise<AccountLedger> {
    const version = this.versionOf(externalId)
    const entry = this.entries.get(externalId)
    if (entry && entry.version === version) {
      // most recently used last
      this.entries.delete(externalId)
      this.entries.set(externalId, entry)
      return entry.loading
    }
    const loading = this.load(externalId, version, dayReset)
    const fresh: Entry = { version, loading, trades: 0 }
    this.entries.set(externalId, fresh)
    loading.then(
      (source) => {
        fresh.trades = source.ledger.count
        this.evict()
      },
      // a failed read is not kept: the next request tries again
      () => {
        if (this.entries.get(externalId) === fresh) this.entries.delete(externalId)
      },
    )
    this.evict()
    return loading
  }

  /** Drops the least recently used accounts beyond the limits (never the last one asked for). */
  private evict(): void {
    let trades = 0
    for (const entry of this.entries.values()) trades += entry.trades
    for (const [externalId, entry] of this.entries) {
      if (this.entries.size <= 1) break
      if (this.entries.size <= MAX_ACCOUNTS && trades <= MAX_TRADES) break
      this.entries.delete(externalId)
      trades -= entry.trades
    }
  }

  clear(): void {
    this.entries.clear()
  }

  private async load(
    externalId: string,
    version: number,
    dayReset: DayReset,
  ): Promise<AccountLedger> {
    this.loads++
    const trades: Trade[] = []
    let before: { beforeMs: number; beforeId: string } | null = null
    for (;;) {
      const page: { trades: PlatformClosedTrade[]; hasMore: boolean } =
        await this.platform.listClosedTrades(externalId, { limit: PAGE_SIZE, ...before })
      for (const trade of page.trades) trades.push(toDomainTrade(trade))
      const last = page.trades.at(-1)
      if (!page.hasMore || !last) break
      before = { beforeMs: last.closeTimeMs, beforeId: last.id }
    }
    // oldest first, as the platform's history reads (the views do not depend on the order)
    trades.reverse()
    const ledger = buildTradeLedger(trades, { timeZone: ANALYTICS_TIME_ZONE, dayReset })
    const views = new Map<string, unknown>()
    return {
      version,
      ledger,
      view<T>(key: string, compute: (ledger: TradeLedger) => T): T {
        if (views.has(key)) return views.get(key) as T
        const value = compute(ledger)
        views.set(key, value)
        return value
      },
    }
  }
}
