import { randomInt } from 'node:crypto'
import { instruments, rolloversBetween, type Quote, type Tick, type Timeframe } from '@tp/domain'
import type { Database } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import type { Logger } from '../../../lib/logger'
import { hashPassword } from '../../../lib/passwords'
import {
  PlatformNotFoundError,
  type AccountEventListener,
  type CloseReason,
  type CreateAccountInput,
  type CreatedAccount,
  type PlaceOrderRequest,
  type PlatformBar,
  type PlatformQuote,
  type PlatformSymbolSpec,
  type QuoteListener,
  type TradingPlatform,
} from '../trading-platform'
import { MarketFeed, type MarketFeedMode } from './market-feed'
import { SimEngine, type SimAccount } from './sim-engine'
import { SimStore, toAccount } from './sim-store'

// The built-in simulated trading server: the default trading platform (decisions.md). One
// process holds its books in memory (SimEngine), keeps them in the database (SimStore) and prices
// them with the simulated market (MarketFeed). Accounts have a login, passwords and a server name
// like a MetaTrader account, and every screen labels them simulated. Its market data is the
// market feed's: one market for every account, except the symbols a scenario script sets for one
// account (its own quotes, streamed with that account's id).

export interface SimulatedPlatformOptions {
  db: Database
  clock: Clock
  logger: Logger
  marketSeed: number
  backfillHours: number
  feedMode: MarketFeedMode
  serverName: string
}

const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** A MetaTrader-style password: letters and digits, with at least one of each. */
export function generateTradingPassword(length = 10): string {
  for (;;) {
    let password = ''
    for (let i = 0; i < length; i++)
      password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]
    if (/\d/.test(password) && /[a-z]/i.test(password)) return password
  }
}

export class SimulatedPlatform implements TradingPlatform {
  readonly kind = 'simulated' as const
  readonly engine: SimEngine
  readonly market: MarketFeed
  private readonly store: SimStore
  private readonly listeners = new Set<AccountEventListener>()
  private readonly quoteListeners = new Set<QuoteListener>()
  /** scripted paths playing, by account */
  private readonly paths = new Map<string, NodeJS.Timeout[]>()

  constructor(private readonly options: SimulatedPlatformOptions) {
    this.store = new SimStore(options.db, options.logger)
    this.engine = new SimEngine({
      now: () => options.clock.now().getTime(),
      nextTicket: () => this.store.nextTicket(),
      persist: (accountId, writes) => this.store.persist(accountId, writes),
      emit: (accountId, event) => {
        for (const listener of this.listeners) {
          try {
            listener(accountId, event)
          } catch (error) {
            options.logger.error({ err: error, accountId, event: event.type }, 'listener failed')
          }
        }
      },
    })
    this.market = new MarketFeed({
      db: options.db,
      clock: options.clock,
      logger: options.logger,
      seed: options.marketSeed,
      backfillHours: options.backfillHours,
      mode: options.feedMode,
      onTick: (tick) => {
        this.engine.onTick(tick.symbol, tick, tick.tMs)
        this.emitQuote(tick, null)
      },
      onRollover: (rolloverMs, tMs) => this.engine.applyRollover(rolloverMs, tMs),
      rolloversBetween,
    })
  }

  /** Loads the books and the market's state: accounts can be read, nothing moves yet. */
  async load(): Promise<void> {
    await this.store.start()
    await this.market.load()
    // quotes of the market as loaded, before any account is valued on them
    for (const [symbol, tick] of this.market.quotes()) this.engine.quotes.set(symbol, tick)
    for (const account of await this.store.loadAccounts()) this.engine.addAccount(account)
  }

  /**
   * Lets the market catch up with the clock (ticks missed while the server was down move the
   * books as they would have live) and keep running. Subscribe listeners before this.
   */
  run(): void {
    this.market.run()
  }

  async stop(): Promise<void> {
    for (const externalId of [...this.paths.keys()]) this.stopAccountPath(externalId)
    await this.market.stop()
    await this.store.flush()
  }

  /** Resolves once every change so far is in the database (tests, shutdown). */
  flush(): Promise<void> {
    return this.store.flush()
  }

  platformLabel(platform: 'mt4' | 'mt5'): string {
    return `Simulated ${platform.toUpperCase()}`
  }

