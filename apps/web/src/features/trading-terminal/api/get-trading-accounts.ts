import { queryOptions, useQuery } from '@tanstack/react-query'
import { tradingAccountsResponseSchema, type TradingAccountDto } from '@tp/api'
import { api } from '@/lib/api-client'
import { tradingQueryKeys } from './query-keys'

// GET /api/trading/accounts -> { accounts }: the caller's challenge accounts, newest stage too

export async function getTradingAccounts(signal?: AbortSignal): Promise<TradingAccountDto[]> {
  const response = await api.get('/trading/accounts', tradingAccountsResponseSchema, { signal })
  return response.accounts
}

export function tradingAccountsQueryOptions() {
  return queryOptions({
    queryKey: tradingQueryKeys.accounts,
    queryFn: ({ signal }) => getTradingAccounts(signal),
  })
}

export function useTradingAccounts() {
  return useQuery(tradingAccountsQueryOptions())
}
