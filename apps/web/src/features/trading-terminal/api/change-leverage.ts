import { useMutation, useQueryClient } from '@tanstack/react-query'
import { changeLeverageResponseSchema, type AccountState, type TradingAccountDto } from '@tp/api'
import { api } from '@/lib/api-client'
import { accountPath, tradingQueryKeys } from './query-keys'

// POST /api/trading/accounts/:accountId/leverage {leverage} -> { account, message }
//   422 TRADING_REJECTED above the plan's maximum or with positions / pending orders open;
//   409 ACCOUNT_NOT_TRADABLE once the account is read-only.

export function changeLeverage(accountId: string, leverage: number) {
  return api.post(`${accountPath(accountId)}/leverage`, { leverage }, changeLeverageResponseSchema)
}

/** Changes the leverage; the answer's account replaces the cached one (state and list). */
export function useChangeLeverage(accountId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (leverage: number) => changeLeverage(accountId, leverage),
    onSuccess: ({ account }) => {
      queryClient.setQueryData<AccountState>(tradingQueryKeys.account(accountId), (state) =>
        state ? { ...state, account } : state,
      )
      queryClient.setQueryData<TradingAccountDto[]>(tradingQueryKeys.accounts, (accounts) =>
        accounts?.map((cached) => (cached.id === account.id ? { ...cached, ...account } : cached)),
      )
    },
  })
}
