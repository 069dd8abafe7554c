import { Dec, percentOf, roundAmount } from './amounts'
import { createDayCalendar, type CalendarDay, type DayCalendar } from './day-calendar'
import { parseEvaluationInput } from './evaluation-input'
import type { History, HistoryInput } from './history'
import { formatInstant, parseInstant } from './instants'
import type { Rulebook, RulebookInput } from './rulebook'
import type { Breach, DayRow, Objectives, Verdict } from './verdict'

/**
 * The batch evaluator: a whole history in, the verdict out, exactly as
 * contracts/evaluation-engine.md prints it. This is the reference: it follows the contract line
 * by line, in exact decimals, and favours being obviously right over being fast. The incremental
 * evaluator is separate code; a property test holds the two to the same verdicts.
 *
 * Points the contract leaves open are settled in docs/decisions/0002-engine-numbers.md:
 * - a day without any snapshot between the first and last snapshot (a weekend) still gets a row:
 *   its anchor and floors follow the rules as at any reset, its minEquity is the last equity seen;
 * - a snapshot exactly at a reset belongs to the new day and is part of its start: it is the
 *   day's anchor, and an immediate trailing floor printed for the day includes it;
 * - rows stop at the day of the breach or of the pass; trades count only up to that snapshot;
 * - an evaluation still active (no breach, no pass) shows its last row's day whole: trades closed
 *   (or qualifying) after the last snapshot but before that day's reset count in the rows and the
 *   best day, never in judging: the profit target and the trading days stay as judged at the
 *   last snapshot;
 * - with `dailyLoss` null the printed anchor is the balance;
 * - with `profitTarget` null the objective prints target null, value = balance, met false;
 * - the best-day percentage is compared after rounding to 2 decimals, and is null while the total
 *   closed profit is not positive;
 * - trades at the same instant as a snapshot are seen by that snapshot (contract: a trade opened
 *   at t is open at t, one closed at t is not).
 */
export function evaluate(rules: RulebookInput, history: HistoryInput): Verdict {
  const input = parseEvaluationInput({ rules, history })
  return judgeHistory(input.rules, input.history)
}

/** Amounts stay JSON numbers until used: a year of minutes as long-lived decimals is mostly GC. */
interface ObservedSnapshot {
  ms: number
  balance: number
  equity: number
}

