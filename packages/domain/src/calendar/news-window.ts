// The news rule's window maths (decisions.md "news trading": Instant Funding trades may not be
// opened or closed within the plan policy's `newsBlackoutMinutes` before or after a high-impact
// economic event of either currency of the instrument). One source of truth: the live risk's
// check on the server and the restricted windows the trader's calendar page marks both use it.

export const economicImpacts = ['high', 'medium', 'low'] as const
export type EconomicImpact = (typeof economicImpacts)[number]

export const economicImpactLabels: Readonly<Record<EconomicImpact, string>> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
}

/** Only these events close a window; medium and low events are shown, never restricted. */
export const restrictingImpact: EconomicImpact = 'high'

export interface CalendarEvent {
  id: string
  /** the event's instant, ms since the epoch (UTC) */
  timeMs: number
  /** ISO 4217 code (or the market's code, e.g. XAU), upper case */
  currency: string
  title: string
  impact: EconomicImpact
}

/** [startMs, endMs], both ends included: trading at exactly `minutes` away is inside. */
export interface NewsWindow {
  startMs: number
  endMs: number
}

const MINUTE_MS = 60_000

/** The restricted window around an event: its instant plus and minus the blackout. */
export function newsWindow(eventTimeMs: number, blackoutMinutes: number): NewsWindow {
  if (!Number.isFinite(blackoutMinutes) || blackoutMinutes < 0) {
    throw new RangeError(`blackout minutes must be a non-negative number, got ${blackoutMinutes}`)
  }
  const spanMs = Math.round(blackoutMinutes * MINUTE_MS)
  return { startMs: eventTimeMs - spanMs, endMs: eventTimeMs + spanMs }
}

export function isInNewsWindow(tMs: number, window: NewsWindow): boolean {
  return tMs >= window.startMs && tMs <= window.endMs
}

/** Does an event restrict trading at all: high impact only. */
export function isRestrictingEvent(event: Pick<CalendarEvent, 'impact'>): boolean {
  return event.impact === restrictingImpact
}

/**
 * The currencies an instrument is exposed to: its base and profit (quote) currencies, as the
 * platform's symbol specification names them; for a bare 6-letter forex name without a
 * specification, its two halves (EURUSD -> EUR, USD).
 */
export function instrumentCurrencies(instrument: {
  symbol: string
  baseCurrency?: string | null
  profitCurrency?: string | null
}): string[] {
  const found = new Set<string>()
  const add = (code: string | null | undefined) => {
    const upper = code?.trim().toUpperCase()
    if (upper) found.add(upper)
  }
  add(instrument.baseCurrency)
  add(instrument.profitCurrency)
  if (found.size === 0) {
    const name = instrument.symbol.trim().toUpperCase()
    if (/^[A-Z]{6}$/.test(name)) {
      add(name.slice(0, 3))
      add(name.slice(3))
    }
  }
  return [...found]
}

export interface NewsConflict<E extends CalendarEvent = CalendarEvent> {
  event: E
  window: NewsWindow
  /** |trade time - event time| in ms */
  distanceMs: number
  /** negative: the trade came before the event */
  signedDistanceMs: number
}

/**
 * The high-impact events of the given currencies whose window holds `tMs`, nearest first.
 * Empty when `blackoutMinutes` is null (the plan allows news trading).
 */
export function findNewsConflicts<E extends CalendarEvent>(
  tMs: number,
  currencies: readonly string[],
  events: readonly E[],
  blackoutMinutes: number | null,
): NewsConflict<E>[] {
  if (blackoutMinutes === null) return []
  const wanted = new Set(currencies.map((c) => c.toUpperCase()))
  const conflicts: NewsConflict<E>[] = []
  for (const event of events) {
    if (!isRestrictingEvent(event) || !wanted.has(event.currency.toUpperCase())) continue
    const window = newsWindow(event.timeMs, blackoutMinutes)
    if (!isInNewsWindow(tMs, window)) continue
    const signedDistanceMs = tMs - event.timeMs
    conflicts.push({ event, window, distanceMs: Math.abs(signedDistanceMs), signedDistanceMs })
  }
  return conflicts.sort((a, b) => a.distanceMs - b.distanceMs || a.event.timeMs - b.event.timeMs)
}

/** The span of event times that can restrict a trade at `tMs`: what to load from the database. */
export function eventSpanAround(tMs: number, blackoutMinutes: number): NewsWindow {
  return newsWindow(tMs, blackoutMinutes)
}

/**
 * The restricted windows of a list of events (high impact only), merged where they overlap or
 * touch, in time order: what the calendar page marks.
 */
export function restrictedWindows(
  events: readonly Pick<CalendarEvent, 'timeMs' | 'impact'>[],
  blackoutMinutes: number,
): NewsWindow[] {
  const windows = events
    .filter(isRestrictingEvent)
    .map((event) => newsWindow(event.timeMs, blackoutMinutes))
    .sort((a, b) => a.startMs - b.startMs)
  const merged: NewsWindow[] = []
  for (const window of windows) {
    const last = merged.at(-1)
    if (last && window.startMs <= last.endMs) last.endMs = Math.max(last.endMs, window.endMs)
    else merged.push({ ...window })
  }
  return merged
}

/** "2 min before", "45 s after", "at the event": how far a trade was from its event. */
export function describeNewsDistance(signedDistanceMs: number): string {
  if (signedDistanceMs === 0) return 'at the event'
  const abs = Math.abs(signedDistanceMs)
  const side = signedDistanceMs < 0 ? 'before' : 'after'
  const totalSeconds = Math.round(abs / 1000)
  const minutes = Math.floor(totalSeconds / 60)
  const seconds = totalSeconds % 60
  const parts = [
    minutes > 0 ? `${minutes} min` : '',
    seconds > 0 || minutes === 0 ? `${seconds} s` : '',
  ]
  return `${parts.filter(Boolean).join(' ')} ${side}`
}
