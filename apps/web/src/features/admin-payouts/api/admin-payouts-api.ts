import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  adminIdentityListSchema,
  adminPayoutListSchema,
  identityCheckSchema,
  reviewDecisionSchema,
  type ReviewDecision,
} from '@tp/api/payouts'
import { API_BASE, api } from '@/lib/api-client'
import { getSession } from '@/lib/session'

// The admin payout queue and identity reviews: /api/admin/payouts, /api/admin/identity-checks.

const root = ['admin', 'payouts'] as const
const ok = z.object({ ok: z.literal(true) })

export const adminPayoutQueries = {
  queue: (status: 'open' | 'all') =>
    queryOptions({
      queryKey: [...root, 'queue', status],
      queryFn: ({ signal }) =>
        api.get(`/admin/payouts?status=${status}`, adminPayoutListSchema, { signal }),
    }),
  identity: () =>
    queryOptions({
      queryKey: [...root, 'identity'],
      queryFn: ({ signal }) =>
        api.get('/admin/identity-checks?status=pending', adminIdentityListSchema, { signal }),
    }),
}

export const usePayoutQueue = (status: 'open' | 'all') => useQuery(adminPayoutQueries.queue(status))
export const usePendingIdentityChecks = () => useQuery(adminPayoutQueries.identity())

function useAdminMutation<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  })
}

export const useReviewPayout = () =>
  useAdminMutation(({ payoutId, ...decision }: { payoutId: string } & ReviewDecision) =>
    api.post(`/admin/payouts/${payoutId}/review`, reviewDecisionSchema.parse(decision), ok),
  )
export const useMarkPaid = () =>
  useAdminMutation(({ payoutId, reference }: { payoutId: string; reference: string }) =>
    api.post(`/admin/payouts/${payoutId}/mark-paid`, { reference }, ok),
  )
/** A late bonus that fell due after the payout was sent, paid by itself. */
export const useMarkLateBonusPaid = () =>
  useAdminMutation(({ payoutId, reference }: { payoutId: string; reference: string }) =>
    api.post(`/admin/payouts/${payoutId}/late-bonus/mark-paid`, { reference }, ok),
  )
export const useReviewIdentity = () =>
  useAdminMutation(({ checkId, ...decision }: { checkId: string } & ReviewDecision) =>
    api.post(
      `/admin/identity-checks/${checkId}/review`,
      reviewDecisionSchema.parse(decision),
      identityCheckSchema,
    ),
  )

/** An identity image: fetched with the admin's token (never a public address), as an object URL. */
export async function fetchIdentityImage(path: string, signal?: AbortSignal): Promise<string> {
  const token = getSession()?.token
  const response = await fetch(`${API_BASE}${path.replace(/^\/api/, '')}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    ...(signal ? { signal } : {}),
  })
  if (!response.ok) throw new Error(`could not load the image (${response.status})`)
  return URL.createObjectURL(await response.blob())
}
