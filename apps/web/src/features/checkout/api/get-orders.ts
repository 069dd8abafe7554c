import { useQuery } from '@tanstack/react-query'
import { ordersResponseSchema, type OrderDto } from '@tp/api'
import { api } from '@/lib/api-client'
import { checkoutQueryKeys } from './query-keys'

// GET /api/orders -> { orders }, newest first: the caller's orders. The payment screens find the
// order they pay among them (the contract has no single-order read).

export async function getOrders(signal?: AbortSignal): Promise<OrderDto[]> {
  const response = await api.get('/orders', ordersResponseSchema, { signal })
  return response.orders
}

/** The caller's order `orderId`: undefined data once loaded means it is not theirs or unknown. */
export function useCheckoutOrder(orderId: string | null) {
  return useQuery({
    queryKey: checkoutQueryKeys.orders,
    queryFn: ({ signal }) => getOrders(signal),
    enabled: orderId !== null,
    select: (orders) => orders.find((order) => order.id === orderId) ?? null,
    // a fresh read: the order's status decides whether it can still be paid
    staleTime: 0,
  })
}
