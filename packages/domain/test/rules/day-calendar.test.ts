import { describe, expect, it } from 'vitest'
import { createDayCalendar } from '../../src'
import { IANAZone } from 'luxon'

const at = (iso: string) => Date.parse(iso)
const hours = (day: { startMs: number; endMs: number }) => (day.endMs - day.startMs) / 3_600_000

describe('day calendar, 17:00 America/New_York (the forex day)', () => {
  const calendar = createDayCalendar({ timeZone: 'America/New_York', time: '17:00' })

  it('names the day starting Monday 17:00 "Tuesday", as MetaTrader server time does', () => {
    const day = calendar.dayAt(at('2026-03-02T22:00:00Z')) // Monday 17:00 EST
    expect(day).toEqual({
      date: '2026-03-03',
      startMs: at('2026-03-02T22:00:00Z'),
      endMs: at('2026-03-03T22:00:00Z'),
    })
  })

  it('starts a new day at the reset instant itself', () => {
    expect(calendar.dayAt(at('2026-03-02T21:59:59.999Z')).date).toBe('2026-03-02')
    expect(calendar.dayAt(at('2026-03-02T22:00:00Z')).date).toBe('2026-03-03')
  })

  it('gives the spring-forward day 23 hours, resetting at 17:00 EDT', () => {
    const day = calendar.dayAt(at('2026-03-08T12:00:00Z'))
    expect(day.date).toBe('2026-03-08')
    expect(day.startMs).toBe(at('2026-03-07T22:00:00Z')) // Saturday 17:00 EST
    expect(day.endMs).toBe(at('2026-03-08T21:00:00Z')) // Sunday 17:00 EDT
    expect(hours(day)).toBe(23)
    expect(hours(calendar.dayAfter(day))).toBe(24)
  })

  it('gives the fall-back day 25 hours', () => {
    const day = calendar.dayAt(at('2026-11-01T12:00:00Z'))
    expect(day.date).toBe('2026-11-01')
    expect(day.startMs).toBe(at('2026-10-31T21:00:00Z')) // Saturday 17:00 EDT
    expect(day.endMs).toBe(at('2026-11-01T22:00:00Z')) // Sunday 17:00 EST
    expect(hours(day)).toBe(25)
  })

  it('tells the next reset for a countdown', () => {
    expect(calendar.nextResetAfter(at('2026-03-04T15:00:00Z'))).toBe(at('2026-03-04T22:00:00Z'))
    expect(calendar.nextResetAfter(at('2026-03-04T22:00:00Z'))).toBe(at('2026-03-05T22:00:00Z'))
  })
})

describe('day calendar, 00:30 Europe/London', () => {
  const calendar = createDayCalendar({ timeZone: 'Europe/London', time: '00:30' })

  it('names the day starting Monday 00:30 "Monday"', () => {
    const day = calendar.dayAt(at('2026-03-02T10:00:00Z'))
    expect(day).toEqual({
      date: '2026-03-02',
      startMs: at('2026-03-02T00:30:00Z'),
      endMs: at('2026-03-03T00:30:00Z'),
    })
  })

  it('follows British Summer Time: 23 hours on 29 March, 25 hours on 25 October', () => {
    const spring = calendar.dayAt(at('2026-03-29T12:00:00Z'))
    expect(spring.date).toBe('2026-03-29')
    expect(spring.endMs).toBe(at('2026-03-29T23:30:00Z')) // Monday 00:30 BST
    expect(hours(spring)).toBe(23)

    const autumn = calendar.dayAt(at('2026-10-25T12:00:00Z'))
    expect(autumn.date).toBe('2026-10-25')
    expect(autumn.startMs).toBe(at('2026-10-24T23:30:00Z')) // Sunday 00:30 BST
    expect(hours(autumn)).toBe(25)
  })
})

describe('day calendar, reset times inside a DST change', () => {
  it('resets as much later as the gap is long when the reset time does not exist (02:30 -> 03:30)', () => {
    const calendar = createDayCalendar({ timeZone: 'America/New_York', time: '02:30' })
    const day = calendar.dayAt(at('2026-03-08T12:00:00Z'))
    expect(day.date).toBe('2026-03-08')
    expect(day.startMs).toBe(at('2026-03-08T07:30:00Z')) // 03:30 EDT
    expect(calendar.dayAt(at('2026-03-08T07:29:59Z')).date).toBe('2026-03-07')
  })

  it('resets at the first occurrence when the reset time happens twice (01:30 on fall-back night)', () => {
    const calendar = createDayCalendar({ timeZone: 'America/New_York', time: '01:30' })
    const day = calendar.dayAt(at('2026-11-01T12:00:00Z'))
    expect(day.startMs).toBe(at('2026-11-01T05:30:00Z')) // 01:30 EDT, not 01:30 EST
    expect(day.endMs).toBe(at('2026-11-02T06:30:00Z'))
    expect(hours(day)).toBe(25)
  })
})

