import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { pricingQuoteResponseSchema, type PricingQuote } from '@tp/api'
import { api } from '@/lib/api-client'
import { checkoutQueryKeys, pricingSearch, type PricingParams } from './query-keys'

// GET /api/pricing/quote?challenge&size&addOns&method&coupon
//   -> { base, addOns, discount, total, currency } in dollars (public)

export function getPricingQuote(
  params: PricingParams,
  signal?: AbortSignal,
): Promise<PricingQuote> {
  return api.get(`/pricing/quote?${pricingSearch(params)}`, pricingQuoteResponseSchema, { signal })
}

export function usePricingQuote(params: PricingParams) {
  return useQuery({
    queryKey: checkoutQueryKeys.quote(params),
    queryFn: ({ signal }) => getPricingQuote(params, signal),
    // the previous price stays on screen while the next one loads
    placeholderData: keepPreviousData,
  })
}
