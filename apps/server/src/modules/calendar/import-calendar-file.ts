import type { CalendarImportInput, CalendarImportSummary } from '@tp/api/calendar'
import { calendarImportSchema } from '@tp/api/calendar'
import type { AppContext } from '../../context'
import {
  CalendarFormatError,
  parseCalendarCsv,
  parseCalendarIcs,
  type ParsedCalendar,
} from '../../integrations/economic-calendar/calendar-formats'
import { AppError } from '../../lib/errors'
import { recordAudit } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { applyCalendarEvents } from './apply-calendar-events'

/** An admin's CSV or ICS upload: previewed (dry run) or imported, idempotent on re-import. */
export async function importCalendarFile(
  ctx: AppContext,
  caller: Caller,
  body: CalendarImportInput,
): Promise<CalendarImportSummary> {
  const input = calendarImportSchema.parse(body)
  let parsed: ParsedCalendar
  try {
    parsed =
      input.format === 'csv' ? parseCalendarCsv(input.content) : parseCalendarIcs(input.content)
  } catch (error) {
    if (error instanceof CalendarFormatError) {
      throw new AppError('VALIDATION_FAILED', {
        message: error.message,
        details: [{ path: 'content', message: error.message }],
      })
    }
    throw error
  }
  const summary = await applyCalendarEvents(ctx, {
    source: input.format,
    parsed,
    actorUserId: caller.userId,
    dryRun: input.dryRun,
  })
  if (!input.dryRun) {
    await recordAudit(ctx, {
      actor: caller,
      action: 'calendar.import',
      targetType: 'economic-event',
      targetId: input.format,
      reason: input.reason ?? `${input.format.toUpperCase()} file imported`,
      details: {
        format: input.format,
        created: summary.created,
        updated: summary.updated,
        unchanged: summary.unchanged,
        skipped: summary.skipped.length,
      },
    })
  }
  return summary
}
