import { z } from 'zod'
import { emailSchema } from './auth'
import { messages } from './messages'

// The public forms that reach the firm (spec 5, 7 service/*, 8): contact, become-a-partner and
// the newsletter, plus the admin inbox that reads and answers them. One schema for the browser's
// form and the server's check (docs/decisions/0026-public-forms-and-anti-bot.md).

/** "required" only when the field is absent or blank; a wrong type gets zod's own message. */
const requiredText = (max: number) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? messages.validation.required : undefined),
    })
    .trim()
    .min(1, messages.validation.required)
    .max(max, messages.service.tooLong(max))

const optionalText = (max: number) =>
  z.string().trim().max(max, messages.service.tooLong(max)).optional()

// --- anti-bot fields, on every public form ------------------------------------------------------

/**
 * The honeypot: a field people never see (hidden from eyes and assistive technology) and bots
 * fill. Its name looks like a real field to a form-filling bot.
 */
export const HONEYPOT_FIELD = 'website'

/**
 * The form-start token, issued by GET /api/service/form-token when a form is shown: signed by the
 * server with the time it was issued. A form sent sooner than the minimum fill time after it, or
 * with a token not issued by the server, is refused.
 */
export const antiBotSchema = z.object({
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
  formToken: z
    .string({ error: () => messages.service.formExpired })
    .min(1, messages.service.formExpired)
    .max(200, messages.service.formExpired),
})
export type AntiBotFields = z.infer<typeof antiBotSchema>

// GET /api/service/form-token -> { token, issuedAt, notBefore, expiresAt }
export const formTokenResponseSchema = z.object({
  token: z.string(),
  issuedAt: z.string(),
  /** the earliest moment a form started with this token is accepted */
  notBefore: z.string(),
  /** after this the token is refused: the form asks for a fresh one */
  expiresAt: z.string(),
  /** the minimum fill time, in milliseconds (so a client need not compare clocks) */
  minFillMs: z.number(),
})
export type FormTokenResponse = z.infer<typeof formTokenResponseSchema>

// --- the forms' fields --------------------------------------------------------------------------

/** Contact form (spec 5): name, email and message required; subject optional. */
export const contactFieldsSchema = z.object({
  name: requiredText(120),
  email: emailSchema,
  subject: optionalText(200),
  message: requiredText(5000),
})
export type ContactFields = z.input<typeof contactFieldsSchema>

export const partnershipTypes = ['affiliate', 'broker', 'educator', 'community', 'other'] as const
export const partnershipTypeSchema = z.enum(partnershipTypes, {
  error: () => messages.service.partnershipTypeRequired,
})
export type PartnershipType = z.infer<typeof partnershipTypeSchema>
export const partnershipTypeLabels: Record<PartnershipType, string> = {
  affiliate: 'Affiliate',
  broker: 'Broker',
  educator: 'Educator',
  community: 'Community',
  other: 'Other',
}

/** An http(s) address with a domain name when given; '' means not given. */
const optionalUrl = z
  .string()
  .trim()
  .max(500, messages.service.tooLong(500))
  .pipe(
    z.union([
      z.literal(''),
      z.url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        error: () => messages.service.urlInvalid,
      }),
    ]),
  )
  .optional()

/** Become-a-partner form (spec 5): all required but socialUrl, which must be a URL if given. */
export const partnerFieldsSchema = z.object({
  name: requiredText(120),
  email: emailSchema,
  socialUserName: requiredText(120),
  socialUrl: optionalUrl,
  partnershipType: partnershipTypeSchema,
  message: requiredText(5000),
})
export type PartnerFields = z.input<typeof partnerFieldsSchema>

export const newsletterFieldsSchema = z.object({ email: emailSchema })
export type NewsletterFields = z.input<typeof newsletterFieldsSchema>

// --- the requests (fields + anti-bot) -----------------------------------------------------------

// POST /api/service/contact -> 201 { message }
export const contactRequestSchema = contactFieldsSchema.extend(antiBotSchema.shape)
export type ContactRequest = z.input<typeof contactRequestSchema>

