import type { AnalyticsPeriod } from '@tp/api/analytics'

/** The analytics queries of one account share a prefix: one invalidation refreshes them all. */
export const analyticsQueryKeys = {
  all: ['analytics'] as const,
  account: (accountId: string) => ['analytics', accountId] as const,
  totalStats: (accountId: string) => ['analytics', accountId, 'total-stats'] as const,
  analysis: (accountId: string) => ['analytics', accountId, 'update-analysis'] as const,
  trades: (accountId: string) => ['analytics', accountId, 'trades'] as const,
  visualStats: (accountId: string) => ['analytics', accountId, 'visual-stats'] as const,
  visualTrades: (accountId: string, index: AnalyticsPeriod) =>
    ['analytics', accountId, 'visual-trades', index] as const,
}
