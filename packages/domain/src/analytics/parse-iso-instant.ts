const DAY_MS = 86_400_000

/**
 * ISO-8601 instant -> epoch ms, for hot loops over many trades. Reads the form the trade schema
 * admits ("2026-03-02T09:05:00Z": optional seconds and fraction, then "Z" or an offset ±HH:MM,
 * ±HHMM or ±HH) digit by digit, a few times faster than Date.parse. NaN for anything else,
 * impossible dates included (Date.parse would roll 29 February 2026 over to 1 March, and read a
 * time without a zone in the machine's own zone).
 */
export function parseIsoInstant(iso: string): number {
  const n = iso.length
  if (n < 17 || iso.charCodeAt(4) !== 45 || iso.charCodeAt(7) !== 45 || iso.charCodeAt(10) !== 84) {
    return NaN
  }
  const year = d(iso, 0) * 1000 + d(iso, 1) * 100 + d(iso, 2) * 10 + d(iso, 3)
  const month = d(iso, 5) * 10 + d(iso, 6)
  const day = d(iso, 8) * 10 + d(iso, 9)
  const hour = d(iso, 11) * 10 + d(iso, 12)
  const minute = d(iso, 14) * 10 + d(iso, 15)
  let i = 16
  let second = 0
  let millis = 0
  if (iso.charCodeAt(i) === 58) {
    second = d(iso, 17) * 10 + d(iso, 18)
    i = 19
    if (iso.charCodeAt(i) === 46) {
      let scale = 100
      for (i++; i < n; i++) {
        const c = iso.charCodeAt(i) - 48
        if (c < 0 || c > 9) break
        millis += c * scale
        scale /= 10
      }
      millis = Math.floor(millis)
    }
  }
  let offsetMinutes: number
  const zone = iso.charCodeAt(i)
  if (zone === 90 && i === n - 1) {
    offsetMinutes = 0
  } else if ((zone === 43 || zone === 45) && (n - i === 6 || n - i === 5 || n - i === 3)) {
    const hours = d(iso, i + 1) * 10 + d(iso, i + 2)
    const minutes = n - i === 3 ? 0 : d(iso, n - 2) * 10 + d(iso, n - 1)
    if (n - i === 6 && iso.charCodeAt(i + 3) !== 58) return NaN
    offsetMinutes = (zone === 45 ? -1 : 1) * (hours * 60 + minutes)
  } else {
    return NaN
  }
  if (
    !(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)) ||
    !(hour <= 23 && minute <= 59 && second <= 59) ||
    Number.isNaN(year + offsetMinutes)
  ) {
    return NaN
  }
  return (
    daysFromCivil(year, month, day) * DAY_MS +
    ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000 +
    millis
  )
}

/** A required instant (such as `now`, always passed in, never read from a clock) as epoch ms. */
export function requireInstant(iso: string, what: string): number {
  const ms = parseIsoInstant(iso)
  if (Number.isNaN(ms)) throw new RangeError(`${what} is not an ISO-8601 instant: ${iso}`)
  return ms
}

/** the digit at `at`, or NaN (which poisons every sum it enters) */
function d(s: string, at: number): number {
  const c = s.charCodeAt(at) - 48
  return c >= 0 && c <= 9 ? c : NaN
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146097 + dayOfEra - 719468
}
