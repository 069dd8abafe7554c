import { parseCalendarFeed, type ParsedCalendar } from './calendar-formats'

// A public economic calendar feed, read by URL (ECONOMIC_CALENDAR_FEED_URL, decision 0037): the
// common weekly JSON format or an ICS calendar, whichever the body is. The port is one call; the
// real adapter is a plain GET with a timeout; fake/calendar-feed-fake.ts serves both formats on
// loopback in development and tests.

export interface CalendarFeed {
  readonly url: string
  fetchEvents(): Promise<ParsedCalendar>
}

export class CalendarFeedError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message)
    this.name = 'CalendarFeedError'
  }
}

export function createCalendarFeed(options: {
  url: string
  timeoutMs?: number
  fetch?: typeof fetch
}): CalendarFeed {
  const doFetch = options.fetch ?? fetch
  return {
    url: options.url,
    async fetchEvents() {
      let response: Response
      try {
        response = await doFetch(options.url, {
          headers: { accept: 'application/json, text/calendar;q=0.9, */*;q=0.5' },
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        })
      } catch (error) {
        throw new CalendarFeedError(
          `calendar feed unreachable: ${error instanceof Error ? error.message : String(error)}`,
          null,
        )
      }
      if (!response.ok) {
        throw new CalendarFeedError(`calendar feed answered ${response.status}`, response.status)
      }
      return parseCalendarFeed(await response.text())
    },
  }
}
