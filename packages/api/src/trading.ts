import {
  instrumentSymbolSchema,
  orderTypeSchema,
  planKeySchema,
  sideSchema,
  stages,
  timeframes,
} from '@tp/domain'
import { z } from 'zod'
import {
  riskBreachMessageSchema,
  riskDeskClientMessageSchema,
  riskNearestMessageSchema,
} from './admin-risk'
import { adminReasonSchema } from './admin-reason'
import { emailSchema } from './auth'

// The trading API: the trader's challenge accounts, the web terminal's REST calls and the live
// stream (WebSocket at /api/stream). Units on the wire (docs/decisions/0013):
// - prices in OUTPUT are integer points of the instrument (EURUSD 1.08350 -> 108350); the client
//   formats them with the instrument catalogue of @tp/domain (formatPrice / priceToNumber);
// - volumes in OUTPUT are integer hundredths of a lot (0.10 lot -> 10);
// - money is integer USD cents everywhere;
// - INPUT prices and volumes are the decimal strings a trader types ("1.0835", "0.10"), parsed
//   exactly by the server with the domain's parsers (too many decimals is refused, not rounded).

const cents = z.number().int()
const points = z.number().int().positive()
const volumeUnits = z.number().int().positive()
const instant = z.string() // ISO-8601 UTC

export const platforms = ['mt4', 'mt5'] as const
export const platformSchema = z.enum(platforms)
export type Platform = z.infer<typeof platformSchema>

export const tradingAccountStatuses = [
  'provisioning',
  'active',
  'passed',
  'failed',
  'suspended',
  'closed',
] as const
export const tradingAccountStatusSchema = z.enum(tradingAccountStatuses)
export type TradingAccountStatus = z.infer<typeof tradingAccountStatusSchema>
export const tradingAccountStatusLabels: Readonly<Record<TradingAccountStatus, string>> = {
  provisioning: 'Setting up',
  active: 'Active',
  passed: 'Passed',
  failed: 'Failed',
  suspended: 'Suspended',
  closed: 'Closed',
}

/**
 * A challenge account without its passwords: what every list, account state, push and admin
 * sees. The passwords are the owner's alone, fetched on demand (tradingCredentialsSchema).
 */
export const tradingAccountSchema = z.object({
  id: z.uuid(),
  /** the trading server's account number */
  login: z.string(),
  server: z.string(),
  platform: platformSchema,
  /** e.g. "Simulated MT5": every account is simulated (decisions.md) */
  platformLabel: z.string(),
  challenge: z.enum(['twoPhase', 'instantFund']),
  stage: z.enum(stages),
  planKey: planKeySchema,
  rulebookVersion: z.string(),
  /** account size in thousands (5, 10, 25, 50, 100, 500, 1000) */
  sizeK: z.number().int(),
  initialBalance: cents,
  leverage: z.number().int(),
  status: tradingAccountStatusSchema,
  isTradingEnabled: z.boolean(),
  /** passed or failed accounts, and those replaced by the next stage, only show their history */
  isReadOnly: z.boolean(),
  createdAt: instant,
  endedAt: instant.nullable(),
  /** the account of the previous stage, when this one was provisioned after a pass */
  previousAccountId: z.uuid().nullable(),
  /**
   * false: the account lives on a real MetaTrader server and trades in MetaTrader itself; the web
   * terminal shows it read-only (decision 0042). Absent: true. Last: the compiled serializer
   * writes optional properties after the required ones (the same bytes as zod's).
   */
  isTerminalTrading: z.boolean().optional(),
})
export type TradingAccountDto = z.infer<typeof tradingAccountSchema>

/** The trading passwords of an account: its owner's alone, never in an account state or a push. */
const tradingPasswordsShape = {
  password: z.string(),
  investorPassword: z.string().nullable(),
}

// GET /api/trading/accounts/:accountId/credentials -> the owner's credentials, fetched on demand
export const tradingCredentialsSchema = z.object({
  accountId: z.uuid(),
  login: z.string(),
  server: z.string(),
  ...tradingPasswordsShape,
})
export type TradingCredentials = z.infer<typeof tradingCredentialsSchema>

