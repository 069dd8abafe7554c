import { planKeySchema, stages, verdictSchema } from '@tp/domain'
import { z } from 'zod'
import { floorDistanceSchema } from './admin-risk'
import { platformSchema, riskActionSchema, tradingAccountStatusSchema } from './trading'
import { platformKindSchema } from './trading-platform'

// The admin's trading accounts (issue 14 items 4 and 5, decision 0035, docs/admin-account-policy.md):
// the list searched, filtered, sorted and paged in the database with live figures from the risk
// monitor where the account is active; one account's ledger and the engine's replayed verdict;
// the manual actions, each with a reason.

export const adminAccountSorts = ['createdAt', 'login', 'size', 'status'] as const
export const adminAccountSortSchema = z.enum(adminAccountSorts)
export type AdminAccountSort = z.infer<typeof adminAccountSortSchema>

// GET /api/admin/trading-accounts?page&pageSize&search&status&plan&platform&adapter&sort&dir
export const adminAccountsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
  status: tradingAccountStatusSchema.optional(),
  plan: planKeySchema.optional(),
  platform: platformSchema.optional(),
  /** the platform server (adapter) the account lives on */
  adapter: platformKindSchema.optional(),
  sort: adminAccountSortSchema.default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
})
export type AdminAccountsQuery = z.input<typeof adminAccountsQuerySchema>

export const adminAccountRowSchema = z.object({
  id: z.uuid(),
  login: z.string().nullable(),
  platform: platformSchema,
  /** the platform server it lives on (trading_accounts.adapter): label with platformKindLabels */
  adapter: platformKindSchema,
  planKey: planKeySchema,
  stage: z.enum(stages),
  sizeK: z.number().int(),
  status: tradingAccountStatusSchema,
  isTradingEnabled: z.boolean(),
  /**
   * false: the platform cannot refuse the account's orders, so it enforces "trading disabled" by
   * closing every position it sees (MetaApi: the port's canDisableKeepPositions). true: disabling
   * leaves open positions as they are (docs/admin-account-policy.md).
   */
  canDisableKeepPositions: z.boolean(),
  leverage: z.number().int(),
  ownerId: z.uuid(),
  ownerEmail: z.string(),
  ownerName: z.string().nullable(),
  balanceCents: z.number().int(),
  equityCents: z.number().int(),
  /** true when balance, equity and distances are the risk monitor's live figures */
  live: z.boolean(),
  dailyLoss: floorDistanceSchema.nullable(),
  maxLoss: floorDistanceSchema.nullable(),
  createdAt: z.string(),
})
export type AdminAccountRow = z.infer<typeof adminAccountRowSchema>

export const adminAccountsResponseSchema = z.object({
  data: z.object({
    accounts: z.array(adminAccountRowSchema),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
  }),
})
export type AdminAccountsResponse = z.infer<typeof adminAccountsResponseSchema>

// GET /api/admin/trading-accounts/:accountId -> the same row for one account (its page)
export const adminAccountResponseSchema = z.object({ data: adminAccountRowSchema })
export type AdminAccountResponse = z.infer<typeof adminAccountResponseSchema>

// GET /api/admin/trading-accounts/:accountId/ledger?page&pageSize -> the evaluation ledger, newest first
export const adminLedgerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
})
export type AdminLedgerQuery = z.input<typeof adminLedgerQuerySchema>
export const ledgerEventSchema = z.object({
  seq: z.number().int(),
  kind: z.enum(['snapshot', 'trade-open', 'trade-close']),
  t: z.string(),
  balanceCents: z.number().int().nullable(),
  equityCents: z.number().int().nullable(),
  tradeId: z.string().nullable(),
  symbol: z.string().nullable(),
  side: z.string().nullable(),
  profitCents: z.number().int().nullable(),
})
export type LedgerEvent = z.infer<typeof ledgerEventSchema>
export const adminLedgerResponseSchema = z.object({
  data: z.object({
    events: z.array(ledgerEventSchema),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
  }),
})
export type AdminLedgerResponse = z.infer<typeof adminLedgerResponseSchema>

// GET /api/admin/trading-accounts/:accountId/verdicts -> the live verdict beside the engine's
// replay of the account's export (the same `evaluate` as `npm run engine -- evaluate`)
export const verdictSummarySchema = verdictSchema.pick({
  status: true,
  breach: true,
  passedAt: true,
  objectives: true,
})
export type VerdictSummary = z.infer<typeof verdictSummarySchema>
export const adminVerdictsResponseSchema = z.object({
  data: z.object({
    /** the account's recorded status and, when it failed, the stored breach */
    live: z.object({
      status: z.enum(['active', 'passed', 'failed']),
      breach: verdictSchema.shape.breach,
      passedAt: z.string().nullable(),
    }),
    replayed: verdictSummarySchema,
    /** what differs between the two (empty when they agree) */
    differences: z.array(z.string()),
    /** the latest manual override, if any, with the engine's verdict recorded beside it */
    override: z
      .object({
        action: z.enum(['pass', 'fail']),
        reason: z.string(),
        at: z.string(),
        engineStatus: z.enum(['active', 'passed', 'failed']),
      })
      .nullable(),
  }),
})
export type AdminVerdictsResponse = z.infer<typeof adminVerdictsResponseSchema>

// POST /api/admin/trading-accounts/:accountId/{pass,fail,extend,reset} { reason }
export const adminAccountActionSchema = riskActionSchema
export type AdminAccountActionInput = z.infer<typeof adminAccountActionSchema>
// POST /api/admin/trading-accounts/:accountId/leverage { reason, leverage }
export const adminLeverageSchema = riskActionSchema.extend({
  leverage: z.coerce
    .number({ message: 'Give the leverage as a whole number.' })
    .int('Give the leverage as a whole number.')
    .min(1, 'The leverage is at least 1:1.'),
})
export type AdminLeverageInput = z.infer<typeof adminLeverageSchema>
export const adminAccountActionResponseSchema = z.object({
  accountId: z.uuid(),
  status: tradingAccountStatusSchema,
  leverage: z.number().int(),
  message: z.string(),
})
export type AdminAccountActionResponse = z.infer<typeof adminAccountActionResponseSchema>

export const adminAccountMessages = {
  passedManually: 'Account passed by the risk desk: the next stage and certificate follow.',
  failedManually: 'Account failed by the risk desk: trading stopped and positions closed.',
  notActive: 'Only an active account can be passed or failed by hand.',
  alreadyDecided: 'This account was already passed or failed; nothing changed.',
  extended: 'Inactivity window extended: the 30 days without a trade count from now.',
  extendNotActive:
    'Only an active account can be extended: a suspended account stays suspended (its evaluation ended).',
  resetRefused:
    'Resets are not offered: decisions.md fails an account at once on a hard breach and keeps its rulebook; the trader buys a new challenge.',
  leverageChanged: (leverage: number) => `Leverage set to 1:${leverage}.`,
  /** the disable confirm on an account whose platform closes positions to enforce it (0056) */
  disableClosesPositions:
    "This account's platform server cannot refuse its orders: disabling trading closes every open position at market (and any opened while disabled). Pending orders are cancelled. The owner is emailed.",
} as const
