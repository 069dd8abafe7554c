import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import {
  messages,
  newPasswordSchema,
  resetPasswordResponseSchema,
  type resetPasswordSchema,
} from '@tp/api'
import { api } from '@/lib/api-client'

// POST /api/auth/reset-password {token, password} -> {message}

/** Reset form rules of spec 5: a token, matching passwords, at least 8 characters. */
export const resetPasswordInputSchema = z
  .object({
    token: z.string().min(1, messages.auth.invalidToken),
    // the shared rule (length, not blank); the server also refuses breached passwords
    password: z
      .string()
      .min(1, messages.validation.required)
      .pipe(newPasswordSchema(messages.validation.resetPasswordTooShort)),
    confirmPassword: z.string().min(1, messages.validation.required),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: messages.validation.resetPasswordMismatch,
    path: ['confirmPassword'],
  })
export type ResetPasswordInput = z.input<typeof resetPasswordInputSchema>

export async function resetPassword(input: z.infer<typeof resetPasswordSchema>): Promise<string> {
  const response = await api.post('/auth/reset-password', input, resetPasswordResponseSchema, {
    authenticated: false,
  })
  return response.message
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
