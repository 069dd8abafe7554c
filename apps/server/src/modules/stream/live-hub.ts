import { eq } from 'drizzle-orm'
import {
  messages,
  type AccountState,
  type QuoteDto,
  type StreamServerMessage,
  type TradingEvent,
} from '@tp/api'
import { stageLabels, type InstrumentSymbol } from '@tp/domain'
import type { AppContext } from '../../context'
import { tradingAccounts, type TradingAccountRow } from '../../db/schema'
import type {
  AccountEvent,
  PlatformQuote,
} from '../../integrations/trading-platform/trading-platform'
import { getAccountState } from '../accounts/account-state'
import { isDealAdded } from '../analytics/analytics-cache'
import { RiskDeskFeed } from './risk-desk-feed'

// The live stream's fan-out (WebSocket /api/stream): each connection gets the quotes of the
// symbols it asked for and the state of the one account it watches, pushed as they change:
// quotes at most every 100 ms (the latest of each symbol), the account's changes at most every
// 250 ms, and trading events (fills, stops, margin call, breach, pass) at once. So the terminal is
// well under a second behind the price. Quotes come from the trading platform's quote stream: the
// market's for everyone, an account's own (a scenario's script) for whoever watches that account.
//
// A closed trade changes the account's analytics (POST /api/metaStats/*): its watchers get one
// small `analytics-changed` {accountId, version} after the state's patch of that build, however
// many deals closed in the interval, and refetch the dashboard's figures once.
//
// An account's state is built once per interval for all its watchers (one feed per account, not
// per connection), each top-level part serialised once and compared with the last build: nothing
// changed, nothing is sent; otherwise one `account-patch` with the changed parts, the same bytes
// for every watcher. A watcher that does not hold the previous version (it just subscribed) gets
// the whole state (`account`) instead. The state carries no passwords (docs/decisions/0022).

export interface StreamConnection {
  readonly userId: string
  send(message: StreamServerMessage): void
  /** sends a message already serialised (the same bytes shared by every watcher) */
  sendRaw(json: string): void
}

type Watcher = {
  connection: StreamConnection
  symbols: Set<string>
  dirtySymbols: Set<string>
  accountId: string | null
  /** the feed of the watched account */
  feed: AccountFeed | null
  /** the version of the account's state this connection holds; -1: none */
  heldVersion: number
  /** the watched account's own quotes (a scenario's scripted prices), over the market's */
  accountQuotes: Map<string, PlatformQuote>
  /** false while the watched account's own quotes are read: no market quote goes out meanwhile */
  areAccountQuotesLoaded: boolean
}

type AccountStateKey = keyof AccountState

/** One watched account: its state built once per interval and shared by every watcher. */
type AccountFeed = {
  accountId: string
  watchers: Set<Watcher>
  isDirty: boolean
  isBuilding: boolean
  lastBuildMs: number
  /** counts the builds that changed something; 0: none yet */
  version: number
  /** each top-level part of the state at `version`, serialised */
  parts: Map<AccountStateKey, string>
  /** `{type:'account', state, version}` at `version`, serialised on first need */
  fullJson: string | null
  /** the analytics version a closed trade made, sent with the next build; null: none pending */
  analyticsVersion: number | null
}

/** What a build of an account's state found (for benchmarks and tests). */
export type AccountBuild = {
  accountId: string
  version: number
  /** the top-level parts that changed; empty: nothing was sent */
  changed: AccountStateKey[]
  watchers: number
}

const QUOTE_INTERVAL_MS = 100
const ACCOUNT_INTERVAL_MS = 250
const ACCOUNT_BEAT_MS = 25

export class LiveHub {
  private readonly watchers = new Map<StreamConnection, Watcher>()
  private readonly feeds = new Map<string, AccountFeed>()
  private readonly accountIdByExternal = new Map<string, string>()
  private readonly latest = new Map<string, PlatformQuote>()
  private readonly breachListeners = new Set<(accountId: string, breachMs: number) => void>()
  private readonly buildListeners = new Set<(build: AccountBuild) => void>()
  private timer: NodeJS.Timeout | null = null
  private accountTimer: NodeJS.Timeout | null = null
  private ctx: AppContext | null = null
  /** the admins' live risk view (topic `risk-desk`, decision 0038) */
  readonly riskDesk = new RiskDeskFeed((listener) => this.onBreachRecorded(listener))

