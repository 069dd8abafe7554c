import { queryOptions, useQuery } from '@tanstack/react-query'
import { couponsResponseSchema } from '@tp/api'
import { api } from '@/lib/api-client'

// GET /api/admin/coupons -> { coupons } (admins only)

export const couponsQueryKey = ['admin', 'coupons'] as const

export async function getCoupons(signal?: AbortSignal) {
  const response = await api.get('/admin/coupons', couponsResponseSchema, { signal })
  return response.coupons
}

export function couponsQueryOptions() {
  return queryOptions({
    queryKey: couponsQueryKey,
    queryFn: ({ signal }) => getCoupons(signal),
  })
}

export function useCoupons() {
  return useQuery(couponsQueryOptions())
}
