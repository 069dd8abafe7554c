import { useQuery } from '@tanstack/react-query'
import { newsViolationsResponseSchema } from '@tp/api/calendar'
import { accountEventKeys } from '@/lib/account-event-keys'
import { api } from '@/lib/api-client'

// GET /api/trading/accounts/:accountId/news-violations (owner or admin)

export function useNewsViolations(accountId: string | null) {
  return useQuery({
    queryKey: accountEventKeys.newsViolations(accountId),
    queryFn: async ({ signal }) =>
      (
        await api.get(
          `/trading/accounts/${encodeURIComponent(accountId!)}/news-violations`,
          newsViolationsResponseSchema,
          { signal },
        )
      ).data.violations,
    enabled: accountId !== null,
  })
}
