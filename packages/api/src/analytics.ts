import { z } from 'zod'
import { emailSchema } from './auth'
import {
  platformSchema,
  tradingAccountStatusLabels,
  tradingAccountStatusSchema,
  type TradingAccountStatus,
} from './trading'

// The dashboard's analytics (spec 2.12, 3, 7): POST /api/metaStats/*, the spec's paths and field
// names, every figure computed on the server by @tp/domain's analytics from the platform's closed
// trades. Units, as in trading.ts (docs/decisions/0013):
// - money is integer cents of `currency` (USD for every account today);
// - prices are integer points of the instrument (format with @tp/domain's instrument catalogue);
// - volumes (lots, position sizes) are integer hundredths of a lot (0.10 lot -> 10);
// - percents are numbers rounded half-up to 2 decimals; holding times are whole milliseconds;
// - instants are ISO-8601 UTC.
// Every answer carries the account's analytics `version`: the stream's `analytics-changed`
// message (trading.ts) names the version that replaced it, so a client refetches only when its
// figures are older.

const cents = z.number().int()
const volumeUnits = z.number().int().nonnegative()
const points = z.number().int()
const percent = z.number()
const instant = z.string()

export const analyticsCurrencySchema = z.literal('USD')

/** What every answer's data carries besides its figures. */
const analyticsMeta = {
  accountId: z.uuid(),
  currency: analyticsCurrencySchema,
  /** the account's analytics version these figures are for */
  version: z.number().int().min(0),
}

// ---- requests ------------------------------------------------------------------------------------
// An `email` in a body (spec 7) must be the caller's (admins: any user's); the caller comes from
// the token. The account is reached through the access policy: its owner or an admin.

export const analyticsRequestSchema = z.object({
  accountId: z.uuid(),
  email: emailSchema.optional(),
})
export type AnalyticsRequest = z.infer<typeof analyticsRequestSchema>

/** The Month/Week/Year switch of "Total Trades Analysis" (spec 2.12; default month). */
export const analyticsPeriods = ['month', 'week', 'year'] as const
export const analyticsPeriodSchema = z.enum(analyticsPeriods)
export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>

export const visualTradesRequestSchema = analyticsRequestSchema.extend({
  index: analyticsPeriodSchema.default('month'),
})
export type VisualTradesRequest = z.input<typeof visualTradesRequestSchema>

// ---- POST /api/metaStats/trades {accountId, email?} -> { data: { trades } } -------------------------

/** Most recent closed trades the answer holds (newest first). */
export const RECENT_TRADES_LIMIT = 200

/** A row of the Recent Trades table (spec 2.12/3): a closing deal with its result as profit. */
export const recentTradeSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  /** the position's direction; shown BUY or SELL (spec 3) */
  type: z.enum(['buy', 'sell']),
  /** hundredths of a lot */
  volume: volumeUnits,
  openPrice: points,
  closePrice: points,
  /** profit + commission + swap, cents */
  profit: cents,
  openTime: instant,
  closeTime: instant,
})
export type RecentTradeDto = z.infer<typeof recentTradeSchema>

export const metaStatsTradesResponseSchema = z.object({
  data: z.object({
    ...analyticsMeta,
    /** the RECENT_TRADES_LIMIT most recently closed trades, newest first */
    trades: z.array(recentTradeSchema),
  }),
})
export type MetaStatsTradesResponse = z.infer<typeof metaStatsTradesResponseSchema>

// ---- POST /api/metaStats/total-stats {accountId} -> { data: { data } } -----------------------------

