import Fastify from 'fastify'
import { demoCalendarWeek, type DemoEvent } from '../demo-week'

// A local stand-in for a public economic calendar feed (decision 0037), on loopback: the same
// weekly JSON format at /calendar.json and the same events as ICS at /calendar.ics. It serves a
// realistic week relative to now unless a test sets its events; `failNext(status)` answers the
// next request with an error.

export type CalendarFeedFake = {
  url: string
  jsonUrl: string
  icsUrl: string
  setEvents(events: DemoEvent[] | null): void
  failNext(status: number): void
  requests(): number
  close(): Promise<void>
}

const impactWord = { high: 'High', medium: 'Medium', low: 'Low' } as const

function icsTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

function icsEscape(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n')
}

export function toIcs(events: DemoEvent[], stampMs: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Tradepeak//Calendar feed fake//EN']
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${icsTime(stampMs)}`,
      `DTSTART:${icsTime(event.timeMs)}`,
      `SUMMARY:${icsEscape(`${event.currency} - ${event.title}`)}`,
      `CATEGORIES:${impactWord[event.impact]}`,
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return lines.join('\r\n') + '\r\n'
}

export function toFeedJson(events: DemoEvent[]) {
  return events.map((event) => ({
    id: event.uid,
    title: event.title,
    country: event.currency,
    date: new Date(event.timeMs).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    impact: impactWord[event.impact],
    forecast: '',
    previous: '',
  }))
}

export async function startCalendarFeedFake(
  options: { now?: () => number } = {},
): Promise<CalendarFeedFake> {
  const now = options.now ?? Date.now
  let events: DemoEvent[] | null = null
  let failure: number | null = null
  let count = 0
  const app = Fastify({ logger: false })
  const current = () => events ?? demoCalendarWeek(now())
  app.addHook('onRequest', async (_request, reply) => {
    count += 1
    if (failure !== null) {
      const status = failure
      failure = null
      return reply.code(status).send({ error: 'fault injected' })
    }
  })
  app.get('/calendar.json', async () => toFeedJson(current()))
  app.get('/calendar.ics', async (_request, reply) =>
    reply.type('text/calendar; charset=utf-8').send(toIcs(current(), now())),
  )
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    url: address,
    jsonUrl: `${address}/calendar.json`,
    icsUrl: `${address}/calendar.ics`,
    setEvents(next) {
      events = next
    },
    failNext(status) {
      failure = status
    },
    requests: () => count,
    close: () => app.close(),
  }
}
