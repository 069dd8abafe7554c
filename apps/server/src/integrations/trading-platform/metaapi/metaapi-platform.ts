import { createHash, randomBytes } from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'
import { metatraderMessages } from '@tp/api/metatrader'
import type { EquityAlertLevels } from '@tp/domain'
import type { Env } from '../../../config/env'
import { AppError } from '../../../lib/errors'
import type { Logger } from '../../../lib/logger'
import {
  PlatformNotFoundError,
  type AccountEventListener,
  type CloseReason,
  type CreateAccountInput,
  type CreatedAccount,
  type PlaceOrderRequest,
  type PlaceOrderResult,
  type PlatformAccountInfo,
  type PlatformBar,
  type PlatformClosedTrade,
  type PlatformDeal,
  type PlatformOrder,
  type PlatformPosition,
  type PlatformQuote,
  type PlatformSymbolSpec,
  type PositionTotals,
  totalsOfWholeClose,
  type TradeResult,
  type TradingPlatform,
} from '../trading-platform'
import { startMetaApiFake, type MetaApiFake } from './fake/metaapi-fake'
import { createMetaApiClient, MetaApiError, type MetaApiClient } from './metaapi-client'
import type { FinalState, MetaApiStore, StoredTrackers } from './metaapi-store'
import {
  toCents,
  toClosedTrade,
  toDeal,
  toLots,
  toPoints,
  toPosition,
  toVolume,
  timeMs,
} from './metaapi-units'
import type { MetaApiAccountDto, MetaApiTracker, NewTracker } from './metaapi-wire'

// The MetaApi cloud adapter (contracts/integrations.md section 3; decision 0043): MT4 and MT5
// accounts hosted by a broker and reached through MetaApi. Creating an account asks the broker
// for a demo account on the firm's provisioning profile, adds it to MetaApi with MetaStats and
// the risk management API enabled (both creates carry a transaction-id derived from our request
// id, MetaApi's idempotency key, so a retry or a restart never makes a second one), deploys it and
// waits for it to connect. State is read from the client API; live changes come from polling
// every watched (active) account at least every 2 s (batched, per-account back-off on errors, a
// pause on 429) as equity events and position events from new deals. A watched account that
// stops being watched (its challenge ended) is undeployed. What MetaApi cannot do to a broker's
// account (balance operations, passwords, leverage, the web terminal's orders) is refused with
// a clear message; "trading disabled" is enforced by the adapter: a disabled account's positions
// are closed through the trade endpoint whenever they appear.
//
// With a store (our database, metaapi-store.ts; always in the app) the adapter survives restarts:
// the disabled accounts are read from trading_accounts at load; each account's deal watermark is
// kept, so a (re)watched account replays, in order, the deals made while it was not polled; and
// an ended account's final state (account information, every deal) is kept before it is
// undeployed, the port's reads of it served from there afterwards.
//
// MetaApi's risk management API (decision 0048) wakes the app between polls: each watched account
// gets three trackers (daily loss: period `day`; max loss: `lifetime` drawdown; profit target:
// `lifetime` profit) at the levels the app gives (the rulebook's, `setEquityAlerts`), and one
// long-poll loop reads the tracker events of all the firm's accounts, resuming after the last
// sequence number handled (kept in our database). An event is only a signal: the account is read
// at once (the same poll as the round's) and its equity event goes to the risk monitor, which
// judges it. Polling stays for equity freshness; an ended account's trackers are deleted.

export type MetaApiSettings =
  | {
      mode: 'configured'
      token: string
      provisioningUrl: string
      clientUrl: string
      riskUrl: string
      profileId: string
      region: string
    }
  | { mode: 'fake'; profileId: string; region: string }

/** MetaApi's settings: configured, else the local fake outside production, else none. */
export function metaApiSettings(env: Env): MetaApiSettings | null {
  if (env.METAAPI_TOKEN) {
    return {
      mode: 'configured',
      token: env.METAAPI_TOKEN,
      provisioningUrl: env.METAAPI_PROVISIONING_URL,
      clientUrl: env.METAAPI_CLIENT_URL,
      riskUrl: env.METAAPI_RISK_URL,
      profileId: env.METAAPI_PROVISIONING_PROFILE_ID,
      region: env.METAAPI_REGION,
    }
  }
  if (!env.canUseFakes) return null
  return {
    mode: 'fake',
    profileId: env.METAAPI_PROVISIONING_PROFILE_ID,
    region: env.METAAPI_REGION,
  }
}

export type MetaApiPlatformOptions = {
  settings: MetaApiSettings
  logger: Logger
  /** how often the watched accounts are polled; default 1000 ms (the port asks for <= 2 s) */
  pollIntervalMs?: number
  /** accounts read at once while polling; default 16 */
  pollConcurrency?: number
  /** the longest a deployment may take to connect; default 120 s (a connection test: 45 s) */
  connectTimeoutMs?: number
  /** for the fake: its options (tests) */
  fakeOptions?: Parameters<typeof startMetaApiFake>[0]
  /** client overrides (tests record the waits) */
  clientOptions?: { sleep?: (ms: number) => Promise<void>; deadlineMs?: number }
  /** our database's memory of the accounts (disabled, deal watermarks, final states) */
  store?: MetaApiStore
  /** how the tracker-events loop waits before asking again after a failure (tests record it) */
  eventStreamSleep?: (ms: number, signal: AbortSignal) => Promise<void>
  /** the time a 429's pause is measured on (tests move it); default Date.now */
  now?: () => number
}

/** The tracker-events stream's name in metaapi_stream_cursors. */
export const TRACKER_EVENTS_STREAM = 'tracker-events'