// GET /api/trading/accounts -> { accounts } (the caller's own; the passwords of each are fetched
// on demand from the credentials route, when the owner shows or copies one: spec 2.13's column)
export const tradingAccountsResponseSchema = z.object({
  accounts: z.array(tradingAccountSchema),
})

// POST /api/meta/get-accounts {email} -> { data: { accounts } } (spec 7; email must be the caller's)
export const metaGetAccountsSchema = z.object({ email: emailSchema.optional() })
export const metaGetAccountsResponseSchema = z.object({
  data: z.object({
    accounts: z.array(
      tradingAccountSchema.extend({
        /** spec 3 names the id accountId */
        accountId: z.uuid(),
      }),
    ),
  }),
})

// ---- market data ---------------------------------------------------------------------------

export const quoteSchema = z.object({
  symbol: instrumentSymbolSchema,
  bid: points,
  ask: points,
  /** time of the tick, ms since the epoch */
  t: z.number().int(),
})
export type QuoteDto = z.infer<typeof quoteSchema>

// GET /api/market/quotes -> { quotes, markets }
export const quotesResponseSchema = z.object({
  quotes: z.array(quoteSchema),
  /** whether each symbol's market is open now, and when it next opens or closes */
  markets: z.array(
    z.object({
      symbol: instrumentSymbolSchema,
      isOpen: z.boolean(),
      nextOpenAt: instant.nullable(),
      nextCloseAt: instant.nullable(),
    }),
  ),
})

export const timeframeSchema = z.enum(timeframes)
// GET /api/market/bars?symbol=EURUSD&timeframe=M5&limit=300&before=<ms>
export const barsQuerySchema = z.object({
  symbol: instrumentSymbolSchema,
  timeframe: timeframeSchema.default('M1'),
  limit: z.coerce.number().int().min(1).max(1000).default(300),
  /** bars opening strictly before this instant (ms); default now */
  before: z.coerce.number().int().optional(),
})
export const barSchema = z.object({
  /** opening instant, ms */
  t: z.number().int(),
  open: points,
  high: points,
  low: points,
  close: points,
})
export const barsResponseSchema = z.object({
  symbol: instrumentSymbolSchema,
  timeframe: timeframeSchema,
  bars: z.array(barSchema),
})

// ---- the account's state -----------------------------------------------------------------------

export const accountFiguresSchema = z.object({
  balance: cents,
  equity: cents,
  floatingProfit: cents,
  swap: cents,
  margin: cents,
  freeMargin: cents,
  /** equity / margin x 100 with 2 decimals; null without open positions */
  marginLevelPercent: z.number().nullable(),
  isMarginCall: z.boolean(),
})
export type AccountFigures = z.infer<typeof accountFiguresSchema>

export const positionSchema = z.object({
  id: z.string(),
  symbol: instrumentSymbolSchema,
  side: sideSchema,
  volume: volumeUnits,
  openPrice: points,
  openTime: instant,
  stopLoss: points.nullable(),
  takeProfit: points.nullable(),
  /** the price it would close at now (bid for a buy, ask for a sell) */
  currentPrice: points.nullable(),
  /** floating profit now */
  profit: cents,
  /** swap accumulated so far */
  swap: cents,
  /** commission booked so far (opening deal), negative */
  commission: cents,
  margin: cents,
})
export type PositionDto = z.infer<typeof positionSchema>

export const pendingOrderSchema = z.object({
  id: z.string(),
  symbol: instrumentSymbolSchema,
  type: z.enum(['buy-limit', 'sell-limit', 'buy-stop', 'sell-stop']),
  volume: volumeUnits,
  price: points,
  stopLoss: points.nullable(),
  takeProfit: points.nullable(),
  createdAt: instant,
})
export type PendingOrderDto = z.infer<typeof pendingOrderSchema>

export const closeReasons = [
  'client',
  'stop-loss',
  'take-profit',
  'stop-out',
  'breach',
  'pass',
  'weekend',
  'inactivity',
  'refund',
  /** an admin's risk action closed it (audited with the reason given) */
  'risk',
  /** the firm closed it after the fact: a position opened in MetaTrader above the plan's lot cap */
  'policy',
  /** a payout on a platform that cannot book the withdrawal ended the account (a new one replaces it) */
  'payout',
] as const
export const closeReasonSchema = z.enum(closeReasons)