  /**
   * Idempotent by request id: the account made for an id earlier is returned again, with new
   * passwords (the server keeps only their hashes), which is how provisioning recovers when it
   * stopped after the account was made.
   */
  async createAccount(input: CreateAccountInput): Promise<CreatedAccount> {
    const recovered = await this.recoverAccount(input.requestId)
    if (recovered) return recovered
    const password = generateTradingPassword()
    const investorPassword = generateTradingPassword()
    const { row, isNew } = await this.store.insertAccount({
      requestId: input.requestId,
      server: this.serverName(input.platform),
      platform: input.platform,
      name: input.name,
      passwordHash: await hashPassword(password),
      investorPasswordHash: await hashPassword(investorPassword),
      balance: input.balance,
      leverage: input.leverage,
      maxLotsPerForexOrder: input.limits.maxLotsPerForexOrder,
      marginCallPercent: input.limits.marginCallPercent,
      stopOutPercent: input.limits.stopOutPercent,
    })
    if (!isNew) return (await this.recoverAccount(input.requestId))!
    this.engine.addAccount(toAccount(row))
    return {
      externalId: row.id,
      login: String(row.login),
      server: row.server,
      password,
      investorPassword,
    }
  }

  private async recoverAccount(requestId: string): Promise<CreatedAccount | null> {
    const row = await this.store.findByRequestId(requestId)
    if (!row) return null
    const password = generateTradingPassword()
    const investorPassword = generateTradingPassword()
    await this.store.setPasswordHash(row.id, 'main', await hashPassword(password))
    await this.store.setPasswordHash(row.id, 'investor', await hashPassword(investorPassword))
    if (!this.engine.account(row.id)) this.engine.addAccount(toAccount(row))
    return {
      externalId: row.id,
      login: String(row.login),
      server: row.server,
      password,
      investorPassword,
    }
  }

  async getAccountInfo(externalId: string) {
    return this.engine.info(this.account(externalId))
  }

  async listPositions(externalId: string) {
    return this.engine.positionsOf(this.account(externalId))
  }

  async listOrders(externalId: string) {
    return this.engine.ordersOf(this.account(externalId))
  }

  async listClosedTrades(
    externalId: string,
    options: { beforeMs?: number; beforeId?: string; limit: number },
  ) {
    this.account(externalId)
    return this.store.closedTrades(externalId, options)
  }

