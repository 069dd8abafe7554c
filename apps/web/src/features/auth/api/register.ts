import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { emailSchema, messages, newPasswordSchema, sessionSchema, type Session } from '@tp/api'
import { api } from '@/lib/api-client'

// POST /api/auth/register {email, password} -> 201 {token, refreshToken, user}; 422; 409

/** Sign-up form rules of spec 5, with its exact messages. */
export const registerInputSchema = z
  .object({
    email: emailSchema,
    // the shared rule (length, not blank); the server also refuses breached passwords
    password: z
      .string()
      .min(1, messages.validation.required)
      .pipe(newPasswordSchema(messages.validation.passwordTooShort)),
    confirmPassword: z.string().min(1, messages.validation.required),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: messages.validation.passwordMismatch,
    path: ['confirmPassword'],
  })
export type RegisterInput = z.input<typeof registerInputSchema>

export function register({
  email,
  password,
}: {
  email: string
  password: string
}): Promise<Session> {
  return api.post('/auth/register', { email, password }, sessionSchema, { authenticated: false })
}

export function useRegister() {
  return useMutation({ mutationFn: register })
}
