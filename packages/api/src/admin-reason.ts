import { z } from 'zod'

// The "why" of an admin action (issue 14 item 7, decision 0055): one schema for every action that
// asks for a reason, so the server's 422 and the web forms' validation say the same words. Kept
// in the audit log with the action; where the action affects a trader, they are told it too.

export const ADMIN_REASON_MIN = 3
export const ADMIN_REASON_MAX = 500

export const adminReasonMessages = {
  tooShort: `Give the reason in at least ${ADMIN_REASON_MIN} characters.`,
  tooLong: `Keep the reason to ${ADMIN_REASON_MAX} characters.`,
} as const

export const adminReasonSchema = z
  .string()
  .trim()
  .min(ADMIN_REASON_MIN, adminReasonMessages.tooShort)
  .max(ADMIN_REASON_MAX, adminReasonMessages.tooLong)

/** `{ reason }`: the body of an action that takes nothing but its reason. */
export const adminReasonBodySchema = z.object({ reason: adminReasonSchema })
export type AdminReasonBody = z.infer<typeof adminReasonBodySchema>

/** An optional reason (an action an operator would find absurd to justify each time). */
export const optionalAdminReasonSchema = adminReasonSchema.optional()
