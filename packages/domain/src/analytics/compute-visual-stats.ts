import type { TradeLedger } from './build-trade-ledger'
import { centsToAmount, isWinningResult, percent2dp } from './trade-result'

/** Profitability half-donut (spec 2.12): counts of won and lost trades and the win rate. */
export interface WonLost {
  won: number
  lost: number
  /** won / (won + lost) in percent, 2 decimals */
  winRate: number
}

/** Profit of winning trades and loss (<= 0) of losing trades in one bucket. */
export interface WonLostProfit {
  wonProfit: number
  lostProfit: number
}

export interface HourProfit extends WonLostProfit {
  /** 0-23, wall-clock hour of the open time */
  hour: number
}

export const weekdayNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const
export type WeekdayName = (typeof weekdayNames)[number]

export interface WeekdayProfit extends WonLostProfit {
  name: WeekdayName
}

/** Visual stats of spec section 3, under its field names. */
export interface VisualStats {
  won_lost: WonLost
  trades_by_week: WeekdayProfit[]
  trades_by_hour: HourProfit[]
}

export function computeWonLost(ledger: TradeLedger): WonLost {
  const { count, resultCents } = ledger
  let won = 0
  // Number(boolean) adds without a branch, which random wins and losses would mispredict
  for (let i = 0; i < count; i++) won += Number(isWinningResult(resultCents[i]!))
  return { won, lost: count - won, winRate: percent2dp(won, count) }
}

/**
 * Won and lost profit by the hour a trade was opened (when the trader decided), all 24 hours
 * present so the chart's axis is stable.
 */
export function computeTradesByHour(ledger: TradeLedger): HourProfit[] {
  const { won, lost } = sumByBucket(ledger, ledger.openHour, 24)
  return Array.from({ length: 24 }, (_, hour) => ({
    hour,
    wonProfit: centsToAmount(won[hour]!),
    lostProfit: centsToAmount(lost[hour]!),
  }))
}

/** Won and lost profit by the weekday a trade was opened, Monday first, all seven present. */
export function computeTradesByWeekday(ledger: TradeLedger): WeekdayProfit[] {
  const { won, lost } = sumByBucket(ledger, ledger.openWeekday, 7)
  return weekdayNames.map((name, day) => ({
    name,
    wonProfit: centsToAmount(won[day]!),
    lostProfit: centsToAmount(lost[day]!),
  }))
}

export function computeVisualStats(ledger: TradeLedger): VisualStats {
  return {
    won_lost: computeWonLost(ledger),
    trades_by_week: computeTradesByWeekday(ledger),
    trades_by_hour: computeTradesByHour(ledger),
  }
}

function sumByBucket(ledger: TradeLedger, bucketOf: Uint8Array, buckets: number) {
  const { count, resultCents } = ledger
  // won sums first, lost sums after them: the slot is computed without a branch
  const sums = new Float64Array(2 * buckets)
  for (let i = 0; i < count; i++) {
    const result = resultCents[i]!
    const slot = bucketOf[i]! + buckets * Number(!isWinningResult(result))
    sums[slot] = sums[slot]! + result
  }
  return { won: sums.subarray(0, buckets), lost: sums.subarray(buckets) }
}