  start(ctx: AppContext): void {
    this.ctx = ctx
    this.riskDesk.start(ctx)
    this.timer = setInterval(() => this.pump(), QUOTE_INTERVAL_MS)
    this.timer.unref()
    // the accounts on their own finer beat: a changing account is built every 250 ms (not every
    // 300), each on its own phase, so the builds (and their sends) are spread, not one burst
    this.accountTimer = setInterval(() => this.buildChanged(false), ACCOUNT_BEAT_MS)
    this.accountTimer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    if (this.accountTimer) clearInterval(this.accountTimer)
    this.riskDesk.stop()
    this.watchers.clear()
    this.feeds.clear()
  }

  // ---- connections -------------------------------------------------------------------------

  add(connection: StreamConnection): void {
    this.watchers.set(connection, {
      connection,
      symbols: new Set(),
      dirtySymbols: new Set(),
      accountId: null,
      feed: null,
      heldVersion: -1,
      accountQuotes: new Map(),
      areAccountQuotesLoaded: true,
    })
  }

  remove(connection: StreamConnection): void {
    const watcher = this.watchers.get(connection)
    if (watcher) this.leaveFeed(watcher)
    this.watchers.delete(connection)
    this.riskDesk.unwatch(connection)
  }

  watchQuotes(connection: StreamConnection, symbols: readonly string[]): void {
    const watcher = this.watchers.get(connection)
    if (!watcher) return
    watcher.symbols = new Set(symbols)
    // the current quote of each at once
    watcher.dirtySymbols = new Set(symbols.filter((symbol) => this.latest.has(symbol)))
  }

  /** Watches an account the connection may see (checked by the caller); null stops. */
  watchAccount(connection: StreamConnection, row: TradingAccountRow | null): void {
    const watcher = this.watchers.get(connection)
    if (!watcher) return
    this.leaveFeed(watcher)
    watcher.accountId = row?.id ?? null
    watcher.accountQuotes = new Map()
    watcher.areAccountQuotesLoaded = true
    if (!row) return
    if (row.externalId) {
      this.accountIdByExternal.set(row.externalId, row.id)
      watcher.areAccountQuotesLoaded = false
      void this.loadAccountQuotes(watcher, row.id, row.externalId)
    }
    let feed = this.feeds.get(row.id)
    if (!feed) {
      feed = {
        accountId: row.id,
        watchers: new Set(),
        isDirty: true,
        isBuilding: false,
        lastBuildMs: 0,
        version: 0,
        parts: new Map(),
        fullJson: null,
        analyticsVersion: null,
      }
      this.feeds.set(row.id, feed)
    }
    feed.watchers.add(watcher)
    watcher.feed = feed
    // the state as last built, at once; the next build's patch follows on from it
    if (feed.version > 0) {
      watcher.connection.sendRaw(fullJsonOf(feed))
      watcher.heldVersion = feed.version
    }
  }

  private leaveFeed(watcher: Watcher): void {
    const feed = watcher.feed
    watcher.feed = null
    watcher.heldVersion = -1
    if (!feed) return
    feed.watchers.delete(watcher)
    if (feed.watchers.size === 0) this.feeds.delete(feed.accountId)
  }

  /** The prices only this account trades at (if any), as the platform holds them now. */
  private async loadAccountQuotes(watcher: Watcher, accountId: string, externalId: string) {
    try {
      const platform = this.ctx?.trading.platform
      if (!platform) return
      for (const quote of await platform.listQuotes({ externalId })) {
        // a newer quote of the account may have come in while this was read
        if (quote.externalId === null || watcher.accountId !== accountId) continue
        if (watcher.accountQuotes.has(quote.symbol)) continue
        // still this account's price now: stamped now, so a client holding a newer market quote
        // of the symbol (from GET /api/market/quotes) takes it
        const nowMs = this.ctx?.clock.now().getTime() ?? Date.now()
        watcher.accountQuotes.set(quote.symbol, { ...quote, tMs: Math.max(quote.tMs, nowMs) })
        if (watcher.symbols.has(quote.symbol)) watcher.dirtySymbols.add(quote.symbol)
      }
    } catch (error) {
      this.ctx?.logger.warn({ err: error, accountId }, 'stream: account quotes failed')
    } finally {
      if (watcher.accountId === accountId) watcher.areAccountQuotesLoaded = true
    }
  }

  // ---- what happens -----------------------------------------------------------------------------

