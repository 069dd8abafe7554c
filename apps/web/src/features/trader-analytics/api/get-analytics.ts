import { queryOptions } from '@tanstack/react-query'
import {
  metaStatsTotalStatsResponseSchema,
  metaStatsTradesResponseSchema,
  metaStatsUpdateAnalysisResponseSchema,
  metaStatsVisualStatsResponseSchema,
  metaStatsVisualTradesResponseSchema,
  type AnalyticsPeriod,
} from '@tp/api/analytics'
import { api } from '@/lib/api-client'
import { analyticsQueryKeys } from './query-keys'

// The dashboard's data (spec 7): POST /api/metaStats/*, the caller from the token, the figures
// computed on the server. Each answer parsed with its shared schema (@tp/api/analytics).

export const totalStatsQuery = (accountId: string) =>
  queryOptions({
    queryKey: analyticsQueryKeys.totalStats(accountId),
    queryFn: ({ signal }) =>
      api
        .post('/metaStats/total-stats', { accountId }, metaStatsTotalStatsResponseSchema, {
          signal,
        })
        .then((answer) => answer.data.data),
  })

export const analysisQuery = (accountId: string) =>
  queryOptions({
    queryKey: analyticsQueryKeys.analysis(accountId),
    queryFn: ({ signal }) =>
      api
        .post('/metaStats/update-analysis', { accountId }, metaStatsUpdateAnalysisResponseSchema, {
          signal,
        })
        .then((answer) => answer.data.analysisData),
  })

export const tradesQuery = (accountId: string) =>
  queryOptions({
    queryKey: analyticsQueryKeys.trades(accountId),
    queryFn: ({ signal }) =>
      api
        .post('/metaStats/trades', { accountId }, metaStatsTradesResponseSchema, { signal })
        .then((answer) => answer.data.trades),
  })

export const visualStatsQuery = (accountId: string) =>
  queryOptions({
    queryKey: analyticsQueryKeys.visualStats(accountId),
    queryFn: ({ signal }) =>
      api
        .post('/metaStats/visual-stats', { accountId }, metaStatsVisualStatsResponseSchema, {
          signal,
        })
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
          metaStatsVisualTradesResponseSchema,
          { signal },
        )
        .then((answer) => answer.data),
    // the other period's bars stay while the chosen one loads (same account only)
    placeholderData: (previous) => (previous?.accountId === accountId ? previous : undefined),
  })
