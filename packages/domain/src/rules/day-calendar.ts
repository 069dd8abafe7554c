import { IANAZone } from 'luxon'

/** When a trading day ends: a wall-clock time in an IANA zone (contracts/evaluation-engine.md). */
export interface DayReset {
  timeZone: string
  /** HH:MM, 24-hour */
  time: string
}

/** One trading day: [startMs, endMs) between two resets, named by its calendar date. */
export interface CalendarDay {
  /** YYYY-MM-DD */
  readonly date: string
  readonly startMs: number
  readonly endMs: number
}

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

/**
 * The trading-day calendar of a rulebook: days run from one reset to the next in the zone, DST
 * included. Shared by both evaluators, by the server (to schedule reset jobs) and by the web app
 * (countdown to the next reset). Zone offsets come from luxon (the IANA database through Intl);
 * nothing here hard-codes an offset.
 *
 * Decisions (docs/decisions/0002-engine-numbers.md):
 * - Naming: a day is named by the calendar date holding most of its hours, judged on the wall
 *   clock: a reset before 12:00 names the day by the date it starts on, a reset at or after 12:00
 *   by the date it ends on (17:00 New York: the day starting Monday 17:00 is Tuesday; 00:30: the
 *   day starting Monday 00:30 is Monday). A 23- or 25-hour DST day is named the same way, so
 *   names stay consecutive and unique.
 * - A reset time that falls in a DST gap happens as much later as the gap is long (02:30 on a
 *   spring-forward night resets at 03:30); one that falls in an overlap happens at its first
 *   occurrence. This is the "compatible" rule of RFC 5545 and of JavaScript's Temporal.
 */
export class DayCalendar {
  readonly timeZone: string
  readonly resetTime: string
  private readonly zone: IANAZone
  private readonly resetMinutes: number
  private readonly isNamedByEndDate: boolean
  /** days are looked up in time order, mostly the same one again */
  private lastDay: CalendarDay | null = null
  /** reset instants by local date: neighbouring days share one, and each costs luxon calls */
  private readonly resets = new Map<number, number>()
  /** the zone's offset at the first lookup: only a starting point for finding the local date */
  private guessOffsetMs: number | null = null

  constructor(reset: DayReset) {
    const zone = IANAZone.create(reset.timeZone)
    const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(reset.time)
    if (!zone.isValid) throw new RangeError(`unknown time zone: ${reset.timeZone}`)
    if (!match) throw new RangeError(`reset time must be HH:MM, got ${reset.time}`)
    this.zone = zone
    this.timeZone = reset.timeZone
    this.resetTime = reset.time
    this.resetMinutes = Number(match[1]) * 60 + Number(match[2])
    this.isNamedByEndDate = this.resetMinutes >= 12 * 60
  }

  /** The trading day holding the instant `tMs` (a reset instant starts a new day). */
  dayAt(tMs: number): CalendarDay {
    const last = this.lastDay
    if (last !== null && last.startMs <= tMs && tMs < last.endMs) return last
    if (!Number.isFinite(tMs)) throw new RangeError(`not an instant: ${tMs}`)

    // Any first guess of the local date gives the same day: the two walks below move to the one
    // date whose reset interval holds tMs (resets only grow). So the guess takes the offset the
    // zone had on the first lookup instead of asking luxon again: a wrong guess (another side of
    // a DST change) costs one more step through the cached resets, not an Intl call per lookup.
    this.guessOffsetMs ??= this.offsetMs(tMs)
    let localDate = Math.floor((tMs + this.guessOffsetMs) / DAY_MS)
    let startMs = this.resetOn(localDate)
    while (startMs > tMs) startMs = this.resetOn(--localDate)
    let endMs = this.resetOn(localDate + 1)
    // only in a zone whose clocks fall back across midnight can the next reset precede tMs
    while (endMs <= tMs) {
      startMs = endMs
      endMs = this.resetOn(++localDate + 1)
    }
    const nameDate = localDate + (this.isNamedByEndDate ? 1 : 0)
    const day: CalendarDay = { date: isoDate(nameDate), startMs, endMs }
    this.lastDay = day
    return day
  }

  /** The day after `day`. */
  dayAfter(day: CalendarDay): CalendarDay {
    return this.dayAt(day.endMs)
  }

  /** The first reset strictly after `tMs`. */
  nextResetAfter(tMs: number): number {
    return this.dayAt(tMs).endMs
  }

  /** Every day from the one holding `fromMs` to the one holding `toMs`, in order. */
  daysBetween(fromMs: number, toMs: number): CalendarDay[] {
    const days = [this.dayAt(fromMs)]
    for (let day = days[0]!; day.endMs <= toMs;) {
      day = this.dayAfter(day)
      days.push(day)
    }
    return days
  }

  /**
   * The reset instant on a local calendar date (days since 1970-01-01). Candidate instants use
   * the zone's offsets a day before and a day after; a candidate is real when the zone agrees
   * with the offset it assumed. Two real ones: an overlap (take the first). None: a gap (take the
   * one with the offset before the gap, which lands after it).
   */
  private resetOn(localDate: number): number {
    let reset = this.resets.get(localDate)
    if (reset === undefined) {
      reset = this.computeResetOn(localDate)
      this.resets.set(localDate, reset)
    }
    return reset
  }

  private computeResetOn(localDate: number): number {
    const wallMs = localDate * DAY_MS + this.resetMinutes * MINUTE_MS
    const offsetBefore = this.offsetMs(wallMs - DAY_MS)
    const offsetAfter = this.offsetMs(wallMs + DAY_MS)
    // the two candidates coincide, and are the answer whether or not the zone agrees
    if (offsetBefore === offsetAfter) return wallMs - offsetBefore
    const withBefore = wallMs - offsetBefore
    const withAfter = wallMs - offsetAfter
    const isBeforeReal = this.offsetMs(withBefore) === offsetBefore
    const isAfterReal = this.offsetMs(withAfter) === offsetAfter
    if (isBeforeReal && isAfterReal) return Math.min(withBefore, withAfter)
    if (isAfterReal) return withAfter
    return withBefore
  }

  private offsetMs(tMs: number): number {
    return this.zone.offset(tMs) * MINUTE_MS
  }
}

export function createDayCalendar(reset: DayReset): DayCalendar {
  return new DayCalendar(reset)
}

function isoDate(epochDay: number): string {
  return new Date(epochDay * DAY_MS).toISOString().slice(0, 10)
}
