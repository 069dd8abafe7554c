import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { adminUsersResponseSchema, type AdminUsersQuery } from '@tp/api'
import { api } from '@/lib/api-client'

// GET /api/admin/users?page=&pageSize= -> {data: {users, page, pageSize, total}} (admins only)

export const ADMIN_USERS_PAGE_SIZE = 20

export async function getUsers(page: number, signal?: AbortSignal) {
  const query: AdminUsersQuery = { page, pageSize: ADMIN_USERS_PAGE_SIZE }
  const search = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) })
  const response = await api.get(`/admin/users?${search.toString()}`, adminUsersResponseSchema, {
    signal,
  })
  return response.data
}

export function usersQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['admin', 'users', page],
    queryFn: ({ signal }) => getUsers(page, signal),
    // keep the current page on screen while the next one loads
    placeholderData: keepPreviousData,
  })
}

export function useUsers(page: number) {
  return useQuery(usersQueryOptions(page))
}