/** A closed position (or the closed part of one) in the account's history. */
export const closedTradeSchema = z.object({
  id: z.string(),
  positionId: z.string(),
  symbol: instrumentSymbolSchema,
  side: sideSchema,
  volume: volumeUnits,
  openPrice: points,
  closePrice: points,
  openTime: instant,
  closeTime: instant,
  profit: cents,
  swap: cents,
  commission: cents,
  /** profit + swap + commission */
  result: cents,
  reason: closeReasonSchema,
})
export type ClosedTradeDto = z.infer<typeof closedTradeSchema>

export const warningLevels = [0, 50, 80, 95, 100] as const
/** How much of a loss limit is used up, in the steps the terminal warns at. */
export const warningLevelSchema = z.union(warningLevels.map((level) => z.literal(level)))
export type WarningLevel = (typeof warningLevels)[number]

export const lossMeterSchema = z.object({
  /** the floor in force: equity at or below it breaches the rule */
  floor: cents,
  /** equity - floor (<= 0 once touched) */
  distance: cents,
  /** the loss the rule allows (e.g. 6% of the initial balance) */
  allowance: cents,
  /** share of the allowance used, 0..100, two decimals */
  usedPercent: z.number(),
  warning: warningLevelSchema,
})
export type LossMeter = z.infer<typeof lossMeterSchema>

/** The trader's rule meters: every figure the live evaluator holds for the account. */
export const ruleMetersSchema = z.object({
  status: z.enum(['active', 'passed', 'failed']),
  /** the trading day in force (as the engine names it) */
  day: z.string(),
  dayReset: z.object({ timeZone: z.string(), time: z.string() }),
  nextResetAt: instant,
  dailyLoss: lossMeterSchema.nullable(),
  maxLoss: lossMeterSchema.nullable(),
  profitTarget: z
    .object({
      target: cents,
      value: cents,
      /** progress from the initial balance to the target, 0..100, two decimals */
      progressPercent: z.number(),
      basis: z.enum(['balance', 'equity']),
      requireFlat: z.boolean(),
      met: z.boolean(),
    })
    .nullable(),
  tradingDays: z.object({ required: z.number().int(), value: z.number().int(), met: z.boolean() }),
  passedAt: instant.nullable(),
})
export type RuleMeters = z.infer<typeof ruleMetersSchema>

/** What the platform kept of a hard breach, shown to the trader and emailed. */
export const breachEvidenceSchema = z.object({
  rule: z.enum(['dailyLoss', 'maxLoss']),
  t: instant,
  balance: cents,
  equity: cents,
  floor: cents,
  rulebookVersion: z.string(),
  planKey: planKeySchema,
  /** the positions open at the breaching snapshot, with their prices then */
  openPositions: z.array(positionSchema),
})
export type BreachEvidence = z.infer<typeof breachEvidenceSchema>

// GET /api/trading/accounts/:accountId -> AccountState
export const accountStateSchema = z.object({
  account: tradingAccountSchema,
  figures: accountFiguresSchema,
  positions: z.array(positionSchema),
  orders: z.array(pendingOrderSchema),
  meters: ruleMetersSchema,
  breach: breachEvidenceSchema.nullable(),
  /** the account provisioned after this one passed */
  nextAccountId: z.uuid().nullable(),
})
export type AccountState = z.infer<typeof accountStateSchema>
export const accountStatePartsSchema = accountStateSchema.partial()
export type AccountStateParts = z.infer<typeof accountStatePartsSchema>

/** An account state with a stream patch merged in (top-level parts replace the old ones). */
export function mergeAccountState(state: AccountState, parts: AccountStateParts): AccountState {
  return { ...state, ...parts }
}

export const accountParamsSchema = z.object({ accountId: z.uuid() })
export const positionParamsSchema = accountParamsSchema.extend({ positionId: z.string().min(1) })
export const orderParamsSchema = accountParamsSchema.extend({ orderId: z.string().min(1) })

// GET /api/trading/accounts/:accountId/history?limit=100&before=<ISO>&beforeId=<trade id>
// The next page: `before` = the last trade's closeTime and `beforeId` = its id (several trades
// can close at one instant: a stop-out, a breach).
export const historyQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.iso.datetime({ offset: true }).optional(),
  /** a deal id (a positive 64-bit integer): at most 18 digits */
  beforeId: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
})
export const historyResponseSchema = z.object({
  trades: z.array(closedTradeSchema),
  hasMore: z.boolean(),
})

