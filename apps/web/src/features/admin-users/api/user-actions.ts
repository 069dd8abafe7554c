import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  adminUpdateUserSchema,
  adminUserActionResponseSchema,
  adminUserActionSchema,
  adminUserResponseSchema,
  type AdminUpdateUserInput,
} from '@tp/api'
import { api, apiRequest } from '@/lib/api-client'
import { adminUsersQueryKey } from './get-users'

// PATCH /api/admin/users/:userId {name?, role?, emailVerified?, reason} -> {user}
// POST /api/admin/users/:userId/disable|enable {reason} -> {user, endedSessions, accountIds}
// Each is audited by the server; the lists and the detail page reload after it.

const userUrl = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`

export async function updateUser({ userId, ...body }: { userId: string } & AdminUpdateUserInput) {
  const response = await apiRequest(userUrl(userId), {
    method: 'PATCH',
    body: adminUpdateUserSchema.parse(body),
    schema: adminUserResponseSchema,
  })
  return response.user
}

export async function setUserEnabled({
  userId,
  isEnabled,
  reason,
}: {
  userId: string
  isEnabled: boolean
  reason: string
}) {
  return api.post(
    `${userUrl(userId)}/${isEnabled ? 'enable' : 'disable'}`,
    adminUserActionSchema.parse({ reason }),
    adminUserActionResponseSchema,
  )
}

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  })
}

export function useSetUserEnabled() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setUserEnabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  })
}
