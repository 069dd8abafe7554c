import type { AppContext } from '../../context'
import { demoCalendarWeek } from '../../integrations/economic-calendar/demo-week'
import { applyCalendarEvents } from './apply-calendar-events'
import { syncCalendarFeed } from './sync-calendar-feed'

/**
 * Demo data (SEED_DEMO): a realistic week of upcoming releases relative to now (NFP, CPI, FOMC,
 * ECB, ...) so /user/calendarnews is alive locally. With a feed (in development the local fake,
 * which serves that same week) the feed is read once now, so the job's later syncs find the same
 * rows; without one the week is written as 'demo' events. Keyed by release and day either way.
 */
export async function seedDemoCalendar(ctx: AppContext): Promise<void> {
  if (ctx.env.ECONOMIC_CALENDAR_FEED_URL) {
    try {
      await syncCalendarFeed(ctx, { caller: null })
    } catch (error) {
      ctx.logger.warn({ err: error }, 'demo calendar: the feed could not be read')
    }
    return
  }
  const events = demoCalendarWeek(ctx.clock.now().getTime())
  await applyCalendarEvents(ctx, {
    source: 'demo',
    parsed: { candidates: events.map((e, i) => ({ ...e, at: i + 1 })), skipped: [] },
    actorUserId: null,
    dryRun: false,
  })
}
