import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { pricingSummaryResponseSchema, type OrderSummaryDto } from '@tp/api'
import { api } from '@/lib/api-client'
import { checkoutQueryKeys, pricingSearch, type PricingParams } from './query-keys'

// GET /api/pricing/summary?(the quote's query) -> { summary }: the order lines, the coupon's
// outcome and the total, exactly what the server will charge for this selection

export async function getPricingSummary(
  params: PricingParams,
  signal?: AbortSignal,
): Promise<OrderSummaryDto> {
  const response = await api.get(
    `/pricing/summary?${pricingSearch(params)}`,
    pricingSummaryResponseSchema,
    { signal },
  )
  return response.summary
}

/**
 * The summary of a complete selection; null params (a step still open) ask for nothing. Never
 * served from the cache: a coupon deactivated, expired or used up since is gone from the summary
 * as soon as the buyer comes back to it (or to the tab), not after the app-wide 30 s.
 */
export function usePricingSummary(params: PricingParams | null) {
  return useQuery({
    queryKey: params ? checkoutQueryKeys.summary(params) : ['pricing', 'summary', null],
    queryFn: ({ signal }) => getPricingSummary(params!, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnWindowFocus: true,
  })
}