/** Our trackers of an account (decision 0048), by name: what each watches and how. */
const trackerKinds = [
  { name: 'tradepeak-daily-loss', period: 'day', level: 'dailyLossCents', type: 'drawdown' },
  { name: 'tradepeak-max-loss', period: 'lifetime', level: 'maxLossCents', type: 'drawdown' },
  {
    name: 'tradepeak-profit-target',
    period: 'lifetime',
    level: 'profitTargetCents',
    type: 'profit',
  },
] as const

/** the threshold a tracker of MetaApi's was set to, in cents (null: not that kind) */
function thresholdCentsOf(tracker: MetaApiTracker, type: 'drawdown' | 'profit'): number | null {
  const value =
    type === 'drawdown' ? tracker.absoluteDrawdownThreshold : tracker.absoluteProfitThreshold
  return value === undefined ? null : Math.round(value * 100)
}

const abortableDelay = (ms: number, signal: AbortSignal) =>
  delay(ms, undefined, { signal }).catch(() => {})

export type ConnectionTestCredentials = {
  platform: 'mt4' | 'mt5'
  server: string
  login: string
  password: string
}

export type ConnectionTestOutcome =
  | {
      result: 'connected'
      account: {
        name: string
        login: string
        server: string
        platform: 'mt4' | 'mt5'
        balance: number
        currency: string
        status: string
      }
    }
  | { result: 'failed'; message: string; code: string | null }

/** A MetaApi transaction-id (32 characters) derived from our request id: the same id, the same key. */
export function transactionIdOf(requestId: string, step: string): string {
  return createHash('sha256').update(`${step}:${requestId}`).digest('hex').slice(0, 32)
}

type Watched = {
  lastBalance: number | null
  lastEquity: number | null
  /** deals at or after this time are read on the next poll */
  dealCursorMs: number
  seenDeals: Set<string>
  /** opening deals by position, for the closed trades' open price and time */
  openings: Map<string, PlatformDeal>
  failures: number
  skipPolls: number
  /** the deals missed since the stored watermark have been replayed */
  isSynced: boolean
  /** the watermark last written to the store (skips writing the same one again) */
  savedWatermark: string
  /** the poll in progress: a tracker event's read waits for it, then reads again */
  inFlight: Promise<void>
}

/** An ended account waiting for its final state to be kept and for its undeployment. */
type Ending = { attempts: number; nextAtMs: number }

/** The closed trades among an account's deals, newest first, a page before a (time, id) key. */
export function closedTradesOf(
  deals: readonly PlatformDeal[],
  options: { beforeMs?: number; beforeId?: string; limit: number },
): { trades: PlatformClosedTrade[]; hasMore: boolean } {
  const openings = new Map<string, PlatformDeal>()
  for (const deal of deals) {
    if (deal.entry === 'in' && deal.positionId) openings.set(deal.positionId, deal)
  }
  const isBefore = (trade: PlatformClosedTrade) =>
    options.beforeMs === undefined ||
    trade.closeTimeMs < options.beforeMs ||
    (trade.closeTimeMs === options.beforeMs &&
      options.beforeId !== undefined &&
      trade.id < options.beforeId)
  const trades = deals
    .flatMap((deal) => {
      const trade = toClosedTrade(deal, deal.positionId ? openings.get(deal.positionId) : undefined)
      return trade ? [trade] : []
    })
    .filter(isBefore)
    .sort((a, b) => b.closeTimeMs - a.closeTimeMs || (a.id < b.id ? 1 : -1))
  return { trades: trades.slice(0, options.limit), hasMore: trades.length > options.limit }
}

export class MetaApiPlatform implements TradingPlatform {
  readonly kind = 'metaapi' as const
  private client: MetaApiClient | null = null
  private fakeServer: MetaApiFake | null = null
  private readonly listeners = new Set<AccountEventListener>()
  private readonly watched = new Map<string, Watched>()
  /** accounts whose trading the app disabled: positions seen on them are closed */
  private readonly disabled = new Set<string>()
  /** ended accounts' final states (our database), the source of their reads once undeployed */
  private readonly finals = new Map<string, FinalState>()
  /** ended accounts to keep and undeploy */
  private readonly endings = new Map<string, Ending>()
  private pollTimer: NodeJS.Timeout | null = null
  private isPolling = false
  private pausedUntilMs = 0
  private isStopped = false
  private isRunning = false
  /** the tracker-events loop (decision 0048), started once an account is watched */
  private eventStream: { abort: AbortController; done: Promise<void> } | null = null
  /** each account's tracker changes, one at a time */
  private readonly trackerWork = new Map<string, Promise<void>>()
  /**
   * our trackers by account: read from the store once at load (one query, not one per account
   * when the risk monitor sets every account's levels at start), then kept with every save
   */
  private trackerMemory = new Map<string, StoredTrackers>()

  constructor(private readonly options: MetaApiPlatformOptions) {}

  /** the local fake when MetaApi is not configured (development and tests) */
  get fake(): MetaApiFake | null {
    return this.fakeServer
  }

  private get api(): MetaApiClient {
    if (!this.client) {
      throw new AppError('SERVICE_UNAVAILABLE', { message: metatraderMessages.unavailable })
    }
    return this.client
  }

  platformLabel(platform: 'mt4' | 'mt5'): string {
    return platform.toUpperCase()
  }

  /** accounts on MetaApi trade in the trader's MetaTrader terminal (decision 0042) */
  isTerminalTrading(): boolean {
    return false
  }

