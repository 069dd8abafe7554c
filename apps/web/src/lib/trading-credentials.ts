import { queryOptions } from '@tanstack/react-query'
import { tradingCredentialsSchema, type TradingCredentials } from '@tp/api/trading'
import { api } from './api-client'

// GET /api/trading/accounts/:accountId/credentials -> the owner's login, server and passwords.
// Passwords are in no list, account state or push: they are fetched when the owner asks to see or
// copy one, kept for a few minutes, and forgotten when the password changes.

export const tradingCredentialsQueryKey = (accountId: string) =>
  ['trading', 'credentials', accountId] as const

/** How long fetched credentials are reused before being asked for again. */
export const CREDENTIALS_STALE_MS = 5 * 60_000

export async function getTradingCredentials(
  accountId: string,
  signal?: AbortSignal,
): Promise<TradingCredentials> {
  return api.get(
    `/trading/accounts/${encodeURIComponent(accountId)}/credentials`,
    tradingCredentialsSchema,
    { signal },
  )
}

export function tradingCredentialsQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: tradingCredentialsQueryKey(accountId),
    queryFn: ({ signal }) => getTradingCredentials(accountId, signal),
    staleTime: CREDENTIALS_STALE_MS,
  })
}
