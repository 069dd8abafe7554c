import { IANAZone } from 'luxon'
import type { DayCalendar } from '../rules/day-calendar'
import type { TradeLedger } from './build-trade-ledger'
import { requireInstant } from './parse-iso-instant'
import { centsToAmount, isWinningResult } from './trade-result'

export interface PositionSizeProfit {
  /** lots */
  positionSize: number
  totalProfit: number
}

export interface HoldingTimeProfit {
  range: HoldingRange
  totalProfit: number
}

export interface SymbolProfit {
  symbol: string
  totalProfit: number
}

export interface TypeCount {
  type: 'long' | 'short'
  tradeCount: number
  totalProfit: number
}

/** One bar of "Total Trades Analysis": gross profit and gross loss (<= 0) closed in a period. */
export interface DateProfitLoss {
  /** YYYY-MM-DD (a trading day) for week and month, YYYY-MM for year */
  date: string
  profit: number
  loss: number
}

export const profitPeriods = ['month', 'week', 'year'] as const
/** The Month/Week/Year switch of "Total Trades Analysis" (default month). */
export type ProfitPeriod = (typeof profitPeriods)[number]

/** Visual trades of spec section 3, under its field names. */
export interface VisualTrades {
  finalResult: DateProfitLoss[]
  tradesByTimeRange: HoldingTimeProfit[]
  tradesBySymbol: SymbolProfit[]
  tradesByPositionSizes: PositionSizeProfit[]
  tradesByType: TypeCount[]
}

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** Holding-time buckets, each [from, to) of the time between open and close. */
export const holdingRanges = [
  { range: '<1m', upToMs: MINUTE_MS },
  { range: '1m-5m', upToMs: 5 * MINUTE_MS },
  { range: '5m-15m', upToMs: 15 * MINUTE_MS },
  { range: '15m-1h', upToMs: HOUR_MS },
  { range: '1h-4h', upToMs: 4 * HOUR_MS },
  { range: '4h-1d', upToMs: DAY_MS },
  { range: '1d-1w', upToMs: 7 * DAY_MS },
  { range: '>1w', upToMs: Infinity },
] as const
export type HoldingRange = (typeof holdingRanges)[number]['range']
const holdingRangeEnds = Float64Array.from(holdingRanges, (r) => r.upToMs)

/** Days shown by the week and month views; the year view shows 12 calendar months. */
const WINDOW_DAYS: Readonly<Record<Exclude<ProfitPeriod, 'year'>, number>> = { week: 7, month: 30 }
const YEAR_MONTHS = 12

/** Sizes are grouped to a millionth of a lot: below any broker's volume step, above float noise. */
const SIZE_UNITS_PER_LOT = 1_000_000

/** Total profit by lot size, smallest size first. */
export function computeProfitByPositionSize(ledger: TradeLedger): PositionSizeProfit[] {
  const { count, volume, resultCents } = ledger
  // integer keys (a small-integer fast path in the Map) also merge 0.1 + 0.2 with 0.3
  const slotBySize = new Map<number, number>()
  const sizes: number[] = []
  const sums: number[] = []
  for (let i = 0; i < count; i++) {
    const size = Math.round(volume[i]! * SIZE_UNITS_PER_LOT)
    let slot = slotBySize.get(size)
    if (slot === undefined) {
      slot = sizes.length
      slotBySize.set(size, slot)
      sizes.push(size)
      sums.push(0)
    }
    sums[slot] = sums[slot]! + resultCents[i]!
  }
  return sizes
    .map((size, slot) => ({ size, cents: sums[slot]! }))
    .sort((a, b) => a.size - b.size)
    .map(({ size, cents }) => ({
      positionSize: size / SIZE_UNITS_PER_LOT,
      totalProfit: centsToAmount(cents),
    }))
}

/** Total profit by how long trades were held; every range present so the axis is stable. */
export function computeProfitByHoldingTime(ledger: TradeLedger): HoldingTimeProfit[] {
  const { count, openMs, closeMs, resultCents } = ledger
  const sums = new Float64Array(holdingRanges.length)
  const lastEnd = holdingRangeEnds.length - 1 // Infinity, never reached
  for (let i = 0; i < count; i++) {
    const held = closeMs[i]! - openMs[i]!
    // the ranges ascend, so a trade's range is the number of range ends it reached (counted
    // without branches, which random holding times would mispredict)
    let r = 0
    for (let e = 0; e < lastEnd; e++) r += Number(held >= holdingRangeEnds[e]!)
    sums[r] = sums[r]! + resultCents[i]!
  }
  return holdingRanges.map(({ range }, r) => ({ range, totalProfit: centsToAmount(sums[r]!) }))
}

