import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import {
  leaderboardResponseSchema,
  type LeaderboardOrder,
  type LeaderboardSortField,
} from '@tp/api/leaderboard'
import { api } from '@/lib/api-client'

// GET /api/leaderboard?search=&sort=&order=&page= -> {data: {month, rows, total, page, pageSize}}

export type LeaderboardParams = {
  search: string
  sort: LeaderboardSortField
  order: LeaderboardOrder
  page: number
}

export async function getLeaderboard(params: LeaderboardParams, signal?: AbortSignal) {
  const query = new URLSearchParams({
    sort: params.sort,
    order: params.order,
    page: String(params.page),
  })
  if (params.search) query.set('search', params.search)
  const response = await api.get(`/leaderboard?${query.toString()}`, leaderboardResponseSchema, {
    signal,
  })
  return response.data
}

export function leaderboardQueryOptions(params: LeaderboardParams) {
  return queryOptions({
    queryKey: ['leaderboard', params],
    queryFn: ({ signal }) => getLeaderboard(params, signal),
    // keep the current page on screen while the next one loads
    placeholderData: keepPreviousData,
  })
}

export function useLeaderboard(params: LeaderboardParams) {
  return useQuery(leaderboardQueryOptions(params))
}
