import { calendarMessages } from '@tp/api/calendar'
import { economicImpacts, type EconomicImpact } from '@tp/domain/calendar'
import { parse as parseCsv } from 'csv-parse/sync'
import ICAL from 'ical.js'
import { DateTime } from 'luxon'

// The economic calendar's file and feed formats, read into one shape (decision 0037):
//   CSV   columns time (ISO 8601 instant), currency, title, impact, and optionally uid
//   ICS   RFC 5545 VEVENTs (ical.js): UID, DTSTART (UTC, TZID or floating = UTC), SUMMARY
//         ("USD - Non-Farm Payrolls", "[USD] CPI" or a title with the currency in CATEGORIES),
//         impact from X-IMPACT, CATEGORIES (High/Medium/Low) or PRIORITY (1-4 high, 5 medium,
//         6-9 low, RFC 5545 3.8.1.9)
//   JSON  the common weekly calendar feed: [{ title, country (the currency), date (ISO with
//         offset), impact: High|Medium|Low|Holiday|Non-Economic, forecast, previous }]
// A row that cannot be an event is skipped with its reason, never guessed.

export type CalendarCandidate = {
  /** 1-based: the CSV line, or the event's position in the file or feed */
  at: number
  uid: string
  timeMs: number
  currency: string
  title: string
  impact: EconomicImpact
}
export type CalendarSkip = { at: number; label: string; reason: string }
export type ParsedCalendar = { candidates: CalendarCandidate[]; skipped: CalendarSkip[] }

export class CalendarFormatError extends Error {}

const skip = calendarMessages.skip

function readImpact(value: unknown): EconomicImpact | null {
  if (typeof value !== 'string') return null
  const lower = value.trim().toLowerCase()
  return (economicImpacts as readonly string[]).includes(lower) ? (lower as EconomicImpact) : null
}

function readCurrency(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const trimmed = value.trim().toUpperCase()
  return /^[A-Z]{3}$/.test(trimmed) ? trimmed : null
}

function readInstant(value: unknown): number | null {
  if (typeof value !== 'string' || !value.trim()) return null
  const parsed = DateTime.fromISO(value.trim(), { zone: 'utc', setZone: true })
  // an instant needs a zone: a bare local date-time is refused rather than guessed
  if (!parsed.isValid || !/(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())) return null
  return parsed.toMillis()
}

/** The key of an event without an id of its own: its instant, currency and title. */
export function derivedUid(timeMs: number, currency: string, title: string): string {
  return `${new Date(timeMs).toISOString()}|${currency}|${title.trim().toLowerCase()}`
}

/** Keeps the first of repeated uids, skipping the later ones. */
function dedupe(parsed: ParsedCalendar, labelOf: (c: CalendarCandidate) => string): ParsedCalendar {
  const seen = new Set<string>()
  const candidates: CalendarCandidate[] = []
  const skipped = [...parsed.skipped]
  for (const candidate of parsed.candidates) {
    if (seen.has(candidate.uid)) {
      skipped.push({ at: candidate.at, label: labelOf(candidate), reason: skip.duplicateInFile })
      continue
    }
    seen.add(candidate.uid)
    candidates.push(candidate)
  }
  skipped.sort((a, b) => a.at - b.at)
  return { candidates, skipped }
}
const labelOf = (c: CalendarCandidate) => `${c.currency} ${c.title}`

type Fields = {
  uid?: string | undefined
  time: unknown
  currency: unknown
  title: unknown
  impact: unknown
}

function candidateFrom(at: number, fields: Fields): CalendarCandidate | CalendarSkip {
  const title = typeof fields.title === 'string' ? fields.title.trim() : ''
  const label = title || `entry ${at}`
  const timeMs = typeof fields.time === 'number' ? fields.time : readInstant(fields.time)
  if (timeMs === null || !Number.isFinite(timeMs)) return { at, label, reason: skip.noTime }
  const currency = readCurrency(fields.currency)
  if (!currency) return { at, label, reason: skip.noCurrency }
  if (!title || title.length > 200) return { at, label, reason: skip.noTitle }
  const impact = readImpact(fields.impact)
  if (!impact) return { at, label, reason: skip.noImpact }
  const uid = fields.uid?.trim() || derivedUid(timeMs, currency, title)
  return { at, uid, timeMs, currency, title, impact }
}

function collect(results: (CalendarCandidate | CalendarSkip)[]): ParsedCalendar {
  const parsed: ParsedCalendar = { candidates: [], skipped: [] }
  for (const result of results) {
    if ('reason' in result) parsed.skipped.push(result)
    else parsed.candidates.push(result)
  }
  return dedupe(parsed, labelOf)
}

const csvColumns = ['time', 'currency', 'title', 'impact'] as const

