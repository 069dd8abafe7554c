import fc from 'fast-check'
import { IANAZone } from 'luxon'
import { describe, expect, it } from 'vitest'
import { ZoneOffsets } from '../../src/analytics/zone-offsets'

// zones with DST at night, at midnight, by half an hour, in the south, and none at all
const zones = [
  'America/New_York',
  'Europe/London',
  'America/Santiago',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'Asia/Kolkata',
]

describe('zone offsets cached per UTC day', () => {
  it.each(zones)('agree with the IANA database at every instant (%s)', (zone) => {
    const offsets = new ZoneOffsets(zone)
    const iana = IANAZone.create(zone)
    fc.assert(
      fc.property(
        fc.integer({
          min: Date.parse('2000-01-01T00:00:00Z'),
          max: Date.parse('2040-01-01T00:00:00Z'),
        }),
        (ms) => {
          expect(offsets.offsetMs(ms)).toBe(iana.offset(ms) * 60_000)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('switch at the exact minute of a change (New York, 8 March 2026, 07:00 UTC)', () => {
    const offsets = new ZoneOffsets('America/New_York')
    expect(offsets.offsetMs(Date.parse('2026-03-08T06:59:59.999Z'))).toBe(-5 * 3_600_000)
    expect(offsets.offsetMs(Date.parse('2026-03-08T07:00:00Z'))).toBe(-4 * 3_600_000)
  })
})
