import { createDayCalendar, type DayCalendar, type DayReset } from '../rules/day-calendar'
import { isClosed, type ClosedTrade, type Trade } from '../trades/trade'
import { parseIsoInstant } from './parse-iso-instant'
import { tradeResultCents } from './trade-result'
import { ZoneOffsets } from './zone-offsets'

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

export interface LedgerOptions {
  /** zone of the wall clock the charts speak (hour of day, weekday) */
  timeZone: string
  /**
   * When a trading day ends, for "today" and profit by date. Defaults to midnight in `timeZone`;
   * pass the rulebook's dayReset so that days match the ones the rules judge.
   */
  dayReset?: DayReset
}

/**
 * The one normalized trade model every analytics view reads: closed trades only, as columns of
 * numbers computed once (epoch times, exact results in cents, wall-clock hour and weekday). Views are then single passes over typed arrays, which keeps all of them over
 * 100k trades inside the dashboard's budget.
 */
export interface TradeLedger {
  readonly count: number
  /** the closed trades, row by row (the caller's own array when every trade is closed) */
  readonly trades: readonly ClosedTrade[]
  readonly resultCents: Float64Array
  readonly volume: Float64Array
  readonly isLong: Uint8Array
  readonly openMs: Float64Array
  readonly closeMs: Float64Array
  /** wall-clock hour (0-23) of the open time in the ledger's zone */
  readonly openHour: Uint8Array
  /** weekday of the open time in the ledger's zone, 0 = Monday ... 6 = Sunday */
  readonly openWeekday: Uint8Array
  /** symbol of each trade as an index into `symbols` */
  readonly symbolIndex: Uint32Array
  readonly symbols: readonly string[]
  /**
   * The trading days (for "today" and profit by date). Views ask it for the few day boundaries
   * they need and place trades by close time, so no trade needs a day of its own.
   */
  readonly dayCalendar: DayCalendar
}

export function buildTradeLedger(trades: readonly Trade[], options: LedgerOptions): TradeLedger {
  const offsets = new ZoneOffsets(options.timeZone)
  const dayCalendar = createDayCalendar(
    options.dayReset ?? { timeZone: options.timeZone, time: '00:00' },
  )

  // When every trade is closed (the usual case) the input array already is the column, read
  // only like the rest of the ledger: a fresh array of 100k references (a large object for V8)
  // costs more than several of the views together.
  const closed = trades.every(isClosed) ? trades : trades.filter(isClosed)
  const n = closed.length
  const resultCents = new Float64Array(n)
  const volume = new Float64Array(n)
  const isLong = new Uint8Array(n)
  const openMs = new Float64Array(n)
  const closeMs = new Float64Array(n)
  const openHour = new Uint8Array(n)
  const openWeekday = new Uint8Array(n)
  const symbolIndex = new Uint32Array(n)
  const symbols: string[] = []
  const symbolIndexByName = new Map<string, number>()

  for (let i = 0; i < n; i++) {
    const trade = closed[i]!
    const open = parseIsoInstant(trade.openTime)
    const close = parseIsoInstant(trade.closeTime)
    if (Number.isNaN(open) || Number.isNaN(close)) {
      throw new RangeError(`trade ${trade.id}: openTime/closeTime is not an ISO-8601 instant`)
    }
    openMs[i] = open
    closeMs[i] = close
    resultCents[i] = tradeResultCents(trade)
    volume[i] = trade.volume
    isLong[i] = trade.side === 'buy' ? 1 : 0

    const localOpen = open + offsets.offsetMs(open)
    const localDay = Math.floor(localOpen / DAY_MS)
    openHour[i] = Math.floor((localOpen - localDay * DAY_MS) / HOUR_MS)
    openWeekday[i] = (((localDay + 3) % 7) + 7) % 7 // 1970-01-01 was a Thursday

    let symbol = symbolIndexByName.get(trade.symbol)
    if (symbol === undefined) {
      symbol = symbols.length
      symbols.push(trade.symbol)
      symbolIndexByName.set(trade.symbol, symbol)
    }
    symbolIndex[i] = symbol
  }

  return {
    count: n,
    trades: closed,
    resultCents,
    volume,
    isLong,
    openMs,
    closeMs,
    openHour,
    openWeekday,
    symbolIndex,
    symbols,
    dayCalendar,
  }
}
