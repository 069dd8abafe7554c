import { z } from 'zod'
import { messages } from './messages'

/** Minimum password length everywhere (spec 5, 9.6), in characters (an emoji is one). */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 256

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

/** Only whitespace, control and invisible (format) characters. */
const blankPattern = /^[\s\p{Z}\p{Cc}\p{Cf}]*$/u

export type PasswordShapeProblem = 'tooShort' | 'blank'

/**
 * What is wrong with the shape of a new password, or null: at least PASSWORD_MIN_LENGTH
 * characters, and not only whitespace or control characters. The other half of the rule, the
 * breached-password list, is too large for the browser and is checked by the server
 * (docs/decisions/0020-breached-passwords.md).
 */
export function passwordShapeProblem(password: string): PasswordShapeProblem | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'tooShort'
  if (blankPattern.test(password)) return 'blank'
  return null
}

/**
 * The one rule for a new password: sign-up, reset and profile change, in the web forms and on
 * the server. Each form keeps spec 8's own words for "too short".
 */
export function newPasswordSchema(tooShortMessage: string = messages.validation.passwordTooShort) {
  return z
    .string({ error: requiredText(messages.validation.required) })
    .max(PASSWORD_MAX_LENGTH)
    .superRefine((password, ctx) => {
      const problem = passwordShapeProblem(password)
      if (problem === null) return
      ctx.addIssue({
        code: 'custom',
        message: problem === 'tooShort' ? tooShortMessage : messages.validation.passwordBlank,
      })
    })
}

export const passwordSchema = newPasswordSchema()

/** support: sees the admin area, changes nothing (decision 0036). */
export const roleSchema = z.enum(['trader', 'admin', 'support'])
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
  password: newPasswordSchema(messages.validation.resetPasswordTooShort),
})

// GET /api/auth/me
export const meResponseSchema = z.object({ user: userSchema })
