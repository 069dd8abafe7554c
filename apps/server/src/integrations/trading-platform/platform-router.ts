import { platformMessages } from '@tp/api/trading-platform'
import { AppError } from '../../lib/errors'
import type { Logger } from '../../lib/logger'
import type {
  AccountEventListener,
  CloseReason,
  CreateAccountInput,
  CreatedAccount,
  PlaceOrderRequest,
  PlatformKind,
  QuoteListener,
  TradingPlatform,
} from './trading-platform'
import type { EquityAlertLevels, Timeframe } from '@tp/domain'

// The trading platform the app sees (decision 0042): one port, many adapters. Each account call
// goes to the adapter the account is bound to (trading_accounts.adapter + external_id, loaded at
// start and bound again on every create), so accounts on the simulated server, on a firm's MT5
// server and on MetaApi live side by side, and a change of TRADING_PLATFORM (the default for NEW
// accounts) never strands existing ones. Market data comes from the simulated server's market when
// it runs (the web terminal's charts), else from the default adapter.

export type PlatformBinding = { externalId: string; adapter: string; isActive: boolean }

export interface PlatformRouterOptions {
  adapters: ReadonlyMap<PlatformKind, TradingPlatform>
  defaultKind: PlatformKind
  /**
   * every account that has an id on a platform, with its adapter (the database); with kinds,
   * only the accounts bound to those (the polling adapters' refresh reads no simulated account)
   */
  loadBindings(kinds?: readonly PlatformKind[]): Promise<PlatformBinding[]>
  logger: Logger
  /** how often the set of active accounts is read again for the polling adapters */
  watchRefreshMs?: number
}

export class PlatformRouter implements TradingPlatform {
  private readonly bindings = new Map<string, PlatformKind>()
  private readonly active = new Map<PlatformKind, Set<string>>()
  private refreshTimer: NodeJS.Timeout | null = null

  constructor(private readonly options: PlatformRouterOptions) {
    if (!options.adapters.has(options.defaultKind)) {
      throw new Error(
        `TRADING_PLATFORM=${options.defaultKind}: that adapter is not configured (see .env.example)`,
      )
    }
  }

  get kind(): PlatformKind {
    return this.options.defaultKind
  }

  /** the adapter of a kind, when it runs here (tests reach the MT5 fake through it) */
  adapter(kind: PlatformKind): TradingPlatform | undefined {
    return this.options.adapters.get(kind)
  }

  /** the kind an account is bound to (unknown ids: the default's) */
  kindOf(externalId: string): PlatformKind {
    return this.bindings.get(externalId) ?? this.options.defaultKind
  }

  private get market(): TradingPlatform {
    return this.options.adapters.get('simulated') ?? this.of(this.options.defaultKind)
  }

  private of(kind: PlatformKind): TradingPlatform {
    const adapter = this.options.adapters.get(kind)
    if (!adapter) {
      throw new AppError('SERVICE_UNAVAILABLE', { message: platformMessages.unavailable })
    }
    return adapter
  }

  private for(externalId: string): TradingPlatform {
    return this.of(this.kindOf(externalId))
  }

  platformLabel(platform: 'mt4' | 'mt5', adapter?: PlatformKind): string {
    const chosen = this.options.adapters.get(adapter ?? this.options.defaultKind)
    return chosen ? chosen.platformLabel(platform) : platform.toUpperCase()
  }

  isTerminalTrading(externalId: string): boolean {
    return this.for(externalId).isTerminalTrading?.(externalId) ?? true
  }

  async load(): Promise<void> {
    for (const binding of await this.options.loadBindings()) this.bindLoaded(binding)
    const missing = new Set<string>()
    for (const kind of this.bindings.values()) {
      if (!this.options.adapters.has(kind)) missing.add(kind)
    }
    for (const kind of missing) {
      this.options.logger.error(
        { adapter: kind },
        'accounts are bound to a trading-platform adapter that is not configured: their calls fail until it is',
      )
    }
    for (const adapter of this.options.adapters.values()) await adapter.load()
    this.pushWatched()
  }

  run(): void {
    for (const adapter of this.options.adapters.values()) adapter.run()
    // only polling adapters need the active set again (an account that ended stops being polled)
    if (this.pollingKinds.length === 0) return
    const refreshMs = this.options.watchRefreshMs ?? 10_000
    this.refreshTimer = setInterval(() => void this.refreshWatched(), refreshMs)
    this.refreshTimer.unref()
  }

  async stop(): Promise<void> {
    if (this.refreshTimer) clearInterval(this.refreshTimer)
    this.refreshTimer = null
    for (const adapter of this.options.adapters.values()) await adapter.stop()
  }

  /** the kinds whose adapters poll their active accounts */
  private get pollingKinds(): PlatformKind[] {
    return [...this.options.adapters]
      .filter(([, adapter]) => adapter.watchAccounts)
      .map(([kind]) => kind)
  }

  /**
   * Reads the polling adapters' active accounts again (an account that ended stops being
   * polled); the simulated server's accounts are not read (it watches its own books).
   */
  async refreshWatched(): Promise<void> {
    try {
      const kinds = this.pollingKinds
      if (kinds.length === 0) return
      const bindings = await this.options.loadBindings(kinds)
      for (const kind of kinds) this.active.delete(kind)
      for (const binding of bindings) this.bindLoaded(binding)
      this.pushWatched()
    } catch (error) {
      this.options.logger.warn({ err: error }, 'trading accounts not re-read for polling')
    }
  }

  private bindLoaded(binding: PlatformBinding): void {
    const kind = binding.adapter as PlatformKind
    this.bindings.set(binding.externalId, kind)
    if (binding.isActive) this.activeOf(kind).add(binding.externalId)
  }

