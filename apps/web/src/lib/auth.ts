import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { z } from 'zod'
import type { meResponseSchema, Role } from '@tp/api/auth'
import { paths } from '@/config/paths'
import { api, serverSent } from './api-client'
import { useAppNavigate } from './navigation'
import { endSession, getSession, saveUser, useSession } from './session'

type MeResponse = z.infer<typeof meResponseSchema>

// Who is signed in, and signing out. The stored user is enough to route; GET /api/auth/me keeps
// it current (a role change, a new avatar) whenever the app starts or the query goes stale.

export const meQueryKey = ['auth', 'me'] as const

export function useMe() {
  const session = useSession()
  return useQuery({
    queryKey: meQueryKey,
    queryFn: async ({ signal }) => {
      // read as the server sent it: no zod on a signed-in page's first load (decision 0041)
      const { user } = await api.get('/auth/me', serverSent<MeResponse>(), { signal })
      saveUser(user)
      return user
    },
    enabled: session !== null,
  })
}

export function homePathFor(role: Role): string {
  return role === 'trader' ? paths.user.dashboard.getHref() : paths.admin.dashboard.getHref()
}

export { isAdmin } from './roles'

/**
 * Signing out: the server revokes the refresh token (best effort: an unreachable server must not
 * keep anyone signed in on this device), then every stored key of spec 3 and the query cache are
 * cleared and the sign-in page opens.
 */
export async function revokeSession() {
  const refreshToken = getSession()?.refreshToken
  if (!refreshToken) return
  try {
    await api.post('/auth/logout', { refreshToken }, undefined, { authenticated: false })
  } catch {
    // signing out locally below is what matters to the user
  }
}

export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useAppNavigate()
  return useCallback(async () => {
    await revokeSession()
    endSession('signed-out')
    navigate(paths.auth.login.getHref(), { replace: true })
    // after the guarded page is gone, so that nothing refetches into the emptied cache
    queryClient.clear()
  }, [navigate, queryClient])
}
