import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { loginSchema, sessionSchema, type Session } from '@tp/api'
import { api } from '@/lib/api-client'

// POST /api/auth/login {email, password} -> {token, refreshToken, user}

export const loginInputSchema = loginSchema
export type LoginInput = z.input<typeof loginInputSchema>

export function login(input: z.infer<typeof loginInputSchema>): Promise<Session> {
  return api.post('/auth/login', input, sessionSchema, { authenticated: false })
}

export function useLogin() {
  return useMutation({ mutationFn: login })
}