/** The four summary cards (spec 2.12; spec 3 "Total stats"). */
export const totalStatsSchema = z.object({
  ...analyticsMeta,
  /** the platform's figures now */
  balance: cents,
  equity: cents,
  /** sum of closed trades' results */
  profit: cents,
  /** results of trades closed in the current trading day (the rulebook's day, 17:00 New York) */
  todayProfit: cents,
  /** closed in the current trading day */
  todayTrades: z.number().int().min(0),
  /** won / todayTrades of today's closed trades, percent (spec 3's field; 0 with none) */
  todayWinRate: percent,
  totalTrades: z.number().int().min(0),
  /** results >= 0 (MetaTrader counts a zero result as a win) */
  winTrades: z.number().int().min(0),
  /** mean holding time of closed trades, milliseconds (shown as hours and minutes) */
  avgHoldTime: z.number().int().min(0),
  /** winTrades / totalTrades, percent */
  successRate: percent,
})
export type TotalStatsDto = z.infer<typeof totalStatsSchema>

export const metaStatsTotalStatsResponseSchema = z.object({
  data: z.object({ data: totalStatsSchema }),
})
export type MetaStatsTotalStatsResponse = z.infer<typeof metaStatsTotalStatsResponseSchema>

// ---- POST /api/metaStats/visual-stats {accountId} -> { data: { won_lost, trades_by_week, trades_by_hour } }

/** Profitability half-donut: won and lost trade counts and the win rate (percent). */
export const wonLostSchema = z.object({
  won: z.number().int().min(0),
  lost: z.number().int().min(0),
  winRate: percent,
})
export const weekdayNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const
/** profit of winning trades (>= 0) and of losing trades (<= 0), cents */
const wonLostProfit = { wonProfit: cents, lostProfit: cents }

export const metaStatsVisualStatsResponseSchema = z.object({
  data: z.object({
    ...analyticsMeta,
    won_lost: wonLostSchema,
    /** weekly won/lost bars: by weekday of the open time (New York), Monday first, all seven */
    trades_by_week: z.array(z.object({ name: z.enum(weekdayNames), ...wonLostProfit })),
    /** hourly profit/loss area: by hour (0-23, New York) of the open time, all 24 */
    trades_by_hour: z.array(z.object({ hour: z.number().int().min(0).max(23), ...wonLostProfit })),
  }),
})
export type MetaStatsVisualStatsResponse = z.infer<typeof metaStatsVisualStatsResponseSchema>

// ---- POST /api/metaStats/visual-trades {email?, index, accountId} -> { data: { finalResult, ... } }

/** Holding-time ranges of "Total Profit by Time Duration", shortest first, all present. */
export const holdingRanges = [
  '<1m',
  '1m-5m',
  '5m-15m',
  '15m-1h',
  '1h-4h',
  '4h-1d',
  '1d-1w',
  '>1w',
] as const

export const metaStatsVisualTradesResponseSchema = z.object({
  data: z.object({
    ...analyticsMeta,
    index: analyticsPeriodSchema,
    /**
     * Total Trades Analysis: gross profit (>= 0) and gross loss (<= 0) of the trades closed in
     * each trading day of the last 7 (week) or 30 (month) days, or each of the last 12 months
     * (year, date YYYY-MM); oldest first, empty periods included.
     */
    finalResult: z.array(z.object({ date: z.string(), profit: cents, loss: cents })),
    tradesByTimeRange: z.array(z.object({ range: z.enum(holdingRanges), totalProfit: cents })),
    /** alphabetical */
    tradesBySymbol: z.array(z.object({ symbol: z.string(), totalProfit: cents })),
    /** smallest size first; positionSize in hundredths of a lot */
    tradesByPositionSizes: z.array(z.object({ positionSize: volumeUnits, totalProfit: cents })),
    /** long (buy) then short (sell) */
    tradesByType: z.array(
      z.object({
        type: z.enum(['long', 'short']),
        tradeCount: z.number().int().min(0),
        totalProfit: cents,
      }),
    ),
  }),
})
export type MetaStatsVisualTradesResponse = z.infer<typeof metaStatsVisualTradesResponseSchema>

// ---- POST /api/metaStats/update-analysis {accountId} -> { data: { analysisData } } ----------------

/** Terminal download links of the status table, per platform (spec 2.12). */
export const terminalDownloadsSchema = z.object({
  windows: z.url(),
  android: z.url(),
  ios: z.url(),
  mac: z.url(),
})
export type TerminalDownloads = z.infer<typeof terminalDownloadsSchema>