function judgeHistory(rules: Rulebook, history: History): Verdict {
  const calendar = createDayCalendar(rules.dayReset)
  const initial = new Dec(rules.initialBalance)
  const snapshots: ObservedSnapshot[] = history.snapshots.map((s) => ({
    ms: parseInstant(s.t),
    balance: s.balance,
    equity: s.equity,
  }))
  const times = snapshots.map((s) => s.ms)
  const days = calendar.daysBetween(times[0]!, times.at(-1)!)
  const dayOfSnapshot = indexDays(times, days)

  // Daily anchor: the chosen value of the last snapshot at or before the day's reset; for the
  // first day, the first snapshot.
  const anchorIndex = days.map((day, k) => (k === 0 ? 0 : lastIndexAtOrBefore(times, day.startMs)))
  const anchorOfDay = anchorIndex.map((i) => anchorValue(rules, snapshots[i]!))

  const dailyLoss = rules.dailyLoss
  const dailyFloors = anchorOfDay.map((anchor) =>
    dailyLoss === null
      ? null
      : anchor.minus(percentOf(dailyLoss.of === 'initial' ? initial : anchor, dailyLoss.percent)),
  )
  const dailyFloorOfDay = (k: number): Dec | null => dailyFloors[k]!

  // Max-loss floor = high-water mark - allowance, capped at the initial balance if locked.
  // Trailing modes start their high-water mark at the initial balance and never lower it.
  const maxLoss = rules.maxLoss
  const maxAllowance = maxLoss === null ? null : percentOf(initial, maxLoss.percent)
  const maxFloorFor = (highWater: Dec): Dec | null => {
    if (maxLoss === null) return null
    const floor = highWater.minus(maxAllowance!)
    return maxLoss.lockAtInitial && floor.gt(initial) ? initial : floor
  }
  // "trailing-eod-balance": at each reset, the closing balance of the day before (its last
  // snapshot before the reset) joins the high-water mark.
  const eodHighWater: Dec[] = [initial]
  for (let k = 1; k < days.length; k++) {
    const closingBalance = new Dec(snapshots[lastIndexBefore(times, days[k]!.startMs)]!.balance)
    eodHighWater.push(larger(eodHighWater[k - 1]!, closingBalance))
  }
  // "trailing-balance" / "trailing-equity": the highest value seen, through each snapshot.
  const immediateHighWater: Dec[] = []
  if (maxLoss?.mode === 'trailing-balance' || maxLoss?.mode === 'trailing-equity') {
    snapshots.forEach((s, i) => {
      const seen = new Dec(maxLoss.mode === 'trailing-equity' ? s.equity : s.balance)
      immediateHighWater.push(larger(i === 0 ? initial : immediateHighWater[i - 1]!, seen))
    })
  }
  // Floors of a day's start: static and end-of-day floors hold all day, immediate ones are as
  // at the day's anchor snapshot.
  const maxFloorAtDayStart = days.map((_, k) => {
    switch (maxLoss?.mode) {
      case undefined:
        return null
      case 'static':
        return maxFloorFor(initial)
      case 'trailing-eod-balance':
        return maxFloorFor(eodHighWater[k]!)
      case 'trailing-balance':
      case 'trailing-equity':
        return maxFloorFor(immediateHighWater[anchorIndex[k]!]!)
    }
  })
  const isImmediate = immediateHighWater.length > 0
  const maxFloorAtSnapshot = (i: number): Dec | null =>
    isImmediate ? maxFloorFor(immediateHighWater[i]!) : maxFloorAtDayStart[dayOfSnapshot[i]!]!

  // Profit target: initialBalance x (1 + percent/100).
  const target =
    rules.profitTarget === null
      ? null
      : initial.plus(percentOf(initial, rules.profitTarget.percent))

  const ledger = new TradeLedger(rules, history, calendar)
  const pausedDays = new Set<number>()
  let breach: Breach | null = null
  let passedAtMs: number | null = null
  let finalIndex = snapshots.length - 1

  let balance = initial
  for (let i = 0; i < snapshots.length; i++) {
    const snapshot = snapshots[i]!
    const equity = new Dec(snapshot.equity)
    // the balance only moves when a trade closes: most snapshots repeat the previous one
    if (i === 0 || snapshot.balance !== snapshots[i - 1]!.balance)
      balance = new Dec(snapshot.balance)
    const day = dayOfSnapshot[i]!
    ledger.advanceTo(snapshot.ms)

    // Breach: equity at or below a floor in force (touching the floor is a breach).
    const dailyFloor = dailyFloorOfDay(day)
    const maxFloor = maxFloorAtSnapshot(i)
    const isDailyHit = dailyFloor !== null && equity.lte(dailyFloor)
    const isMaxHit = maxFloor !== null && equity.lte(maxFloor)
    // A "pause" daily loss ends that day's trading from this snapshot on; it fails nothing.
    if (isDailyHit && rules.dailyLoss?.action === 'pause') pausedDays.add(day)
    const isDailyBreach = isDailyHit && rules.dailyLoss?.action === 'breach'
    if (isDailyBreach || isMaxHit) {
      // Both crossed: the higher floor was crossed first on the way down; equal floors: maxLoss.
      const isDailyRule = isDailyBreach && (!isMaxHit || dailyFloor!.gt(maxFloor!))
      const floor = isDailyRule ? dailyFloor! : maxFloor!
      breach = {
        rule: isDailyRule ? 'dailyLoss' : 'maxLoss',
        t: formatInstant(snapshot.ms),
        equity: roundAmount(equity),
        floor: roundAmount(floor),
      }
      finalIndex = i
      break
    }

    // Passing: the first snapshot at which every objective is met (and nothing breached).
    // (without a profit target an account never passes)
    const judged = { balance, equity }
    if (target !== null && objectivesAt(rules, target, judged, ledger).every((o) => o.met)) {
      passedAtMs = snapshot.ms
      finalIndex = i
      break
    }
  }

  const status = breach !== null ? 'failed' : passedAtMs !== null ? 'passed' : 'active'
  const lastDay = dayOfSnapshot[finalIndex]!
  // The profit target and the trading days as judged at the final snapshot (the contract: only
  // trades opened at or before the snapshot being judged count as trading days).
  const finalSnapshot = snapshots[finalIndex]!
  const [profitTarget, minTradingDays] = objectivesAt(
    rules,
    target,
    { balance: new Dec(finalSnapshot.balance), equity: new Dec(finalSnapshot.equity) },
    ledger,
  )
  // Still active: the history ran out of snapshots, and the last row shows its whole day, so
  // the trades that close (or qualify) after the last snapshot but before the day's reset count
  // in the rows and in the best day computed from them. Nothing is judged on them. A pass or a
  // breach ends the evaluation at its snapshot: later trades are ignored like later snapshots.
  if (status === 'active') ledger.advanceTo(days[lastDay]!.endMs - 1)

  const minEquityOfDay = new Map<number, Dec>()
  for (let i = 0; i <= finalIndex; i++) {
    const day = dayOfSnapshot[i]!
    const seen = minEquityOfDay.get(day)
    const equity = new Dec(snapshots[i]!.equity)
    if (seen === undefined || equity.lt(seen)) minEquityOfDay.set(day, equity)
  }
  const rows: DayRow[] = days.slice(0, lastDay + 1).map((day, k) => {
    const dailyFloor = dailyFloorOfDay(k)
    const maxFloor = maxFloorAtDayStart[k]!
    // a day without snapshots: the equity last seen before it
    const minEquity =
      minEquityOfDay.get(k) ?? new Dec(snapshots[lastIndexBefore(times, day.startMs)]!.equity)
    return {
      date: day.date,
      anchor: roundAmount(anchorOfDay[k]!),
      dailyFloor: dailyFloor === null ? null : roundAmount(dailyFloor),
      maxFloor: maxFloor === null ? null : roundAmount(maxFloor),
      minEquity: roundAmount(minEquity),
      closedProfit: roundAmount(ledger.closedProfitOn(day.date)),
      traded: ledger.isTradingDay(day.date),
      paused: pausedDays.has(k),
    }
  })

  const objectives: Objectives = {
    profitTarget: {
      target: profitTarget.target === null ? null : roundAmount(profitTarget.target),
      value: roundAmount(profitTarget.value),
      met: profitTarget.met,
    },
    minTradingDays,
    bestDay: bestDayObjective(rules, ledger),
  }

  return {
    status,
    breach,
    passedAt: passedAtMs === null ? null : formatInstant(passedAtMs),
    days: rows,
    objectives,
  }
}

