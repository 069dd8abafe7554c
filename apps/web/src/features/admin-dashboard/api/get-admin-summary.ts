import { queryOptions, useQuery } from '@tanstack/react-query'
import { adminSummaryResponseSchema } from '@tp/api'
import { api } from '@/lib/api-client'

// GET /api/admin/summary -> {data: {summary, groupedSoldData, userList, insights, generatedAt}}
// (admins only; every figure defined in docs/admin-metrics.md, money in USD cents)

export const adminSummaryQuery = queryOptions({
  queryKey: ['admin', 'summary'],
  queryFn: async ({ signal }) =>
    (await api.get('/admin/summary', adminSummaryResponseSchema, { signal })).data,
})

export function useAdminSummary() {
  return useQuery(adminSummaryQuery)
}
