import type { StreamServerMessage } from '@tp/api'
import type { AppContext } from '../../context'
import { listRecentBreaches } from '../admin-risk/list-recent-breaches'
import { rankNearestAccounts } from '../admin-risk/rank-nearest-accounts'
import type { StreamConnection } from './live-hub'

// The live stream's admin topic `risk-desk` (decision 0038): while at least one admin watches,
// the ranking of the accounts nearest to a breach is taken once per interval (RANK_INTERVAL_MS)
// from the risk monitor's evaluators, serialised once and sent as the same bytes to every
// watching admin, and only when it changed (an unchanged ranking sends nothing); a watcher that
// subscribes gets the last ranking at once. A breach is sent to every watcher once it is stored
// (the lifecycle's breachRecorded). Nothing runs while nobody watches. Who may watch is the access
// policy's (the stream route asks it, with the role read from the database again).

const RANK_INTERVAL_MS = 1_000

/** What a ranking found (for tests and benchmarks). */
export type RiskDeskBuild = {
  /** the ranking differed from the last one and was sent */
  isSent: boolean
  accounts: number
  watchers: number
}

export class RiskDeskFeed {
  private readonly watchers = new Set<StreamConnection>()
  private readonly buildListeners = new Set<(build: RiskDeskBuild) => void>()
  private ctx: AppContext | null = null
  private timer: NodeJS.Timeout | null = null
  private stopBreaches: (() => void) | null = null
  private isBuilding = false
  /** the last ranking's accounts, serialised (to tell a change) */
  private lastAccountsJson: string | null = null
  /** the last `risk-nearest` message sent, for a watcher that subscribes */
  private lastJson: string | null = null

  constructor(
    private readonly onBreachRecorded: (
      listener: (accountId: string, breachMs: number) => void,
    ) => () => void,
  ) {}

  start(ctx: AppContext): void {
    this.ctx = ctx
  }

  stop(): void {
    this.watchers.clear()
    this.idle()
  }

  get watcherCount(): number {
    return this.watchers.size
  }

  /** Starts sending the risk desk to a connection the access policy let through. */
  watch(connection: StreamConnection): void {
    if (this.watchers.has(connection)) return
    this.watchers.add(connection)
    if (this.watchers.size === 1) {
      this.timer = setInterval(() => void this.rank(), RANK_INTERVAL_MS)
      this.timer.unref()
      this.stopBreaches = this.onBreachRecorded((accountId) => void this.breach(accountId))
    }
    if (this.lastJson !== null) connection.sendRaw(this.lastJson)
    else void this.rank()
  }

  unwatch(connection: StreamConnection): void {
    if (!this.watchers.delete(connection)) return
    if (this.watchers.size === 0) this.idle()
  }

  /** For tests and benchmarks: called after each ranking. */
  onBuilt(listener: (build: RiskDeskBuild) => void): () => void {
    this.buildListeners.add(listener)
    return () => this.buildListeners.delete(listener)
  }

  private idle(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    this.stopBreaches?.()
    this.stopBreaches = null
    // whoever watches next gets a fresh ranking
    this.lastAccountsJson = null
    this.lastJson = null
  }

  /** Takes the ranking once and sends it to every watcher when it changed. */
  private async rank(): Promise<void> {
    const ctx = this.ctx
    if (!ctx || this.isBuilding || this.watchers.size === 0) return
    this.isBuilding = true
    try {
      const nearest = await rankNearestAccounts(ctx)
      if (this.watchers.size === 0) return
      const accountsJson = JSON.stringify(nearest.accounts)
      const isSent = accountsJson !== this.lastAccountsJson
      if (isSent) {
        this.lastAccountsJson = accountsJson
        this.lastJson = JSON.stringify({
          type: 'risk-nearest',
          nearest,
        } satisfies StreamServerMessage)
        for (const watcher of this.watchers) watcher.sendRaw(this.lastJson)
      }
      const build = { isSent, accounts: nearest.accounts.length, watchers: this.watchers.size }
      for (const listener of this.buildListeners) listener(build)
    } catch (error) {
      ctx.logger.warn({ err: error }, 'stream: risk desk ranking failed')
    } finally {
      this.isBuilding = false
    }
  }

  /** A breach is stored: its evidence to every watcher (read once, the same bytes for each). */
  private async breach(accountId: string): Promise<void> {
    const ctx = this.ctx
    if (!ctx || this.watchers.size === 0) return
    try {
      const [breach] = await listRecentBreaches(ctx, { accountId })
      if (!breach) return
      const json = JSON.stringify({ type: 'risk-breach', breach } satisfies StreamServerMessage)
      for (const watcher of this.watchers) watcher.sendRaw(json)
    } catch (error) {
      ctx.logger.warn({ err: error, accountId }, 'stream: risk desk breach failed')
    }
  }
}
