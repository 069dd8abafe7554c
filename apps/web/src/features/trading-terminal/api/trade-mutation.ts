import { useQueryClient } from '@tanstack/react-query'
import type { AccountState } from '@tp/api'
import { storeAccountState } from './get-account-state'
import { tradingQueryKeys } from './query-keys'

/**
 * What every trade's answer does to the cache: its account state replaces the cached one at
 * once (no wait for the stream); a close also adds to the history.
 */
export function useApplyTradeState(accountId: string) {
  const queryClient = useQueryClient()
  return (state: AccountState, options: { hasClosedTrades?: boolean } = {}) => {
    storeAccountState(queryClient, state)
    if (options.hasClosedTrades) {
      void queryClient.invalidateQueries({ queryKey: tradingQueryKeys.history(accountId) })
    }
  }
}
