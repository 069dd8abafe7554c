import { useQuery, type QueryClient } from '@tanstack/react-query'
import { accountStateSchema, type AccountState, type TradingAccountDto } from '@tp/api'
import { api } from '@/lib/api-client'
import { accountPath, tradingQueryKeys } from './query-keys'

// GET /api/trading/accounts/:accountId -> AccountState (figures, positions, orders, rule meters,
// breach evidence). The live stream pushes the same object; both land in this query's cache.

/** How often the state is fetched while the live stream is down. */
export const ACCOUNT_STATE_POLL_MS = 5_000

export function getAccountState(accountId: string, signal?: AbortSignal): Promise<AccountState> {
  return api.get(accountPath(accountId), accountStateSchema, { signal })
}

export function useAccountState(accountId: string, options: { isPolling: boolean }) {
  return useQuery({
    queryKey: tradingQueryKeys.account(accountId),
    queryFn: ({ signal }) => getAccountState(accountId, signal),
    refetchInterval: options.isPolling ? ACCOUNT_STATE_POLL_MS : false,
    refetchIntervalInBackground: false,
  })
}

/**
 * Puts a fresh account state into the cache (from the stream or a trade's answer), and the
 * account itself into the accounts list, whose selector shows its status.
 */
export function storeAccountState(queryClient: QueryClient, state: AccountState) {
  queryClient.setQueryData(tradingQueryKeys.account(state.account.id), state)
  // the list's entry keeps its passwords (a state carries none)
  queryClient.setQueryData<TradingAccountDto[]>(tradingQueryKeys.accounts, (accounts) =>
    accounts?.map((account) =>
      account.id === state.account.id ? { ...account, ...state.account } : account,
    ),
  )
}
