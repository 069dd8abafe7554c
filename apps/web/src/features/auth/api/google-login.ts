import { useMutation } from '@tanstack/react-query'
import { sessionSchema, type Session } from '@tp/api'
import { api } from '@/lib/api-client'

// POST /api/auth/google {access_token} -> {token, refreshToken, user}

export function googleLogin(accessToken: string): Promise<Session> {
  return api.post('/auth/google', { access_token: accessToken }, sessionSchema, {
    authenticated: false,
  })
}

export function useGoogleLogin() {
  return useMutation({ mutationFn: googleLogin })
}
