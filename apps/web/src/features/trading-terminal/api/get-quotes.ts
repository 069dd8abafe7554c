import { useQuery } from '@tanstack/react-query'
import { quotesResponseSchema } from '@tp/api'
import { api } from '@/lib/api-client'
import { tradingQueryKeys } from './query-keys'

// GET /api/market/quotes -> { quotes, markets }: the latest quote of every instrument, which
// seeds the live quote book before the stream's first message (the ticket needs a quote at once).

export function getQuotes(signal?: AbortSignal) {
  return api.get('/market/quotes', quotesResponseSchema, { signal })
}

export function useQuotesSnapshot() {
  return useQuery({
    queryKey: tradingQueryKeys.quotes,
    queryFn: ({ signal }) => getQuotes(signal),
    // a seed only: the stream keeps the book current afterwards
    staleTime: Infinity,
  })
}
