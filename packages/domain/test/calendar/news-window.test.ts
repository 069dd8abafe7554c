import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  describeNewsDistance,
  findNewsConflicts,
  instrumentCurrencies,
  isInNewsWindow,
  newsWindow,
  restrictedWindows,
  type CalendarEvent,
} from '../../src/calendar'

const MIN = 60_000
const nfpMs = Date.parse('2026-12-04T13:30:00Z')
const event = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: 'nfp',
  timeMs: nfpMs,
  currency: 'USD',
  title: 'Non-Farm Payrolls',
  impact: 'high',
  ...over,
})

describe('newsWindow', () => {
  it('spans the blackout before and after, both ends included', () => {
    const window = newsWindow(nfpMs, 2)
    expect(window).toEqual({ startMs: nfpMs - 2 * MIN, endMs: nfpMs + 2 * MIN })
    expect(isInNewsWindow(nfpMs - 2 * MIN, window)).toBe(true)
    expect(isInNewsWindow(nfpMs + 2 * MIN, window)).toBe(true)
    expect(isInNewsWindow(nfpMs + 2 * MIN + 1, window)).toBe(false)
    expect(isInNewsWindow(nfpMs - 2 * MIN - 1, window)).toBe(false)
  })

  it('refuses a negative blackout', () => {
    expect(() => newsWindow(nfpMs, -1)).toThrow(RangeError)
  })

  it('holds exactly the instants within the blackout of the event (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: -7_200_000, max: 7_200_000 }),
        (eventMs, minutes, offsetMs) => {
          const inside = isInNewsWindow(eventMs + offsetMs, newsWindow(eventMs, minutes))
          expect(inside).toBe(Math.abs(offsetMs) <= minutes * MIN)
        },
      ),
    )
  })
})

describe('instrumentCurrencies', () => {
  it('reads the base and profit currencies of the specification', () => {
    expect(
      instrumentCurrencies({ symbol: 'XAUUSD', baseCurrency: 'XAU', profitCurrency: 'USD' }),
    ).toEqual(['XAU', 'USD'])
    expect(
      instrumentCurrencies({ symbol: 'US30', baseCurrency: 'USD', profitCurrency: 'USD' }),
    ).toEqual(['USD'])
  })

  it('splits a bare forex name when no specification is known', () => {
    expect(instrumentCurrencies({ symbol: 'eurjpy' })).toEqual(['EUR', 'JPY'])
    expect(instrumentCurrencies({ symbol: 'GER40' })).toEqual([])
  })
})

describe('findNewsConflicts', () => {
  const events = [
    event(),
    event({ id: 'ecb', currency: 'EUR', title: 'ECB rate decision', timeMs: nfpMs + MIN }),
    event({ id: 'claims', impact: 'medium', title: 'Jobless claims' }),
    event({ id: 'boj', currency: 'JPY', title: 'BoJ', timeMs: nfpMs }),
  ]

  it('finds the high-impact events of either currency, nearest first, with the distance', () => {
    const conflicts = findNewsConflicts(nfpMs + 90_000, ['EUR', 'USD'], events, 2)
    expect(conflicts.map((c) => c.event.id)).toEqual(['ecb', 'nfp'])
    expect(conflicts[0]).toMatchObject({ distanceMs: 30_000, signedDistanceMs: 30_000 })
    expect(conflicts[1]).toMatchObject({ distanceMs: 90_000, signedDistanceMs: 90_000 })
  })

  it('ignores medium and low impact, other currencies, and trades outside the window', () => {
    expect(findNewsConflicts(nfpMs, ['GBP', 'CHF'], events, 2)).toEqual([])
    expect(findNewsConflicts(nfpMs - 2 * MIN - 1, ['USD'], events, 2)).toEqual([])
    expect(findNewsConflicts(nfpMs, ['USD'], [events[2]!], 2)).toEqual([])
  })

  it('finds nothing for a plan that allows news trading', () => {
    expect(findNewsConflicts(nfpMs, ['USD'], events, null)).toEqual([])
  })

  it('agrees with the window of each event (property)', () => {
    const arbitraryEvent = fc.record({
      id: fc.uuid(),
      timeMs: fc.integer({ min: nfpMs - 3_600_000, max: nfpMs + 3_600_000 }),
      currency: fc.constantFrom('USD', 'EUR', 'JPY'),
      title: fc.constant('event'),
      impact: fc.constantFrom('high' as const, 'medium' as const, 'low' as const),
    })
    fc.assert(
      fc.property(
        fc.array(arbitraryEvent, { maxLength: 20 }),
        fc.integer({ min: nfpMs - 3_600_000, max: nfpMs + 3_600_000 }),
        fc.integer({ min: 0, max: 10 }),
        (list, tMs, minutes) => {
          const found = findNewsConflicts(tMs, ['USD', 'EUR'], list, minutes)
          const expected = list.filter(
            (e) =>
              e.impact === 'high' &&
              e.currency !== 'JPY' &&
              Math.abs(tMs - e.timeMs) <= minutes * MIN,
          )
          expect(new Set(found.map((c) => c.event))).toEqual(new Set(expected))
          for (let i = 1; i < found.length; i++) {
            expect(found[i]!.distanceMs).toBeGreaterThanOrEqual(found[i - 1]!.distanceMs)
          }
        },
      ),
    )
  })
})

describe('restrictedWindows', () => {
  it('merges overlapping windows and leaves medium events out', () => {
    const windows = restrictedWindows(
      [
        { timeMs: nfpMs + 3 * MIN, impact: 'high' },
        { timeMs: nfpMs, impact: 'high' },
        { timeMs: nfpMs + 60 * MIN, impact: 'medium' },
        { timeMs: nfpMs + 30 * MIN, impact: 'high' },
      ],
      2,
    )
    expect(windows).toEqual([
      { startMs: nfpMs - 2 * MIN, endMs: nfpMs + 5 * MIN },
      { startMs: nfpMs + 28 * MIN, endMs: nfpMs + 32 * MIN },
    ])
  })

  it('covers an instant exactly when some high-impact event restricts it (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 600 }), { maxLength: 15 }),
        fc.integer({ min: -10, max: 700 }),
        fc.integer({ min: 0, max: 5 }),
        (minutesList, atMinute, blackout) => {
          const events = minutesList.map((m) => ({ timeMs: m * MIN, impact: 'high' as const }))
          const windows = restrictedWindows(events, blackout)
          const covered = windows.some((w) => isInNewsWindow(atMinute * MIN, w))
          const restricted = events.some(
            (e) => Math.abs(atMinute * MIN - e.timeMs) <= blackout * MIN,
          )
          expect(covered).toBe(restricted)
          for (let i = 1; i < windows.length; i++) {
            expect(windows[i]!.startMs).toBeGreaterThan(windows[i - 1]!.endMs)
          }
        },
      ),
    )
  })
})

describe('describeNewsDistance', () => {
  it('says how far and on which side', () => {
    expect(describeNewsDistance(-90_000)).toBe('1 min 30 s before')
    expect(describeNewsDistance(120_000)).toBe('2 min after')
    expect(describeNewsDistance(0)).toBe('at the event')
    expect(describeNewsDistance(4_000)).toBe('4 s after')
  })
})
