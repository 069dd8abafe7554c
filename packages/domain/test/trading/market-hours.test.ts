import { describe, expect, it } from 'vitest'
import { isMarketOpen, nextMarketClose, nextMarketOpen, nextWeekendClose } from '../../src/trading'
import { at } from './support'

const iso = (tMs: number | null) => (tMs === null ? null : new Date(tMs).toISOString())

describe('forex hours: Sunday 17:00 to Friday 17:00 New York', () => {
  it('closes on Friday at 17:00 New York', () => {
    expect(isMarketOpen('EURUSD', at('2026-03-06T21:59:59Z'))).toBe(true) // Friday 16:59:59 EST
    expect(isMarketOpen('EURUSD', at('2026-03-06T22:00:00Z'))).toBe(false) // Friday 17:00 EST
    expect(isMarketOpen('EURUSD', at('2026-03-07T12:00:00Z'))).toBe(false) // Saturday
  })

  it('reopens on Sunday at 17:00 New York, an hour earlier in UTC once DST has begun', () => {
    // clocks go forward on Sunday 8 March 2026 at 02:00: Sunday 17:00 is EDT (UTC-4)
    expect(isMarketOpen('EURUSD', at('2026-03-08T20:59:59Z'))).toBe(false)
    expect(isMarketOpen('EURUSD', at('2026-03-08T21:00:00Z'))).toBe(true)
    expect(iso(nextMarketOpen('EURUSD', at('2026-03-07T12:00:00Z')))).toBe(
      '2026-03-08T21:00:00.000Z',
    )
  })

  it('follows New York back to standard time in November', () => {
    // Friday 30 October 17:00 EDT = 21:00 UTC; clocks go back on Sunday 1 November
    expect(isMarketOpen('EURUSD', at('2026-10-30T20:59:00Z'))).toBe(true)
    expect(isMarketOpen('EURUSD', at('2026-10-30T21:00:00Z'))).toBe(false)
    expect(iso(nextMarketOpen('EURUSD', at('2026-10-31T12:00:00Z')))).toBe(
      '2026-11-01T22:00:00.000Z',
    )
  })

  it('trades through the night on weekdays: the rollover is no break for forex', () => {
    expect(isMarketOpen('EURUSD', at('2026-03-04T22:30:00Z'))).toBe(true) // Wednesday 17:30 EST
  })

  it('tells when the week closes, and an open market opens now', () => {
    expect(iso(nextMarketClose('EURUSD', at('2026-03-04T12:00:00Z')))).toBe(
      '2026-03-06T22:00:00.000Z',
    )
    expect(nextMarketOpen('EURUSD', at('2026-03-04T12:00:00Z'))).toBe(at('2026-03-04T12:00:00Z'))
    expect(nextMarketClose('EURUSD', at('2026-03-07T12:00:00Z'))).toBe(at('2026-03-07T12:00:00Z'))
  })
})

describe('metals: forex hours with a daily 17:00-18:00 break', () => {
  it('pauses every day from 17:00 to 18:00 New York', () => {
    expect(isMarketOpen('XAUUSD', at('2026-03-10T20:59:59Z'))).toBe(true) // Tuesday 16:59:59 EDT
    expect(isMarketOpen('XAUUSD', at('2026-03-10T21:00:00Z'))).toBe(false) // 17:00 EDT
    expect(isMarketOpen('XAUUSD', at('2026-03-10T21:59:59Z'))).toBe(false)
    expect(isMarketOpen('XAUUSD', at('2026-03-10T22:00:00Z'))).toBe(true) // 18:00 EDT
    expect(iso(nextMarketOpen('XAUUSD', at('2026-03-10T21:30:00Z')))).toBe(
      '2026-03-10T22:00:00.000Z',
    )
    expect(iso(nextMarketClose('XAUUSD', at('2026-03-10T12:00:00Z')))).toBe(
      '2026-03-10T21:00:00.000Z',
    )
  })

  it('so the week opens at 18:00 on Sunday', () => {
    expect(isMarketOpen('XAUUSD', at('2026-03-08T21:30:00Z'))).toBe(false) // Sunday 17:30 EDT
    expect(iso(nextMarketOpen('XAUUSD', at('2026-03-07T12:00:00Z')))).toBe(
      '2026-03-08T22:00:00.000Z',
    )
  })

  it('the weekend close is Friday 17:00, whatever the daily breaks before it', () => {
    expect(iso(nextWeekendClose('XAUUSD', at('2026-03-10T12:00:00Z')))).toBe(
      '2026-03-13T21:00:00.000Z',
    )
    // inside the weekend: the close that began it
    expect(iso(nextWeekendClose('XAUUSD', at('2026-03-14T12:00:00Z')))).toBe(
      '2026-03-13T21:00:00.000Z',
    )
  })
})

describe('indices: Sunday 18:00 to Friday 17:00 with the daily break', () => {
  it('opens an hour after forex on Sunday', () => {
    expect(isMarketOpen('US30', at('2026-03-08T21:30:00Z'))).toBe(false)
    expect(isMarketOpen('US30', at('2026-03-08T22:00:00Z'))).toBe(true)
    expect(isMarketOpen('NAS100', at('2026-03-11T21:15:00Z'))).toBe(false) // Wednesday break
    expect(isMarketOpen('SPX500', at('2026-03-11T15:00:00Z'))).toBe(true)
  })
})

describe('crypto: every day, around the clock', () => {
  it('trades at the weekend and never closes', () => {
    expect(isMarketOpen('BTCUSD', at('2026-03-07T12:00:00Z'))).toBe(true)
    expect(isMarketOpen('ETHUSD', at('2026-03-08T06:30:00Z'))).toBe(true) // inside the DST gap hour
    expect(nextMarketClose('BTCUSD', at('2026-03-07T12:00:00Z'))).toBeNull()
    expect(nextWeekendClose('BTCUSD', at('2026-03-07T12:00:00Z'))).toBeNull()
  })
})

it('refuses an unknown symbol', () => {
  expect(() => isMarketOpen('DOGEUSD', 0)).toThrow('unknown symbol: DOGEUSD')
})
