import { economicImpacts } from '@tp/domain/calendar'
import { z } from 'zod'
import { adminReasonBodySchema, optionalAdminReasonSchema } from './admin-reason'

// The economic calendar (issue 14 item 10, decision 0037): high-impact events kept in the
// database, managed and imported by admins, synced from a feed, shown to traders at
// /user/calendarnews with the news rule's restricted windows, and the news rule's violations.

export const economicImpactSchema = z.enum(economicImpacts)
export const calendarSources = ['manual', 'csv', 'ics', 'feed', 'demo'] as const
export const calendarSourceSchema = z.enum(calendarSources)
export type CalendarSource = z.infer<typeof calendarSourceSchema>

export const calendarMessages = {
  badCurrency: 'Use a three-letter currency code, e.g. USD.',
  badTitle: 'Give the event a title (at most 200 characters).',
  badTime: 'Give the time as an ISO 8601 instant, e.g. 2026-12-04T13:30:00Z.',
  badRange: 'The end of the range must come after its start, at most 92 days later.',
  eventNotFound: 'No such economic event.',
  importEmpty: 'The file holds no events.',
  importTooLarge: 'The file is too large: import at most 1 MB at a time.',
  csvHeader: 'The CSV needs the columns time, currency, title and impact (uid is optional).',
  icsUnreadable: 'The file is not a readable iCalendar (ICS) file.',
  feedNotConfigured: 'No calendar feed is configured (ECONOMIC_CALENDAR_FEED_URL).',
  feedFailed: 'The calendar feed could not be read; try again later.',
  deleted: 'Event deleted.',
  skip: {
    noTime: 'no time, or not a valid instant',
    noCurrency: 'no three-letter currency',
    noTitle: 'no title',
    noImpact: 'impact is not high, medium or low',
    duplicateInFile: 'the same event appears earlier in the file',
  },
  emptyCalendar: 'No events in this range.',
  newsRuleNote: (minutes: number) =>
    `Instant Funding accounts may not open or close a trade within ${minutes} minutes before or after a high-impact event of either currency of the instrument.`,
  violationEmailSubject: 'News rule: a trade inside a restricted window',
} as const

const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, calendarMessages.badCurrency)
  .transform((code) => code.toUpperCase())
const instant = z.iso.datetime({ offset: true, message: calendarMessages.badTime })

export const economicEventSchema = z.object({
  id: z.uuid(),
  time: z.string(),
  currency: z.string(),
  title: z.string(),
  impact: economicImpactSchema,
  source: calendarSourceSchema,
  sourceUid: z.string().nullable(),
  updatedAt: z.string(),
})
export type EconomicEvent = z.infer<typeof economicEventSchema>

const rangeFields = {
  from: instant.optional(),
  to: instant.optional(),
  /** one code or several, comma separated */
  currency: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((c) => c.trim().toUpperCase())
            .filter(Boolean)
        : [],
    )
    .refine((codes) => codes.every((c) => /^[A-Z]{3}$/.test(c)), calendarMessages.badCurrency),
  impact: economicImpactSchema.optional(),
}

// GET /api/calendar/events?from&to&currency&impact (a signed-in trader; default: the next 7 days)
export const calendarEventsQuerySchema = z.object(rangeFields)
export type CalendarEventsQuery = z.input<typeof calendarEventsQuerySchema>
export type CalendarEventsFilter = z.output<typeof calendarEventsQuerySchema>

export const newsRuleAccountSchema = z.object({
  id: z.uuid(),
  login: z.string().nullable(),
  label: z.string(),
})
export const calendarEventsResponseSchema = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    events: z.array(economicEventSchema),
    newsRule: z.object({
      /** the blackout of the caller's accounts under the rule; null when none of them is */
      blackoutMinutes: z.number().nullable(),
      accounts: z.array(newsRuleAccountSchema),
    }),
  }),
})
export type CalendarEventsResponse = z.infer<typeof calendarEventsResponseSchema>

// GET /api/admin/calendar/events?from&to&currency&impact&search&page&pageSize
export const adminCalendarQuerySchema = z.object({
  ...rangeFields,
  search: z.string().trim().max(100).optional(),
  source: calendarSourceSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
})
export type AdminCalendarQuery = z.input<typeof adminCalendarQuerySchema>
export type AdminCalendarFilter = z.output<typeof adminCalendarQuerySchema>
export const adminCalendarResponseSchema = z.object({
  data: z.object({
    events: z.array(economicEventSchema),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    feedUrl: z.string().nullable(),
  }),
})
export type AdminCalendarResponse = z.infer<typeof adminCalendarResponseSchema>

// POST /api/admin/calendar/events, PUT /api/admin/calendar/events/:eventId; the reason is optional
// (a scheduled release typed in needs no justification; the audit entry then says "by hand")
export const economicEventInputSchema = z.object({
  time: instant,
  currency: currencyCode,
  title: z.string().trim().min(1, calendarMessages.badTitle).max(200, calendarMessages.badTitle),
  impact: economicImpactSchema,
  reason: optionalAdminReasonSchema,
})
export type EconomicEventInput = z.input<typeof economicEventInputSchema>
export const economicEventParamsSchema = z.object({ eventId: z.uuid() })
// DELETE /api/admin/calendar/events/:eventId {reason}: a deleted event no longer restricts trading
export const economicEventDeleteSchema = adminReasonBodySchema
export const economicEventResponseSchema = z.object({ event: economicEventSchema })
export const economicEventDeletedSchema = z.object({ message: z.string() })

// POST /api/admin/calendar/import {format, content, dryRun} -> the summary
export const calendarImportSchema = z.object({
  format: z.enum(['csv', 'ics']),
  content: z
    .string()
    .min(1, calendarMessages.importEmpty)
    .max(1_000_000, calendarMessages.importTooLarge),
  /** preview: the summary of what an import would do, nothing written */
  dryRun: z.boolean().default(false),
  /** optional: the audit entry otherwise names the file's format */
  reason: optionalAdminReasonSchema,
})
export type CalendarImportInput = z.input<typeof calendarImportSchema>

export const calendarSkipSchema = z.object({
  /** the CSV's line or the ICS event's position (1-based) */
  at: z.number().int(),
  label: z.string(),
  reason: z.string(),
})
export const calendarImportSummarySchema = z.object({
  dryRun: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.array(calendarSkipSchema),
})
export type CalendarImportSummary = z.infer<typeof calendarImportSummarySchema>
export const calendarImportResponseSchema = z.object({ data: calendarImportSummarySchema })

// POST /api/admin/calendar/sync -> the feed's summary
export const calendarSyncResponseSchema = z.object({
  data: calendarImportSummarySchema.extend({ feedUrl: z.string() }),
})

// GET /api/trading/accounts/:accountId/news-violations (owner or admin)
export const newsViolationSchema = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  kind: z.enum(['open', 'close']),
  tradeTime: z.string(),
  positionId: z.string(),
  symbol: z.string(),
  side: z.string(),
  volume: z.number(),
  eventId: z.uuid().nullable(),
  eventTime: z.string(),
  eventCurrency: z.string(),
  eventTitle: z.string(),
  /** trade time - event time, ms (negative: before the event) */
  signedDistanceMs: z.number().int(),
  distance: z.string(),
  blackoutMinutes: z.number(),
  createdAt: z.string(),
})
export type NewsViolation = z.infer<typeof newsViolationSchema>
export const newsViolationsResponseSchema = z.object({
  data: z.object({ violations: z.array(newsViolationSchema) }),
})
export type NewsViolationsResponse = z.infer<typeof newsViolationsResponseSchema>
