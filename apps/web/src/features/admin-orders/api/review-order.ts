import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { reviewOrderSchema } from '@tp/api'
import { api } from '@/lib/api-client'
import { adminOrdersQueryKey } from './get-admin-orders'

// POST /api/admin/orders/:orderId/review {decision: 'fulfil' | 'reject', note} (orders under
// review) -> { ok: true }; refused: 409 ORDER_NOT_PAYABLE, 404. The list is loaded again.

export type ReviewDecision = z.infer<typeof reviewOrderSchema>['decision']

export async function reviewOrder({
  orderId,
  ...review
}: { orderId: string } & z.input<typeof reviewOrderSchema>): Promise<void> {
  await api.post(
    `/admin/orders/${encodeURIComponent(orderId)}/review`,
    reviewOrderSchema.parse(review),
  )
}

export function useReviewOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reviewOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  })
}