export const terminalDownloadLinks: Readonly<Record<'mt4' | 'mt5', TerminalDownloads>> = {
  mt4: {
    windows: 'https://download.mql5.com/cdn/web/metaquotes.software.corp/mt4/mt4setup.exe',
    android: 'https://play.google.com/store/apps/details?id=net.metaquotes.metatrader4',
    ios: 'https://apps.apple.com/app/metatrader-4/id496212596',
    mac: 'https://download.mql5.com/cdn/web/metaquotes.software.corp/mt4/MetaTrader4.pkg.zip',
  },
  mt5: {
    windows: 'https://download.mql5.com/cdn/web/metaquotes.software.corp/mt5/mt5setup.exe',
    android: 'https://play.google.com/store/apps/details?id=net.metaquotes.metatrader5',
    ios: 'https://apps.apple.com/app/metatrader-5/id413251709',
    mac: 'https://download.mql5.com/cdn/web/metaquotes.software.corp/mt5/MetaTrader5.pkg.zip',
  },
}

export const objectiveKeys = [
  'profitTarget',
  'minTradingDays',
  'dailyLoss',
  'maxLoss',
  'bestDay',
] as const
export const objectiveStates = ['passed', 'failed', 'inProgress'] as const

/**
 * A row of the objectives table (Trading Objectives / Results / Summary), one per rule of the
 * account's rulebook that is on, judged by the evaluation engine's verdict. `target` and `result`
 * are in `unit` (amount: cents of profit; days; percent: of the allowance's base used by the
 * worst day for the loss limits, the best day's share for bestDay).
 */
export const objectiveSchema = z.object({
  key: z.enum(objectiveKeys),
  /** the rule as the trading-rules page names it, e.g. "Profit target 10%" */
  label: z.string(),
  unit: z.enum(['amount', 'days', 'percent']),
  target: z.number(),
  /** null before there is anything to measure */
  result: z.number().nullable(),
  state: z.enum(objectiveStates),
  /** the Summary column: "Passed", "In progress", "Loss Exceeded", "Not reached" */
  summary: z.string(),
})
export type ObjectiveDto = z.infer<typeof objectiveSchema>

export const analysisDataSchema = z.object({
  ...analyticsMeta,
  /** the status text of spec 4 (dashboardStatusText) */
  status: z.string(),
  challengeType: z.enum(['twoPhase', 'instantFund']),
  stage: z.enum(['phase1', 'phase2', 'funded']),
  /** when the account was created; end: when it ended (passed, failed, closed), else null */
  start: instant,
  end: instant.nullable(),
  /** the starting balance, cents */
  accountSize: cents,
  /** terminal download links for the account's platform (spec 3 names them platform) */
  platform: terminalDownloadsSchema,
  /** when these figures were computed ("Last updated") */
  updated: instant,
  /** the account's rulebook (decisions.md), not the spec's dashboard texts */
  minTradingDays: z.number().int().min(0),
  /** percent, null when the rule is off */
  dailyLossLimit: percent.nullable(),
  /** percent, null when the rule is off */
  maxDrawDown: percent.nullable(),
  /** profit to reach, cents; null without a target (funded and Instant Funding accounts) */
  profitTarget: cents.nullable(),
  initBalance: cents,
  balance: cents,
  equity: cents,
  /** sum of closed trades' results, cents */
  profit: cents,
  createdAt: instant,
  updatedAt: instant,
  mtAccount: z.object({
    status: tradingAccountStatusSchema,
    platform: platformSchema,
    platformLabel: z.string(),
    challengeType: z.enum(['twoPhase', 'instantFund']),
    login: z.string(),
  }),
  /** the engine's verdict of the account */
  verdict: z.enum(['active', 'passed', 'failed']),
  objectives: z.array(objectiveSchema),
})
export type AnalysisDataDto = z.infer<typeof analysisDataSchema>

