import { describe, expect, it } from 'vitest'
import {
  aggregateBars,
  aggregateTimeframe,
  applyTickToBar,
  barOpenTime,
  createMarketState,
  MarketModel,
  timeframes,
  type Bar,
} from '../../src/trading'
import { at } from './support'

const iso = (tMs: number) => new Date(tMs).toISOString()
const tick = (time: string, bid: number) => ({ tMs: at(time), bid })

describe('one-minute bars from ticks', () => {
  it('takes open, high, low and close of the bid in each minute, and counts the ticks', () => {
    const bars = aggregateBars([
      tick('2026-03-04T14:00:05Z', 108_350),
      tick('2026-03-04T14:00:20Z', 108_362),
      tick('2026-03-04T14:00:59.999Z', 108_341),
      tick('2026-03-04T14:01:00Z', 108_345),
      // 14:02 has no tick and no bar
      tick('2026-03-04T14:03:30Z', 108_330),
    ])
    expect(bars).toEqual([
      {
        tMs: at('2026-03-04T14:00:00Z'),
        open: 108_350,
        high: 108_362,
        low: 108_341,
        close: 108_341,
        tickVolume: 3,
      },
      {
        tMs: at('2026-03-04T14:01:00Z'),
        open: 108_345,
        high: 108_345,
        low: 108_345,
        close: 108_345,
        tickVolume: 1,
      },
      {
        tMs: at('2026-03-04T14:03:00Z'),
        open: 108_330,
        high: 108_330,
        low: 108_330,
        close: 108_330,
        tickVolume: 1,
      },
    ])
  })

  it('refuses ticks out of time order', () => {
    expect(() =>
      aggregateBars([tick('2026-03-04T14:01:00Z', 1), tick('2026-03-04T14:00:00Z', 1)]),
    ).toThrow(/time order/)
  })

  it('updates a live bar tick by tick and starts a new one with the next minute', () => {
    const first = applyTickToBar(null, tick('2026-03-04T14:00:05Z', 100))
    const second = applyTickToBar(first, tick('2026-03-04T14:00:06Z', 90))
    expect(second).toEqual({
      tMs: at('2026-03-04T14:00:00Z'),
      open: 100,
      high: 100,
      low: 90,
      close: 90,
      tickVolume: 2,
    })
    expect(applyTickToBar(second, tick('2026-03-04T14:01:00Z', 95)).tMs).toBe(
      at('2026-03-04T14:01:00Z'),
    )
  })
})

describe('higher timeframes', () => {
  it('align M5, M15 and H1 to the clock', () => {
    const t = at('2026-03-04T14:38:20Z')
    expect(iso(barOpenTime('M5', t))).toBe('2026-03-04T14:35:00.000Z')
    expect(iso(barOpenTime('M15', t))).toBe('2026-03-04T14:30:00.000Z')
    expect(iso(barOpenTime('H1', t))).toBe('2026-03-04T14:00:00.000Z')
  })

  it('open the daily bar at 17:00 New York, the forex day', () => {
    expect(iso(barOpenTime('D1', at('2026-03-04T14:00:00Z')))).toBe('2026-03-03T22:00:00.000Z') // 17:00 EST
    expect(iso(barOpenTime('D1', at('2026-03-10T14:00:00Z')))).toBe('2026-03-09T21:00:00.000Z') // 17:00 EDT
  })

  it('cut the day into six 4-hour bars from 17:00 New York: 17, 21, 01, 05, 09, 13', () => {
    const dayStart = at('2026-03-03T22:00:00Z')
    const opens = new Set<number>()
    for (let t = dayStart; t < dayStart + 24 * 3_600_000; t += 15 * 60_000)
      opens.add(barOpenTime('H4', t))
    expect([...opens].map(iso)).toEqual([
      '2026-03-03T22:00:00.000Z',
      '2026-03-04T02:00:00.000Z',
      '2026-03-04T06:00:00.000Z',
      '2026-03-04T10:00:00.000Z',
      '2026-03-04T14:00:00.000Z',
      '2026-03-04T18:00:00.000Z',
    ])
  })

  it('keep six 4-hour bars on DST days: the last is 3 hours in spring and 5 in autumn', () => {
    // Sunday 8 March 2026 runs 23 hours, Saturday 17:00 EST -> Sunday 17:00 EDT
    expect(iso(barOpenTime('H4', at('2026-03-08T20:30:00Z')))).toBe('2026-03-08T18:00:00.000Z')
    expect(iso(barOpenTime('H4', at('2026-03-08T21:00:00Z')))).toBe('2026-03-08T21:00:00.000Z')
    // Sunday 1 November 2026 runs 25 hours, Saturday 17:00 EDT -> Sunday 17:00 EST
    expect(iso(barOpenTime('H4', at('2026-11-01T21:30:00Z')))).toBe('2026-11-01T17:00:00.000Z')
    expect(iso(barOpenTime('H4', at('2026-11-01T22:00:00Z')))).toBe('2026-11-01T22:00:00.000Z')
  })

  it('build from one-minute bars the same bars as straight from the ticks', () => {
    const model = new MarketModel(
      createMarketState({ seed: 4, startMs: at('2026-03-04T12:00:00Z'), symbols: ['XAUUSD'] }),
    )
    const ticks = model.ticksUntil(at('2026-03-05T12:00:00Z'))
    const minutes = aggregateBars(ticks)
    for (const timeframe of timeframes) {
      const direct: Bar[] = []
      for (const t of ticks) {
        const last = direct.at(-1) ?? null
        const next = applyTickToBar(last, t, timeframe)
        if (last !== null && next.tMs === last.tMs) direct[direct.length - 1] = next
        else direct.push(next)
      }
      expect(aggregateTimeframe(minutes, timeframe)).toEqual(direct)
    }
    // gold pauses 17:00-18:00 New York: the H1 bar of 17:00 EST (22:00 UTC) does not exist
    const hours = aggregateTimeframe(minutes, 'H1').map((bar) => iso(bar.tMs))
    expect(hours).not.toContain('2026-03-04T22:00:00.000Z')
    expect(hours).toContain('2026-03-04T23:00:00.000Z')
  })
})