  onQuote(quote: PlatformQuote): void {
    if (quote.externalId === null) {
      this.latest.set(quote.symbol, quote)
      for (const watcher of this.watchers.values()) {
        if (watcher.symbols.has(quote.symbol)) watcher.dirtySymbols.add(quote.symbol)
      }
      return
    }
    const accountId = this.accountIdByExternal.get(quote.externalId)
    if (accountId === undefined) return
    const feed = this.feeds.get(accountId)
    if (!feed) return
    for (const watcher of feed.watchers) {
      watcher.accountQuotes.set(quote.symbol, quote)
      if (watcher.symbols.has(quote.symbol)) watcher.dirtySymbols.add(quote.symbol)
    }
  }

  onAccountEvent(externalId: string, event: AccountEvent): void {
    // every account's every tick comes here: with no account watched there is nothing to do
    if (this.feeds.size === 0) return
    const accountId = this.accountIdByExternal.get(externalId)
    if (accountId === undefined) return
    this.accountChanged(accountId)
    const feed = this.feeds.get(accountId)
    if (feed && this.ctx && isDealAdded(event)) {
      feed.analyticsVersion = this.ctx.trading.analytics.versionOf(externalId)
    }
    const message = eventMessage(event)
    if (message) this.accountEvent(accountId, message.kind, message.text)
  }

  /** The account may have changed: its state is built again at the next interval. */
  accountChanged(accountId: string): void {
    const feed = this.feeds.get(accountId)
    if (feed) feed.isDirty = true
  }

  accountEvent(accountId: string, kind: TradingEvent['kind'], text: string): void {
    const feed = this.feeds.get(accountId)
    if (!feed) return
    feed.isDirty = true
    const t = new Date(this.ctx?.clock.now() ?? Date.now()).toISOString()
    const json = JSON.stringify({ type: 'event', event: { kind, accountId, message: text, t } })
    for (const watcher of feed.watchers) watcher.connection.sendRaw(json)
  }

  /** A new stage's account: tell whoever watches the account it follows. */
  accountProvisioned(row: TradingAccountRow): void {
    if (row.externalId) this.accountIdByExternal.set(row.externalId, row.id)
    if (row.previousAccountId) {
      this.accountEvent(
        row.previousAccountId,
        'next-stage',
        messages.trading.nextStageReady(stageLabels[row.stage]),
      )
    }
  }

  breachRecorded(accountId: string, breachMs: number): void {
    for (const listener of this.breachListeners) listener(accountId, breachMs)
  }

  /** For benchmarks and tests: called once a breach is in the database. */
  onBreachRecorded(listener: (accountId: string, breachMs: number) => void): () => void {
    this.breachListeners.add(listener)
    return () => this.breachListeners.delete(listener)
  }

  /** For benchmarks and tests: called after each build of a watched account's state. */
  onAccountBuilt(listener: (build: AccountBuild) => void): () => void {
    this.buildListeners.add(listener)
    return () => this.buildListeners.delete(listener)
  }

  // ---- pushing ----------------------------------------------------------------------------------

  private pump(): void {
    // watchers asking for the same market quotes share one serialisation
    const quotesJson = new Map<string, string | null>()
    for (const watcher of this.watchers.values()) {
      if (watcher.dirtySymbols.size > 0 && watcher.areAccountQuotesLoaded) {
        const isShared = watcher.accountQuotes.size === 0
        const key = isShared ? [...watcher.dirtySymbols].join(',') : null
        let json = key === null ? undefined : quotesJson.get(key)
        if (json === undefined) {
          json = this.quotesMessage(watcher)
          if (key !== null) quotesJson.set(key, json)
        }
        watcher.dirtySymbols.clear()
        if (json !== null) watcher.connection.sendRaw(json)
      }
    }
    // a new feed's first state goes out at once, not at the next account beat
    this.buildChanged(true)
  }

  /** Builds each account that may have changed (`isFirstOnly`: only those never built yet). */
  private buildChanged(isFirstOnly: boolean): void {
    const nowMs = Date.now()
    for (const feed of this.feeds.values()) {
      if (!feed.isDirty || feed.isBuilding) continue
      if (isFirstOnly && feed.version > 0) continue
      // a timer may fire a little early: within a few ms of the interval is on time
      if (nowMs - feed.lastBuildMs < ACCOUNT_INTERVAL_MS - 5) continue
      void this.build(feed, nowMs)
    }
  }

  private quotesMessage(watcher: Watcher): string | null {
    const quotes: QuoteDto[] = []
    for (const symbol of watcher.dirtySymbols) {
      const tick = watcher.accountQuotes.get(symbol) ?? this.latest.get(symbol)
      if (tick) {
        quotes.push({
          symbol: symbol as InstrumentSymbol,
          bid: tick.bid,
          ask: tick.ask,
          t: tick.tMs,
        })
      }
    }
    return quotes.length > 0 ? JSON.stringify({ type: 'quotes', quotes }) : null
  }

