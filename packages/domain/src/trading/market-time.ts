import { DateTime, IANAZone } from 'luxon'
import { createDayCalendar, type DayCalendar } from '../rules'

/**
 * The trading world's clock: New York. Sessions open and close, swaps roll over and daily bars
 * begin at 17:00 New York time (the forex day; MetaTrader servers call it midnight of GMT+2/+3).
 * Offsets come from luxon, i.e. the IANA database: nothing here hard-codes an offset.
 */
export const MARKET_TIME_ZONE = 'America/New_York'
export const ROLLOVER_TIME = '17:00'

const zone = IANAZone.create(MARKET_TIME_ZONE)
export const MINUTE_MS = 60_000
export const HOUR_MS = 3_600_000
export const DAY_MS = 86_400_000

/** Mon = 1 ... Sun = 7, as luxon and ISO 8601 number them. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7

export interface WallClock {
  weekday: IsoWeekday
  /** minutes since local midnight */
  minuteOfDay: number
}

// New York's offset only changes at 02:00 local, which is a whole UTC hour, so one lookup per UTC
// hour is exact; the cache saves an Intl call per tick when the model produces millions of them.
let cachedHour = NaN
let cachedOffsetMs = 0

/** The New York wall clock at an instant. */
export function marketWallClock(tMs: number): WallClock {
  const localMs = tMs + marketOffsetMs(tMs)
  const localDay = Math.floor(localMs / DAY_MS)
  // 1970-01-01 was a Thursday (ISO weekday 4)
  const weekday = ((((localDay + 3) % 7) + 7) % 7) + 1
  return {
    weekday: weekday as IsoWeekday,
    minuteOfDay: Math.floor((localMs - localDay * DAY_MS) / MINUTE_MS),
  }
}

export function marketOffsetMs(tMs: number): number {
  const hour = Math.floor(tMs / HOUR_MS)
  if (hour !== cachedHour) {
    cachedOffsetMs = zone.offset(tMs) * MINUTE_MS
    cachedHour = hour
  }
  return cachedOffsetMs
}

/**
 * The instant of a New York wall-clock time on the local date of `tMs` plus `dayOffset` days.
 * Session times (17:00, 18:00) never fall into a DST gap (02:00-03:00), so the mapping is 1:1.
 */
export function marketInstant(tMs: number, dayOffset: number, minuteOfDay: number): number {
  return DateTime.fromMillis(tMs, { zone })
    .startOf('day')
    .plus({ days: dayOffset })
    .set({ hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 })
    .toMillis()
}

let rolloverCalendar: DayCalendar | null = null

/** The forex day (17:00 New York to 17:00 New York): rollovers, daily and 4-hour bars. */
export function marketDayCalendar(): DayCalendar {
  rolloverCalendar ??= createDayCalendar({ timeZone: MARKET_TIME_ZONE, time: ROLLOVER_TIME })
  return rolloverCalendar
}

/** "HH:MM" to minutes since midnight. */
export function parseClockTime(time: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time)
  if (!match) throw new RangeError(`a time of day is HH:MM, got ${time}`)
  return Number(match[1]) * 60 + Number(match[2])
}
