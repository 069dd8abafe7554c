import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import {
  adminUsersListResponseSchema,
  type AdminUserSort,
  type Role,
  type UserStatus,
} from '@tp/api'
import { api } from '@/lib/api-client'

// GET /api/admin/users?page&pageSize&search&status&role&sort&dir -> {data: {users, page, pageSize,
// total}} (admins only): searched, filtered, sorted and paged by the server.

export const ADMIN_USERS_PAGE_SIZE = 20

export type UsersFilter = {
  page: number
  search: string
  status: UserStatus | ''
  role: Role | ''
  sort: AdminUserSort
  dir: 'asc' | 'desc'
}

export const adminUsersQueryKey = ['admin', 'users'] as const

export async function getUsers(filter: UsersFilter, signal?: AbortSignal) {
  const search = new URLSearchParams({
    page: String(filter.page),
    pageSize: String(ADMIN_USERS_PAGE_SIZE),
    sort: filter.sort,
    dir: filter.dir,
  })
  if (filter.search) search.set('search', filter.search)
  if (filter.status) search.set('status', filter.status)
  if (filter.role) search.set('role', filter.role)
  const response = await api.get(
    `/admin/users?${search.toString()}`,
    adminUsersListResponseSchema,
    { signal },
  )
  return response.data
}

export function usersQueryOptions(filter: UsersFilter) {
  return queryOptions({
    queryKey: [...adminUsersQueryKey, 'list', filter],
    queryFn: ({ signal }) => getUsers(filter, signal),
    // keep the current page on screen while the next one loads
    placeholderData: keepPreviousData,
  })
}

export function useUsers(filter: UsersFilter) {
  return useQuery(usersQueryOptions(filter))
}
