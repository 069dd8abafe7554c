import { useQuery } from '@tanstack/react-query'
import { policyViolationsResponseSchema } from '@tp/api/policy-violations'
import { accountEventKeys } from '@/lib/account-event-keys'
import { api } from '@/lib/api-client'

// GET /api/trading/accounts/:accountId/policy-violations (owner or admin; decision 0045)

export function usePolicyViolations(accountId: string | null) {
  return useQuery({
    queryKey: accountEventKeys.policyViolations(accountId),
    queryFn: async ({ signal }) =>
      (
        await api.get(
          `/trading/accounts/${encodeURIComponent(accountId!)}/policy-violations`,
          policyViolationsResponseSchema,
          { signal },
        )
      ).data.violations,
    enabled: accountId !== null,
  })
}