  private activeOf(kind: PlatformKind): Set<string> {
    let set = this.active.get(kind)
    if (!set) this.active.set(kind, (set = new Set()))
    return set
  }

  private pushWatched(): void {
    for (const [kind, adapter] of this.options.adapters) {
      adapter.watchAccounts?.([...(this.active.get(kind) ?? [])])
    }
  }

  /** to the account's adapter, when it has an equity alarm (decision 0048) */
  async setEquityAlerts(externalId: string, levels: EquityAlertLevels): Promise<void> {
    await this.for(externalId).setEquityAlerts?.(externalId, levels)
  }

  async createAccount(input: CreateAccountInput): Promise<CreatedAccount> {
    const kind = input.adapter ?? this.options.defaultKind
    const created = await this.of(kind).createAccount(input)
    this.bindings.set(created.externalId, kind)
    this.activeOf(kind).add(created.externalId)
    this.options.adapters.get(kind)?.watchAccounts?.([...this.activeOf(kind)])
    return created
  }

  /**
   * Every adapter's events, to one listener: the simulated server's as they are (its slot index
   * is what the risk monitor's arrays are keyed on), the others' without an index (theirs would
   * collide with the simulator's).
   */
  subscribe(listener: AccountEventListener): () => void {
    const unsubscribers = [...this.options.adapters].map(([kind, adapter]) =>
      kind === 'simulated'
        ? adapter.subscribe(listener)
        : adapter.subscribe((externalId, event) => {
            if (event.type === 'equity' && event.index !== undefined) {
              listener(externalId, { ...event, index: undefined })
            } else listener(externalId, event)
          }),
    )
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe()
    }
  }

  getAccountInfo(externalId: string) {
    return this.for(externalId).getAccountInfo(externalId)
  }
  listPositions(externalId: string) {
    return this.for(externalId).listPositions(externalId)
  }
  listOrders(externalId: string) {
    return this.for(externalId).listOrders(externalId)
  }
  listClosedTrades(
    externalId: string,
    options: { beforeMs?: number; beforeId?: string; limit: number },
  ) {
    return this.for(externalId).listClosedTrades(externalId, options)
  }
  listDeals(
    externalId: string,
    options: { fromMs: number; toMs: number; offset: number; limit: number },
  ) {
    return this.for(externalId).listDeals(externalId, options)
  }
  closeAllPositions(externalId: string, reason: CloseReason) {
    return this.for(externalId).closeAllPositions(externalId, reason)
  }
  cancelAllOrders(externalId: string) {
    return this.for(externalId).cancelAllOrders(externalId)
  }
  setTradingEnabled(externalId: string, isEnabled: boolean) {
    return this.for(externalId).setTradingEnabled(externalId, isEnabled)
  }
  applyBalanceOperation(externalId: string, amountCents: number) {
    return this.for(externalId).applyBalanceOperation(externalId, amountCents)
  }
  canApplyBalanceOperation(externalId: string): boolean {
    return this.for(externalId).canApplyBalanceOperation?.(externalId) ?? true
  }
  canDisableKeepPositions(externalId: string, adapter?: PlatformKind): boolean {
    const chosen = this.options.adapters.get(adapter ?? this.kindOf(externalId))
    return chosen?.canDisableKeepPositions?.(externalId) ?? true
  }
  changePassword(externalId: string, password: string, kind: 'main' | 'investor') {
    return this.for(externalId).changePassword(externalId, password, kind)
  }
  setLeverage(externalId: string, leverage: number) {
    return this.for(externalId).setLeverage(externalId, leverage)
  }
  placeOrder(externalId: string, request: PlaceOrderRequest) {
    return this.for(externalId).placeOrder(externalId, request)
  }
  modifyPosition(
    externalId: string,
    positionId: string,
    stops: { stopLoss: number | null; takeProfit: number | null },
  ) {
    return this.for(externalId).modifyPosition(externalId, positionId, stops)
  }
  closePosition(
    externalId: string,
    positionId: string,
    volume: number | null,
    reason?: CloseReason,
  ) {
    return this.for(externalId).closePosition(externalId, positionId, volume, reason)
  }
  modifyOrder(
    externalId: string,
    orderId: string,
    changes: { price: number; stopLoss: number | null; takeProfit: number | null },
  ) {
    return this.for(externalId).modifyOrder(externalId, orderId, changes)
  }
  cancelOrder(externalId: string, orderId: string) {
    return this.for(externalId).cancelOrder(externalId, orderId)
  }

  // ---- market data: the market's adapter ------------------------------------------------------

  listSymbols() {
    return this.market.listSymbols()
  }
  getQuote(symbol: string, options?: { externalId?: string }) {
    return this.market.getQuote(symbol, this.marketAccount(options?.externalId))
  }
  listQuotes(options: { symbols?: readonly string[]; externalId?: string } = {}) {
    const { externalId, ...rest } = options
    return this.market.listQuotes({ ...rest, ...this.marketAccount(externalId) })
  }
  getBars(request: {
    symbol: string
    timeframe: Timeframe
    beforeMs: number
    limit: number
    externalId?: string
  }) {
    const { externalId, ...rest } = request
    return this.market.getBars({ ...rest, ...this.marketAccount(externalId) })
  }
  subscribeQuotes(listener: QuoteListener): () => void {
    return this.market.subscribeQuotes(listener)
  }

  /**
   * An account's own prices where its adapter is the market (the simulator's scenario quotes);
   * an account on another platform sees the market's prices, asked without its id.
   */
  private marketAccount(externalId: string | undefined): { externalId?: string } {
    if (externalId === undefined) return {}
    return this.for(externalId) === this.market ? { externalId } : {}
  }
}
