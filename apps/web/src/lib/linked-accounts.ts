import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  linkedAccountMetricsResponseSchema,
  listLinkedAccountsResponseSchema,
} from '@tp/api/tradelocker'
import { api, serverSent } from './api-client'

type ListLinkedAccountsResponse = z.infer<typeof listLinkedAccountsResponseSchema>
type LinkedAccountMetricsResponse = z.infer<typeof linkedAccountMetricsResponseSchema>

// The caller's linked TradeLocker accounts (issue 15 item 8, decision 0044): read-only "linked"
// accounts of their analytics, never tradable. Shared: the TradeLocker feature links and imports
// them, the analytics page lists them in its account switcher and reads one's metrics.
// GET /api/tradelocker/accounts -> { data: LinkedAccount[] }
// GET /api/tradelocker/accounts/:linkedAccountId/metrics?sizeK= -> { data: { account, metrics } }

export const linkedAccountsQueryKey = ['tradelocker', 'accounts'] as const

export function linkedAccountsQueryOptions() {
  return queryOptions({
    queryKey: linkedAccountsQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get('/tradelocker/accounts', serverSent<ListLinkedAccountsResponse>(), { signal }))
        .data,
  })
}

export function useLinkedAccounts() {
  return useQuery(linkedAccountsQueryOptions())
}

/** A linked account's analytics and rule what-if at an account size (the metrics page's shape). */
export function linkedMetricsQueryOptions(linkedAccountId: string, sizeK = 100) {
  return queryOptions({
    queryKey: [...linkedAccountsQueryKey, linkedAccountId, 'metrics', sizeK] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get(
          `/tradelocker/accounts/${encodeURIComponent(linkedAccountId)}/metrics?sizeK=${sizeK}`,
          serverSent<LinkedAccountMetricsResponse>(),
          { signal },
        )
      ).data,
  })
}
