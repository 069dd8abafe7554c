import { calendarMessages, type AdminCalendarFilter } from '@tp/api/calendar'
import { and, asc, count, eq, gte, ilike, inArray, lt, type SQL } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { economicEvents } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { maxRangeMs, toEconomicEvent } from './event-view'

/** The admin's list: any range (default from 7 days ago), filters, search on the title, paged. */
export async function listAdminCalendar(ctx: AppContext, input: AdminCalendarFilter) {
  const nowMs = ctx.clock.now().getTime()
  const fromMs = input.from ? Date.parse(input.from) : nowMs - 7 * 86_400_000
  const toMs = input.to ? Date.parse(input.to) : fromMs + 45 * 86_400_000
  if (!(toMs > fromMs) || toMs - fromMs > 4 * maxRangeMs) {
    throw new AppError('VALIDATION_FAILED', {
      message: calendarMessages.badRange,
      details: [{ path: 'to', message: calendarMessages.badRange }],
    })
  }
  const where: SQL[] = [
    gte(economicEvents.time, new Date(fromMs)),
    lt(economicEvents.time, new Date(toMs)),
  ]
  if (input.currency.length > 0) where.push(inArray(economicEvents.currency, input.currency))
  if (input.impact) where.push(eq(economicEvents.impact, input.impact))
  if (input.source) where.push(eq(economicEvents.source, input.source))
  if (input.search)
    where.push(ilike(economicEvents.title, `%${input.search.replace(/[%_\\]/g, '\\$&')}%`))
  const condition = and(...where)
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(economicEvents)
      .where(condition)
      .orderBy(asc(economicEvents.time), asc(economicEvents.currency), asc(economicEvents.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ n: count() }).from(economicEvents).where(condition),
  ])
  return {
    events: rows.map(toEconomicEvent),
    page: input.page,
    pageSize: input.pageSize,
    total: Number(total?.n ?? 0),
    feedUrl: ctx.env.ECONOMIC_CALENDAR_FEED_URL ?? null,
  }
}