/** The value the daily anchor takes from a snapshot (balance when there is no daily-loss rule). */
function anchorValue(rules: Rulebook, snapshot: ObservedSnapshot): Dec {
  const balance = new Dec(snapshot.balance)
  const equity = new Dec(snapshot.equity)
  switch (rules.dailyLoss?.anchor) {
    case 'equity':
      return equity
    case 'max-balance-equity':
      return larger(balance, equity)
    default:
      return balance
  }
}

/** The three objectives as judged at one snapshot, with the trades seen up to its instant. */
function objectivesAt(
  rules: Rulebook,
  target: Dec | null,
  snapshot: { balance: Dec; equity: Dec },
  ledger: TradeLedger,
) {
  const rule = rules.profitTarget
  const value = rule?.basis === 'equity' ? snapshot.equity : snapshot.balance
  const isFlatEnough = rule === null || !rule.requireFlat || ledger.openTradeCount === 0
  const profitTarget = {
    target,
    value,
    met: target !== null && value.gte(target) && isFlatEnough,
  }

  const tradingDays = ledger.tradingDayCount
  const minTradingDays = {
    required: rules.minTradingDays,
    value: tradingDays,
    met: tradingDays >= rules.minTradingDays,
  }

  return [profitTarget, minTradingDays, bestDayObjective(rules, ledger)] as const
}

/** Best day, from the daily closed profits the ledger holds. */
function bestDayObjective(rules: Rulebook, ledger: TradeLedger) {
  const valuePercent = ledger.bestDayPercent()
  const limitPercent = rules.bestDayPercent
  return {
    limitPercent,
    valuePercent,
    met: limitPercent === null || (valuePercent !== null && valuePercent <= limitPercent),
  }
}

/**
 * The trades as seen from a moving instant: which days count as trading days, how many trades
 * are open, the closed profit of each day. `advanceTo` only moves forward, so a whole history is
 * one pass over the trades sorted by time.
 */
