import { queryOptions, useQuery } from '@tanstack/react-query'
import { adminUserDetailResponseSchema } from '@tp/api'
import { api } from '@/lib/api-client'
import { adminUsersQueryKey } from './get-users'

// GET /api/admin/users/:userId -> {data: profile, billing, orders, accounts, payouts, identity
// check, contact messages, audit entries}

export function userDetailQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...adminUsersQueryKey, 'detail', userId],
    queryFn: async ({ signal }) =>
      (
        await api.get(`/admin/users/${encodeURIComponent(userId)}`, adminUserDetailResponseSchema, {
          signal,
        })
      ).data,
  })
}

export function useUserDetail(userId: string) {
  return useQuery(userDetailQueryOptions(userId))
}
