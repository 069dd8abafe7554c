import { getInstrument } from './instruments'
import {
  isOpenDuring,
  nextCloseDuring,
  nextOpenDuring,
  nextWeekendCloseDuring,
} from './trading-hours'

/**
 * A symbol's market at an instant: open or not, the first instant at or after it at which it
 * trades (the instant itself when open) and at which it does not (the instant itself when closed;
 * null for a market that never closes).
 */
export interface MarketStatus {
  readonly isOpen: boolean
  readonly nextOpen: number
  readonly nextClose: number | null
}

/**
 * The state of one symbol's market over [fromMs, untilMs): open or closed throughout, changing
 * at untilMs (Infinity for a market that never closes).
 */
interface MarketWindow {
  readonly fromMs: number
  readonly untilMs: number
  readonly isOpen: boolean
}

// One window per symbol, from the last instant asked about to the next open or close: the time
// zone maths (luxon) runs once per change of state instead of once per call. Keyed on the instant
// asked about, never on a reading of the clock, so any clock (a test's, moved back or forward)
// gets the answer of the uncached calendar: an instant outside the window recomputes it.
const windows = new Map<string, MarketWindow>()

function windowAt(symbol: string, tMs: number): MarketWindow {
  const cached = windows.get(symbol)
  if (cached !== undefined && tMs >= cached.fromMs && tMs < cached.untilMs) return cached
  const { hours } = getInstrument(symbol)
  const isOpen = isOpenDuring(hours, tMs)
  const untilMs = isOpen ? (nextCloseDuring(hours, tMs) ?? Infinity) : nextOpenDuring(hours, tMs)
  const window: MarketWindow = { fromMs: tMs, untilMs, isOpen }
  windows.set(symbol, window)
  return window
}

/**
 * Market hours by symbol, on the New York clock (DST-correct through luxon): forex Sunday 17:00
 * to Friday 17:00; metals the same with a daily 17:00-18:00 break; indices Sunday 18:00 to
 * Friday 17:00 with the same break; crypto always. Holidays are not modelled. Answers are cached
 * per symbol until the market's next open or close (same answers as the calendar itself).
 */
export function marketStatus(symbol: string, tMs: number): MarketStatus {
  const window = windowAt(symbol, tMs)
  const changeMs = window.untilMs === Infinity ? null : window.untilMs
  return window.isOpen
    ? { isOpen: true, nextOpen: tMs, nextClose: changeMs }
    : { isOpen: false, nextOpen: window.untilMs, nextClose: tMs }
}

/** Whether the symbol trades at `tMs` (see marketStatus). */
export function isMarketOpen(symbol: string, tMs: number): boolean {
  return windowAt(symbol, tMs).isOpen
}

/** The first instant at or after `tMs` at which the symbol trades (`tMs` when it trades now). */
export function nextMarketOpen(symbol: string, tMs: number): number {
  const window = windowAt(symbol, tMs)
  return window.isOpen ? tMs : window.untilMs
}

/**
 * The first instant at or after `tMs` at which the symbol does not trade (`tMs` when closed
 * now), a daily break included; null for a market that never closes.
 */
export function nextMarketClose(symbol: string, tMs: number): number | null {
  const window = windowAt(symbol, tMs)
  if (!window.isOpen) return tMs
  return window.untilMs === Infinity ? null : window.untilMs
}

/**
 * When the symbol's trading week ends (Friday 17:00 New York) at or after `tMs`, or the close
 * that began the current weekend; null for crypto. For plans that close positions before the
 * weekend.
 */
export function nextWeekendClose(symbol: string, tMs: number): number | null {
  return nextWeekendCloseDuring(getInstrument(symbol).hours, tMs)
}
