import { HOUR_MS, MINUTE_MS, marketDayCalendar } from './market-time'

/**
 * OHLC bars on the bid (as MetaTrader charts draw them), prices in points. Bars are keyed by the
 * instant they open. M1 to H1 are aligned to the clock (New York's offsets are whole hours, so
 * they are aligned on its wall clock too). D1 is the forex day, 17:00 to 17:00 New York, the day
 * of the rollover and of the rule engine's day reset; H4 cuts that day into six bars from 17:00
 * (17, 21, 01, 05, 09, 13 New York); on the 23- and 25-hour days of a DST change the last H4 bar
 * is 3 or 5 hours long, so every day has six.
 */
export const timeframes = ['M1', 'M5', 'M15', 'H1', 'H4', 'D1'] as const
export type Timeframe = (typeof timeframes)[number]

export interface Bar {
  /** open time, ms since the epoch */
  readonly tMs: number
  readonly open: number
  readonly high: number
  readonly low: number
  readonly close: number
  /** ticks that made the bar */
  readonly tickVolume: number
}

const fixedTimeframeMs: Partial<Record<Timeframe, number>> = {
  M1: MINUTE_MS,
  M5: 5 * MINUTE_MS,
  M15: 15 * MINUTE_MS,
  H1: HOUR_MS,
}
const H4_MS = 4 * HOUR_MS
const H4_BARS_PER_DAY = 6

/** The open time of the bar of `timeframe` holding the instant `tMs`. */
export function barOpenTime(timeframe: Timeframe, tMs: number): number {
  const fixedMs = fixedTimeframeMs[timeframe]
  if (fixedMs !== undefined) return Math.floor(tMs / fixedMs) * fixedMs
  const day = marketDayCalendar().dayAt(tMs)
  if (timeframe === 'D1') return day.startMs
  const slot = Math.min(Math.floor((tMs - day.startMs) / H4_MS), H4_BARS_PER_DAY - 1)
  return day.startMs + slot * H4_MS
}

/**
 * Adds a tick's bid to the bar it falls in: returns `bar` updated when the tick belongs to it,
 * otherwise a new bar (the caller stores the previous one as complete). For live charts.
 */
export function applyTickToBar(
  bar: Bar | null,
  tick: { readonly tMs: number; readonly bid: number },
  timeframe: Timeframe = 'M1',
): Bar {
  const openMs = barOpenTime(timeframe, tick.tMs)
  if (bar === null || openMs !== bar.tMs) {
    if (bar !== null && openMs < bar.tMs) throw new RangeError('ticks must come in time order')
    return {
      tMs: openMs,
      open: tick.bid,
      high: tick.bid,
      low: tick.bid,
      close: tick.bid,
      tickVolume: 1,
    }
  }
  return {
    tMs: bar.tMs,
    open: bar.open,
    high: Math.max(bar.high, tick.bid),
    low: Math.min(bar.low, tick.bid),
    close: tick.bid,
    tickVolume: bar.tickVolume + 1,
  }
}

/** One-minute bars of a symbol's ticks (in time order). Minutes without a tick have no bar. */
export function aggregateBars(
  ticks: Iterable<{ readonly tMs: number; readonly bid: number }>,
): Bar[] {
  const bars: Bar[] = []
  let current: Bar | null = null
  let lastMs = -Infinity
  for (const tick of ticks) {
    if (tick.tMs < lastMs) throw new RangeError('ticks must come in time order')
    lastMs = tick.tMs
    const next = applyTickToBar(current, tick)
    if (current !== null && next.tMs !== current.tMs) bars.push(current)
    current = next
  }
  if (current !== null) bars.push(current)
  return bars
}

/**
 * Bars of a higher timeframe from one-minute bars (in time order): open of the first, close of
 * the last, extremes of all, tick volumes summed. Every timeframe is a whole number of minutes
 * from a minute boundary, so no minute straddles two bars.
 */
export function aggregateTimeframe(minuteBars: readonly Bar[], timeframe: Timeframe): Bar[] {
  const bars: Bar[] = []
  let current: Bar | null = null
  let lastMs = -Infinity
  for (const minute of minuteBars) {
    if (minute.tMs <= lastMs) throw new RangeError('bars must come in time order, once each')
    lastMs = minute.tMs
    const openMs = barOpenTime(timeframe, minute.tMs)
    if (current === null || current.tMs !== openMs) {
      if (current !== null) bars.push(current)
      current = { ...minute, tMs: openMs }
    } else {
      current = {
        tMs: current.tMs,
        open: current.open,
        high: Math.max(current.high, minute.high),
        low: Math.min(current.low, minute.low),
        close: minute.close,
        tickVolume: current.tickVolume + minute.tickVolume,
      }
    }
  }
  if (current !== null) bars.push(current)
  return bars
}
