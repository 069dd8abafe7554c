import { z } from 'zod'

// Development mailbox (only while the app captures outgoing mail; admins only):
// GET /api/dev/mailbox -> { data: CapturedEmailSummary[] } newest first
// GET /api/dev/mailbox/:id -> { data: CapturedEmail }
export const capturedEmailSummarySchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  /** Every http(s) link found in the message, in order (e.g. the password reset link). */
  links: z.array(z.string()),
  receivedAt: z.string(),
})
export type CapturedEmailSummary = z.infer<typeof capturedEmailSummarySchema>

export const capturedEmailSchema = capturedEmailSummarySchema.extend({
  text: z.string(),
  html: z.string().nullable(),
})
export type CapturedEmail = z.infer<typeof capturedEmailSchema>

export const mailboxListResponseSchema = z.object({ data: z.array(capturedEmailSummarySchema) })
export const mailboxMessageResponseSchema = z.object({ data: capturedEmailSchema })
