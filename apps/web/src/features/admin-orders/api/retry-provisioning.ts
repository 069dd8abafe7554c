import { useMutation, useQueryClient } from '@tanstack/react-query'
import { retryOrderSchema } from '@tp/api'
import { api } from '@/lib/api-client'
import { adminOrdersQueryKey } from './get-admin-orders'

// POST /api/admin/orders/:orderId/retry {reason} (paid orders whose provisioning failed) ->
// { ok: true }; refused: 409 ORDER_NOT_PAYABLE, 404, 422 (no reason). The list loads again.

export async function retryProvisioning({
  orderId,
  reason,
}: {
  orderId: string
  reason: string
}): Promise<void> {
  await api.post(
    `/admin/orders/${encodeURIComponent(orderId)}/retry`,
    retryOrderSchema.parse({ reason }),
  )
}

export function useRetryProvisioning() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryProvisioning,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  })
}
