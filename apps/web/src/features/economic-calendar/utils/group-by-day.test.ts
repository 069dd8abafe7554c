import { describe, expect, it } from 'vitest'
import type { EconomicEvent } from '@tp/api/calendar'
import { formatClock, groupByDay, windowOf } from './group-by-day'

const event = (
  id: string,
  time: string,
  impact: EconomicEvent['impact'] = 'high',
): EconomicEvent => ({
  id,
  time,
  currency: 'USD',
  title: id,
  impact,
  source: 'manual',
  sourceUid: null,
  updatedAt: time,
})

describe('groupByDay', () => {
  it("groups by the day in the trader's time zone, in time order", () => {
    const events = [event('late', '2026-12-04T23:30:00Z'), event('early', '2026-12-04T13:30:00Z')]
    // 23:30 UTC is already the 5th in Tokyo, still the 4th in New York
    expect(groupByDay(events, 'Asia/Tokyo').map((d) => [d.key, d.events.map((e) => e.id)])).toEqual(
      [
        ['2026-12-04', ['early']],
        ['2026-12-05', ['late']],
      ],
    )
    expect(groupByDay(events, 'America/New_York').map((d) => d.events.length)).toEqual([2])
    expect(groupByDay(events, 'America/New_York')[0]!.label).toBe('Friday 4 December')
  })
})

describe('windowOf', () => {
  it('marks the news window of a high-impact event only, in the zone shown', () => {
    const nfp = event('nfp', '2026-12-04T13:30:00Z')
    const window = windowOf(nfp, 2)!
    expect(formatClock(window.startMs, 'Europe/Paris')).toBe('14:28')
    expect(formatClock(window.endMs, 'Europe/Paris')).toBe('14:32')
    expect(windowOf(event('claims', '2026-12-04T13:30:00Z', 'medium'), 2)).toBeNull()
    expect(windowOf(nfp, null)).toBeNull()
  })
})
