import { z } from 'zod'

// POST /api/auth/reset-password -> { message } (spec 7: the message is shown, then /login)
export const resetPasswordResponseSchema = z.object({ message: z.string() })
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>
