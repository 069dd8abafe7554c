import { useMutation } from '@tanstack/react-query'
import { forgotPasswordResponseSchema, forgotPasswordSchema } from '@tp/api'
import type { z } from 'zod'
import { api } from '@/lib/api-client'

// POST /api/auth/forgot-password {email} -> {data: text shown as a success message}

export const forgotPasswordInputSchema = forgotPasswordSchema
export type ForgotPasswordInput = z.input<typeof forgotPasswordInputSchema>

export async function requestPasswordReset(input: { email: string }): Promise<string> {
  const response = await api.post('/auth/forgot-password', input, forgotPasswordResponseSchema, {
    authenticated: false,
  })
  return response.data
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset })
}