export const metaStatsUpdateAnalysisResponseSchema = z.object({
  data: z.object({ analysisData: analysisDataSchema }),
})
export type MetaStatsUpdateAnalysisResponse = z.infer<typeof metaStatsUpdateAnalysisResponseSchema>

// ---- texts ----------------------------------------------------------------------------------------

/**
 * The dashboard's status text (spec 4), on this product's lifecycle: an account whose balance is
 * still its size and that has no closed trade has not started; an active account says its stage.
 * Any other status is shown by its label.
 */
export function dashboardStatusText(account: {
  status: TradingAccountStatus
  challengeType: 'twoPhase' | 'instantFund'
  stage: 'phase1' | 'phase2' | 'funded'
  balance: number
  accountSize: number
  totalTrades: number
}): string {
  if (account.status !== 'active') return tradingAccountStatusLabels[account.status]
  if (account.balance === account.accountSize && account.totalTrades === 0) return 'Not started'
  if (account.challengeType === 'instantFund') return 'Instant Funding'
  if (account.stage === 'phase2') return 'Phase 1 passed, Phase 2 is in progress'
  if (account.stage === 'funded') return 'Funded'
  return 'Phase 1 is in progress'
}

/** The Summary column of an objective row (spec 4: a loss limit exceeded reads 'Loss Exceeded'). */
export function objectiveSummaryText(
  key: (typeof objectiveKeys)[number],
  state: (typeof objectiveStates)[number],
): string {
  if (state === 'passed') return 'Passed'
  if (state === 'inProgress') return 'In progress'
  return key === 'dailyLoss' || key === 'maxLoss' ? 'Loss Exceeded' : 'Not reached'
}

// ---- POST /api/metaStats/account-metrics {accountId, email?} -> { data: { metrics } } -----------
// The account metrics page (/user/analyticsview, issue 12 items 4, 5, 7): @tp/domain's
// computeAccountMetrics over the account's evaluation ledger, as it computes it (money in cents;
// prices and lots as the source gave them: an imported statement's symbols need not be in our
// instrument catalogue, and the page draws both).

const breakdownRow = {
  trades: z.number().int().nonnegative(),
  wins: z.number().int().nonnegative(),
  result: cents,
  winRate: percent,
  profitFactor: z.number().nullable(),
}
const breachCentsSchema = z.object({
  rule: z.enum(['dailyLoss', 'maxLoss']),
  t: instant,
  equity: cents,
  floor: cents,
})

export const metricsTradeSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  volume: z.number(),
  openTime: instant,
  closeTime: instant,
  openPrice: z.number(),
  closePrice: z.number(),
  result: cents,
})
export type MetricsTradeDto = z.infer<typeof metricsTradeSchema>

export const whatIfRuleKeys = [
  'dailyLoss',
  'maxLoss',
  'profitTarget',
  'minTradingDays',
  'bestDay',
] as const