  async load(): Promise<void> {
    const { settings } = this.options
    if (this.client) return
    if (settings.mode === 'fake') {
      this.fakeServer = await startMetaApiFake(this.options.fakeOptions)
      this.options.logger.info(
        `MetaApi: local fake at ${this.fakeServer.url} (control page ${this.fakeServer.controlUrl})`,
      )
    }
    const connection =
      settings.mode === 'configured'
        ? settings
        : {
            token: this.fakeServer!.token,
            provisioningUrl: this.fakeServer!.provisioningUrl,
            clientUrl: this.fakeServer!.clientUrl,
            riskUrl: this.fakeServer!.riskUrl,
          }
    this.client = createMetaApiClient({
      token: connection.token,
      provisioningUrl: connection.provisioningUrl,
      clientUrl: connection.clientUrl,
      riskUrl: connection.riskUrl,
      ...this.options.clientOptions,
    })
    const { store } = this.options
    if (store) {
      // after a restart: disabled and failed accounts are enforced again, ended ones kept
      for (const id of await store.disabledAccounts()) this.disabled.add(id)
      this.trackerMemory = await store.allTrackers()
      for (const id of await store.endedWithoutFinalState()) this.endAccount(id)
    }
  }

  run(): void {
    if (this.pollTimer || this.isStopped) return
    const intervalMs = this.options.pollIntervalMs ?? 1000
    this.pollTimer = setInterval(() => void this.pollOnce(), intervalMs)
    this.pollTimer.unref()
    this.isRunning = true
    if (this.watched.size > 0) this.startEventStream()
  }

  async stop(): Promise<void> {
    this.isStopped = true
    this.isRunning = false
    if (this.pollTimer) clearInterval(this.pollTimer)
    this.pollTimer = null
    if (this.eventStream) {
      this.eventStream.abort.abort()
      await this.eventStream.done
      this.eventStream = null
    }
    await this.fakeServer?.close()
    this.fakeServer = null
  }

  // ---- accounts -------------------------------------------------------------------------------

  async createAccount(input: CreateAccountInput): Promise<CreatedAccount> {
    const { settings } = this.options
    try {
      const credentials = await this.api.createDemoAccount({
        platform: input.platform,
        profileId: settings.profileId,
        transactionId: transactionIdOf(input.requestId, 'demo-account'),
        accountType: input.group,
        balance: input.balance / 100,
        email: input.email,
        leverage: input.leverage,
        name: input.name,
      })
      const created = await this.api.createAccount({
        transactionId: transactionIdOf(input.requestId, 'account'),
        name: input.name,
        login: credentials.login,
        password: credentials.password,
        server: credentials.serverName,
        platform: input.platform,
        region: settings.region,
        ...(settings.profileId !== 'default' ? { provisioningProfileId: settings.profileId } : {}),
        metastatsApiEnabled: true,
        riskManagementApiEnabled: true,
      })
      await this.api.deployAccount(created.id)
      await this.waitForConnection(created.id, this.options.connectTimeoutMs ?? 120_000)
      this.watch(created.id)
      return {
        externalId: created.id,
        login: credentials.login,
        server: credentials.serverName,
        password: credentials.password,
        investorPassword: credentials.investorPassword,
      }
    } catch (error) {
      throw this.mapError(error)
    }
  }

  /**
   * Polls the account's state until it is deployed and connected to its broker: 0.25 s doubling
   * to 2 s, at most `timeoutMs`. A failed deployment or the deadline is an error.
   */
  private async waitForConnection(id: string, timeoutMs: number): Promise<MetaApiAccountDto> {
    const deadline = Date.now() + timeoutMs
    let waitMs = 250
    for (;;) {
      const account = await this.api.getAccount(id)
      if (account.state === 'DEPLOYED' && account.connectionStatus === 'CONNECTED') return account
      if (account.state === 'DEPLOY_FAILED' || account.state === 'UNDEPLOYED') {
        throw new MetaApiError('validation', `MetaApi could not deploy ${id}`, {
          providerMessage: metatraderMessages.connectTimeout,
          code: account.state,
        })
      }
      if (Date.now() + waitMs > deadline) {
        throw new MetaApiError('unavailable', `MetaApi account ${id} did not connect in time`, {
          providerMessage: metatraderMessages.connectTimeout,
          code: 'E_TIMEOUT',
        })
      }
      await delay(waitMs)
      waitMs = Math.min(waitMs * 2, 2000)
    }
  }

  /**
   * Connect MetaTrader (spec 2.13): adds the trader's account to MetaApi for a moment (a fresh
   * transaction-id), deploys it, waits for it to connect, reads its account information and
   * removes it again, whatever happened. The password goes to MetaApi only: never stored,
   * never logged.
   */
  async testConnection(
    credentials: ConnectionTestCredentials,
    options: { timeoutMs?: number } = {},
  ): Promise<ConnectionTestOutcome> {
    const api = this.api
    let accountId: string | null = null
    try {
      const created = await api.createAccount({
        transactionId: randomBytes(16).toString('hex'),
        name: `Connection test ${credentials.login}`,
        login: credentials.login,
        password: credentials.password,
        server: credentials.server,
        platform: credentials.platform,
        region: this.options.settings.region,
        metastatsApiEnabled: false,
        riskManagementApiEnabled: false,
        deadlineMs: options.timeoutMs ?? 45_000,
      })
      accountId = created.id
      await api.deployAccount(created.id)
      const account = await this.waitForConnection(created.id, options.timeoutMs ?? 45_000)
      const info = await api.getAccountInformation(created.id)
      return {
        result: 'connected',
        account: {
          name: info.name ?? account.name ?? '',
          login: info.login,
          server: info.server,
          platform: info.platform === 'mt4' ? 'mt4' : 'mt5',
          balance: toCents(info.balance),
          currency: info.currency,
          status: metatraderMessages.connected,
        },
      }
    } catch (error) {
      if (error instanceof MetaApiError && error.kind === 'validation') {
        const code = error.info.code ?? null
        const fallback =
          code === 'E_SRV_NOT_FOUND'
            ? metatraderMessages.serverNotFound
            : code === 'E_AUTH'
              ? metatraderMessages.wrongCredentials
              : metatraderMessages.connectTimeout
        return { result: 'failed', message: error.info.providerMessage ?? fallback, code }
      }
      if (error instanceof MetaApiError && error.info.code === 'E_TIMEOUT') {
        return { result: 'failed', message: metatraderMessages.connectTimeout, code: 'E_TIMEOUT' }
      }
      throw this.mapError(error)
    } finally {
      if (accountId) {
        const id = accountId
        await api.removeAccount(id).catch((error: unknown) => {
          this.options.logger.warn(
            { err: error instanceof Error ? error.message : String(error), metaApiAccount: id },
            'MetaApi: the connection test account was not removed',
          )
        })
      }
    }
  }