export function parseCalendarCsv(content: string): ParsedCalendar {
  let rows: Record<string, string>[]
  try {
    rows = parseCsv(content, {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
    }) as Record<string, string>[]
  } catch (error) {
    throw new CalendarFormatError(
      `${calendarMessages.csvHeader} (${error instanceof Error ? error.message : 'unreadable'})`,
    )
  }
  const first = rows[0]
  if (!first) throw new CalendarFormatError(calendarMessages.importEmpty)
  if (!csvColumns.every((column) => column in first)) {
    throw new CalendarFormatError(calendarMessages.csvHeader)
  }
  return collect(
    // line 1 is the header
    rows.map((row, index) =>
      candidateFrom(index + 2, {
        uid: row.uid,
        time: row.time,
        currency: row.currency,
        title: row.title,
        impact: row.impact,
      }),
    ),
  )
}

const summaryPattern = /^\s*(?:\[([A-Za-z]{3})\]|([A-Z]{3})\s*[-:–])\s*(.+)$/

function icsStartMs(vevent: ICAL.Component): number | 'all-day' | null {
  const property = vevent.getFirstProperty('dtstart')
  if (!property) return null
  const start = property.getFirstValue()
  if (!(start instanceof ICAL.Time)) return null
  if (start.isDate) return 'all-day'
  const tzid = property.getParameter('tzid')
  const zoneName = Array.isArray(tzid) ? tzid[0] : tzid
  if (typeof zoneName === 'string' && zoneName && start.zone?.tzid !== 'UTC') {
    const local = DateTime.fromObject(
      {
        year: start.year,
        month: start.month,
        day: start.day,
        hour: start.hour,
        minute: start.minute,
        second: start.second,
      },
      { zone: zoneName },
    )
    if (local.isValid) return local.toMillis()
    return null
  }
  // UTC, or floating (no zone given): read as UTC
  return Date.UTC(start.year, start.month - 1, start.day, start.hour, start.minute, start.second)
}

export function parseCalendarIcs(content: string): ParsedCalendar {
  let root: ICAL.Component
  try {
    root = new ICAL.Component(ICAL.parse(content))
  } catch {
    throw new CalendarFormatError(calendarMessages.icsUnreadable)
  }
  if (root.name !== 'vcalendar') throw new CalendarFormatError(calendarMessages.icsUnreadable)
  const events = root.getAllSubcomponents('vevent')
  if (events.length === 0) throw new CalendarFormatError(calendarMessages.importEmpty)
  return collect(
    events.map((vevent, index) => {
      const at = index + 1
      const summary = String(vevent.getFirstPropertyValue('summary') ?? '').trim()
      const categories = vevent
        .getAllProperties('categories')
        .flatMap((property) => property.getValues())
        .map((value) => String(value).trim())
      const match = summaryPattern.exec(summary)
      const currency =
        match?.[1] ??
        match?.[2] ??
        categories.find((value) => /^[A-Za-z]{3}$/.test(value) && !readImpact(value))
      const title = match?.[3] ?? summary
      const priority = Number(vevent.getFirstPropertyValue('priority') ?? 0)
      const impact =
        readImpact(vevent.getFirstPropertyValue('x-impact')) ??
        categories.map(readImpact).find((value) => value !== null) ??
        (priority >= 1 && priority <= 4
          ? 'high'
          : priority === 5
            ? 'medium'
            : priority >= 6 && priority <= 9
              ? 'low'
              : null)
      const start = icsStartMs(vevent)
      if (start === 'all-day') {
        return { at, label: title || `event ${at}`, reason: 'an all-day entry (no time)' }
      }
      const uid = String(vevent.getFirstPropertyValue('uid') ?? '').trim()
      return candidateFrom(at, { uid, time: start ?? undefined, currency, title, impact })
    }),
  )
}

/** The common weekly JSON calendar feed. */
export function parseCalendarJson(content: string): ParsedCalendar {
  let entries: unknown
  try {
    entries = JSON.parse(content)
  } catch {
    throw new CalendarFormatError(calendarMessages.feedFailed)
  }
  if (!Array.isArray(entries)) throw new CalendarFormatError(calendarMessages.feedFailed)
  return collect(
    entries.map((entry: unknown, index) => {
      const at = index + 1
      const record = (entry ?? {}) as Record<string, unknown>
      const impactText = typeof record.impact === 'string' ? record.impact : ''
      const fields: Fields = {
        time: record.date,
        currency: record.country ?? record.currency,
        title: record.title,
        impact: impactText,
      }
      if (typeof record.id === 'string' || typeof record.id === 'number')
        fields.uid = String(record.id)
      return candidateFrom(at, fields)
    }),
  )
}

/** A feed's body: JSON when it starts with `[`, else ICS. */
export function parseCalendarFeed(content: string): ParsedCalendar {
  return content.trimStart().startsWith('[')
    ? parseCalendarJson(content)
    : parseCalendarIcs(content)
}
