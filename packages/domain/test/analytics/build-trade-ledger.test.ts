import { describe, expect, it } from 'vitest'
import { buildTradeLedger } from '../../src/analytics'
import { closedTrade, NEW_YORK } from './trades'

describe('the trade ledger', () => {
  it('keeps closed trades only', () => {
    const ledger = buildTradeLedger(
      [
        closedTrade({ openTime: '2026-03-02T09:00:00Z', closeTime: '2026-03-02T10:00:00Z' }),
        { ...closedTrade({ openTime: '2026-03-02T09:00:00Z', closeTime: '' }), closeTime: null },
      ],
      { timeZone: 'UTC' },
    )
    expect(ledger.count).toBe(1)
  })

  it('holds each result exactly in cents: profit + commission + swap', () => {
    const ledger = buildTradeLedger(
      [
        closedTrade({
          openTime: '2026-03-02T09:00:00Z',
          closeTime: '2026-03-02T10:00:00Z',
          profit: 0.1,
          commission: 0.2,
          swap: -0.07,
        }),
      ],
      { timeZone: 'UTC' },
    )
    expect(Array.from(ledger.resultCents)).toEqual([23])
  })

  it('reads open hours and weekdays on the wall clock of the zone, across a DST change', () => {
    // New York moved to summer time on Sunday 8 March 2026 at 02:00
    const ledger = buildTradeLedger(
      [
        closedTrade({ openTime: '2026-03-06T14:30:00Z', closeTime: '2026-03-06T15:00:00Z' }), // Fri 09:30 EST
        closedTrade({ openTime: '2026-03-09T13:30:00Z', closeTime: '2026-03-09T14:00:00Z' }), // Mon 09:30 EDT
        closedTrade({ openTime: '2026-03-08T06:59:00Z', closeTime: '2026-03-08T07:30:00Z' }), // Sun 01:59 EST
        closedTrade({ openTime: '2026-03-08T07:00:00Z', closeTime: '2026-03-08T07:30:00Z' }), // Sun 03:00 EDT
        closedTrade({
          openTime: '2026-03-07T04:30:00-05:00',
          closeTime: '2026-03-07T05:00:00-05:00',
        }),
      ],
      { timeZone: NEW_YORK },
    )
    expect(Array.from(ledger.openHour)).toEqual([9, 9, 1, 3, 4])
    expect(Array.from(ledger.openWeekday)).toEqual([4, 0, 6, 6, 5]) // Fri, Mon, Sun, Sun, Sat
  })

  it('refuses a trade whose time is not an ISO-8601 instant, naming the trade', () => {
    expect(() =>
      buildTradeLedger(
        [closedTrade({ id: 'T-9', openTime: 'yesterday', closeTime: '2026-03-02T10:00:00Z' })],
        { timeZone: 'UTC' },
      ),
    ).toThrow(/trade T-9/)
  })

  it('refuses an unknown time zone', () => {
    expect(() => buildTradeLedger([], { timeZone: 'Mars/Olympus' })).toThrow(/unknown time zone/)
  })
})