describe('day calendar over a whole year', () => {
  it.each([
    ['America/New_York', '17:00'],
    ['Europe/London', '00:30'],
    ['America/New_York', '02:30'],
    ['Australia/Lord_Howe', '02:00'], // half-hour DST shifts
    ['Asia/Tokyo', '12:00'],
  ])('gives consecutive days with consecutive, unique names in %s at %s', (timeZone, time) => {
    const calendar = createDayCalendar({ timeZone, time })
    const days = calendar.daysBetween(at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))
    for (let i = 1; i < days.length; i++) {
      const previous = days[i - 1]!
      const day = days[i]!
      expect(day.startMs).toBe(previous.endMs)
      expect(Date.parse(day.date) - Date.parse(previous.date)).toBe(86_400_000)
      expect(hours(day)).toBeGreaterThanOrEqual(23)
      expect(hours(day)).toBeLessThanOrEqual(25)
    }
    expect(days.length).toBeGreaterThanOrEqual(366)
  })
})

it('refuses an unknown time zone or a malformed reset time', () => {
  expect(() => createDayCalendar({ timeZone: 'Mars/Olympus', time: '17:00' })).toThrow(/time zone/)
  expect(() => createDayCalendar({ timeZone: 'UTC', time: '5pm' })).toThrow(/HH:MM/)
})

/**
 * The calendar before it stopped asking luxon for the zone offset of every looked-up instant
 * (bench payout-eligibility-1y-funded-ms): the local date from the offset at the instant, resets
 * by the compatible rule. Kept here to prove the cheaper lookup assigns every instant the same day.
 */
function previousDayAt(timeZone: string, time: string, tMs: number) {
  const zone = IANAZone.create(timeZone)
  const offsetMs = (t: number) => zone.offset(t) * 60_000
  const [hh, mm] = time.split(':').map(Number)
  const resetOn = (localDate: number) => {
    const wallMs = localDate * 86_400_000 + (hh! * 60 + mm!) * 60_000
    const before = offsetMs(wallMs - 86_400_000)
    const after = offsetMs(wallMs + 86_400_000)
    if (before === after) return wallMs - before
    const isBeforeReal = offsetMs(wallMs - before) === before
    const isAfterReal = offsetMs(wallMs - after) === after
    if (isBeforeReal && isAfterReal) return Math.min(wallMs - before, wallMs - after)
    return isAfterReal ? wallMs - after : wallMs - before
  }
  let localDate = Math.floor((tMs + offsetMs(tMs)) / 86_400_000)
  let startMs = resetOn(localDate)
  while (startMs > tMs) startMs = resetOn(--localDate)
  let endMs = resetOn(localDate + 1)
  while (endMs <= tMs) {
    startMs = endMs
    endMs = resetOn(++localDate + 1)
  }
  const nameDate = localDate + (hh! * 60 + mm! >= 12 * 60 ? 1 : 0)
  return { date: new Date(nameDate * 86_400_000).toISOString().slice(0, 10), startMs, endMs }
}

describe('day calendar lookups without a zone offset per instant', () => {
  // every 13 minutes across the 2026 DST days (US 8 March / 1 November, EU and UK 29 March /
  // 25 October, Lord Howe 5 April / 4 October), and across the year in a shuffled order so
  // that no lookup starts from the day before it
  const transitionDays = [
    '2026-03-08',
    '2026-03-29',
    '2026-04-05',
    '2026-10-04',
    '2026-10-25',
    '2026-11-01',
  ]
  it.each([
    ['America/New_York', '17:00'], // the firm's day
    ['America/New_York', '02:30'],
    ['America/New_York', '01:30'],
    ['Europe/London', '00:30'],
    ['Europe/London', '01:30'],
    ['Australia/Lord_Howe', '02:00'],
    ['Asia/Tokyo', '12:00'],
  ])('assigns the same day as before in %s at %s', (timeZone, time) => {
    const instants: number[] = []
    for (const date of transitionDays) {
      const from = Date.parse(`${date}T00:00:00Z`) - 86_400_000
      for (let t = from; t < from + 3 * 86_400_000; t += 13 * 60_000) instants.push(t)
    }
    let seed = 7
    for (let i = 0; i < 600; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      instants.push(
        at('2026-01-01T00:00:00Z') + Math.floor((seed / 2_147_483_648) * 365 * 86_400_000),
      )
    }
    const inOrder = createDayCalendar({ timeZone, time })
    const shuffled = createDayCalendar({ timeZone, time })
    const reversed = [...instants].reverse()
    for (const t of instants) expect(inOrder.dayAt(t)).toEqual(previousDayAt(timeZone, time, t))
    for (const t of reversed) expect(shuffled.dayAt(t)).toEqual(previousDayAt(timeZone, time, t))
  })
})
