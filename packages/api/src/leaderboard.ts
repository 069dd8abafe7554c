import { z } from 'zod'

// The leaderboard (spec 2.13, 4; issue 12 item 9): GET /api/leaderboard ranks the funded and
// evaluation accounts (active, passed, funded) by their return over the current calendar month
// (UTC), computed from their closed trades. Traders appear under their public display name: the
// profile's userName, else the first name and the initial of the last name, else "Trader #<id>".
// No email or login is ever part of an answer. Opted-out traders never appear.
// Units: money integer cents (USD); percents numbers rounded to 2 decimals.

export const LEADERBOARD_PAGE_SIZE = 10

export const leaderboardSortFields = [
  'rank',
  'name',
  'accountSize',
  'winRate',
  'profitFactor',
  'totalTrades',
  'monthlyReturn',
] as const
export type LeaderboardSortField = (typeof leaderboardSortFields)[number]
export const leaderboardOrders = ['asc', 'desc'] as const
export type LeaderboardOrder = (typeof leaderboardOrders)[number]

// GET /api/leaderboard?search=&sort=&order=&page=
export const leaderboardQuerySchema = z.strictObject({
  search: z.string().trim().max(60).default(''),
  sort: z.enum(leaderboardSortFields).default('rank'),
  order: z.enum(leaderboardOrders).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})
export type LeaderboardQuery = z.input<typeof leaderboardQuerySchema>

/** spec's status: this month's return against last month's */
export const leaderboardTrendSchema = z.enum(['increasing', 'decreasing'])
/** elite: the top 3 of the month; advanced: a funded account; regular: the others */
export const leaderboardBadgeSchema = z.enum(['elite', 'advanced', 'regular'])
export type LeaderboardBadge = z.infer<typeof leaderboardBadgeSchema>

export const leaderboardRowSchema = z.object({
  /** 1 = the highest monthly return; the same whatever the search and sort */
  rank: z.number().int().min(1),
  /** the public display name (never an email or a login) */
  name: z.string(),
  accountSize: z.number().int().nonnegative(),
  stage: z.enum(['phase1', 'phase2', 'funded']),
  winRate: z.number(),
  /** gross profit over gross loss; null when the month has no losing trade */
  profitFactor: z.number().nullable(),
  totalTrades: z.number().int().nonnegative(),
  monthlyReturn: z.number(),
  status: leaderboardTrendSchema,
  /** the month's cumulative return (percent) at the end of each of its last trading days */
  trend: z.array(z.number()),
  badge: leaderboardBadgeSchema,
})
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>

export const leaderboardResponseSchema = z.object({
  data: z.object({
    /** 'YYYY-MM', the UTC month ranked */
    month: z.string(),
    rows: z.array(leaderboardRowSchema),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    /** when the figures were last computed (ISO), null before the first refresh */
    refreshedAt: z.string().nullable(),
  }),
})
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>

export const leaderboardBadgeLabels: Record<LeaderboardBadge, string> = {
  elite: 'Elite',
  advanced: 'Advanced',
  regular: 'Regular',
}

export const leaderboardMessages = {
  title: 'Leaderboard',
  intro: "This month's best returns on funded and evaluation accounts, from their closed trades.",
  searchLabel: 'Search by name',
  empty: 'No trader matches yet.',
  emptySearch: 'No trader matches this name.',
  loadFailed: 'The leaderboard could not be loaded.',
  retry: 'Try again',
  optOutLabel: 'Show me on the leaderboard',
  optOutHint:
    'You appear under your username, or your first name and last initial. Your email is never shown.',
}
