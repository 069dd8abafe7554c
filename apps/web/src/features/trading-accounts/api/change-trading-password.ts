import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  tradingAccountSchema,
  type changeTradingPasswordSchema,
  type TradingAccountDto,
} from '@tp/api'
import { api } from '@/lib/api-client'
import { tradingAccountsQueryKey } from '@/lib/trading-accounts'
import { tradingCredentialsQueryKey } from '@/lib/trading-credentials'

// POST /api/trading/accounts/:accountId/password {password} -> { account, message }
// errors: 422 VALIDATION_FAILED (details[].path "password"), 409 ACCOUNT_NOT_TRADABLE, 404

export type ChangeTradingPasswordInput = z.input<typeof changeTradingPasswordSchema>

/** packages/api names this answer in a comment only (no exported schema); the account is used. */
const changeTradingPasswordResponseSchema = z.object({ account: tradingAccountSchema })

export async function changeTradingPassword({
  accountId,
  password,
}: {
  accountId: string
  password: string
}): Promise<TradingAccountDto> {
  const response = await api.post(
    `/trading/accounts/${encodeURIComponent(accountId)}/password`,
    { password } satisfies ChangeTradingPasswordInput,
    changeTradingPasswordResponseSchema,
  )
  return response.account
}

export function useChangeTradingPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeTradingPassword,
    onSuccess: (account) => {
      queryClient.setQueryData<TradingAccountDto[]>(tradingAccountsQueryKey, (accounts) =>
        accounts?.map((existing) => (existing.id === account.id ? account : existing)),
      )
      queryClient.removeQueries({ queryKey: tradingCredentialsQueryKey(account.id) })
      void queryClient.invalidateQueries({ queryKey: tradingAccountsQueryKey })
    },
  })
}
