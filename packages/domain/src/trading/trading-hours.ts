import { marketInstant, marketWallClock, parseClockTime, type WallClock } from './market-time'

/**
 * When an instrument trades, on the New York wall clock (so DST moves the sessions with New York
 * and never by hand). `weekly`: from Sunday `sundayOpen` to Friday `fridayClose`, except a daily
 * break [from, to). Exchange holidays are not modelled.
 */
export type TradingHours =
  | { readonly kind: 'always' }
  | {
      readonly kind: 'weekly'
      /** HH:MM New York */
      readonly sundayOpen: string
      readonly fridayClose: string
      readonly dailyBreak: { readonly from: string; readonly to: string } | null
    }

/** Minutes of the day, parsed once per schedule. */
interface ParsedWeekly {
  sundayOpen: number
  fridayClose: number
  breakFrom: number
  breakTo: number
  hasBreak: boolean
}

const parsedCache = new WeakMap<TradingHours, ParsedWeekly>()

function parseWeekly(hours: Extract<TradingHours, { kind: 'weekly' }>): ParsedWeekly {
  let parsed = parsedCache.get(hours)
  if (!parsed) {
    parsed = {
      sundayOpen: parseClockTime(hours.sundayOpen),
      fridayClose: parseClockTime(hours.fridayClose),
      breakFrom: hours.dailyBreak ? parseClockTime(hours.dailyBreak.from) : 0,
      breakTo: hours.dailyBreak ? parseClockTime(hours.dailyBreak.to) : 0,
      hasBreak: hours.dailyBreak !== null,
    }
    parsedCache.set(hours, parsed)
  }
  return parsed
}

function isWeekend({ weekday, minuteOfDay }: WallClock, weekly: ParsedWeekly): boolean {
  if (weekday === 6) return true
  if (weekday === 7) return minuteOfDay < weekly.sundayOpen
  if (weekday === 5) return minuteOfDay >= weekly.fridayClose
  return false
}

function isInBreak({ minuteOfDay }: WallClock, weekly: ParsedWeekly): boolean {
  return weekly.hasBreak && minuteOfDay >= weekly.breakFrom && minuteOfDay < weekly.breakTo
}

export function isOpenDuring(hours: TradingHours, tMs: number): boolean {
  if (hours.kind === 'always') return true
  const weekly = parseWeekly(hours)
  const clock = marketWallClock(tMs)
  return !isWeekend(clock, weekly) && !isInBreak(clock, weekly)
}

/** The first instant at or after `tMs` at which the market is open (`tMs` itself when open). */
export function nextOpenDuring(hours: TradingHours, tMs: number): number {
  if (hours.kind === 'always') return tMs
  const weekly = parseWeekly(hours)
  let t = tMs
  // at most: weekend -> Sunday open -> (inside the daily break) -> break end
  for (let step = 0; step < 4; step++) {
    const clock = marketWallClock(t)
    if (isWeekend(clock, weekly)) {
      t = marketInstant(t, (7 - clock.weekday) % 7, weekly.sundayOpen)
    } else if (isInBreak(clock, weekly)) {
      t = marketInstant(t, 0, weekly.breakTo)
    } else {
      return t
    }
  }
  throw new Error('trading hours never open')
}

/**
 * The first instant at or after `tMs` at which the market is closed (`tMs` itself when closed);
 * null for a market that never closes.
 */
export function nextCloseDuring(hours: TradingHours, tMs: number): number | null {
  if (hours.kind === 'always') return null
  const weekly = parseWeekly(hours)
  const clock = marketWallClock(tMs)
  if (isWeekend(clock, weekly) || isInBreak(clock, weekly)) return tMs
  const weekendClose = weeklyClose(weekly, clock, tMs)
  if (!weekly.hasBreak) return weekendClose
  const breakDay = clock.minuteOfDay < weekly.breakFrom ? 0 : 1
  return Math.min(weekendClose, marketInstant(tMs, breakDay, weekly.breakFrom))
}

/**
 * The start of the next weekend closure at or after `tMs` (a daily break is not a weekend);
 * null for a market that never closes. Inside a weekend: the Friday close that began it.
 */
export function nextWeekendCloseDuring(hours: TradingHours, tMs: number): number | null {
  if (hours.kind === 'always') return null
  const weekly = parseWeekly(hours)
  const clock = marketWallClock(tMs)
  if (isWeekend(clock, weekly)) {
    // Friday evening, Saturday or Sunday morning: 0, 1 or 2 days after the Friday close
    return marketInstant(tMs, 5 - clock.weekday, weekly.fridayClose)
  }
  return weeklyClose(weekly, clock, tMs)
}

function weeklyClose(weekly: ParsedWeekly, clock: WallClock, tMs: number): number {
  // Sunday (7) -> 5 days to Friday; Monday (1) -> 4; ... Friday (5) -> 0
  const daysToFriday = clock.weekday === 7 ? 5 : 5 - clock.weekday
  return marketInstant(tMs, daysToFriday, weekly.fridayClose)
}
