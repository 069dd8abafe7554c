import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { adminOrdersResponseSchema, type OrderStatus } from '@tp/api'
import { api } from '@/lib/api-client'

// GET /api/admin/orders?status= -> { orders } (admins only)

export const adminOrdersQueryKey = ['admin', 'orders'] as const

export async function getAdminOrders(status: OrderStatus | null, signal?: AbortSignal) {
  const search = status ? `?${new URLSearchParams({ status }).toString()}` : ''
  const response = await api.get(`/admin/orders${search}`, adminOrdersResponseSchema, { signal })
  return response.orders
}

export function adminOrdersQueryOptions(status: OrderStatus | null) {
  return queryOptions({
    queryKey: [...adminOrdersQueryKey, status ?? 'all'],
    queryFn: ({ signal }) => getAdminOrders(status, signal),
    // keep the current list on screen while another status loads
    placeholderData: keepPreviousData,
  })
}

export function useAdminOrders(status: OrderStatus | null) {
  return useQuery(adminOrdersQueryOptions(status))
}
