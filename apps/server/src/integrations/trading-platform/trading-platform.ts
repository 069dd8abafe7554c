import type {
  AssetClass,
  EquityAlertLevels,
  OrderType,
  PendingOrderType,
  Side,
  Timeframe,
  TradingIssue,
} from '@tp/domain'
import { platformKinds, type PlatformKind } from '@tp/api/trading-platform'

// The trading platform as the rest of the server sees it: where challenge accounts live and
// trade, and where their prices come from. Adapters: the built-in simulated trading server
// (default, ./simulated), and, written to contracts/integrations.md sections 3 and 4, MetaApi
// (provisioning + client API + market data + equity tracking) and the MT5 Web API (a firm's own
// server). Everything here is shaped so those fit: accounts are addressed by the platform's own
// id, creation is idempotent by a request id (MetaApi's transaction-id) and carries what MT5's
// /api/user/add and MetaApi's account creation need; deals are read by time range and page
// (MetaApi history-deals/time, MT5 /api/deal/get_page); live changes arrive as a stream of account
// events (MetaApi's synchronization packets or polling; the simulator's ticks); market data is
// read per symbol, optionally as one account sees it (MetaApi reads prices and candles through an
// account, MT5 through the account's group), and streamed as quotes.
//
// Units (decision 0013): prices in integer points, volumes in hundredths of a lot, money in USD
// cents, times in ms since the epoch.

/**
 * The adapters an account can live on (platform-registry.ts): each trading account is bound to the
 * one that created it (trading_accounts.adapter), whatever the default for new accounts
 * (TRADING_PLATFORM) is now.
 */
export { platformKinds, type PlatformKind }

export function isPlatformKind(value: string): value is PlatformKind {
  return (platformKinds as readonly string[]).includes(value)
}

/** An account row's adapter column as a kind (rows older than the registry say 'simulated'). */
export function platformKindOf(adapter: string): PlatformKind {
  return isPlatformKind(adapter) ? adapter : 'simulated'
}

/**
 * The server's own trading conditions for the account's group (MT5 group settings): its margin
 * call and stop-out levels, and the most volume of forex it accepts in one order. The firm's
 * rules (the plan's lot cap, market hours, leverage, weekend close) are the app's, checked before
 * the platform is called whatever the adapter (decision 0018); this only tells the server.
 */
export interface AccountLimits {
  maxLotsPerForexOrder: number
  marginCallPercent: number
  stopOutPercent: number
}

export interface CreateAccountInput {
  /** idempotency key: creating again with it returns the same account */
  requestId: string
  /**
   * the adapter to create it on (the platform router: the account row's binding, so a retry after
   * a change of TRADING_PLATFORM goes where the first attempt went); default: the default adapter
   */
  adapter?: PlatformKind
  /**
   * true: no earlier attempt with this request id reached the platform (provisioning's first
   * claim), so an adapter may skip looking for an account an attempt that died left behind.
   * Absent: look.
   */
  isFirstAttempt?: boolean
  platform: 'mt4' | 'mt5'
  /** the holder's display name as the server records it (MT5 Name, MetaApi name) */
  name: string
  /** the holder's email (MT5 Email, MetaApi demo-account email) */
  email: string
  /**
   * the server-side group the account joins (MT5 Group, e.g. `tradepeak\twoPhase.phase1`;
   * MetaApi demo accounts: accountType); it decides the server's own trading conditions
   */
  group: string
  balance: number
  leverage: number
  limits: AccountLimits
}

export interface CreatedAccount {
  externalId: string
  login: string
  server: string
  password: string
  investorPassword: string
}

export interface PlatformAccountInfo {
  externalId: string
  login: string
  server: string
  currency: 'USD'
  leverage: number
  balance: number
  equity: number
  floatingProfit: number
  swap: number
  margin: number
  freeMargin: number
  marginLevelPercent: number | null
  isMarginCall: boolean
  isTradingEnabled: boolean
}

export interface PlatformPosition {
  id: string
  symbol: string
  side: Side
  volume: number
  openPrice: number
  openTimeMs: number
  stopLoss: number | null
  takeProfit: number | null
  /** the price it would close at now; null when the market has no quote */
  currentPrice: number | null
  profit: number
  swap: number
  commission: number
  margin: number
}

