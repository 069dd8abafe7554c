import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  LinkTradeLockerBody,
  LinkTradeLockerResult,
  listTradeLockerLinksResponseSchema,
  TradeLockerLink,
} from '@tp/api/tradelocker'
import { api, apiRequest, serverSent } from '@/lib/api-client'
import { linkedAccountsQueryKey } from '@/lib/linked-accounts'

// TradeLocker links (decision 0044): GET/POST /api/tradelocker/links, POST .../:linkId/accounts,
// GET .../:linkId/available, DELETE .../:linkId. The password goes in the body of the link
// request only (a mutation, not cached). No token ever reaches the browser.

type ListLinksResponse = z.infer<typeof listTradeLockerLinksResponseSchema>

export const tradeLockerLinksQueryKey = ['tradelocker', 'links'] as const

export function useTradeLockerLinks() {
  return useQuery({
    queryKey: tradeLockerLinksQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get('/tradelocker/links', serverSent<ListLinksResponse>(), { signal })).data,
  })
}

function useInvalidateLinks() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tradeLockerLinksQueryKey }),
      queryClient.invalidateQueries({ queryKey: linkedAccountsQueryKey }),
    ])
}

export function useLinkTradeLocker() {
  const invalidate = useInvalidateLinks()
  return useMutation({
    mutationFn: async (body: LinkTradeLockerBody) =>
      (await api.post('/tradelocker/links', body, serverSent<{ data: LinkTradeLockerResult }>()))
        .data,
    gcTime: 0,
    onSuccess: () => invalidate(),
  })
}

export function useAvailableTradeLockerAccounts(linkId: string | null) {
  return useQuery({
    queryKey: [...tradeLockerLinksQueryKey, linkId, 'available'] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get(
          `/tradelocker/links/${encodeURIComponent(linkId!)}/available`,
          serverSent<{ data: LinkTradeLockerResult['available'] }>(),
          { signal },
        )
      ).data,
    enabled: linkId !== null,
    retry: false,
  })
}

export function useImportTradeLockerAccounts() {
  const invalidate = useInvalidateLinks()
  return useMutation({
    mutationFn: async ({ linkId, accounts }: { linkId: string; accounts: string[] }) =>
      (
        await api.post(
          `/tradelocker/links/${encodeURIComponent(linkId)}/accounts`,
          { accounts },
          serverSent<{ data: TradeLockerLink }>(),
        )
      ).data,
    onSuccess: () => invalidate(),
  })
}

export function useUnlinkTradeLocker() {
  const invalidate = useInvalidateLinks()
  return useMutation({
    mutationFn: (linkId: string) =>
      apiRequest(`/tradelocker/links/${encodeURIComponent(linkId)}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(),
  })
}
