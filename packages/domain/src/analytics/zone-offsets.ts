import { IANAZone } from 'luxon'

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000
/** a power of two: days less than this apart (about 11 years) never share a slot */
const SLOTS = 4096

/**
 * UTC offsets of an IANA zone for many instants, asking luxon (the IANA database, so DST is
 * right) about once per UTC day instead of once per instant. A day that starts with the offset
 * the next day starts with has it throughout; a day with a change has its change minute found by
 * bisection, also with luxon. (Two changes within one UTC day would be missed; no zone has them.)
 * Measured days sit in a direct-mapped cache (slot = day modulo SLOTS) of typed arrays, which
 * instants in any order hit without hashing; a day pushed out of its slot is measured again, its
 * start and end offsets coming from `atDayStart`.
 */
export class ZoneOffsets {
  private readonly zone: IANAZone
  /** the day each slot holds (NaN: none yet), and that day's offsets as in `measure` */
  private readonly slotDay = new Float64Array(SLOTS).fill(NaN)
  private readonly slotBefore = new Float64Array(SLOTS)
  private readonly slotAfter = new Float64Array(SLOTS)
  private readonly slotChangeMs = new Float64Array(SLOTS)
  private readonly atDayStart = new Map<number, number>()

  constructor(timeZone: string) {
    const zone = IANAZone.create(timeZone)
    if (!zone.isValid) throw new RangeError(`unknown time zone: ${timeZone}`)
    this.zone = zone
  }

  /** offset (ms) to add to `utcMs` to get the zone's wall-clock time as if it were UTC */
  offsetMs(utcMs: number): number {
    const day = Math.floor(utcMs / DAY_MS)
    const slot = day & (SLOTS - 1)
    if (this.slotDay[slot] !== day) {
      const { before, after, changeMs } = this.measure(day)
      this.slotDay[slot] = day
      this.slotBefore[slot] = before
      this.slotAfter[slot] = after
      this.slotChangeMs[slot] = changeMs
    }
    return utcMs < this.slotChangeMs[slot]! ? this.slotBefore[slot]! : this.slotAfter[slot]!
  }

  /** offset (ms) before `changeMs` (Infinity when the day has no change) and after it */
  private measure(day: number): { before: number; after: number; changeMs: number } {
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