export interface PlatformOrder {
  id: string
  symbol: string
  type: PendingOrderType
  volume: number
  price: number
  stopLoss: number | null
  takeProfit: number | null
  createdAtMs: number
}

export type CloseReason =
  | 'client'
  | 'stop-loss'
  | 'take-profit'
  | 'stop-out'
  | 'breach'
  | 'pass'
  /** plans without weekend holding: closed before the market's weekend close */
  | 'weekend'
  /** the account was suspended for inactivity */
  | 'inactivity'
  /** the order that bought the account was refunded */
  | 'refund'
  /** an admin's risk action (close every position), audited with its reason */
  | 'risk'
  /** the firm's policy checked after the fact on a real MT server: above the plan's lot cap (0045) */
  | 'policy'
  /**
   * a payout on a platform that cannot book the withdrawal ended the account, a fresh funded
   * account replacing it (decision 0054)
   */
  | 'payout'

/** A closing deal: all or part of a position. */
export interface PlatformClosedTrade {
  id: string
  positionId: string
  symbol: string
  side: Side
  volume: number
  openPrice: number
  closePrice: number
  openTimeMs: number
  closeTimeMs: number
  profit: number
  swap: number
  commission: number
  reason: CloseReason
}

/**
 * A deal of the account's history (MetaApi MetatraderDeal, MT5 deal): an opening ('in') or closing
 * ('out') fill of a position, or a balance operation.
 */
export interface PlatformDeal {
  id: string
  entry: 'in' | 'out' | 'balance'
  /** null for balance operations */
  positionId: string | null
  symbol: string | null
  /** the deal's own direction (MT's DEAL_TYPE_BUY / SELL): closing a buy is a sell */
  type: Side | 'balance'
  volume: number | null
  price: number | null
  timeMs: number
  profit: number
  swap: number
  commission: number
  reason: CloseReason | 'open' | 'deposit' | 'withdrawal'
}

/** What a position realised over its whole life, once fully closed (the engine's trade). */
export interface PositionTotals {
  positionId: string
  symbol: string
  side: Side
  /** the volume it opened with */
  volume: number
  openPrice: number
  openTimeMs: number
  /** the price of the last closing deal */
  closePrice: number
  closeTimeMs: number
  profit: number
  swap: number
  /** opening and closing commissions */
  commission: number
}

/**
 * A polled platform's totals of a position closed whole by one closing deal: that deal's trade
 * is the position's whole life (its volume the opened volume, its commission both legs').
 */
export function totalsOfWholeClose(trade: PlatformClosedTrade): PositionTotals {
  return {
    positionId: trade.positionId,
    symbol: trade.symbol,
    side: trade.side,
    volume: trade.volume,
    openPrice: trade.openPrice,
    openTimeMs: trade.openTimeMs,
    closePrice: trade.closePrice,
    closeTimeMs: trade.closeTimeMs,
    profit: trade.profit,
    swap: trade.swap,
    commission: trade.commission,
  }
}

/** Live changes of one account, in the order they happened. */
export type AccountEvent =
  | {
      type: 'equity'
      tMs: number
      balance: number
      equity: number
      /**
       * The platform's own small index of the account (stable while it runs), when it has one:
       * lets a listener that keeps per-account arrays find its entry without hashing the id on
       * every tick (the risk monitor, decision 0027).
       */
      index?: number
    }
  | { type: 'position-opened'; tMs: number; position: PlatformPosition }
  | {
      type: 'position-closed'
      tMs: number
      trade: PlatformClosedTrade
      totals: PositionTotals | null
    }
  | { type: 'position-modified'; tMs: number; position: PlatformPosition }
  | { type: 'order-placed'; tMs: number; order: PlatformOrder }
  | {
      type: 'order-cancelled'
      tMs: number
      order: PlatformOrder
      reason: 'client' | 'no-margin' | 'disabled'
    }
  | { type: 'order-filled'; tMs: number; order: PlatformOrder; position: PlatformPosition }
  | { type: 'margin-call'; tMs: number; marginLevelPercent: number | null }
  | { type: 'stop-out'; tMs: number; closed: PlatformClosedTrade[] }
  | { type: 'trading-enabled'; tMs: number; isEnabled: boolean }
  | { type: 'swap-charged'; tMs: number }
  | { type: 'leverage-changed'; tMs: number; leverage: number }

export type AccountEventListener = (externalId: string, event: AccountEvent) => void