  /** Builds the account's state once, and sends what changed to every watcher. */
  private async build(feed: AccountFeed, nowMs: number): Promise<void> {
    const ctx = this.ctx
    if (!ctx) return
    feed.isBuilding = true
    feed.isDirty = false
    feed.lastBuildMs = nowMs
    try {
      const [row] = await ctx.db
        .select()
        .from(tradingAccounts)
        .where(eq(tradingAccounts.id, feed.accountId))
      if (!row || this.feeds.get(feed.accountId) !== feed) return
      const state = await getAccountState(ctx, row)
      if (this.feeds.get(feed.accountId) !== feed) return
      const changed: AccountStateKey[] = []
      const parts = new Map<AccountStateKey, string>()
      for (const key of Object.keys(state) as AccountStateKey[]) {
        const json = JSON.stringify(state[key]) ?? 'null'
        parts.set(key, json)
        if (feed.parts.get(key) !== json) changed.push(key)
      }
      if (changed.length > 0) {
        feed.version += 1
        feed.parts = parts
        feed.fullJson = null
        const patchJson =
          `{"type":"account-patch","accountId":${JSON.stringify(feed.accountId)},` +
          `"version":${feed.version},"parts":${objectJson(parts, changed)}}`
        for (const watcher of feed.watchers) {
          // a watcher holding the previous version takes the patch; any other the whole state
          watcher.connection.sendRaw(
            watcher.heldVersion === feed.version - 1 ? patchJson : fullJsonOf(feed),
          )
          watcher.heldVersion = feed.version
        }
      }
      const build = {
        accountId: feed.accountId,
        version: feed.version,
        changed,
        watchers: feed.watchers.size,
      }
      for (const listener of this.buildListeners) listener(build)
    } catch (error) {
      ctx.logger.warn({ err: error, accountId: feed.accountId }, 'stream: account state failed')
    } finally {
      feed.isBuilding = false
      if (feed.analyticsVersion !== null && this.feeds.get(feed.accountId) === feed) {
        const json = JSON.stringify({
          type: 'analytics-changed',
          accountId: feed.accountId,
          version: feed.analyticsVersion,
        } satisfies StreamServerMessage)
        feed.analyticsVersion = null
        for (const watcher of feed.watchers) watcher.connection.sendRaw(json)
      }
    }
  }
}

/** The JSON object of the given parts, from their serialised values (nothing stringified again). */
function objectJson(
  parts: ReadonlyMap<AccountStateKey, string>,
  keys: Iterable<AccountStateKey>,
): string {
  const members: string[] = []
  for (const key of keys) members.push(`${JSON.stringify(key)}:${parts.get(key)}`)
  return `{${members.join(',')}}`
}

/** `{type:'account', state, version}` of the feed's last build, serialised once per version. */
function fullJsonOf(feed: AccountFeed): string {
  feed.fullJson ??= `{"type":"account","state":${objectJson(feed.parts, feed.parts.keys())},"version":${feed.version}}`
  return feed.fullJson
}

/** The sentence a trader sees for a platform event, or null when the state says it all. */
function eventMessage(event: AccountEvent): { kind: TradingEvent['kind']; text: string } | null {
  switch (event.type) {
    case 'order-filled':
      return { kind: 'order-filled', text: messages.trading.orderFilled(event.order.symbol) }
    case 'order-cancelled':
      return event.reason === 'no-margin'
        ? {
            kind: 'order-cancelled',
            text: messages.trading.orderCancelledNoMargin(event.order.symbol),
          }
        : null
    case 'position-closed':
      if (event.trade.reason === 'stop-loss') {
        return { kind: 'stop-loss', text: messages.trading.stopLossHit(event.trade.symbol) }
      }
      if (event.trade.reason === 'take-profit') {
        return { kind: 'take-profit', text: messages.trading.takeProfitHit(event.trade.symbol) }
      }
      return null
    case 'margin-call':
      return {
        kind: 'margin-call',
        text: messages.trading.marginCall(
          event.marginLevelPercent === null ? '-' : `${event.marginLevelPercent.toFixed(2)}%`,
        ),
      }
    case 'stop-out':
      return { kind: 'stop-out', text: messages.trading.stopOut(event.closed.length) }
    default:
      return null
  }
}