// GET /api/trading/accounts/:accountId/deals?from=<ISO>&to=<ISO>&offset=0&limit=100
// Every deal in [from, to), oldest first: opening ('in') and closing ('out') fills and balance
// operations, as MetaTrader's deal history lists them. The next page: offset + limit.
export const dealsQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
})
export const dealSchema = z.object({
  id: z.string(),
  entry: z.enum(['in', 'out', 'balance']),
  positionId: z.string().nullable(),
  symbol: instrumentSymbolSchema.nullable(),
  /** the deal's own direction: closing a buy is a sell */
  type: z.enum(['buy', 'sell', 'balance']),
  volume: volumeUnits.nullable(),
  price: points.nullable(),
  time: instant,
  profit: cents,
  swap: cents,
  commission: cents,
  /** why it happened: 'open' for opening deals, 'deposit' for the initial balance, 'withdrawal' for a payout */
  reason: z.enum([...closeReasons, 'open', 'deposit', 'withdrawal']),
})
export type DealDto = z.infer<typeof dealSchema>
export const dealsResponseSchema = z.object({ deals: z.array(dealSchema), hasMore: z.boolean() })

// ---- trading ----------------------------------------------------------------------------------

/** A decimal the trader typed, e.g. "1.0835" or "0.10"; parsed exactly by the server. */
const decimalText = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, { message: 'Enter a positive number.' })
const optionalPriceText = decimalText.nullable().optional()

// POST /api/trading/accounts/:accountId/orders
export const placeOrderSchema = z.object({
  symbol: instrumentSymbolSchema,
  type: orderTypeSchema,
  volume: decimalText,
  /** pending orders only */
  price: optionalPriceText,
  stopLoss: optionalPriceText,
  takeProfit: optionalPriceText,
})
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>
export const placeOrderResponseSchema = z.object({
  /** market orders: the position opened */
  position: positionSchema.nullable(),
  /** pending orders: the order placed */
  order: pendingOrderSchema.nullable(),
  state: accountStateSchema,
})

// PATCH /api/trading/accounts/:accountId/positions/:positionId  (null removes a level)
export const modifyPositionSchema = z.object({
  stopLoss: decimalText.nullable(),
  takeProfit: decimalText.nullable(),
})
// POST /api/trading/accounts/:accountId/positions/:positionId/close  (no volume: all of it)
export const closePositionSchema = z.object({ volume: decimalText.optional() })
// PATCH /api/trading/accounts/:accountId/orders/:orderId   (DELETE cancels it -> { state })
export const modifyOrderSchema = z.object({
  price: decimalText,
  stopLoss: decimalText.nullable(),
  takeProfit: decimalText.nullable(),
})
export const tradeResponseSchema = z.object({ state: accountStateSchema })
// POST /api/trading/accounts/:accountId/close-all -> { closed, state }
export const closeAllResponseSchema = z.object({
  closed: z.array(closedTradeSchema),
  state: accountStateSchema,
})

// POST /api/trading/accounts/:accountId/password {password} -> { account (owned), message }
export const changeTradingPasswordSchema = z.object({
  password: z
    .string()
    .min(8, 'The trading password must be at least 8 characters long.')
    .max(32)
    .regex(/[a-z]/i, 'Use letters and digits.')
    .regex(/\d/, 'Use letters and digits.'),
})

// POST /api/trading/accounts/:accountId/leverage {leverage} -> { account, message }
// 1:N from 1 to the plan's maximum; only while no position or pending order is open.
export const changeLeverageSchema = z.object({
  leverage: z.number().int().min(1, 'Leverage is 1:N with N at least 1.'),
})
export type ChangeLeverageInput = z.infer<typeof changeLeverageSchema>
export const changeLeverageResponseSchema = z.object({
  account: tradingAccountSchema,
  message: z.string(),
})