// ---- market data ----------------------------------------------------------------------------

/**
 * A symbol as the platform trades it (MetaApi /symbols/{symbol}/specification, MT5
 * /api/symbol/get). Volumes in hundredths of a lot; maxVolume null where the account's plan sets it
 * (forex: the plan's maximum per order).
 */
export interface PlatformSymbolSpec {
  symbol: string
  description: string
  assetClass: AssetClass
  baseCurrency: string
  profitCurrency: string
  digits: number
  contractSize: number
  minVolume: number
  maxVolume: number | null
  volumeStep: number
  /** the closest stops and pending prices may be to the market, in points */
  stopsLevel: number
}

/** A price of a symbol (MetaApi MetatraderSymbolPrice, MT5 /api/tick/last). */
export interface PlatformQuote {
  symbol: string
  bid: number
  ask: number
  tMs: number
  /**
   * null: the market's price, the same for every account; an account's id: a price only that
   * account trades at (the simulator's scenario scripts; a MetaApi account's own broker feed),
   * which later market quotes of the symbol do not replace for that account
   */
  externalId: string | null
}

/** A candle of the bid (MetaApi MetatraderCandle, MT5 /api/chart/get), keyed by its open. */
export interface PlatformBar {
  tMs: number
  open: number
  high: number
  low: number
  close: number
  tickVolume: number
}

export type QuoteListener = (quote: PlatformQuote) => void

/** Prices: what the terminal's charts, quotes and the live stream read. */
export interface PlatformMarketData {
  /** the symbols the platform trades */
  listSymbols(): Promise<PlatformSymbolSpec[]>
  /** the current price; with an account, the price that account trades at; null when none yet */
  getQuote(symbol: string, options?: { externalId?: string }): Promise<PlatformQuote | null>
  /** the current prices of some symbols (default: all), optionally as one account sees them */
  listQuotes(options?: {
    symbols?: readonly string[]
    externalId?: string
  }): Promise<PlatformQuote[]>
  /**
   * Candles of a timeframe opening strictly before `beforeMs`, oldest first, at most `limit`
   * (MetaApi loads candles backwards from a start time with a limit; MT5 reads a from-to range).
   */
  getBars(request: {
    symbol: string
    timeframe: Timeframe
    beforeMs: number
    limit: number
    externalId?: string
  }): Promise<PlatformBar[]>
  /** every new price, the market's and accounts' own; returns the unsubscribe function */
  subscribeQuotes(listener: QuoteListener): () => void
}

export interface PlaceOrderRequest {
  symbol: string
  type: OrderType
  volume: number
  /** pending orders only */
  price: number | null
  stopLoss: number | null
  takeProfit: number | null
}

export type PlaceOrderResult =
  | { ok: true; position: PlatformPosition | null; order: PlatformOrder | null }
  | { ok: false; issues: TradingIssue[] }

export type TradeResult<T> = { ok: true; value: T } | { ok: false; issues: TradingIssue[] }

/** A refusal that is not about the order itself: unknown account, position or order. */
export class PlatformNotFoundError extends Error {
  constructor(readonly what: 'account' | 'position' | 'order') {
    super(`${what} not found on the trading platform`)
    this.name = 'PlatformNotFoundError'
  }
}

export interface TradingPlatform extends PlatformMarketData {
  readonly kind: PlatformKind
  /**
   * shown to traders, e.g. "Simulated MT5"; with an adapter (the account's binding), that adapter's
   * label (the platform router)
   */
  platformLabel(platform: 'mt4' | 'mt5', adapter?: PlatformKind): string
  /**
   * Whether the app's web terminal places orders for the account (decision 0042): the simulated
   * server yes; an account on a real MetaTrader server trades in MetaTrader, the terminal shows it
   * read-only. Absent: yes.
   */
  isTerminalTrading?(externalId: string): boolean

  /** Connects and loads: accounts and prices can be read, nothing streams yet. */
  load(): Promise<void>
  /** Starts the live changes (account events, quotes), once the listeners have subscribed. */
  run(): void
  stop(): Promise<void>