  subscribe(listener: AccountEventListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async closeAllPositions(externalId: string, reason: CloseReason) {
    return this.engine.closeAll(this.account(externalId), reason)
  }

  async cancelAllOrders(externalId: string) {
    return this.engine.cancelAll(this.account(externalId))
  }

  async setTradingEnabled(externalId: string, isEnabled: boolean) {
    this.engine.setTradingEnabled(this.account(externalId), isEnabled)
  }

  async applyBalanceOperation(externalId: string, amountCents: number) {
    const deal = this.engine.applyBalanceOperation(this.account(externalId), amountCents)
    return { dealId: deal.id, balanceAfter: deal.balanceAfter }
  }

  async changePassword(externalId: string, password: string, kind: 'main' | 'investor') {
    this.account(externalId)
    await this.store.setPasswordHash(externalId, kind, await hashPassword(password))
  }

  async setLeverage(externalId: string, leverage: number) {
    return this.engine.setLeverage(this.account(externalId), leverage)
  }

  async listDeals(
    externalId: string,
    options: { fromMs: number; toMs: number; offset: number; limit: number },
  ) {
    this.account(externalId)
    return this.store.deals(externalId, options)
  }

  // ---- market data ----------------------------------------------------------------------------

  async listSymbols(): Promise<PlatformSymbolSpec[]> {
    return instruments.map((instrument) => ({
      symbol: instrument.symbol,
      description: instrument.description,
      assetClass: instrument.assetClass,
      baseCurrency: instrument.baseCurrency,
      profitCurrency: instrument.profitCurrency,
      digits: instrument.digits,
      contractSize: instrument.contractSize,
      minVolume: instrument.volumeMin,
      maxVolume: instrument.volumeMax,
      volumeStep: instrument.volumeStep,
      stopsLevel: instrument.stopsLevelPoints,
    }))
  }

  async getQuote(symbol: string, options: { externalId?: string } = {}) {
    return this.quoteOf(symbol, options.externalId)
  }

  async listQuotes(options: { symbols?: readonly string[]; externalId?: string } = {}) {
    const symbols = options.symbols ?? instruments.map((instrument) => instrument.symbol)
    return symbols.flatMap((symbol) => this.quoteOf(symbol, options.externalId) ?? [])
  }

  /** 1-minute bars of the market's bid, aggregated; a scenario's own quotes make no bars. */
  async getBars(request: {
    symbol: string
    timeframe: Timeframe
    beforeMs: number
    limit: number
    externalId?: string
  }): Promise<PlatformBar[]> {
    if (request.externalId !== undefined) this.account(request.externalId)
    return this.market.bars(request.symbol, request.timeframe, request.beforeMs, request.limit)
  }

  subscribeQuotes(listener: QuoteListener): () => void {
    this.quoteListeners.add(listener)
    return () => this.quoteListeners.delete(listener)
  }

  private quoteOf(symbol: string, externalId: string | undefined): PlatformQuote | null {
    const own =
      externalId === undefined ? undefined : this.account(externalId).overrides?.get(symbol)
    if (own) return { symbol, bid: own.bid, ask: own.ask, tMs: own.tMs, externalId: externalId! }
    const tick = this.market.quotes().get(symbol)
    return tick ? { symbol, bid: tick.bid, ask: tick.ask, tMs: tick.tMs, externalId: null } : null
  }

  private emitQuote(tick: Tick, externalId: string | null): void {
    const quote: PlatformQuote = {
      symbol: tick.symbol,
      bid: tick.bid,
      ask: tick.ask,
      tMs: tick.tMs,
      externalId,
    }
    for (const listener of this.quoteListeners) {
      try {
        listener(quote)
      } catch (error) {
        this.options.logger.error({ err: error, symbol: tick.symbol }, 'quote listener failed')
      }
    }
  }

  // ---- the trader's terminal -----------------------------------------------------------------

  async placeOrder(externalId: string, request: PlaceOrderRequest) {
    return this.engine.placeOrder(this.account(externalId), request)
  }

  async modifyPosition(
    externalId: string,
    positionId: string,
    stops: { stopLoss: number | null; takeProfit: number | null },
  ) {
    return this.orNotFound(
      this.engine.modifyPosition(this.account(externalId), positionId, stops),
      'position',
    )
  }

  async closePosition(
    externalId: string,
    positionId: string,
    volume: number | null,
    reason: CloseReason = 'client',
  ) {
    return this.orNotFound(
      this.engine.closePosition(this.account(externalId), positionId, volume, reason),
      'position',
    )
  }

  async modifyOrder(
    externalId: string,
    orderId: string,
    changes: { price: number; stopLoss: number | null; takeProfit: number | null },
  ) {
    return this.orNotFound(
      this.engine.modifyOrder(this.account(externalId), orderId, changes),
      'order',
    )
  }

  async cancelOrder(externalId: string, orderId: string) {
    return this.orNotFound(this.engine.cancelOrder(this.account(externalId), orderId), 'order')
  }

  // ---- the scenario driver (tests and demos) --------------------------------------------------

  /** Sets this account's quote of a symbol (its own market) and applies it as a tick. */
  applyAccountQuote(externalId: string, symbol: string, quote: Quote, tMs: number): void {
    const account = this.account(externalId)
    this.emitQuote({ symbol, bid: quote.bid, ask: quote.ask, tMs }, externalId)
    this.engine.setOverride(account, symbol, quote, tMs)
  }

  /** Whether a scenario script sets this account's price of the symbol (its own market). */
  isScripted(externalId: string, symbol: string): boolean {
    return this.engine.account(externalId)?.overrides?.has(symbol) ?? false
  }

  clearAccountQuotes(externalId: string): void {
    this.stopAccountPath(externalId)
    this.engine.clearOverrides(this.account(externalId), this.options.clock.now().getTime())
  }

  /**
   * Plays ticks (tMs = offset from now) as this account's own market: each at its offset, or all
   * at once. A new path replaces one still playing.
   */
  playAccountPath(externalId: string, ticks: readonly Tick[], isRealtime: boolean): void {
    this.account(externalId)
    this.stopAccountPath(externalId)
    const apply = (tick: Tick) => {
      try {
        const nowMs = this.options.clock.now().getTime()
        this.applyAccountQuote(externalId, tick.symbol, { bid: tick.bid, ask: tick.ask }, nowMs)
      } catch (error) {
        this.options.logger.warn({ err: error, externalId }, 'scripted tick not applied')
      }
    }
    if (!isRealtime) {
      for (const tick of ticks) apply(tick)
      return
    }
    this.paths.set(
      externalId,
      ticks.map((tick) => setTimeout(() => apply(tick), tick.tMs)),
    )
  }

  stopAccountPath(externalId: string): void {
    for (const timer of this.paths.get(externalId) ?? []) clearTimeout(timer)
    this.paths.delete(externalId)
  }

  /** A trade at past moments, booked like a live one (scenario histories). */
  bookPastTrade(externalId: string, trade: Parameters<SimEngine['bookPastTrade']>[1]) {
    return this.engine.bookPastTrade(this.account(externalId), trade)
  }

  /** A tick of the whole market (tests in manual mode). */
  pushTick(tick: Tick): void {
    this.market.pushTick(tick)
  }

  account(externalId: string): SimAccount {
    const account = this.engine.account(externalId)
    if (!account) throw new PlatformNotFoundError('account')
    return account
  }

  private serverName(platform: 'mt4' | 'mt5'): string {
    return `${this.options.serverName}-${platform.toUpperCase()}`
  }

  private orNotFound<T>(result: T | null, what: 'position' | 'order'): T {
    if (result === null) throw new PlatformNotFoundError(what)
    return result
  }
}