  /**
   * A read of an account: served from its final state once it ended (undeployed, MetaApi has
   * nothing to say), else asked of MetaApi; a failed ask falls back on a final state kept by
   * another process of the app.
   */
  private async readAccount<T>(
    externalId: string,
    live: () => Promise<T>,
    ended: (final: FinalState) => T,
  ): Promise<T> {
    const known = this.finals.get(externalId)
    if (known) return ended(known)
    try {
      return await live()
    } catch (error) {
      const final = await this.options.store?.finalState(externalId).catch(() => null)
      if (!final) throw this.mapError(error)
      this.finals.set(externalId, final)
      return ended(final)
    }
  }

  async getAccountInfo(externalId: string): Promise<PlatformAccountInfo> {
    return this.readAccount(
      externalId,
      () => this.liveAccountInfo(externalId),
      (final) => final.info,
    )
  }

  private async liveAccountInfo(externalId: string): Promise<PlatformAccountInfo> {
    const [account, info] = await Promise.all([
      this.api.getAccount(externalId),
      this.api.getAccountInformation(externalId),
    ])
    const balance = toCents(info.balance)
    const equity = toCents(info.equity)
    return {
      externalId,
      login: account.login,
      server: account.server,
      currency: 'USD',
      leverage: info.leverage,
      balance,
      equity,
      floatingProfit: equity - balance,
      swap: 0,
      margin: toCents(info.margin),
      freeMargin: toCents(info.freeMargin),
      marginLevelPercent: info.marginLevel ?? null,
      isMarginCall: false,
      isTradingEnabled: info.tradeAllowed && !this.disabled.has(externalId),
    }
  }

  async listPositions(externalId: string): Promise<PlatformPosition[]> {
    const positions = await this.readAccount(
      externalId,
      () => this.api.getPositions(externalId),
      () => [],
    )
    return positions.map(toPosition)
  }

  async listOrders(externalId: string): Promise<PlatformOrder[]> {
    const orders = await this.readAccount(
      externalId,
      () => this.api.getOrders(externalId),
      () => [],
    )
    const types: Record<string, PlatformOrder['type']> = {
      ORDER_TYPE_BUY_LIMIT: 'buy-limit',
      ORDER_TYPE_SELL_LIMIT: 'sell-limit',
      ORDER_TYPE_BUY_STOP: 'buy-stop',
      ORDER_TYPE_SELL_STOP: 'sell-stop',
    }
    return orders.flatMap((order) => {
      const type = types[order.type]
      if (!type || !order.openPrice) return []
      return [
        {
          id: order.id,
          symbol: order.symbol,
          type,
          volume: toVolume(order.currentVolume ?? order.volume),
          price: toPoints(order.symbol, order.openPrice),
          stopLoss: order.stopLoss ? toPoints(order.symbol, order.stopLoss) : null,
          takeProfit: order.takeProfit ? toPoints(order.symbol, order.takeProfit) : null,
          createdAtMs: timeMs(order.time),
        },
      ]
    })
  }

  /** Every deal of the account in [fromMs, toMs), all pages (at most 20 000 deals). */
  private async allDeals(externalId: string, fromMs: number, toMs: number) {
    const deals: PlatformDeal[] = []
    for (let offset = 0; offset < 20_000; offset += 1000) {
      const page = await this.api.getDealsByTime(externalId, { fromMs, toMs, offset, limit: 1000 })
      deals.push(...page.map(toDeal))
      if (page.length < 1000) break
    }
    return deals
  }

  async listClosedTrades(
    externalId: string,
    options: { beforeMs?: number; beforeId?: string; limit: number },
  ): Promise<{ trades: PlatformClosedTrade[]; hasMore: boolean }> {
    const toMs = (options.beforeMs ?? Date.now()) + 1
    const deals = await this.readAccount(
      externalId,
      () => this.allDeals(externalId, 0, toMs),
      (final) => final.deals,
    )
    return closedTradesOf(deals, options)
  }

  async listDeals(
    externalId: string,
    options: { fromMs: number; toMs: number; offset: number; limit: number },
  ): Promise<{ deals: PlatformDeal[]; hasMore: boolean }> {
    const limit = Math.min(options.limit, 1000)
    const deals = await this.readAccount(
      externalId,
      async () =>
        (await this.api.getDealsByTime(externalId, { ...options, limit: limit + 1 }))
          .map(toDeal)
          .sort((a, b) => a.timeMs - b.timeMs),
      (final) =>
        final.deals
          .filter((deal) => deal.timeMs >= options.fromMs && deal.timeMs < options.toMs)
          .slice(options.offset, options.offset + limit + 1),
    )
    return { deals: deals.slice(0, limit), hasMore: deals.length > limit }
  }

