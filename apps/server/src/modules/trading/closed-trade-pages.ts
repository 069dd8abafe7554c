import type { ClosedTradeDto } from '@tp/api'

// Pages of an account's closed trades (GET /trading/accounts/:id/history) kept in process
// (decision 0040), per account and version of its closed trades: the version is the analytics
// cache's (modules/analytics/analytics-cache.ts), which moves on the platform's event of every
// deal that closes a position (position-closed, stop-out), emitted after the deal is written.
//   - a page is served only at the version it was read at: the next request after a closing deal
//     reads the platform again;
//   - a read that began before the version moved is not stored (its version is taken first);
//   - a page is at most MAX_AGE_MS old, whatever the events (a platform whose events lag its
//     history); each account keeps at most MAX_PAGES pages, the cache MAX_ACCOUNTS accounts.
// The pages are frozen: every request of a version shares them.

export const CLOSED_TRADE_PAGES_MAX_AGE_MS = 5_000
const MAX_ACCOUNTS = 10_000
const MAX_PAGES = 16

/** frozen at run time (freezePage); typed as the route's answer */
export type ClosedTradePage = { readonly trades: ClosedTradeDto[]; readonly hasMore: boolean }

/** What tells an account's version of its closed trades (the analytics cache). */
export type ClosedTradeVersions = { versionOf(externalId: string): number }

type Entry = { version: number; pages: Map<string, { page: ClosedTradePage; storedAtMs: number }> }

export class ClosedTradePages {
  private readonly byAccount = new Map<string, Entry>()

  constructor(
    private readonly versions: ClosedTradeVersions,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  /** The version to read at: take it before reading the platform, give it to `store`. */
  versionOf(externalId: string): number {
    return this.versions.versionOf(externalId)
  }

  get(externalId: string, key: string): ClosedTradePage | undefined {
    const entry = this.byAccount.get(externalId)
    if (!entry || entry.version !== this.versions.versionOf(externalId)) return undefined
    const stored = entry.pages.get(key)
    if (!stored) return undefined
    if (this.nowMs() - stored.storedAtMs >= CLOSED_TRADE_PAGES_MAX_AGE_MS) {
      entry.pages.delete(key)
      return undefined
    }
    return stored.page
  }

  /** Keeps a page read at `version`, unless the account's closed trades moved since. */
  store(externalId: string, key: string, page: ClosedTradePage, version: number): void {
    if (version !== this.versions.versionOf(externalId)) return
    let entry = this.byAccount.get(externalId)
    if (!entry || entry.version !== version) {
      if (!entry && this.byAccount.size >= MAX_ACCOUNTS) this.byAccount.clear()
      entry = { version, pages: new Map() }
      this.byAccount.set(externalId, entry)
    }
    if (entry.pages.size >= MAX_PAGES) entry.pages.clear()
    entry.pages.set(key, { page, storedAtMs: this.nowMs() })
  }

  clear(): void {
    this.byAccount.clear()
  }
}

/** A page as kept: frozen, shared by every request of its version. */
export function freezePage(trades: ClosedTradeDto[], hasMore: boolean): ClosedTradePage {
  for (const trade of trades) Object.freeze(trade)
  return Object.freeze({ trades: Object.freeze(trades) as ClosedTradeDto[], hasMore })
}