/** Total profit by symbol, symbols in alphabetical order. */
export function computeProfitBySymbol(ledger: TradeLedger): SymbolProfit[] {
  const { count, symbolIndex, resultCents } = ledger
  const sums = new Float64Array(ledger.symbols.length)
  for (let i = 0; i < count; i++) {
    const s = symbolIndex[i]!
    sums[s] = sums[s]! + resultCents[i]!
  }
  return ledger.symbols
    .map((symbol, s) => ({ symbol, totalProfit: centsToAmount(sums[s]!) }))
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
}

/** Count and total profit of long (buy) and short (sell) trades. */
export function computeTradesByType(ledger: TradeLedger): TypeCount[] {
  const { count, isLong, resultCents } = ledger
  const cents = new Float64Array(2) // [short, long], indexed by isLong
  let longCount = 0
  for (let i = 0; i < count; i++) {
    const long = isLong[i]!
    longCount += long
    cents[long] = cents[long]! + resultCents[i]!
  }
  return [
    { type: 'long', tradeCount: longCount, totalProfit: centsToAmount(cents[1]!) },
    { type: 'short', tradeCount: count - longCount, totalProfit: centsToAmount(cents[0]!) },
  ]
}

/**
 * Gross profit and gross loss of trades closed in each trading day of the last 7 (week) or 30
 * (month) days up to `now`, or in each of the last 12 months (year); oldest first, empty buckets
 * included. Days are the ledger's trading days (the ones the rules judge); a month holds the
 * trading days named by its dates.
 */
export function computeProfitAndLossByDate(
  ledger: TradeLedger,
  period: ProfitPeriod,
  now: string,
): DateProfitLoss[] {
  const { labels, boundaries } = periodBuckets(
    ledger.dayCalendar,
    period,
    requireInstant(now, 'now'),
  )
  const { count, closeMs, resultCents } = ledger
  const buckets = labels.length
  // profits first, losses after them: the slot is computed without a branch
  const sums = new Float64Array(2 * buckets)
  const first = boundaries[0]!
  const last = boundaries[boundaries.length - 1]!
  for (let i = 0; i < count; i++) {
    const close = closeMs[i]!
    if (close < first || close >= last) continue
    const result = resultCents[i]!
    const slot = bucketOf(boundaries, close) + buckets * Number(!isWinningResult(result))
    sums[slot] = sums[slot]! + result
  }
  return labels.map((date, b) => ({
    date,
    profit: centsToAmount(sums[b]!),
    loss: centsToAmount(sums[buckets + b]!),
  }))
}

export function computeVisualTrades(
  ledger: TradeLedger,
  period: ProfitPeriod,
  now: string,
): VisualTrades {
  return {
    finalResult: computeProfitAndLossByDate(ledger, period, now),
    tradesByTimeRange: computeProfitByHoldingTime(ledger),
    tradesBySymbol: computeProfitBySymbol(ledger),
    tradesByPositionSizes: computeProfitByPositionSize(ledger),
    tradesByType: computeTradesByType(ledger),
  }
}

/** Bucket labels and their start instants, plus the end of the last bucket. */
function periodBuckets(calendar: DayCalendar, period: ProfitPeriod, nowMs: number) {
  const today = calendar.dayAt(nowMs)
  if (period === 'year') {
    const [year, month] = today.date.split('-').map(Number) as [number, number]
    const labels: string[] = []
    const boundaries: number[] = []
    for (let monthsBack = YEAR_MONTHS - 1; monthsBack >= 0; monthsBack--) {
      const index = year * 12 + (month - 1) - monthsBack
      const label = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
      labels.push(label)
      boundaries.push(dayNamed(calendar, `${label}-01`).startMs)
    }
    boundaries.push(today.endMs)
    return { labels, boundaries }
  }
  const days = [today]
  while (days.length < WINDOW_DAYS[period]) days.unshift(calendar.dayAt(days[0]!.startMs - 1))
  return {
    labels: days.map((d) => d.date),
    boundaries: [...days.map((d) => d.startMs), today.endMs],
  }
}

/**
 * The trading day named `date`. Noon on that date's wall clock always falls inside it, whatever
 * the reset time (a day is named by the date holding most of its hours); the calendar confirms.
 */
function dayNamed(calendar: DayCalendar, date: string) {
  const noonUtc = Date.parse(`${date}T12:00:00Z`)
  const offsetMs = IANAZone.create(calendar.timeZone).offset(noonUtc) * MINUTE_MS
  let day = calendar.dayAt(noonUtc - offsetMs)
  while (day.date > date) day = calendar.dayAt(day.startMs - 1)
  while (day.date < date) day = calendar.dayAfter(day)
  return day
}

/**
 * index b with boundaries[b] <= t < boundaries[b + 1], for t inside the buckets: the number of
 * inner boundaries t reached, counted without branches (a binary search mispredicts about half
 * its steps when trades come in no time order; there are at most 30 buckets)
 */
function bucketOf(boundaries: readonly number[], t: number): number {
  let b = 0
  for (let k = 1; k < boundaries.length - 1; k++) b += Number(t >= boundaries[k]!)
  return b
}