class TradeLedger {
  private readonly qualifying: { ms: number; date: string }[]
  private readonly opens: number[]
  private readonly closes: { ms: number; date: string; net: Dec }[]
  private nextQualifying = 0
  private nextOpen = 0
  private nextClose = 0
  private readonly tradingDates = new Set<string>()
  private readonly closedByDate = new Map<string, Dec>()
  private totalClosed = new Dec(0)
  /** cached between closes; undefined when a close has changed it */
  private bestDay: number | null | undefined = null

  constructor(rules: Rulebook, history: History, calendar: DayCalendar) {
    const trades = history.trades.map((trade) => {
      const openMs = parseInstant(trade.openTime)
      const closeMs = trade.closeTime === null ? null : parseInstant(trade.closeTime)
      return {
        openMs,
        closeMs,
        openDate: calendar.dayAt(openMs).date,
        closeDate: closeMs === null ? null : calendar.dayAt(closeMs).date,
        // a trade's result: profit + commission + swap
        net: new Dec(trade.profit).plus(trade.commission).plus(trade.swap),
      }
    })
    const byTime = <T extends { ms: number }>(list: T[]) => list.sort((a, b) => a.ms - b.ms)

    // A day counts if a trade was opened on it ("opened"), or if a trade both opened and closed
    // on it ("opened-and-closed", which can only be known once the trade has closed).
    this.qualifying = byTime(
      rules.tradingDay === 'opened'
        ? trades.map((t) => ({ ms: t.openMs, date: t.openDate }))
        : trades.flatMap((t) =>
            t.closeMs !== null && t.closeDate === t.openDate
              ? [{ ms: t.closeMs, date: t.openDate }]
              : [],
          ),
    )
    this.opens = trades.map((t) => t.openMs).sort((a, b) => a - b)
    this.closes = byTime(
      trades.flatMap((t) =>
        t.closeMs === null ? [] : [{ ms: t.closeMs, date: t.closeDate!, net: t.net }],
      ),
    )
  }

  /** Takes in every trade event at or before `ms`. */
  advanceTo(ms: number): void {
    const { qualifying, opens, closes } = this
    while (this.nextQualifying < qualifying.length && qualifying[this.nextQualifying]!.ms <= ms) {
      this.tradingDates.add(qualifying[this.nextQualifying++]!.date)
    }
    while (this.nextOpen < opens.length && opens[this.nextOpen]! <= ms) this.nextOpen++
    while (this.nextClose < closes.length && closes[this.nextClose]!.ms <= ms) {
      const { date, net } = closes[this.nextClose++]!
      this.closedByDate.set(date, this.closedProfitOn(date).plus(net))
      this.totalClosed = this.totalClosed.plus(net)
      this.bestDay = undefined
    }
  }

  /** Open at t: opened at or before t and not closed at or before t. */
  get openTradeCount(): number {
    return this.nextOpen - this.nextClose
  }

  get tradingDayCount(): number {
    return this.tradingDates.size
  }

  isTradingDay(date: string): boolean {
    return this.tradingDates.has(date)
  }

  closedProfitOn(date: string): Dec {
    return this.closedByDate.get(date) ?? new Dec(0)
  }

  /** Largest daily closed profit / total closed profit, in percent to 2 decimals; null unless the total is positive. */
  bestDayPercent(): number | null {
    if (this.bestDay === undefined) {
      this.bestDay = this.totalClosed.gt(0)
        ? roundAmount(
            Dec.max(...this.closedByDate.values())
              .dividedBy(this.totalClosed)
              .times(100),
          )
        : null
    }
    return this.bestDay
  }
}

/** The larger of two decimals (no new instance, unlike Dec.max). */
function larger(a: Dec, b: Dec): Dec {
  return b.gt(a) ? b : a
}

/** For each time (sorted), the index of the day holding it. */
function indexDays(times: number[], days: CalendarDay[]): number[] {
  let k = 0
  return times.map((ms) => {
    while (ms >= days[k]!.endMs) k++
    return k
  })
}

/** Index of the last time <= ms (times sorted, times[0] <= ms). */
function lastIndexAtOrBefore(times: number[], ms: number): number {
  let lo = 0
  let hi = times.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (times[mid]! <= ms) lo = mid
    else hi = mid - 1
  }
  return lo
}

/** Index of the last time < ms (times sorted, times[0] < ms). */
function lastIndexBefore(times: number[], ms: number): number {
  let lo = 0
  let hi = times.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (times[mid]! < ms) lo = mid
    else hi = mid - 1
  }
  return lo
}
