import { useInfiniteQuery } from '@tanstack/react-query'
import { historyResponseSchema } from '@tp/api'
import { api } from '@/lib/api-client'
import { accountPath, tradingQueryKeys } from './query-keys'

// GET /api/trading/accounts/:accountId/history?limit=50&before=<ISO>&beforeId=<id>
//   -> { trades, hasMore }. Closed trades, newest first; the next page starts strictly before
// the last trade shown (its close time and id: several trades can close at one instant).

export const HISTORY_PAGE_SIZE = 50

type Cursor = { before: string; beforeId: string }

export function getHistory(accountId: string, cursor: Cursor | undefined, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) })
  if (cursor) {
    query.set('before', cursor.before)
    query.set('beforeId', cursor.beforeId)
  }
  return api.get(`${accountPath(accountId)}/history?${query.toString()}`, historyResponseSchema, {
    signal,
  })
}

export function useHistory(accountId: string) {
  return useInfiniteQuery({
    queryKey: tradingQueryKeys.history(accountId),
    queryFn: ({ pageParam, signal }) => getHistory(accountId, pageParam, signal),
    initialPageParam: undefined as Cursor | undefined,
    getNextPageParam: (lastPage): Cursor | undefined => {
      const last = lastPage.trades.at(-1)
      return lastPage.hasMore && last ? { before: last.closeTime, beforeId: last.id } : undefined
    },
  })
}
