import type { OrderType, PendingOrderType, Side, TradingIssue } from '@tp/domain'

// The trading platform as the rest of the server sees it: where challenge accounts live and
// trade. Adapters: the built-in simulated trading server (default, ./simulated), and, written to
// contracts/integrations.md sections 3 and 4, MetaApi (provisioning + client API + equity
// tracking) and the MT5 Web API (a firm's own server). Everything here is shaped so those fit:
// accounts are addressed by the platform's own id, creation is idempotent by a request id (MetaApi's
// transaction-id), and live changes arrive as a stream of account events (MetaApi's
// synchronization packets or polling; the simulator's ticks).
//
// Units (decision 0013): prices in integer points, volumes in hundredths of a lot, money in USD
// cents, times in ms since the epoch.

export type PlatformKind = 'simulated'

export interface AccountLimits {
  maxLotsPerForexOrder: number
  marginCallPercent: number
  stopOutPercent: number
  isWeekendHoldingAllowed: boolean
}

export interface CreateAccountInput {
  /** idempotency key: creating again with it returns the same account */
  requestId: string
  platform: 'mt4' | 'mt5'
  /** the holder's name as the server records it */
  name: string
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

/** Live changes of one account, in the order they happened. */
export type AccountEvent =
  | { type: 'equity'; tMs: number; balance: number; equity: number }
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
  /** a quote this account alone sees (a scenario's scripted price): its market for the symbol */
  | { type: 'account-quote'; tMs: number; symbol: string; bid: number; ask: number }

export type AccountEventListener = (externalId: string, event: AccountEvent) => void

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

export interface TradingPlatform {
  readonly kind: PlatformKind
  /** shown to traders, e.g. "Simulated MT5" */
  platformLabel(platform: 'mt4' | 'mt5'): string

  createAccount(input: CreateAccountInput): Promise<CreatedAccount>
  getAccountInfo(externalId: string): Promise<PlatformAccountInfo>
  listPositions(externalId: string): Promise<PlatformPosition[]>
  listOrders(externalId: string): Promise<PlatformOrder[]>
  /** closed trades (closing deals), newest first */
  listClosedTrades(
    externalId: string,
    /** newest first; the next page starts strictly before (beforeMs, beforeId) */
    options: { beforeMs?: number; beforeId?: string; limit: number },
  ): Promise<{ trades: PlatformClosedTrade[]; hasMore: boolean }>

  /** every account's live changes; returns the unsubscribe function */
  subscribe(listener: AccountEventListener): () => void

  closeAllPositions(externalId: string, reason: CloseReason): Promise<PlatformClosedTrade[]>
  cancelAllOrders(externalId: string): Promise<PlatformOrder[]>
  setTradingEnabled(externalId: string, isEnabled: boolean): Promise<void>
  changePassword(externalId: string, password: string, kind: 'main' | 'investor'): Promise<void>

  // the trader's terminal
  placeOrder(externalId: string, request: PlaceOrderRequest): Promise<PlaceOrderResult>
  modifyPosition(
    externalId: string,
    positionId: string,
    stops: { stopLoss: number | null; takeProfit: number | null },
  ): Promise<TradeResult<PlatformPosition>>
  closePosition(
    externalId: string,
    positionId: string,
    volume: number | null,
  ): Promise<TradeResult<PlatformClosedTrade>>
  modifyOrder(
    externalId: string,
    orderId: string,
    changes: { price: number; stopLoss: number | null; takeProfit: number | null },
  ): Promise<TradeResult<PlatformOrder>>
  cancelOrder(externalId: string, orderId: string): Promise<TradeResult<PlatformOrder>>
}
