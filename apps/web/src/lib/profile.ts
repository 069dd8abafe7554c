import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { profileGetResponseSchema } from '@tp/api/profile'
import { api } from './api-client'

// POST /api/profile/get {} -> {data: {user, profile, email, billing}}; the caller is the token's user.
// Shared: the profile page edits it, the checkout fills its billing form from it.

export type ProfileData = z.infer<typeof profileGetResponseSchema>['data']

export async function getProfile(signal?: AbortSignal): Promise<ProfileData> {
  const response = await api.post('/profile/get', {}, profileGetResponseSchema, { signal })
  return response.data
}

export const profileQueryKey = ['profile'] as const

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) })
}

export function useProfile() {
  return useQuery(profileQueryOptions())
}
