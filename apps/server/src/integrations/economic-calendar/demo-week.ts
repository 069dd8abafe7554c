import type { EconomicImpact } from '@tp/domain/calendar'
import { DateTime } from 'luxon'

// A realistic week of upcoming events relative to now, for the local fake feed and the demo seed
// (decision 0037): the usual high-impact releases at their usual local times, each on the next
// weekday at or after its offset, so /user/calendarnews is alive locally.

export type DemoEvent = {
  uid: string
  timeMs: number
  currency: string
  title: string
  impact: EconomicImpact
}

const releases: {
  key: string
  dayOffset: number
  zone: string
  time: string
  currency: string
  title: string
  impact: EconomicImpact
}[] = [
  {
    key: 'cpi',
    dayOffset: 0,
    zone: 'America/New_York',
    time: '08:30',
    currency: 'USD',
    title: 'CPI m/m',
    impact: 'high',
  },
  {
    key: 'claims',
    dayOffset: 0,
    zone: 'America/New_York',
    time: '08:30',
    currency: 'USD',
    title: 'Unemployment Claims',
    impact: 'medium',
  },
  {
    key: 'uk-gdp',
    dayOffset: 1,
    zone: 'Europe/London',
    time: '07:00',
    currency: 'GBP',
    title: 'GDP m/m',
    impact: 'high',
  },
  {
    key: 'ecb',
    dayOffset: 1,
    zone: 'Europe/Berlin',
    time: '14:15',
    currency: 'EUR',
    title: 'ECB Main Refinancing Rate',
    impact: 'high',
  },
  {
    key: 'ecb-press',
    dayOffset: 1,
    zone: 'Europe/Berlin',
    time: '14:45',
    currency: 'EUR',
    title: 'ECB Press Conference',
    impact: 'high',
  },
  {
    key: 'retail',
    dayOffset: 2,
    zone: 'America/New_York',
    time: '08:30',
    currency: 'USD',
    title: 'Retail Sales m/m',
    impact: 'high',
  },
  {
    key: 'ger-ifo',
    dayOffset: 2,
    zone: 'Europe/Berlin',
    time: '10:00',
    currency: 'EUR',
    title: 'German Ifo Business Climate',
    impact: 'medium',
  },
  {
    key: 'fomc',
    dayOffset: 3,
    zone: 'America/New_York',
    time: '14:00',
    currency: 'USD',
    title: 'FOMC Statement',
    impact: 'high',
  },
  {
    key: 'fomc-rate',
    dayOffset: 3,
    zone: 'America/New_York',
    time: '14:00',
    currency: 'USD',
    title: 'Federal Funds Rate',
    impact: 'high',
  },
  {
    key: 'boj',
    dayOffset: 4,
    zone: 'Asia/Tokyo',
    time: '12:00',
    currency: 'JPY',
    title: 'BOJ Policy Rate',
    impact: 'high',
  },
  {
    key: 'aud-jobs',
    dayOffset: 4,
    zone: 'Australia/Sydney',
    time: '11:30',
    currency: 'AUD',
    title: 'Employment Change',
    impact: 'high',
  },
  {
    key: 'nfp',
    dayOffset: 5,
    zone: 'America/New_York',
    time: '08:30',
    currency: 'USD',
    title: 'Non-Farm Employment Change',
    impact: 'high',
  },
  {
    key: 'cad-jobs',
    dayOffset: 5,
    zone: 'America/Toronto',
    time: '08:30',
    currency: 'CAD',
    title: 'Employment Change',
    impact: 'high',
  },
  {
    key: 'pmi',
    dayOffset: 6,
    zone: 'Europe/London',
    time: '09:30',
    currency: 'GBP',
    title: 'Services PMI',
    impact: 'low',
  },
]

export function demoCalendarWeek(nowMs: number): DemoEvent[] {
  const events: DemoEvent[] = []
  for (const release of releases) {
    const [hour, minute] = release.time.split(':').map(Number) as [number, number]
    let day = DateTime.fromMillis(nowMs, { zone: release.zone })
      .plus({ days: release.dayOffset })
      .set({ hour, minute, second: 0, millisecond: 0 })
    // releases come out on weekdays; one already past today moves to the next weekday
    while (day.weekday > 5 || day.toMillis() <= nowMs) day = day.plus({ days: 1 })
    events.push({
      uid: `demo:${release.key}:${day.toISODate()}`,
      timeMs: day.toMillis(),
      currency: release.currency,
      title: release.title,
      impact: release.impact,
    })
  }
  return events.sort((a, b) => a.timeMs - b.timeMs)
}
