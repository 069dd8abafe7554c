import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { tradingAccountsQueryOptions } from '@/features/trading-terminal/api/get-trading-accounts'

// GET /api/trading/accounts -> { accounts } (the terminal's query, one cache entry). The dashboard
// asks again every 3 s while an account is being set up, and, right after a payment, until the
// account it bought shows up (for a minute at most).

export const PROVISIONING_POLL_MS = 3_000
/** How long the dashboard waits for a just-bought account to appear in the list. */
export const AWAIT_NEW_ACCOUNT_MS = 60_000

export function useDashboardAccounts(options: { isAwaitingNewAccount: boolean }) {
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
        options.isAwaitingNewAccount &&
        accounts.length <= firstCount.current &&
        Date.now() - openedAt.current < AWAIT_NEW_ACCOUNT_MS
      return isWaiting ? PROVISIONING_POLL_MS : false
    },
  })
}