  createAccount(input: CreateAccountInput): Promise<CreatedAccount>
  getAccountInfo(externalId: string): Promise<PlatformAccountInfo>
  listPositions(externalId: string): Promise<PlatformPosition[]>
  listOrders(externalId: string): Promise<PlatformOrder[]>
  /** closed trades (closing deals with their position's opening), newest first */
  listClosedTrades(
    externalId: string,
    /** newest first; the next page starts strictly before (beforeMs, beforeId) */
    options: { beforeMs?: number; beforeId?: string; limit: number },
  ): Promise<{ trades: PlatformClosedTrade[]; hasMore: boolean }>
  /** every deal (opening, closing, balance) in [fromMs, toMs), oldest first, by page */
  listDeals(
    externalId: string,
    options: { fromMs: number; toMs: number; offset: number; limit: number },
  ): Promise<{ deals: PlatformDeal[]; hasMore: boolean }>

  /** every account's live changes; returns the unsubscribe function */
  subscribe(listener: AccountEventListener): () => void
  /**
   * The accounts the app judges live (active), whole set each time: an adapter that learns of
   * changes by polling (MT5 Web API) polls these. Absent: the adapter streams everything itself.
   */
  watchAccounts?(externalIds: readonly string[]): void
  /**
   * The loss and gain amounts (from the rulebook in force: @tp/domain equityAlertLevels) at which
   * the platform's own equity alarm should wake the app (MetaApi's risk-management trackers,
   * decision 0048). The alarm is only a signal: the adapter reads the account at once and emits
   * its equity event, and the risk monitor judges it. Idempotent; absent: no such alarm.
   */
  setEquityAlerts?(externalId: string, levels: EquityAlertLevels): Promise<void>

  closeAllPositions(externalId: string, reason: CloseReason): Promise<PlatformClosedTrade[]>
  cancelAllOrders(externalId: string): Promise<PlatformOrder[]>
  setTradingEnabled(externalId: string, isEnabled: boolean): Promise<void>
  /**
   * A balance operation (MT5 /api/trade/balance, MetaApi's manager API): a payout's withdrawal
   * (negative cents) or a deposit, booked as a 'balance' deal; answers the balance after it.
   */
  applyBalanceOperation(
    externalId: string,
    amountCents: number,
  ): Promise<{ dealId: string; balanceAfter: number }>
  /**
   * Whether applyBalanceOperation can book on the account: the simulated server and the MT5 Web
   * API yes; MetaApi no (its client API neither deposits nor withdraws). A payout on an account
   * that cannot is settled by a roll-over to a fresh funded account (decision 0054). Absent: yes.
   */
  canApplyBalanceOperation?(externalId: string): boolean
  /**
   * Whether setTradingEnabled(false) leaves the account's open positions open: the simulated
   * server and the MT5 Web API yes (they refuse the account's orders: user rights); MetaApi no
   * (it cannot change a broker account's rights, so the adapter enforces "disabled" by closing
   * every position it sees). The admin's account DTO reports it so the disable confirm says what
   * will happen. With an adapter (the account's binding), that adapter's answer (the platform
   * router). Absent: yes.
   */
  canDisableKeepPositions?(externalId: string, adapter?: PlatformKind): boolean
  changePassword(externalId: string, password: string, kind: 'main' | 'investor'): Promise<void>
  /**
   * The account's leverage 1:N (MT5 /api/user/update Leverage, MetaApi's manager API). Refused
   * while positions or pending orders are open (their margin was taken at the old leverage).
   */
  setLeverage(externalId: string, leverage: number): Promise<TradeResult<PlatformAccountInfo>>

  // the trader's terminal
  placeOrder(externalId: string, request: PlaceOrderRequest): Promise<PlaceOrderResult>
  modifyPosition(
    externalId: string,
    positionId: string,
    stops: { stopLoss: number | null; takeProfit: number | null },
  ): Promise<TradeResult<PlatformPosition>>
  /**
   * Closes a position at market, or `volume` of it. `reason` (default 'client', the trader)
   * other than 'client' is the firm closing it (the weekend close): done even while the account's
   * trading is disabled, as a MetaTrader manager may.
   */
  closePosition(
    externalId: string,
    positionId: string,
    volume: number | null,
    reason?: CloseReason,
  ): Promise<TradeResult<PlatformClosedTrade>>
  modifyOrder(
    externalId: string,
    orderId: string,
    changes: { price: number; stopLoss: number | null; takeProfit: number | null },
  ): Promise<TradeResult<PlatformOrder>>
  cancelOrder(externalId: string, orderId: string): Promise<TradeResult<PlatformOrder>>
}
