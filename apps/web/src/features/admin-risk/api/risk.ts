import { queryOptions, useQuery } from '@tanstack/react-query'
import { adminRiskResponseSchema, type AdminRiskResponse } from '@tp/api'
import { api } from '@/lib/api-client'

// The admin's live risk view (decision 0038): GET /api/admin/risk gives the first state (the
// page renders before the socket delivers); the stream's `risk-desk` topic keeps the same query
// data live (hooks/use-risk-desk-live.ts).

export type RiskView = AdminRiskResponse['data']

export const riskViewQueryKey = ['admin', 'risk'] as const

export const riskViewQueryOptions = () =>
  queryOptions({
    queryKey: riskViewQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get('/admin/risk', adminRiskResponseSchema, { signal })).data,
    // the stream keeps it fresh: no refetch on focus
    staleTime: Infinity,
  })

export const useRiskView = () => useQuery(riskViewQueryOptions())
