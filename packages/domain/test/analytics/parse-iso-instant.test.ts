import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseIsoInstant } from '../../src/analytics/parse-iso-instant'

const instants = fc.date({
  min: new Date('1900-01-01T00:00:00Z'),
  max: new Date('2200-12-31T23:59:59Z'),
  noInvalidDate: true,
})
const offsets = fc.integer({ min: -14 * 60, max: 14 * 60 })

function withOffset(date: Date, offsetMinutes: number, hasSeconds: boolean): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19)
  const sign = offsetMinutes < 0 ? '-' : '+'
  const abs = Math.abs(offsetMinutes)
  const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
  return (hasSeconds ? local : local.slice(0, 16)) + zone
}

describe('reading ISO-8601 instants in hot loops', () => {
  it('agrees with Date.parse on UTC instants with milliseconds', () => {
    fc.assert(
      fc.property(instants, (date) => {
        const iso = date.toISOString()
        expect(parseIsoInstant(iso)).toBe(Date.parse(iso))
      }),
    )
  })

  it('agrees with Date.parse on offsets and on times without seconds', () => {
    fc.assert(
      fc.property(instants, offsets, fc.boolean(), (date, offset, hasSeconds) => {
        const iso = withOffset(date, offset, hasSeconds)
        expect(parseIsoInstant(iso)).toBe(Date.parse(iso))
      }),
    )
  })

  it('gives NaN for text that is not an instant, and for impossible dates', () => {
    for (const text of [
      '',
      'yesterday',
      '2026-02-29T10:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-03-02T24:00:00Z',
      '2026-03-02T10:00:00',
    ]) {
      expect(parseIsoInstant(text), text).toBeNaN()
    }
  })
})
