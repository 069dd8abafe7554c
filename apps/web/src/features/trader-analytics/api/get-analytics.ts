import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  AnalyticsPeriod,
  metaStatsTotalStatsResponseSchema,
  metaStatsTradesResponseSchema,
  metaStatsUpdateAnalysisResponseSchema,
  metaStatsVisualStatsResponseSchema,
  metaStatsVisualTradesResponseSchema,
} from '@tp/api/analytics'
import { api, serverSent } from '@/lib/api-client'
import { analyticsQueryKeys } from './query-keys'

// The dashboard's data (spec 7): POST /api/metaStats/*, the caller from the token, the figures
// computed on the server. Each answer is the shared schema's (@tp/api/analytics), taken as the
// server sent it: the dashboard loads no zod (decision 0041).

export const totalStatsQuery = (accountId: string) =>
  queryOptions({
    queryKey: analyticsQueryKeys.totalStats(accountId),
    queryFn: ({ signal }) =>
      api
        .post(
          '/metaStats/total-stats',
          { accountId },
          serverSent<z.infer<typeof metaStatsTotalStatsResponseSchema>>(),
          {
            signal,
          },
        )
        .then((answer) => answer.data.data),
  })

export const analysisQuery = (accountId: string) =>
  queryOptions({
    queryKey: analyticsQueryKeys.analysis(accountId),
    queryFn: ({ signal }) =>
      api
        .post(
          '/metaStats/update-analysis',
          { accountId },
          serverSent<z.infer<typeof metaStatsUpdateAnalysisResponseSchema>>(),
          {
            signal,
          },
        )
        .then((answer) => answer.data.analysisData),
  })

export const tradesQuery = (accountId: string) =>
  queryOptions({
    queryKey: analyticsQueryKeys.trades(accountId),
    queryFn: ({ signal }) =>
      api
        .post(
          '/metaStats/trades',
          { accountId },
          serverSent<z.infer<typeof metaStatsTradesResponseSchema>>(),
          { signal },
        )
        .then((answer) => answer.data.trades),
  })

export const visualStatsQuery = (accountId: string) =>
  queryOptions({
    queryKey: analyticsQueryKeys.visualStats(accountId),
    queryFn: ({ signal }) =>
      api
        .post(
          '/metaStats/visual-stats',
          { accountId },
          serverSent<z.infer<typeof metaStatsVisualStatsResponseSchema>>(),
          {
            signal,
          },
        )
        .then((answer) => answer.data),
  })

export const visualTradesQuery = (accountId: string, index: AnalyticsPeriod) =>
  queryOptions({
    queryKey: analyticsQueryKeys.visualTrades(accountId, index),
    queryFn: ({ signal }) =>
      api
        .post(
          '/metaStats/visual-trades',
          { accountId, index },
          serverSent<z.infer<typeof metaStatsVisualTradesResponseSchema>>(),
          { signal },
        )
        .then((answer) => answer.data),
    // the other period's bars stay while the chosen one loads (same account only)
    placeholderData: (previous) => (previous?.accountId === accountId ? previous : undefined),
  })
