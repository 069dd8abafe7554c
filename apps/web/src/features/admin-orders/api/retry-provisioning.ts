import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { adminOrdersQueryKey } from './get-admin-orders'

// POST /api/admin/orders/:orderId/retry (paid orders whose provisioning failed) -> { ok: true };
// refused: 409 ORDER_NOT_PAYABLE, 404. The list is loaded again afterwards.

export async function retryProvisioning(orderId: string): Promise<void> {
  await api.post(`/admin/orders/${encodeURIComponent(orderId)}/retry`, undefined)
}

export function useRetryProvisioning() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryProvisioning,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  })
}
