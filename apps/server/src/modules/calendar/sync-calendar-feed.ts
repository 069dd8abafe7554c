import { calendarMessages, type CalendarImportSummary } from '@tp/api/calendar'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { CalendarFormatError } from '../../integrations/economic-calendar/calendar-formats'
import {
  CalendarFeedError,
  createCalendarFeed,
  type CalendarFeed,
} from '../../integrations/economic-calendar/calendar-feed'
import { defineJob } from '../../jobs/job-runner'
import { AppError } from '../../lib/errors'
import { recordAudit } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { applyCalendarEvents } from './apply-calendar-events'

// The configured feed (ECONOMIC_CALENDAR_FEED_URL; in development and tests the local fake's
// address, set by server.ts) read into the calendar: every 30 minutes by a job, or now by an
// admin's "Sync now". Idempotent: the same feed twice changes nothing.

export function calendarFeedOf(ctx: AppContext): CalendarFeed | null {
  const url = ctx.env.ECONOMIC_CALENDAR_FEED_URL
  return url ? createCalendarFeed({ url }) : null
}

export async function syncCalendarFeed(
  ctx: AppContext,
  options: { caller: Caller | null; feed?: CalendarFeed | null },
): Promise<CalendarImportSummary & { feedUrl: string }> {
  const feed = options.feed === undefined ? calendarFeedOf(ctx) : options.feed
  if (!feed) {
    throw new AppError('SERVICE_UNAVAILABLE', { message: calendarMessages.feedNotConfigured })
  }
  let summary: CalendarImportSummary
  try {
    const parsed = await feed.fetchEvents()
    summary = await applyCalendarEvents(ctx, {
      source: 'feed',
      parsed,
      actorUserId: options.caller?.userId ?? null,
      dryRun: false,
    })
  } catch (error) {
    if (error instanceof CalendarFeedError || error instanceof CalendarFormatError) {
      ctx.logger.warn({ err: error, feed: feed.url }, 'calendar feed sync failed')
      throw new AppError('SERVICE_UNAVAILABLE', { message: calendarMessages.feedFailed })
    }
    throw error
  }
  if (options.caller) {
    await recordAudit(ctx, {
      actor: options.caller,
      action: 'calendar.feed-synced',
      targetType: 'economic-event',
      targetId: 'feed',
      // "Sync now" only brings the events in line with the feed: its press is the reason
      reason: 'Sync now: the feed read on request',
      details: {
        feedUrl: feed.url,
        created: summary.created,
        updated: summary.updated,
        unchanged: summary.unchanged,
        skipped: summary.skipped.length,
      },
    })
  }
  ctx.logger.info(
    {
      feed: feed.url,
      created: summary.created,
      updated: summary.updated,
      skipped: summary.skipped.length,
    },
    'calendar feed synced',
  )
  return { ...summary, feedUrl: feed.url }
}

export const syncCalendarFeedJob = defineJob({
  name: 'calendar.sync-feed',
  schema: z.object({}).passthrough(),
  cron: '*/30 * * * *',
  policy: 'stately',
  retryLimit: 3,
  retryDelaySeconds: 60,
  async handle(ctx) {
    if (!ctx.env.ECONOMIC_CALENDAR_FEED_URL) return
    await syncCalendarFeed(ctx, { caller: null })
  },
})