// ---- the risk desk (admins) -------------------------------------------------------------------
// POST /api/admin/trading-accounts/:accountId/close-all        every position closed at market,
//                                                             pending orders cancelled
// POST /api/admin/trading-accounts/:accountId/disable-trading  trading disabled, pending orders
//                                                             cancelled
// POST /api/admin/trading-accounts/:accountId/enable-trading   trading enabled again (an active
//                                                             account only)
// Each with the reason, which the audit log keeps and the owner is emailed.
export const riskActionSchema = z.object({ reason: adminReasonSchema })
export type RiskActionInput = z.infer<typeof riskActionSchema>
export const riskActionResponseSchema = z.object({
  accountId: z.uuid(),
  isTradingEnabled: z.boolean(),
  /** the closing deals of close-all; empty otherwise */
  closed: z.array(closedTradeSchema),
  cancelledOrders: z.number().int().min(0),
  message: z.string(),
})
export type RiskActionResponse = z.infer<typeof riskActionResponseSchema>

// GET /api/trading/accounts/:accountId/engine-input -> the evaluation contract's input
// ({rules, history}), to replay with `npm run engine -- evaluate` (verdicts are reproducible).

// ---- the live stream (WebSocket /api/stream) ------------------------------------------------------
// Send `auth` first; subscribe after `ready`. Messages are handled in the order sent.

export const streamClientMessageSchema = z.discriminatedUnion('type', [
  /** first message: the access token (browsers cannot set headers on a WebSocket) */
  z.object({ type: z.literal('auth'), token: z.string().min(1) }),
  /** the symbols whose quotes to receive (replaces the previous list) */
  z.object({ type: z.literal('quotes'), symbols: z.array(instrumentSymbolSchema).max(50) }),
  /** the account whose state to receive (one at a time; null stops) */
  z.object({ type: z.literal('account'), accountId: z.uuid().nullable() }),
  /** admins: the live risk view's ranking and new breaches (admin-risk.ts) */
  riskDeskClientMessageSchema,
  z.object({ type: z.literal('ping') }),
])
export type StreamClientMessage = z.infer<typeof streamClientMessageSchema>

export const tradingEventKinds = [
  'order-filled',
  'order-placed',
  'order-cancelled',
  'position-closed',
  'stop-loss',
  'take-profit',
  'margin-call',
  'stop-out',
  'breach',
  'passed',
  'next-stage',
  'trading-disabled',
] as const
export const tradingEventSchema = z.object({
  kind: z.enum(tradingEventKinds),
  accountId: z.uuid(),
  /** a sentence for the trader */
  message: z.string(),
  t: instant,
})
export type TradingEvent = z.infer<typeof tradingEventSchema>

export const streamServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.uuid() }),
  /** the latest quote of each subscribed symbol that moved since the previous message */
  z.object({ type: z.literal('quotes'), quotes: z.array(quoteSchema) }),
  /**
   * The watched account's whole state: on subscribing (and whenever the client may have missed a
   * change). `version` counts the account's changes; the patches that follow build on it.
   */
  z.object({
    type: z.literal('account'),
    state: accountStateSchema,
    version: z.number().int().min(0).optional(),
  }),
  /**
   * What changed in the watched account since `version - 1`: only the top-level parts of its
   * state that differ, each whole (merge: { ...state, ...parts }). Every watcher of the account
   * gets the same bytes; an account that did not change sends nothing.
   */
  z.object({
    type: z.literal('account-patch'),
    accountId: z.uuid(),
    version: z.number().int().min(1),
    parts: accountStatePartsSchema,
  }),
  z.object({ type: z.literal('event'), event: tradingEventSchema }),
  /**
   * The watched account's analytics (POST /api/metaStats/*, analytics.ts) changed: a trade
   * closed. `version` is the analytics version now; a client holding figures of an older version
   * refetches them once (debounced), nothing is polled.
   */
  z.object({
    type: z.literal('analytics-changed'),
    accountId: z.uuid(),
    version: z.number().int().min(1),
  }),
  /** admins watching the risk desk: the accounts nearest to a breach, and each new breach */
  riskNearestMessageSchema,
  riskBreachMessageSchema,
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
])
export type StreamServerMessage = z.infer<typeof streamServerMessageSchema>

/** Close codes of the stream besides the standard ones (a module of their own: decision 0041). */
export { streamCloseCodes } from './stream-codes'
