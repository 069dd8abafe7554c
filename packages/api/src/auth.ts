import { z } from 'zod'
import { messages } from './messages'

/** Minimum password length everywhere (spec 5, 9.6). */
export const PASSWORD_MIN_LENGTH = 8

/** "required" only when the field is absent; a wrong type gets zod's own "expected string". */
const requiredText = (message: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? message : undefined

export const emailSchema = z
  .string({ error: requiredText(messages.validation.emailRequired) })
  .trim()
  .toLowerCase()
  .min(1, messages.validation.emailRequired)
  .max(254)
  .pipe(z.email({ error: messages.validation.emailInvalid }))

export const passwordSchema = z
  .string({ error: requiredText(messages.validation.required) })
  .min(PASSWORD_MIN_LENGTH, messages.validation.passwordTooShort)
  .max(256)

export const roleSchema = z.enum(['trader', 'admin'])
export type Role = z.infer<typeof roleSchema>

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  name: z.string().nullable(),
  picture: z.string().nullable(),
  phone: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
})
export type User = z.infer<typeof userSchema>

// POST /api/auth/register, /api/auth/login
export const credentialsSchema = z.object({ email: emailSchema, password: passwordSchema })
export type Credentials = z.infer<typeof credentialsSchema>
// login accepts any non-empty password (a short one is simply wrong, answered 401)
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, messages.validation.required).max(256),
})

export const sessionSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  user: userSchema,
})
export type Session = z.infer<typeof sessionSchema>

// POST /api/auth/google
export const googleLoginSchema = z.object({ access_token: z.string().min(1).max(4096) })

// POST /api/auth/refresh, /api/auth/logout
export const refreshSchema = z.object({ refreshToken: z.string().min(1).max(512) })
export const refreshedSchema = z.object({ token: z.string(), refreshToken: z.string() })

// POST /api/auth/forgot-password -> { data: message }
export const forgotPasswordSchema = z.object({ email: emailSchema })
export const forgotPasswordResponseSchema = z.object({ data: z.string() })

// POST /api/auth/reset-password -> { message }
export const resetPasswordSchema = z.object({
  // spec 5: a reset without a token is refused as 'Invalid token'
  token: z
    .string({ error: messages.auth.invalidToken })
    .min(1, messages.auth.invalidToken)
    .max(512),
  password: z.string().min(PASSWORD_MIN_LENGTH, messages.validation.resetPasswordTooShort).max(256),
})

// GET /api/auth/me
export const meResponseSchema = z.object({ user: userSchema })
