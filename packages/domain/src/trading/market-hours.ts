import { getInstrument } from './instruments'
import {
  isOpenDuring,
  nextCloseDuring,
  nextOpenDuring,
  nextWeekendCloseDuring,
} from './trading-hours'

/**
 * Market hours by symbol, on the New York clock (DST-correct through luxon): forex Sunday 17:00
 * to Friday 17:00; metals the same with a daily 17:00-18:00 break; indices Sunday 18:00 to
 * Friday 17:00 with the same break; crypto always. Holidays are not modelled.
 */
export function isMarketOpen(symbol: string, tMs: number): boolean {
  return isOpenDuring(getInstrument(symbol).hours, tMs)
}

/** The first instant at or after `tMs` at which the symbol trades (`tMs` when it trades now). */
export function nextMarketOpen(symbol: string, tMs: number): number {
  return nextOpenDuring(getInstrument(symbol).hours, tMs)
}

/**
 * The first instant at or after `tMs` at which the symbol does not trade (`tMs` when closed
 * now), a daily break included; null for a market that never closes.
 */
export function nextMarketClose(symbol: string, tMs: number): number | null {
  return nextCloseDuring(getInstrument(symbol).hours, tMs)
}

/**
 * When the symbol's trading week ends (Friday 17:00 New York) at or after `tMs`, or the close
 * that began the current weekend; null for crypto. For plans that close positions before the
 * weekend.
 */
export function nextWeekendClose(symbol: string, tMs: number): number | null {
  return nextWeekendCloseDuring(getInstrument(symbol).hours, tMs)
}
