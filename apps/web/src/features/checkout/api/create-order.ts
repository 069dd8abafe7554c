import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { orderResponseSchema, type createOrderSchema, type OrderDto } from '@tp/api'
import { api } from '@/lib/api-client'
import { checkoutQueryKeys } from './query-keys'

// POST /api/orders {challenge, platform, sizeK, addOns, method, coupon?, termsAccepted: true}
//   -> 201 { order }. The body is the selection only: the server prices the order itself.

export type CreateOrderInput = z.input<typeof createOrderSchema>

export async function createOrder(input: CreateOrderInput): Promise<OrderDto> {
  const response = await api.post('/orders', input, orderResponseSchema)
  return response.order
}

export function useCreateOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order) => {
      queryClient.setQueryData<OrderDto[]>(checkoutQueryKeys.orders, (previous) =>
        previous ? [order, ...previous.filter((known) => known.id !== order.id)] : previous,
      )
    },
  })
}
