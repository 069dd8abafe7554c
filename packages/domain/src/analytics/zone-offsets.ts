import { IANAZone } from 'luxon'

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

interface DayOffsets {
  /** offset in ms before `changeMs` (the whole UTC day when there is no change) */
  before: number
  after: number
  changeMs: number
}

/**
 * UTC offsets of an IANA zone for many instants, asking luxon (the IANA database, so DST is
 * right) about once per UTC day instead of once per instant. A day that starts with the offset
 * the next day starts with has it throughout; a day with a change has its change minute found by
 * bisection, also with luxon. (Two changes within one UTC day would be missed; no zone has them.)
 */
export class ZoneOffsets {
  private readonly zone: IANAZone
  private readonly byDay = new Map<number, DayOffsets>()
  private readonly atDayStart = new Map<number, number>()
  private lastDay = NaN
  private lastOffsets: DayOffsets = { before: 0, after: 0, changeMs: Infinity }

  constructor(timeZone: string) {
    const zone = IANAZone.create(timeZone)
    if (!zone.isValid) throw new RangeError(`unknown time zone: ${timeZone}`)
    this.zone = zone
  }

  /** offset (ms) to add to `utcMs` to get the zone's wall-clock time as if it were UTC */
  offsetMs(utcMs: number): number {
    const day = Math.floor(utcMs / DAY_MS)
    let offsets = day === this.lastDay ? this.lastOffsets : this.byDay.get(day)
    if (offsets === undefined) {
      offsets = this.measure(day)
      this.byDay.set(day, offsets)
    }
    this.lastDay = day
    this.lastOffsets = offsets
    return utcMs < offsets.changeMs ? offsets.before : offsets.after
  }

  private measure(day: number): DayOffsets {
    const startMs = day * DAY_MS
    const before = this.offsetAtDayStart(day)
    const after = this.offsetAtDayStart(day + 1)
    if (before === after) return { before, after, changeMs: Infinity }
    // the first minute with the new offset
    let low = 0
    let high = DAY_MS / MINUTE_MS
    while (high - low > 1) {
      const mid = (low + high) >>> 1
      if (this.luxonOffsetMs(startMs + mid * MINUTE_MS) === before) low = mid
      else high = mid
    }
    return { before, after, changeMs: startMs + high * MINUTE_MS }
  }

  /** neighbouring days share their boundary, so most days cost one luxon call */
  private offsetAtDayStart(day: number): number {
    let offset = this.atDayStart.get(day)
    if (offset === undefined) {
      offset = this.luxonOffsetMs(day * DAY_MS)
      this.atDayStart.set(day, offset)
    }
    return offset
  }

  private luxonOffsetMs(utcMs: number): number {
    return this.zone.offset(utcMs) * MINUTE_MS
  }
}
