import type { EconomicEvent } from '@tp/api/calendar'
import { newsWindow, type NewsWindow } from '@tp/domain/calendar'

/** The browser's time zone (the profile keeps none), e.g. Europe/Paris. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

const dayKeyFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })

export type CalendarDay = { key: string; label: string; events: EconomicEvent[] }

/** Events grouped by their day in `timeZone`, in time order. */
export function groupByDay(events: readonly EconomicEvent[], timeZone: string): CalendarDay[] {
  const keyOf = dayKeyFormat(timeZone)
  const labelOf = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  })
  const days = new Map<string, CalendarDay>()
  for (const event of [...events].sort((a, b) => Date.parse(a.time) - Date.parse(b.time))) {
    const date = new Date(event.time)
    const key = keyOf.format(date)
    let day = days.get(key)
    if (!day) {
      day = { key, label: labelOf.format(date), events: [] }
      days.set(key, day)
    }
    day.events.push(event)
  }
  return [...days.values()]
}

export function formatClock(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(ms))
}

/** The restricted window of an event under the news rule; null when it restricts nothing. */
export function windowOf(event: EconomicEvent, blackoutMinutes: number | null): NewsWindow | null {
  if (blackoutMinutes === null || event.impact !== 'high') return null
  return newsWindow(Date.parse(event.time), blackoutMinutes)
}