// POST /api/service/become-partner -> 201 { message }
export const partnerRequestSchema = partnerFieldsSchema.extend(antiBotSchema.shape)
export type PartnerRequest = z.input<typeof partnerRequestSchema>

// POST /api/service/newsletter -> 202 { message }
export const newsletterRequestSchema = newsletterFieldsSchema.extend(antiBotSchema.shape)
export type NewsletterRequest = z.input<typeof newsletterRequestSchema>

/** The answer of every form: the text to show (spec 8). */
export const serviceSubmitResponseSchema = z.object({ message: z.string() })
export type ServiceSubmitResponse = z.infer<typeof serviceSubmitResponseSchema>

// GET|POST /api/service/newsletter/confirm {token} and .../unsubscribe {token}
export const newsletterTokenSchema = z.object({
  token: z
    .string({ error: () => messages.service.newsletterLinkInvalid })
    .trim()
    .min(1, messages.service.newsletterLinkInvalid)
    .max(300, messages.service.newsletterLinkInvalid),
})
export const newsletterStatusSchema = z.enum(['pending', 'confirmed', 'unsubscribed'])
export type NewsletterStatus = z.infer<typeof newsletterStatusSchema>
export const newsletterTokenResponseSchema = z.object({
  status: newsletterStatusSchema,
  email: z.string(),
  message: z.string(),
})
export type NewsletterTokenResponse = z.infer<typeof newsletterTokenResponseSchema>

// --- admin inbox --------------------------------------------------------------------------------

export const serviceMessageKindSchema = z.enum(['contact', 'partner'])
export type ServiceMessageKind = z.infer<typeof serviceMessageKindSchema>
export const serviceMessageStatusSchema = z.enum(['open', 'answered'])
export type ServiceMessageStatus = z.infer<typeof serviceMessageStatusSchema>

// GET /api/admin/messages?kind=&status=&page=&pageSize=
export const adminMessagesQuerySchema = z.object({
  kind: serviceMessageKindSchema.optional(),
  status: serviceMessageStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export type AdminMessagesQuery = z.input<typeof adminMessagesQuerySchema>

export const serviceMessageReplySchema = z.object({
  id: z.string(),
  body: z.string(),
  adminEmail: z.string().nullable(),
  createdAt: z.string(),
})
export type ServiceMessageReply = z.infer<typeof serviceMessageReplySchema>

export const serviceMessageSummarySchema = z.object({
  id: z.string(),
  kind: serviceMessageKindSchema,
  status: serviceMessageStatusSchema,
  name: z.string(),
  email: z.string(),
  /** the contact's subject, or the partnership type of an application */
  subject: z.string().nullable(),
  preview: z.string(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
})
export type ServiceMessageSummary = z.infer<typeof serviceMessageSummarySchema>

export const adminMessagesResponseSchema = z.object({
  messages: z.array(serviceMessageSummarySchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
})
export type AdminMessagesResponse = z.infer<typeof adminMessagesResponseSchema>

export const serviceMessageSchema = serviceMessageSummarySchema.extend({
  message: z.string(),
  socialUserName: z.string().nullable(),
  socialUrl: z.string().nullable(),
  partnershipType: partnershipTypeSchema.nullable(),
  /** the signed-in user who sent it, if any */
  userId: z.string().nullable(),
  replies: z.array(serviceMessageReplySchema),
})
export type ServiceMessage = z.infer<typeof serviceMessageSchema>

export const adminMessageParamsSchema = z.object({ messageId: z.uuid() })
export const adminMessageResponseSchema = z.object({ message: serviceMessageSchema })

// POST /api/admin/messages/:messageId/answer {body}
export const answerMessageSchema = z.object({ body: requiredText(10_000) })
export type AnswerMessageInput = z.input<typeof answerMessageSchema>

/** GET /api/admin/newsletter/subscribers.csv: confirmed subscribers, with dates. */
export const NEWSLETTER_CSV_COLUMNS = ['email', 'subscribed_at', 'confirmed_at'] as const
