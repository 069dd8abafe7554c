import type { TradeLedger } from './build-trade-ledger'
import { weekdayNames, type WeekdayName } from './compute-visual-stats'
import { isWinningResult, percent2dp, ratio2dp } from './trade-result'

/** Trades grouped by one key: count, wins, net result, win rate and profit factor. */
export interface BreakdownRow {
  trades: number
  wins: number
  /** net result (profit + commission + swap), cents */
  result: number
  /** percent of the trades that won (2 dp) */
  winRate: number
  /** gross profit / gross loss (2 dp); null with no losing trade */
  profitFactor: number | null
}

export interface DailyResult extends BreakdownRow {
  /** the trading day's name (YYYY-MM-DD, the rulebook's calendar) */
  date: string
  startMs: number
  endMs: number
  /** indexes into the metrics' trade list of the trades closed that day */
  tradeIndexes: number[]
}

export interface SymbolResult extends BreakdownRow {
  symbol: string
}
export interface WeekdayResult extends BreakdownRow {
  weekday: WeekdayName
}
export interface HourResult extends BreakdownRow {
  /** hour of the open time, 0-23, in the ledger's zone */
  hour: number
}

export interface Breakdowns {
  /** trading days with at least one closed trade, in time order (a trade's day is its close's) */
  daily: DailyResult[]
  /** by symbol, the largest net result first */
  bySymbol: SymbolResult[]
  /** all seven weekdays, Monday first (the weekday a trade opened) */
  byWeekday: WeekdayResult[]
  /** all 24 hours (the hour a trade opened) */
  byHour: HourResult[]
}

class Tally {
  trades = 0
  wins = 0
  wonCents = 0
  lostCents = 0

  add(cents: number) {
    this.trades += 1
    if (isWinningResult(cents)) {
      this.wins += 1
      this.wonCents += cents
    } else this.lostCents -= cents
  }

  row(): BreakdownRow {
    return {
      trades: this.trades,
      wins: this.wins,
      result: this.wonCents - this.lostCents,
      winRate: percent2dp(this.wins, this.trades),
      profitFactor: this.lostCents === 0 ? null : ratio2dp(this.wonCents, this.lostCents),
    }
  }
}

/**
 * Daily results on the ledger's trading-day calendar (the rulebook's resets), and results by
 * symbol, weekday and hour. `order` lists the trade indexes in close order (closeOrder).
 */
export function computeBreakdowns(ledger: TradeLedger, order: readonly number[]): Breakdowns {
  const days = new Map<
    string,
    { day: { date: string; startMs: number; endMs: number }; tally: Tally; indexes: number[] }
  >()
  const symbols = ledger.symbols.map(() => new Tally())
  const weekdays = weekdayNames.map(() => new Tally())
  const hours = Array.from({ length: 24 }, () => new Tally())
  for (const i of order) {
    const cents = ledger.resultCents[i]!
    const day = ledger.dayCalendar.dayAt(ledger.closeMs[i]!)
    let entry = days.get(day.date)
    if (!entry) {
      entry = { day, tally: new Tally(), indexes: [] }
      days.set(day.date, entry)
    }
    entry.tally.add(cents)
    entry.indexes.push(i)
    symbols[ledger.symbolIndex[i]!]!.add(cents)
    weekdays[ledger.openWeekday[i]!]!.add(cents)
    hours[ledger.openHour[i]!]!.add(cents)
  }
  return {
    daily: [...days.values()].map(({ day, tally, indexes }) => ({
      date: day.date,
      startMs: day.startMs,
      endMs: day.endMs,
      ...tally.row(),
      tradeIndexes: indexes,
    })),
    bySymbol: ledger.symbols
      .map((symbol, k) => ({ symbol, ...symbols[k]!.row() }))
      .sort((a, b) => b.result - a.result || a.symbol.localeCompare(b.symbol)),
    byWeekday: weekdayNames.map((weekday, k) => ({ weekday, ...weekdays[k]!.row() })),
    byHour: hours.map((tally, hour) => ({ hour, ...tally.row() })),
  }
}