export const accountMetricsSchema = z.object({
  initialBalance: cents,
  /** the zone of the weekday and hour tables (IANA) */
  timeZone: z.string(),
  trades: z.array(metricsTradeSchema),
  curve: z.object({
    points: z.array(
      z.object({
        tMs: z.number(),
        balance: cents,
        equity: cents,
        dailyFloor: cents.nullable(),
        maxFloor: cents.nullable(),
      }),
    ),
    snapshotCount: z.number().int().nonnegative(),
    status: z.enum(['active', 'passed', 'failed']),
    breach: breachCentsSchema.extend({ tMs: z.number() }).nullable(),
    passedAtMs: z.number().nullable(),
  }),
  metrics: z.object({
    trades: z.number().int().nonnegative(),
    wins: z.number().int().nonnegative(),
    losses: z.number().int().nonnegative(),
    profitFactor: z.number().nullable(),
    expectancy: cents,
    averageWin: cents,
    averageLoss: cents,
    best: z.object({ tradeId: z.string(), symbol: z.string(), result: cents }).nullable(),
    worst: z.object({ tradeId: z.string(), symbol: z.string(), result: cents }).nullable(),
    longestWinStreak: z.number().int().nonnegative(),
    longestLossStreak: z.number().int().nonnegative(),
    sharpe: z.number().nullable(),
    sortino: z.number().nullable(),
    averageR: z.number().nullable(),
    tradesWithStops: z.number().int().nonnegative(),
  }),
  maxDrawdown: z.object({ amount: cents, percent }),
  breakdowns: z.object({
    daily: z.array(
      z.object({
        date: z.string(),
        startMs: z.number(),
        endMs: z.number(),
        ...breakdownRow,
        tradeIndexes: z.array(z.number().int().nonnegative()),
      }),
    ),
    bySymbol: z.array(z.object({ symbol: z.string(), ...breakdownRow })),
    byWeekday: z.array(z.object({ weekday: z.enum(weekdayNames), ...breakdownRow })),
    byHour: z.array(z.object({ hour: z.number().int().min(0).max(23), ...breakdownRow })),
  }),
  whatIf: z
    .array(
      z.object({
        planKey: z.string(),
        label: z.string(),
        status: z.enum(['active', 'passed', 'failed']),
        breach: breachCentsSchema.nullable(),
        passedAt: instant.nullable(),
        rules: z.array(
          z.object({ key: z.enum(whatIfRuleKeys), applies: z.boolean(), held: z.boolean() }),
        ),
      }),
    )
    .nullable(),
})
export type AccountMetricsDto = z.infer<typeof accountMetricsSchema>

export const metaStatsAccountMetricsResponseSchema = z.object({
  data: z.object({ ...analyticsMeta, metrics: accountMetricsSchema }),
})
export type MetaStatsAccountMetricsResponse = z.infer<typeof metaStatsAccountMetricsResponseSchema>

// ---- trade journal (issue 12 item 6): notes and tags per trade ---------------------------------
// POST /api/metaStats/journal {accountId, email?} -> { data: { entries } } (owner or admin)
// PUT  /api/metaStats/journal {accountId, tradeId, note, tags} -> { data: { entry } } (owner)
// An entry with an empty note and no tags is removed.

export const JOURNAL_NOTE_MAX = 2_000
export const JOURNAL_TAGS_MAX = 10
export const JOURNAL_TAG_MAX = 32

export const journalTagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { message: 'A tag cannot be empty.' })
  .max(JOURNAL_TAG_MAX, { message: `A tag is at most ${JOURNAL_TAG_MAX} characters.` })
  .regex(/^[\p{L}\p{N}_-]+$/u, {
    message: 'A tag is one word: letters, digits, - and _.',
  })

export const journalListRequestSchema = z.object({ accountId: z.uuid() })

export const journalEntrySchema = z.object({
  tradeId: z.string(),
  note: z.string(),
  tags: z.array(z.string()),
  updatedAt: instant,
})
export type JournalEntryDto = z.infer<typeof journalEntrySchema>

export const saveJournalEntryRequestSchema = z.object({
  accountId: z.uuid(),
  tradeId: z.string().trim().min(1).max(64),
  note: z
    .string()
    .trim()
    .max(JOURNAL_NOTE_MAX, { message: `A note is at most ${JOURNAL_NOTE_MAX} characters.` }),
  tags: z
    .array(journalTagSchema)
    .max(JOURNAL_TAGS_MAX, { message: `At most ${JOURNAL_TAGS_MAX} tags per trade.` })
    .transform((tags) => [...new Set(tags)]),
})
export type SaveJournalEntryRequest = z.input<typeof saveJournalEntryRequestSchema>

export const journalListResponseSchema = z.object({
  data: z.object({ accountId: z.uuid(), entries: z.array(journalEntrySchema) }),
})
export type JournalListResponse = z.infer<typeof journalListResponseSchema>

export const saveJournalEntryResponseSchema = z.object({
  data: z.object({ entry: journalEntrySchema.nullable() }),
})
export type SaveJournalEntryResponse = z.infer<typeof saveJournalEntryResponseSchema>
