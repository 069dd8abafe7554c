import { eq } from 'drizzle-orm'
import { messages, type QuoteDto, type StreamServerMessage, type TradingEvent } from '@tp/api'
import { stageLabels, type InstrumentSymbol } from '@tp/domain'
import type { AppContext } from '../../context'
import { tradingAccounts, type TradingAccountRow } from '../../db/schema'
import type {
  AccountEvent,
  PlatformQuote,
} from '../../integrations/trading-platform/trading-platform'
import { getAccountState } from '../accounts/account-state'

// The live stream's fan-out (WebSocket /api/stream): each connection gets the quotes of the
// symbols it asked for and the state of the one account it watches, pushed as they change:
// quotes at most every 100 ms (the latest of each symbol), the account's full state at most every
// 250 ms, and trading events (fills, stops, margin call, breach, pass) at once. So the terminal is
// well under a second behind the price. Quotes come from the trading platform's quote stream: the
// market's for everyone, an account's own (a scenario's script) for whoever watches that account.

export interface StreamConnection {
  readonly userId: string
  send(message: StreamServerMessage): void
}

type Watcher = {
  connection: StreamConnection
  symbols: Set<string>
  dirtySymbols: Set<string>
  accountId: string | null
  /** the watched account's own quotes (a scenario's scripted prices), over the market's */
  accountQuotes: Map<string, PlatformQuote>
  /** false while the watched account's own quotes are read: no market quote goes out meanwhile */
  areAccountQuotesLoaded: boolean
  isAccountDirty: boolean
  lastAccountPushMs: number
  isBuilding: boolean
}

const QUOTE_INTERVAL_MS = 100
const ACCOUNT_INTERVAL_MS = 250

export class LiveHub {
  private readonly watchers = new Map<StreamConnection, Watcher>()
  private readonly accountIdByExternal = new Map<string, string>()
  private readonly latest = new Map<string, PlatformQuote>()
  private readonly breachListeners = new Set<(accountId: string, breachMs: number) => void>()
  private timer: NodeJS.Timeout | null = null
  private ctx: AppContext | null = null

  start(ctx: AppContext): void {
    this.ctx = ctx
    this.timer = setInterval(() => this.pump(), QUOTE_INTERVAL_MS)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.watchers.clear()
  }

  // ---- connections -------------------------------------------------------------------------

  add(connection: StreamConnection): void {
    this.watchers.set(connection, {
      connection,
      symbols: new Set(),
      dirtySymbols: new Set(),
      accountId: null,
      accountQuotes: new Map(),
      areAccountQuotesLoaded: true,
      isAccountDirty: false,
      lastAccountPushMs: 0,
      isBuilding: false,
    })
  }

  remove(connection: StreamConnection): void {
    this.watchers.delete(connection)
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
    watcher.accountId = row?.id ?? null
    watcher.accountQuotes = new Map()
    watcher.areAccountQuotesLoaded = true
    if (row?.externalId) {
      this.accountIdByExternal.set(row.externalId, row.id)
      watcher.areAccountQuotesLoaded = false
      void this.loadAccountQuotes(watcher, row.id, row.externalId)
    }
    watcher.isAccountDirty = row !== null
    watcher.lastAccountPushMs = 0
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
    for (const watcher of this.watchers.values()) {
      if (watcher.accountId !== accountId) continue
      watcher.accountQuotes.set(quote.symbol, quote)
      if (watcher.symbols.has(quote.symbol)) watcher.dirtySymbols.add(quote.symbol)
    }
  }

  onAccountEvent(externalId: string, event: AccountEvent): void {
    const accountId = this.accountIdByExternal.get(externalId)
    if (accountId === undefined) return
    this.accountChanged(accountId)
    const message = eventMessage(event)
    if (message) this.accountEvent(accountId, message.kind, message.text)
  }

  accountChanged(accountId: string): void {
    for (const watcher of this.watchers.values()) {
      if (watcher.accountId === accountId) watcher.isAccountDirty = true
    }
  }

  accountEvent(accountId: string, kind: TradingEvent['kind'], text: string): void {
    const t = new Date(this.ctx?.clock.now() ?? Date.now()).toISOString()
    for (const watcher of this.watchers.values()) {
      if (watcher.accountId !== accountId) continue
      watcher.isAccountDirty = true
      watcher.connection.send({ type: 'event', event: { kind, accountId, message: text, t } })
    }
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

  // ---- pushing ----------------------------------------------------------------------------------

  private pump(): void {
    const nowMs = Date.now()
    for (const watcher of this.watchers.values()) {
      if (watcher.dirtySymbols.size > 0 && watcher.areAccountQuotesLoaded) {
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
        watcher.dirtySymbols.clear()
        if (quotes.length > 0) watcher.connection.send({ type: 'quotes', quotes })
      }
      if (
        watcher.isAccountDirty &&
        !watcher.isBuilding &&
        watcher.accountId !== null &&
        nowMs - watcher.lastAccountPushMs >= ACCOUNT_INTERVAL_MS
      ) {
        void this.pushAccount(watcher, watcher.accountId, nowMs)
      }
    }
  }

  private async pushAccount(watcher: Watcher, accountId: string, nowMs: number): Promise<void> {
    const ctx = this.ctx
    if (!ctx) return
    watcher.isBuilding = true
    watcher.isAccountDirty = false
    watcher.lastAccountPushMs = nowMs
    try {
      const [row] = await ctx.db
        .select()
        .from(tradingAccounts)
        .where(eq(tradingAccounts.id, accountId))
      if (!row || watcher.accountId !== accountId) return
      const state = await getAccountState(ctx, row)
      if (watcher.accountId === accountId && this.watchers.has(watcher.connection)) {
        watcher.connection.send({ type: 'account', state })
      }
    } catch (error) {
      ctx.logger.warn({ err: error, accountId }, 'stream: account state failed')
    } finally {
      watcher.isBuilding = false
    }
  }
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
