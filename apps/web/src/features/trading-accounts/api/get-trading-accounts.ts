import { queryOptions, useQuery } from '@tanstack/react-query'
import { tradingAccountsResponseSchema, type TradingAccountDto } from '@tp/api'
import { api } from '@/lib/api-client'

// GET /api/trading/accounts -> { accounts }: the caller's challenge accounts with their credentials

/** The same cache entry the trading terminal reads, so a change here shows there at once. */
export const tradingAccountsQueryKey = ['trading', 'accounts'] as const

export async function getTradingAccounts(signal?: AbortSignal): Promise<TradingAccountDto[]> {
  const response = await api.get('/trading/accounts', tradingAccountsResponseSchema, { signal })
  return response.accounts
}

export function tradingAccountsQueryOptions() {
  return queryOptions({
    queryKey: tradingAccountsQueryKey,
    queryFn: ({ signal }) => getTradingAccounts(signal),
  })
}

/** While an account is being set up, look again every few seconds until it is ready. */
export const PROVISIONING_POLL_MS = 5_000

export function useTradingAccounts() {
  return useQuery({
    ...tradingAccountsQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.some((account) => account.status === 'provisioning')
        ? PROVISIONING_POLL_MS
        : false,
  })
}
