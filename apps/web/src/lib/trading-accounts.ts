import { queryOptions, useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import type { z } from 'zod'
import type { TradingAccountDto, tradingAccountsResponseSchema } from '@tp/api/trading'
import { api, serverSent } from './api-client'

type TradingAccountsResponse = z.infer<typeof tradingAccountsResponseSchema>

// GET /api/trading/accounts -> { accounts }: the caller's challenge accounts with their
// credentials, newest stage too. One fetcher and one cache entry for every page that lists them
// (dashboard, trading accounts, terminal), so a change made on one shows on the others at once.

export const tradingAccountsQueryKey = ['trading', 'accounts'] as const

/** While an account is being set up, the list is asked for again this often until it is ready. */
export const PROVISIONING_POLL_MS = 3_000
/** How long a page waits for a just-bought account to appear in the list. */
export const AWAIT_NEW_ACCOUNT_MS = 60_000

export async function getTradingAccounts(signal?: AbortSignal): Promise<TradingAccountDto[]> {
  // as the server sent it (decision 0041): this list is on every signed-in page's first load
  const response = await api.get('/trading/accounts', serverSent<TradingAccountsResponse>(), {
    signal,
  })
  return response.accounts
}

export function tradingAccountsQueryOptions() {
  return queryOptions({
    queryKey: tradingAccountsQueryKey,
    queryFn: ({ signal }) => getTradingAccounts(signal),
  })
}

/**
 * The accounts, asked for again every few seconds while one is being set up and, with
 * `isAwaitingNewAccount` (right after a payment), until the account it bought shows up (for a
 * minute at most).
 */
export function useTradingAccounts(options: { isAwaitingNewAccount?: boolean } = {}) {
  const openedAt = useRef(Date.now())
  const firstCount = useRef<number | null>(null)
  return useQuery({
    ...tradingAccountsQueryOptions(),
    refetchInterval: (query) => {
      const accounts = query.state.data
      if (!accounts) return false
      firstCount.current ??= accounts.length
      if (accounts.some((account) => account.status === 'provisioning')) {
        return PROVISIONING_POLL_MS
      }
      const isWaiting =
        options.isAwaitingNewAccount === true &&
        accounts.length <= firstCount.current &&
        Date.now() - openedAt.current < AWAIT_NEW_ACCOUNT_MS
      return isWaiting ? PROVISIONING_POLL_MS : false
    },
  })
}