  subscribe(listener: AccountEventListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The accounts to poll (the app's active accounts on MetaApi); the ones dropped are undeployed. */
  watchAccounts(externalIds: readonly string[]): void {
    const next = new Set(externalIds)
    for (const id of [...this.watched.keys()]) {
      if (next.has(id)) continue
      this.watched.delete(id)
      this.disabled.delete(id)
      this.endAccount(id)
    }
    for (const id of next) this.watch(id)
  }

  private watch(id: string): void {
    if (this.watched.has(id)) return
    this.endings.delete(id)
    const hasStore = this.options.store !== undefined
    this.watched.set(id, {
      lastBalance: null,
      lastEquity: null,
      // with a store, the deals since the stored watermark are replayed first
      dealCursorMs: hasStore ? 0 : Date.now(),
      seenDeals: new Set(),
      openings: new Map(),
      failures: 0,
      skipPolls: 0,
      isSynced: !hasStore,
      savedWatermark: '',
      inFlight: Promise.resolve(),
    })
    if (this.isRunning) this.startEventStream()
  }

  /**
   * An account that ended: its final state kept in our database (with a store), then undeployed
   * (MetaApi bills deployed accounts). Done now, then retried by the polling rounds until it
   * succeeds (1 s doubling to 60 s).
   */
  private endAccount(id: string): void {
    if (this.endings.has(id)) return
    this.endings.set(id, { attempts: 0, nextAtMs: 0 })
    void this.tryEnding(id)
  }

  private async tryEnding(id: string): Promise<void> {
    const ending = this.endings.get(id)
    if (!ending || ending.nextAtMs === Infinity) return
    ending.nextAtMs = Infinity // one attempt at a time
    try {
      const { store } = this.options
      if (store) {
        const account = await this.api.getAccount(id)
        if (account.state !== 'DEPLOYED') {
          // ended while the app was down and undeployed already: deployed again for the reading
          await this.api.deployAccount(id)
          await this.waitForConnection(id, this.options.connectTimeoutMs ?? 120_000)
        }
        const [info, deals] = await Promise.all([
          this.liveAccountInfo(id),
          this.allDeals(id, 0, Date.now() + 60_000),
        ])
        const final: FinalState = {
          info: { ...info, isTradingEnabled: false },
          deals: deals.sort((a, b) => a.timeMs - b.timeMs),
        }
        await store.saveFinalState(id, final)
        this.finals.set(id, final)
      }
      await this.removeTrackers(id)
      await this.api.undeployAccount(id)
      this.endings.delete(id)
    } catch (error) {
      ending.attempts++
      ending.nextAtMs = Date.now() + Math.min(1000 * 2 ** (ending.attempts - 1), 60_000)
      this.options.logger.warn(
        { err: error instanceof Error ? error.message : String(error), metaApiAccount: id },
        'MetaApi: keeping or undeploying an ended account failed; retrying',
      )
    }
  }

  private emit(externalId: string, event: Parameters<AccountEventListener>[1]): void {
    for (const listener of this.listeners) {
      try {
        listener(externalId, event)
      } catch (error) {
        this.options.logger.error({ err: error, externalId }, 'MetaApi: an event listener failed')
      }
    }
  }

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }

  /** MetaApi asked us to wait (429 with Retry-After): no account is read until then. */
  private isPaused(): boolean {
    return this.now() < this.pausedUntilMs
  }

  /**
   * One polling round: every watched account not backing off, `pollConcurrency` at a time. A
   * round still running when the next is due is not doubled.
   */
  async pollOnce(): Promise<void> {
    if (this.isPolling || !this.client || this.isPaused()) return
    this.isPolling = true
    try {
      const nowMs = Date.now()
      for (const [id, ending] of this.endings) {
        if (ending.nextAtMs <= nowMs) void this.tryEnding(id)
      }
      const due = [...this.watched].filter(([, state]) => {
        if (state.skipPolls > 0) {
          state.skipPolls--
          return false
        }
        return true
      })
      const concurrency = this.options.pollConcurrency ?? 16
      let next = 0
      const worker = async () => {
        while (next < due.length && !this.isPaused()) {
          const [id, state] = due[next++]!
          await this.pollSerial(id, state)
        }
      }
      await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker))
    } finally {
      this.isPolling = false
    }
  }

  private async pollAccount(id: string, state: Watched): Promise<void> {
    const api = this.api
    try {
      if (!state.isSynced) await this.replayMissedDeals(id, state)
      const nowMs = Date.now()
      const info = await api.getAccountInformation(id, { retry: false })
      const balance = toCents(info.balance)
      const equity = toCents(info.equity)
      const deals = await api.getDealsByTime(
        id,
        { fromMs: state.dealCursorMs, toMs: nowMs + 60_000, offset: 0, limit: 1000 },
        { retry: false },
      )
      this.takeDeals(id, state, deals.map(toDeal))
      await this.saveWatermark(id, state)
      if (balance !== state.lastBalance || equity !== state.lastEquity) {
        state.lastBalance = balance
        state.lastEquity = equity
        this.emit(id, { type: 'equity', tMs: nowMs, balance, equity })
      }
      if (this.disabled.has(id)) {
        const positions = await api.getPositions(id, { retry: false })
        for (const position of positions) {
          await api.trade(id, { actionType: 'POSITION_CLOSE_ID', positionId: position.id })
        }
      }
      state.failures = 0
    } catch (error) {
      state.failures++
      state.skipPolls = Math.min(2 ** Math.min(state.failures, 5), 30) - 1
      if (error instanceof MetaApiError && error.kind === 'rate_limited') {
        // the pause is the back-off: the account is read on the first round after it
        this.pausedUntilMs = this.now() + (error.info.retryAfterMs ?? 1000)
        state.skipPolls = 0
      }
      if (state.failures === 1 || state.failures % 30 === 0) {
        this.options.logger.warn(
          { err: error instanceof Error ? error.message : String(error), metaApiAccount: id },
          'MetaApi: polling the account failed; backing off',
        )
      }
    }
  }

  /**
   * A (re)watched account: every deal made since the stored watermark (all of them when none is
   * stored: the account's first watch) becomes its position events, in time order, so the risk
   * ledger and the analytics miss no trade made while the account was not polled. The deals up
   * to the watermark only tell the open positions' openings.
   */
  private async replayMissedDeals(id: string, state: Watched): Promise<void> {
    const { store } = this.options
    const watermark = store ? await store.watermark(id) : null
    const deals = (await this.allDeals(id, 0, Date.now() + 60_000)).sort(
      (a, b) => a.timeMs - b.timeMs,
    )
    const counted = new Set(watermark?.dealIds ?? [])
    const cursorMs = watermark?.cursorMs ?? 0
    const missed: PlatformDeal[] = []
    for (const deal of deals) {
      const isSeen =
        watermark !== null &&
        (deal.timeMs < cursorMs || (deal.timeMs === cursorMs && counted.has(deal.id)))
      if (!isSeen) {
        missed.push(deal)
        continue
      }
      if (deal.entry === 'in' && deal.positionId) state.openings.set(deal.positionId, deal)
      else if (deal.entry === 'out' && deal.positionId) {
        const opening = state.openings.get(deal.positionId)
        if (opening && opening.volume === deal.volume) state.openings.delete(deal.positionId)
      }
    }
    state.dealCursorMs = cursorMs
    state.seenDeals = new Set(counted)
    this.takeDeals(id, state, missed)
    state.isSynced = true
    await this.saveWatermark(id, state)
  }

  /** The account's deal watermark to the store, when it moved. */
  private async saveWatermark(id: string, state: Watched): Promise<void> {
    const { store } = this.options
    if (!store) return
    const dealIds = [...state.seenDeals].sort()
    const key = `${state.dealCursorMs}:${dealIds.join(',')}`
    if (key === state.savedWatermark) return
    await store.saveWatermark(id, { cursorMs: state.dealCursorMs, dealIds })
    state.savedWatermark = key
  }

  /** New deals as position events, once each, in time order. */
  private takeDeals(id: string, state: Watched, deals: PlatformDeal[]): void {
    const fresh = deals
      .filter((deal) => !state.seenDeals.has(deal.id))
      .sort((a, b) => a.timeMs - b.timeMs)
    for (const deal of fresh) {
      state.seenDeals.add(deal.id)
      state.dealCursorMs = Math.max(state.dealCursorMs, deal.timeMs)
      if (deal.entry === 'in' && deal.positionId && deal.symbol && deal.type !== 'balance') {
        state.openings.set(deal.positionId, deal)
        this.emit(id, {
          type: 'position-opened',
          tMs: deal.timeMs,
          position: {
            id: deal.positionId,
            symbol: deal.symbol,
            side: deal.type,
            volume: deal.volume ?? 0,
            openPrice: deal.price ?? 0,
            openTimeMs: deal.timeMs,
            stopLoss: null,
            takeProfit: null,
            currentPrice: deal.price,
            profit: 0,
            swap: 0,
            commission: deal.commission,
            margin: 0,
          },
        })
      } else if (deal.entry === 'out') {
        const opening = deal.positionId ? state.openings.get(deal.positionId) : undefined
        const trade = toClosedTrade(deal, opening)
        if (!trade) continue
        const totals: PositionTotals | null =
          opening && opening.volume === deal.volume ? totalsOfWholeClose(trade) : null
        if (totals && deal.positionId) state.openings.delete(deal.positionId)
        this.emit(id, { type: 'position-closed', tMs: deal.timeMs, trade, totals })
      }
    }
    // the deals of the cursor's millisecond are read again next time: keep only theirs
    for (const deal of deals) {
      if (deal.timeMs < state.dealCursorMs) state.seenDeals.delete(deal.id)
    }
  }

  /** The account's polls one after another (the round's and a tracker event's). */
  private pollSerial(id: string, state: Watched): Promise<void> {
    const run = state.inFlight.then(() => this.pollAccount(id, state))
    state.inFlight = run
    return run
  }

  // ---- risk management: trackers and their events (decision 0048) ---------------------------

  /**
   * Sets the account's trackers to the levels (the rulebook's, given by the app): an unchanged
   * level asks MetaApi nothing (the trackers are known in our database); otherwise the tracker is
   * looked up by its name (idempotent: a tracker made by an attempt whose answer was lost is
   * found, not made twice), kept when its threshold is right, else deleted and made again
   * (MetaApi changes only a tracker's name). A rule the rulebook lacks has no tracker.
   */
  async setEquityAlerts(externalId: string, levels: EquityAlertLevels): Promise<void> {
    if (this.finals.has(externalId) || this.endings.has(externalId)) return
    const work = (this.trackerWork.get(externalId) ?? Promise.resolve()).then(() =>
      this.syncTrackers(externalId, levels),
    )
    this.trackerWork.set(
      externalId,
      work.catch(() => {}),
    )
    try {
      await work
    } catch (error) {
      throw this.mapError(error)
    }
  }

  private storedTrackers(id: string): StoredTrackers {
    return { ...this.trackerMemory.get(id) }
  }

  private async saveTrackers(id: string, trackers: StoredTrackers): Promise<void> {
    await this.options.store?.saveTrackers(id, trackers)
    this.trackerMemory.set(id, trackers)
  }

  private async syncTrackers(id: string, levels: EquityAlertLevels): Promise<void> {
    const known = this.storedTrackers(id)
    const next: StoredTrackers = {}
    let isChanged = false
    for (const kind of trackerKinds) {
      const wanted = levels[kind.level]
      const have = known[kind.name]
      if (wanted !== null && wanted > 0 && have?.thresholdCents === wanted) {
        next[kind.name] = have
        continue
      }
      if ((wanted === null || wanted <= 0) && !have) continue
      isChanged = true
      const found = await this.api.getTrackerByName(id, kind.name)
      if (found && wanted !== null && thresholdCentsOf(found, kind.type) === wanted) {
        next[kind.name] = { id: found._id, thresholdCents: wanted }
        continue
      }
      if (found) await this.api.deleteTracker(id, found._id)
      if (wanted === null || wanted <= 0) continue
      const tracker: NewTracker = {
        name: kind.name,
        period: kind.period,
        ...(kind.type === 'drawdown'
          ? { absoluteDrawdownThreshold: wanted / 100 }
          : { absoluteProfitThreshold: wanted / 100 }),
      }
      const created = await this.api.createTracker(id, tracker)
      next[kind.name] = { id: created.id, thresholdCents: wanted }
    }
    if (isChanged) await this.saveTrackers(id, next)
  }

  /** An ended account's trackers deleted (best effort: a leftover tracker costs nothing). */
  private async removeTrackers(id: string): Promise<void> {
    try {
      const known = this.storedTrackers(id)
      if (Object.keys(known).length === 0) return
      for (const tracker of Object.values(known)) await this.api.deleteTracker(id, tracker.id)
      await this.saveTrackers(id, {})
    } catch (error) {
      this.options.logger.warn(
        { err: error instanceof Error ? error.message : String(error), metaApiAccount: id },
        "MetaApi: an ended account's trackers were not deleted",
      )
    }
  }

  private startEventStream(): void {
    if (this.eventStream || this.isStopped || !this.client) return
    const abort = new AbortController()
    this.eventStream = { abort, done: this.readTrackerEvents(abort.signal) }
  }

  /**
   * The long-poll loop over the tracker events of all the firm's accounts: from the sequence
   * number last handled (our database), each answer's watched accounts read at once (their
   * equity events reach the risk monitor), then the new position saved; so a restart neither
   * loses an event nor handles one twice (a crash between the read and the save hands its events
   * once more: one more read of the account). Failures back off 1 s doubling to 30 s; a 429 waits
   * for its Retry-After or recommendedRetryTime.
   */
  private async readTrackerEvents(signal: AbortSignal): Promise<void> {
    const { store, logger } = this.options
    const sleep = this.options.eventStreamSleep ?? abortableDelay
    let position: number | null = null
    let isPositionRead = store === undefined
    let backoffMs = 1000
    let failures = 0
    while (!signal.aborted) {
      const startedMs = Date.now()
      try {
        if (!isPositionRead) {
          position = await store!.streamPosition(TRACKER_EVENTS_STREAM)
          isPositionRead = true
        }
        const events = await this.api.streamTrackerEvents(
          { previousSequenceNumber: position },
          { signal },
        )
        if (signal.aborted) return
        const accounts = new Set(events.map((event) => event.accountId))
        await Promise.all([...accounts].map((id) => this.refreshNow(id)))
        if (events.length > 0) {
          position = Math.max(position ?? 0, ...events.map((event) => event.sequenceNumber))
          await store?.saveStreamPosition(TRACKER_EVENTS_STREAM, position)
        } else if (Date.now() - startedMs < 1000) {
          // an empty answer that did not hold the request: not a busy loop
          await sleep(1000, signal)
        }
        backoffMs = 1000
        failures = 0
      } catch (error) {
        if (signal.aborted) return
        failures++
        let waitMs: number
        if (error instanceof MetaApiError && error.kind === 'rate_limited') {
          waitMs = error.info.retryAfterMs ?? 1000
        } else {
          waitMs = backoffMs
          backoffMs = Math.min(backoffMs * 2, 30_000)
        }
        if (failures === 1 || failures % 30 === 0) {
          logger.warn(
            { err: error instanceof Error ? error.message : String(error), waitMs },
            'MetaApi: reading the tracker events failed; backing off',
          )
        }
        await sleep(waitMs, signal)
      }
    }
  }

  /** A tracker event's account read now (a watched one: active on MetaApi), its equity emitted. */
  private async refreshNow(id: string): Promise<void> {
    const state = this.watched.get(id)
    if (!state || !this.client) return
    if (this.isPaused()) {
      // rate-limited: read on the first round after the pause
      state.skipPolls = 0
      return
    }
    await this.pollSerial(id, state)
  }

  // ---- the firm's actions ---------------------------------------------------------------------

  async closeAllPositions(externalId: string, reason: CloseReason): Promise<PlatformClosedTrade[]> {
    const positions = await this.listPositions(externalId)
    const closed: PlatformClosedTrade[] = []
    for (const position of positions) {
      try {
        const result = await this.closePosition(externalId, position.id, null, reason)
        if (result.ok) closed.push(result.value)
      } catch (error) {
        // closed meanwhile by another close (the poll enforcing "disabled", a second verdict):
        // the goal, no open position, holds; anything else is a real failure
        const isGone = !(await this.listPositions(externalId)).some((p) => p.id === position.id)
        if (!isGone) throw error
      }
    }
    return closed
  }

  async cancelAllOrders(externalId: string): Promise<PlatformOrder[]> {
    const orders = await this.listOrders(externalId)
    for (const order of orders) {
      await this.read(() =>
        this.api.trade(externalId, { actionType: 'ORDER_CANCEL', orderId: order.id }),
      )
    }
    return orders
  }

  /**
   * MetaApi cannot change a broker account's rights: the adapter enforces "disabled" itself by
   * closing, on every poll, any position the account holds (and the app's own checks refuse it).
   */
  async setTradingEnabled(externalId: string, isEnabled: boolean): Promise<void> {
    if (isEnabled) {
      this.disabled.delete(externalId)
    } else {
      this.disabled.add(externalId)
      // an ended account is undeployed: nothing trades it through MetaApi any more
      if (!this.finals.has(externalId) && !this.endings.has(externalId)) this.watch(externalId)
    }
    this.emit(externalId, { type: 'trading-enabled', tMs: Date.now(), isEnabled })
  }

  async closePosition(
    externalId: string,
    positionId: string,
    volume: number | null,
    reason: CloseReason = 'client',
  ): Promise<TradeResult<PlatformClosedTrade>> {
    const positions = await this.listPositions(externalId)
    const position = positions.find((p) => p.id === positionId)
    if (!position) throw new PlatformNotFoundError('position')
    const request =
      volume === null || volume >= position.volume
        ? { actionType: 'POSITION_CLOSE_ID', positionId }
        : { actionType: 'POSITION_PARTIAL', positionId, volume: toLots(volume) }
    const answer = await this.read(() => this.api.trade(externalId, request))
    if (answer.numericCode !== 10009 && answer.stringCode !== 'TRADE_RETCODE_DONE') {
      throw new AppError('TRADING_REJECTED', {
        message: answer.message ?? `${answer.stringCode}`,
      })
    }
    const closedVolume = volume === null ? position.volume : Math.min(volume, position.volume)
    const nowMs = Date.now()
    return {
      ok: true,
      value: {
        id: `${positionId}:${nowMs}`,
        positionId,
        symbol: position.symbol,
        side: position.side,
        volume: closedVolume,
        openPrice: position.openPrice,
        closePrice: position.currentPrice ?? position.openPrice,
        openTimeMs: position.openTimeMs,
        closeTimeMs: nowMs,
        profit: position.profit,
        swap: position.swap,
        commission: position.commission,
        reason,
      },
    }
  }

  private notSupported(action: string): never {
    throw new AppError('ACCOUNT_NOT_TRADABLE', { message: metatraderMessages.notSupported(action) })
  }

  /** MetaApi's client API cannot deposit or withdraw: a payout rolls the account over (0054) */
  canApplyBalanceOperation(): boolean {
    return false
  }

  /** MetaApi cannot change a broker account's rights: "disabled" closes every position (above) */
  canDisableKeepPositions(): boolean {
    return false
  }

  async applyBalanceOperation(
    _externalId: string,
    _amountCents: number,
  ): Promise<{ dealId: string; balanceAfter: number }> {
    return this.notSupported('A balance operation')
  }

  async changePassword(_externalId: string, _password: string): Promise<void> {
    return this.notSupported('Changing the password')
  }

  async setLeverage(
    _externalId: string,
    _leverage: number,
  ): Promise<TradeResult<PlatformAccountInfo>> {
    return this.notSupported('Changing the leverage')
  }

  async placeOrder(_externalId: string, _request: PlaceOrderRequest): Promise<PlaceOrderResult> {
    throw new AppError('ACCOUNT_NOT_TRADABLE', { message: metatraderMessages.tradeInTerminal })
  }

  async modifyPosition(): Promise<TradeResult<PlatformPosition>> {
    throw new AppError('ACCOUNT_NOT_TRADABLE', { message: metatraderMessages.tradeInTerminal })
  }

  async modifyOrder(): Promise<TradeResult<PlatformOrder>> {
    throw new AppError('ACCOUNT_NOT_TRADABLE', { message: metatraderMessages.tradeInTerminal })
  }

  async cancelOrder(): Promise<TradeResult<PlatformOrder>> {
    throw new AppError('ACCOUNT_NOT_TRADABLE', { message: metatraderMessages.tradeInTerminal })
  }

  // ---- market data: prices of MetaApi accounts are the broker's, read in MetaTrader ----------

  async listSymbols(): Promise<PlatformSymbolSpec[]> {
    return []
  }

  async getQuote(): Promise<PlatformQuote | null> {
    return null
  }

  async listQuotes(): Promise<PlatformQuote[]> {
    return []
  }

  async getBars(): Promise<PlatformBar[]> {
    return []
  }

  subscribeQuotes(): () => void {
    return () => {}
  }

  // ---- errors ---------------------------------------------------------------------------------

  private async read<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      throw this.mapError(error)
    }
  }

  /** MetaApi's failures as the app's errors (messages in @tp/api/metatrader). */
  mapError(error: unknown): unknown {
    if (!(error instanceof MetaApiError)) return error
    switch (error.kind) {
      case 'not_found':
        return new PlatformNotFoundError('account')
      case 'rate_limited':
        return new AppError('SERVICE_UNAVAILABLE', {
          message: metatraderMessages.busy,
          retryAfterSeconds: Math.max(1, Math.ceil((error.info.retryAfterMs ?? 1000) / 1000)),
          cause: error,
        })
      case 'validation':
      case 'conflict':
        return new AppError('TRADING_REJECTED', {
          message: error.info.providerMessage ?? metatraderMessages.unavailable,
          cause: error,
        })
      default:
        this.options.logger.error({ err: error.message, kind: error.kind }, 'MetaApi call failed')
        return new AppError('SERVICE_UNAVAILABLE', {
          message: metatraderMessages.unavailable,
          cause: error,
        })
    }
  }
}
