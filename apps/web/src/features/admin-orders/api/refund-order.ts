import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { refundOrderSchema } from '@tp/api'
import { api } from '@/lib/api-client'
import { adminOrdersQueryKey } from './get-admin-orders'

// POST /api/admin/orders/:orderId/refund {note} -> { ok: true }: a card payment goes back through
// PayPal; a crypto one was sent back by hand (the note names its transaction). Refused: 409
// ORDER_NOT_REFUNDABLE, 422 (no note), 502 (PayPal refused). The list reloads.

export async function refundOrder({
  orderId,
  ...body
}: { orderId: string } & z.input<typeof refundOrderSchema>): Promise<void> {
  await api.post(
    `/admin/orders/${encodeURIComponent(orderId)}/refund`,
    refundOrderSchema.parse(body),
  )
}

export function useRefundOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  })
}
