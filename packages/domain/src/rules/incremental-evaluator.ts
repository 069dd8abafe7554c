import { z } from 'zod'
import { Dec, MICROS_PER_UNIT, percentOf, roundAmount, toMicros } from './amounts'
import { createDayCalendar, type CalendarDay, type DayCalendar } from './day-calendar'
import { parseEvaluationInput } from './evaluation-input'
import type { HistoryInput } from './history'
import { formatInstant, parseInstant } from './instants'
import { rulebookSchema, type Rulebook, type RulebookInput } from './rulebook'
import type { Breach, DayRow, Objectives, Verdict, VerdictStatus } from './verdict'

/**
 * The incremental evaluator: the live path. It is fed an account's events one at a time, in time
 * order, and can tell at any moment the floors in force, the distance to each, the time to the
 * next reset, each objective's progress and the verdict so far. It judges exactly what the batch
 * evaluator (the reference) judges; a property test holds the two to the same verdicts.
 *
 * Numbers (docs/decisions/0002-engine-numbers.md): amounts are held as integer micro-units
 * (1e-6 of the account currency) in plain JS numbers, so a snapshot costs a few integer compares
 * and no allocation. Floors are computed exactly (decimal.js) when they move at a day reset and
 * rounded down to the micro-unit, in the trader's favour; as every equity is a whole number of
 * micro-units, "equity <= floor" gives the same answer as with the exact floor. The profit target
 * is rounded up for the same reason. Printed floors are recomputed exactly from their inputs.
 * The day calendar is consulted only when time crosses the next reset.
 *
 * Events: `snapshot` strictly after the previous snapshot; trade events at or after the previous
 * event and after the account's start. Trades at the same instant as a snapshot must be fed
 * before it (the contract: a trade opened at t is open at t, one closed at t is not). Events
 * after a pass or a breach are ignored: the verdict is final. Amounts are plain numbers in the
 * account currency with at most 6 decimals (anything else throws a RangeError: pass exact
 * amounts, e.g. integer cents / 100, never a float sum).
 */
export class IncrementalEvaluator {
  readonly rules: Rulebook
  readonly calendar: DayCalendar

  // The rulebook, in micro-units and codes.
  private readonly initial: number
  private readonly initialExact: Dec
  private readonly dailyPercent: number | null
  private readonly isDailyOfAnchor: boolean
  private readonly dailyAllowanceOfInitial: number
  private readonly anchorKind: number
  private readonly isPauseAction: boolean
  private readonly maxMode: number
  private readonly maxAllowance: number
  private readonly maxCap: number
  private readonly target: number
  private readonly isTargetOnEquity: boolean
  private readonly isFlatRequired: boolean
  private readonly isCountedOnClose: boolean

  // The account's state.
  private statusCode = ACTIVE
  private breachRecord: BreachRecord | null = null
  private passedAtMs: number | null = null
  private startMs = 0
  private lastEventMs = 0
  private lastSnapshotMs = 0
  private balance = 0
  private equity = 0
  private highWater = 0
  private dailyFloorMicros = -Infinity
  private maxFloorMicros = -Infinity
  private day: DayRecord = emptyDay()
  private readonly pastDays: DayRecord[] = []
  private bestPastDayProfit: number | null = null
  private totalClosedProfit = 0
  private tradingDayCount = 0
  /** as judged at the last snapshot: the verdict's profit target and trading days */
  private judgedTradingDayCount = 0
  private isJudgedFlat = true
  /** open trade id -> start of the day it opened */
  private readonly openTrades = new Map<string, number>()
  private bestDayPercentValue: number | null = null
  private isBestDayMet = true

  private constructor({ rules, calendar }: PreparedRules) {
    this.rules = rules
    this.calendar = calendar
    this.initial = toMicros(rules.initialBalance)
    this.initialExact = new Dec(rules.initialBalance)

    const daily = rules.dailyLoss
    this.dailyPercent = daily?.percent ?? null
    this.isDailyOfAnchor = daily?.of === 'anchor'
    this.dailyAllowanceOfInitial = daily === null ? 0 : this.allowanceMicros(daily.percent)
    this.anchorKind = ANCHOR_KINDS[daily?.anchor ?? 'balance']
    this.isPauseAction = daily?.action === 'pause'

    const max = rules.maxLoss
    this.maxMode = max === null ? MAX_NONE : MAX_MODES[max.mode]
    this.maxAllowance = max === null ? 0 : this.allowanceMicros(max.percent)
    this.maxCap = max?.lockAtInitial ? this.initial : Infinity

    const profit = rules.profitTarget
    this.target =
      profit === null
        ? Infinity
        : ceilMicros(this.initialExact.plus(percentOf(this.initialExact, profit.percent)))
    this.isTargetOnEquity = profit?.basis === 'equity'
    this.isFlatRequired = profit?.requireFlat === true
    this.isCountedOnClose = rules.tradingDay === 'opened-and-closed'
    this.isBestDayMet = rules.bestDayPercent === null
  }

  /** Starts evaluating an account from its first snapshot (its start). */
  static start(
    rules: RulebookInput,
    tMs: number,
    balance: number,
    equity: number,
  ): IncrementalEvaluator {
    const evaluator = new IncrementalEvaluator(prepareRules(rules))
    evaluator.begin(tMs, microsOf('balance', balance), microsOf('equity', equity))
    return evaluator
  }

  /** Resumes from `toState()` (e.g. after a server restart) without replaying the history. */
  static restore(state: unknown): IncrementalEvaluator {
    const parsed = stateAroundRulesSchema.parse(state)
    const prepared = prepareRules(parsed.rules)
    const evaluator = new IncrementalEvaluator(prepared)
    evaluator.load({ ...parsed, rules: prepared.rules })
    return evaluator
  }

  // ---- events -------------------------------------------------------------------------------

  /** What the platform observed at `tMs`: closed balance and equity, in account currency. */
  snapshot(tMs: number, balance: number, equity: number): void {
    if (this.statusCode !== ACTIVE) return
    if (!(tMs > this.lastSnapshotMs && tMs >= this.lastEventMs)) {
      throw new RangeError(`snapshot at ${tMs} is out of time order`)
    }
    const b = toMicros(balance)
    const e = toMicros(equity)
    if (Number.isNaN(b + e)) {
      throw new RangeError(
        Number.isNaN(b) ? amountError('balance', balance) : amountError('equity', equity),
      )
    }
    if (tMs >= this.day.endMs) this.rollTo(tMs)
    this.lastEventMs = this.lastSnapshotMs = tMs
    this.observe(tMs, b, e, tMs === this.day.startMs)
  }

  tradeOpened(id: string, tMs: number): void {
    if (this.statusCode !== ACTIVE) return
    this.checkTradeTime(tMs)
    if (this.openTrades.has(id)) throw new RangeError(`trade ${id} is already open`)
    if (tMs >= this.day.endMs) this.rollTo(tMs)
    this.lastEventMs = tMs
    this.openTrades.set(id, this.day.startMs)
    if (!this.isCountedOnClose) this.markTradingDay()
  }

  /** `netResult` = profit + commission + swap. */
  tradeClosed(id: string, tMs: number, netResult: number): void {
    if (this.statusCode !== ACTIVE) return
    this.checkTradeTime(tMs)
    const openedDayStartMs = this.openTrades.get(id)
    if (openedDayStartMs === undefined) throw new RangeError(`trade ${id} is not open`)
    const net = microsOf('netResult', netResult)
    const total = this.totalClosedProfit + net
    if (!Number.isSafeInteger(total)) throw new RangeError('total closed profit out of range')
    if (tMs >= this.day.endMs) this.rollTo(tMs)
    this.lastEventMs = tMs
    this.openTrades.delete(id)
    this.day.closedProfit += net
    this.totalClosedProfit = total
    if (this.isCountedOnClose && openedDayStartMs === this.day.startMs) this.markTradingDay()
    this.refreshBestDay()
  }

  /**
   * Moves the clock to `tMs` without an observation, crossing any reset on the way: the server's
   * reset job calls it so the new day's floors are in force (and shown) before the next snapshot.
   */
  advanceTo(tMs: number): void {
    if (this.statusCode !== ACTIVE) return
    if (!(tMs >= this.lastEventMs)) throw new RangeError(`time ${tMs} is out of time order`)
    if (tMs >= this.day.endMs) this.rollTo(tMs)
    this.lastEventMs = tMs
  }

  // ---- readings -----------------------------------------------------------------------------

  get status(): VerdictStatus {
    return STATUSES[this.statusCode]!
  }

  get breach(): Breach | null {
    const record = this.breachRecord
    if (record === null) return null
    const floor =
      record.rule === 'dailyLoss'
        ? this.exactDailyFloor(record.basis)
        : this.exactMaxFloor(record.basis)
    return {
      rule: record.rule,
      t: formatInstant(record.tMs),
      equity: roundAmount(exact(record.equity)),
      floor: roundAmount(floor!),
    }
  }

  get passedAt(): string | null {
    return this.passedAtMs === null ? null : formatInstant(this.passedAtMs)
  }

  /** The day in force (the one of the latest event) with its anchor. */
  get currentDay(): CalendarDay & { anchor: number; isPaused: boolean } {
    const { date, startMs, endMs, anchor, isPaused } = this.day
    return { date, startMs, endMs, anchor: fromMicros(anchor), isPaused }
  }

  /** Times the server needs to feed events in order: the start, the latest event and snapshot. */
  get timeline(): { startMs: number; lastEventMs: number; lastSnapshotMs: number } {
    return {
      startMs: this.startMs,
      lastEventMs: this.lastEventMs,
      lastSnapshotMs: this.lastSnapshotMs,
    }
  }

  get balanceNow(): number {
    return fromMicros(this.balance)
  }

  get equityNow(): number {
    return fromMicros(this.equity)
  }

  /** The daily-loss floor in force (rounded down to 0.000001, in the trader's favour), or null. */
  get dailyFloor(): number | null {
    return this.rules.dailyLoss === null ? null : fromMicros(this.dailyFloorMicros)
  }

  /** The max-loss floor in force (rounded down to 0.000001), or null. */
  get maxFloor(): number | null {
    return this.rules.maxLoss === null ? null : fromMicros(this.maxFloorMicros)
  }

  /**
   * The band of equity (integer micro-units) a snapshot may move in without changing anything
   * the verdict reads, as long as the balance is unchanged, no trade event came since the last
   * snapshot and equity stays above the day's lowest: equity at or below `floor` touches a floor
   * in force (a breach, or a paused day); equity at or above `ceiling` raises a trailing-equity
   * high-water mark or reaches an equity profit target with the other objectives met (those move
   * only on trade events). -Infinity / Infinity when no rule reads that side. The live screen (the server's risk monitor) feeds only the snapshots outside it.
   */
  get equityBand(): { floor: number; ceiling: number } {
    const raise = this.maxMode === MAX_TRAILING_EQUITY ? this.highWater + 1 : Infinity
    // the target passes the account only with the other objectives met (they move on trades)
    const canPass =
      this.tradingDayCount >= this.rules.minTradingDays &&
      this.isBestDayMet &&
      (this.openTrades.size === 0 || !this.isFlatRequired)
    const reach = this.isTargetOnEquity && canPass ? this.target : Infinity
    return {
      floor: Math.max(this.dailyFloorMicros, this.maxFloorMicros),
      ceiling: Math.min(raise, reach),
    }
  }

  /** Equity above the daily floor (<= 0 once touched), or null without a daily-loss rule. */
  get distanceToDailyFloor(): number | null {
    return this.rules.dailyLoss === null ? null : fromMicros(this.equity - this.dailyFloorMicros)
  }

  get distanceToMaxFloor(): number | null {
    return this.rules.maxLoss === null ? null : fromMicros(this.equity - this.maxFloorMicros)
  }

  /** Milliseconds from `nowMs` to the next day reset. */
  msToNextReset(nowMs: number): number {
    const isInDay = nowMs >= this.day.startMs && nowMs < this.day.endMs
    return (isInDay ? this.day.endMs : this.calendar.nextResetAfter(nowMs)) - nowMs
  }

  /**
   * Each objective's progress now, counting every event fed so far (a trade opened since the last
   * snapshot already counts as a trading day; the live meters show this). The verdict prints the
   * profit target and the trading days as judged at the last snapshot instead.
   */
  objectives(): Objectives {
    return this.objectivesWith(this.tradingDayCount, this.openTrades.size === 0)
  }

  private objectivesWith(tradingDays: number, isFlatNow: boolean): Objectives {
    const profit = this.rules.profitTarget
    const value = this.isTargetOnEquity ? this.equity : this.balance
    const isFlat = isFlatNow || !this.isFlatRequired
    return {
      profitTarget: {
        target: profit === null ? null : roundAmount(this.exactTarget()!),
        value: roundAmount(exact(value)),
        met: value >= this.target && isFlat,
      },
      minTradingDays: {
        required: this.rules.minTradingDays,
        value: tradingDays,
        met: tradingDays >= this.rules.minTradingDays,
      },
      bestDay: {
        limitPercent: this.rules.bestDayPercent,
        valuePercent: this.bestDayPercentValue,
        met: this.isBestDayMet,
      },
    }
  }

  /**
   * The verdict so far, in the contract's shape (the same as `evaluate` gives for the history
   * fed). The rows and the best day reflect every event fed, trades since the last snapshot
   * included; the profit target and the trading days are as judged at the last snapshot.
   */
  verdict(): Verdict {
    return {
      status: this.status,
      breach: this.breach,
      passedAt: this.passedAt,
      days: [...this.pastDays, this.day].map((day) => this.toRow(day)),
      objectives: this.objectivesWith(this.judgedTradingDayCount, this.isJudgedFlat),
    }
  }

  /**
   * The last `count` rows of `verdict().days` (the day in progress last), without building the
   * other rows or the objectives: what the live monitor stores at a reset.
   */
  recentDays(count: number): DayRow[] {
    if (count <= 0) return []
    const past = count === 1 ? [] : this.pastDays.slice(-(count - 1))
    return [...past, this.day].map((day) => this.toRow(day))
  }

  /** Everything needed to resume, as plain JSON. */
  toState(): IncrementalState {
    return {
      version: 1,
      rules: this.rules,
      status: this.status,
      breach: this.breachRecord === null ? null : { ...this.breachRecord },
      passedAtMs: this.passedAtMs,
      startMs: this.startMs,
      lastEventMs: this.lastEventMs,
      lastSnapshotMs: this.lastSnapshotMs,
      balance: this.balance,
      equity: this.equity,
      highWater: this.highWater,
      day: { ...this.day },
      pastDays: this.pastDays.map((day) => ({ ...day })),
      bestPastDayProfit: this.bestPastDayProfit,
      totalClosedProfit: this.totalClosedProfit,
      tradingDayCount: this.tradingDayCount,
      judgedTradingDayCount: this.judgedTradingDayCount,
      isJudgedFlat: this.isJudgedFlat,
      openTrades: [...this.openTrades],
    }
  }

  // ---- the rules ----------------------------------------------------------------------------

  private begin(tMs: number, balance: number, equity: number): void {
    this.startMs = this.lastEventMs = this.lastSnapshotMs = tMs
    this.highWater = this.initial
    this.maxFloorMicros = this.maxFloorFor(this.initial)
    this.enterDay(this.calendar.dayAt(tMs))
    // the first day's anchor is the first snapshot, wherever in the day it falls
    this.observe(tMs, balance, equity, true)
  }

  /** One snapshot. `isDayStart`: it is the day's anchor (at the reset instant, or the first). */
  private observe(tMs: number, balance: number, equity: number, isDayStart: boolean): void {
    this.balance = balance
    this.equity = equity
    this.judgedTradingDayCount = this.tradingDayCount
    this.isJudgedFlat = this.openTrades.size === 0
    // immediate trailing modes move the floor at once, before this snapshot is judged
    const mode = this.maxMode
    if (mode === MAX_TRAILING_BALANCE) {
      if (balance > this.highWater) this.raiseHighWater(balance)
    } else if (mode === MAX_TRAILING_EQUITY) {
      if (equity > this.highWater) this.raiseHighWater(equity)
    }
    const day = this.day
    if (isDayStart) this.anchorDay()
    if (!day.hasSnapshot) {
      day.hasSnapshot = true
      day.minEquity = equity
    } else if (equity < day.minEquity) {
      day.minEquity = equity
    }

    // touching a floor is a breach
    if (equity <= this.dailyFloorMicros || equity <= this.maxFloorMicros) {
      if (this.judgeFloorHit(tMs, equity)) return
    }
    if (
      (this.isTargetOnEquity ? equity : balance) >= this.target &&
      this.tradingDayCount >= this.rules.minTradingDays &&
      this.isBestDayMet &&
      (this.openTrades.size === 0 || !this.isFlatRequired)
    ) {
      this.statusCode = PASSED
      this.passedAtMs = tMs
    }
  }

  /** Returns true when the account failed. */
  private judgeFloorHit(tMs: number, equity: number): boolean {
    const isDailyHit = equity <= this.dailyFloorMicros
    const isMaxHit = equity <= this.maxFloorMicros
    if (isDailyHit && this.isPauseAction) this.day.isPaused = true
    const isDailyBreach = isDailyHit && !this.isPauseAction
    if (!isDailyBreach && !isMaxHit) return false
    // both crossed: the higher floor was crossed first; equal floors count as maxLoss. Compared
    // exactly: two floors may round to the same micro-unit.
    const isDailyRule =
      isDailyBreach &&
      (!isMaxHit || this.exactDailyFloor(this.day.anchor)!.gt(this.exactMaxFloor(this.highWater)!))
    this.breachRecord = {
      rule: isDailyRule ? 'dailyLoss' : 'maxLoss',
      tMs,
      equity,
      basis: isDailyRule ? this.day.anchor : this.highWater,
    }
    this.statusCode = FAILED
    return true
  }

  /** Crosses every reset up to `tMs`; days without events get their row all the same. */
  private rollTo(tMs: number): void {
    if (!Number.isFinite(tMs)) throw new RangeError(`not an instant: ${tMs}`)
    while (tMs >= this.day.endMs) {
      const closing = this.day
      this.pastDays.push(closing)
      if (this.bestPastDayProfit === null || closing.closedProfit > this.bestPastDayProfit) {
        this.bestPastDayProfit = closing.closedProfit
      }
      // trailing-eod-balance: the closing balance (last snapshot before the reset) joins the mark
      if (this.maxMode === MAX_TRAILING_EOD && this.balance > this.highWater) {
        this.raiseHighWater(this.balance)
      }
      this.enterDay(this.calendar.dayAt(closing.endMs))
      // anchored on the last snapshot so far; a snapshot exactly at the reset re-anchors it
      this.anchorDay()
    }
  }

  private enterDay(day: CalendarDay): void {
    this.day = {
      date: day.date,
      startMs: day.startMs,
      endMs: day.endMs,
      anchor: 0,
      highWaterAtStart: this.highWater,
      minEquity: this.equity,
      hasSnapshot: false,
      closedProfit: 0,
      isTraded: false,
      isPaused: false,
    }
  }

  /** The day's anchor and daily floor from the last snapshot; the floors shown for the day. */
  private anchorDay(): void {
    const day = this.day
    const kind = this.anchorKind
    day.anchor =
      kind === ANCHOR_BALANCE
        ? this.balance
        : kind === ANCHOR_EQUITY
          ? this.equity
          : Math.max(this.balance, this.equity)
    day.highWaterAtStart = this.highWater
    this.dailyFloorMicros = this.dailyFloorFor(day.anchor)
  }

  private dailyFloorFor(anchor: number): number {
    if (this.dailyPercent === null) return -Infinity
    // of the anchor: computed exactly once per day, when the anchor is set
    const allowance = this.isDailyOfAnchor
      ? percentOf(new Dec(anchor), this.dailyPercent).ceil().toNumber()
      : this.dailyAllowanceOfInitial
    return anchor - allowance
  }

  private raiseHighWater(value: number): void {
    this.highWater = value
    this.maxFloorMicros = this.maxFloorFor(value)
  }

  private maxFloorFor(highWater: number): number {
    if (this.maxMode === MAX_NONE) return -Infinity
    return Math.min(highWater - this.maxAllowance, this.maxCap)
  }

  private markTradingDay(): void {
    if (!this.day.isTraded) {
      this.day.isTraded = true
      this.tradingDayCount++
    }
  }

  /** Best day = largest daily closed profit / total closed profit, in % to 2 decimals. */
  private refreshBestDay(): void {
    const total = this.totalClosedProfit
    const limit = this.rules.bestDayPercent
    if (total <= 0) {
      this.bestDayPercentValue = null
      this.isBestDayMet = limit === null
      return
    }
    const best = Math.max(this.bestPastDayProfit ?? -Infinity, this.day.closedProfit)
    const percent = roundAmount(new Dec(best).times(100).dividedBy(total))
    this.bestDayPercentValue = percent
    this.isBestDayMet = limit === null || percent <= limit
  }

  private checkTradeTime(tMs: number): void {
    if (!(tMs > this.startMs))
      throw new RangeError(`trade at ${tMs} is not after the account's start`)
    if (!(tMs >= this.lastEventMs)) throw new RangeError(`trade at ${tMs} is out of time order`)
  }

  /** allowance = percent x initial balance in micro-units, rounded up: the floor it sets is rounded down */
  private allowanceMicros(percent: number): number {
    return percentOf(new Dec(this.initial), percent).ceil().toNumber()
  }

  // ---- exact values for printing ------------------------------------------------------------

  private exactDailyFloor(anchor: number): Dec | null {
    if (this.dailyPercent === null) return null
    const anchorExact = exact(anchor)
    const base = this.isDailyOfAnchor ? anchorExact : this.initialExact
    return anchorExact.minus(percentOf(base, this.dailyPercent))
  }

  private exactMaxFloor(highWater: number): Dec | null {
    const rule = this.rules.maxLoss
    if (rule === null) return null
    const floor = exact(highWater).minus(percentOf(this.initialExact, rule.percent))
    return rule.lockAtInitial && floor.gt(this.initialExact) ? this.initialExact : floor
  }

  private exactTarget(): Dec | null {
    const rule = this.rules.profitTarget
    return rule === null ? null : this.initialExact.plus(percentOf(this.initialExact, rule.percent))
  }

  private toRow(day: DayRecord): DayRow {
    const dailyFloor = this.exactDailyFloor(day.anchor)
    const maxFloor = this.exactMaxFloor(day.highWaterAtStart)
    return {
      date: day.date,
      anchor: roundAmount(exact(day.anchor)),
      dailyFloor: dailyFloor === null ? null : roundAmount(dailyFloor),
      maxFloor: maxFloor === null ? null : roundAmount(maxFloor),
      minEquity: roundAmount(exact(day.minEquity)),
      closedProfit: roundAmount(exact(day.closedProfit)),
      traded: day.isTraded,
      paused: day.isPaused,
    }
  }

  private load(saved: IncrementalState): void {
    this.statusCode = STATUSES.indexOf(saved.status)
    this.breachRecord = saved.breach
    this.passedAtMs = saved.passedAtMs
    this.startMs = saved.startMs
    this.lastEventMs = saved.lastEventMs
    this.lastSnapshotMs = saved.lastSnapshotMs
    this.balance = saved.balance
    this.equity = saved.equity
    this.highWater = saved.highWater
    this.maxFloorMicros = this.maxFloorFor(saved.highWater)
    this.day = { ...saved.day }
    this.dailyFloorMicros = this.dailyFloorFor(saved.day.anchor)
    this.pastDays.push(...saved.pastDays.map((day) => ({ ...day })))
    this.bestPastDayProfit = saved.bestPastDayProfit
    this.totalClosedProfit = saved.totalClosedProfit
    this.tradingDayCount = saved.tradingDayCount
    for (const [id, dayStartMs] of saved.openTrades) this.openTrades.set(id, dayStartMs)
    // a state saved before these were kept: as fed, which is what its verdict printed then
    this.judgedTradingDayCount = saved.judgedTradingDayCount ?? saved.tradingDayCount
    this.isJudgedFlat = saved.isJudgedFlat ?? saved.openTrades.length === 0
    this.refreshBestDay()
  }
}

/**
 * Replays a history through the incremental evaluator, the way the live system feeds it: every
 * event in time order, trades before a snapshot at the same instant. After the last snapshot,
 * the trade events that fall within its day are fed too (the live evaluator would have seen
 * them; the batch evaluator's rows show that day whole), without crossing its reset: they fill
 * the last row and the best day, and judge nothing (only a snapshot passes or fails an account).
 */
export function replayHistory(
  rules: RulebookInput,
  history: HistoryInput,
  /** called after each snapshot is fed (the first one included), e.g. to read the floors in force */
  onSnapshot?: (evaluator: IncrementalEvaluator, tMs: number) => void,
): IncrementalEvaluator {
  const input = parseEvaluationInput({ rules, history })
  const [first, ...rest] = input.history.snapshots
  const lastMs = parseInstant((rest.at(-1) ?? first!).t)
  type Event = { ms: number; order: number; apply: (e: IncrementalEvaluator) => void }
  const events: Event[] = rest.map((s) => ({
    ms: parseInstant(s.t),
    order: 2,
    apply: (e) => {
      const ms = parseInstant(s.t)
      e.snapshot(ms, s.balance, s.equity)
      onSnapshot?.(e, ms)
    },
  }))
  for (const trade of input.history.trades) {
    const openMs = parseInstant(trade.openTime)
    events.push({ ms: openMs, order: 0, apply: (e) => e.tradeOpened(trade.id, openMs) })
    if (trade.closeTime !== null) {
      const closeMs = parseInstant(trade.closeTime)
      const net = new Dec(trade.profit).plus(trade.commission).plus(trade.swap).toNumber()
      events.push({ ms: closeMs, order: 1, apply: (e) => e.tradeClosed(trade.id, closeMs, net) })
    }
  }
  events.sort((a, b) => a.ms - b.ms || a.order - b.order)

  const evaluator = IncrementalEvaluator.start(
    input.rules,
    parseInstant(first!.t),
    first!.balance,
    first!.equity,
  )
  onSnapshot?.(evaluator, parseInstant(first!.t))
  let next = 0
  while (next < events.length && events[next]!.ms <= lastMs) events[next++]!.apply(evaluator)
  // only trade events remain; ignored anyway once the account has passed or failed
  const lastDayEndMs = evaluator.currentDay.endMs
  while (next < events.length && events[next]!.ms < lastDayEndMs) events[next++]!.apply(evaluator)
  return evaluator
}

/** The verdict of a history through the incremental evaluator (equal to `evaluate`'s). */
export function evaluateIncrementally(rules: RulebookInput, history: HistoryInput): Verdict {
  return replayHistory(rules, history).verdict()
}

// ---- internals ------------------------------------------------------------------------------

const ACTIVE = 0
const PASSED = 1
const FAILED = 2
const STATUSES = ['active', 'passed', 'failed'] as const

const MAX_NONE = 0
const MAX_STATIC = 1
const MAX_TRAILING_EOD = 2
const MAX_TRAILING_BALANCE = 3
const MAX_TRAILING_EQUITY = 4
const MAX_MODES = {
  static: MAX_STATIC,
  'trailing-eod-balance': MAX_TRAILING_EOD,
  'trailing-balance': MAX_TRAILING_BALANCE,
  'trailing-equity': MAX_TRAILING_EQUITY,
} as const

const ANCHOR_BALANCE = 0
const ANCHOR_EQUITY = 1
const ANCHOR_MAX = 2
const ANCHOR_KINDS = {
  balance: ANCHOR_BALANCE,
  equity: ANCHOR_EQUITY,
  'max-balance-equity': ANCHOR_MAX,
} as const

const micros = z.number().int()

const dayRecordSchema = z.object({
  date: z.string(),
  startMs: z.number(),
  endMs: z.number(),
  /** micro-units, like every amount below */
  anchor: micros,
  highWaterAtStart: micros,
  minEquity: micros,
  hasSnapshot: z.boolean(),
  closedProfit: micros,
  isTraded: z.boolean(),
  isPaused: z.boolean(),
})
type DayRecord = z.output<typeof dayRecordSchema>

const breachRecordSchema = z.object({
  rule: z.enum(['dailyLoss', 'maxLoss']),
  tMs: z.number(),
  equity: micros,
  /** the anchor (dailyLoss) or high-water mark (maxLoss) the breached floor came from */
  basis: micros,
})
type BreachRecord = z.output<typeof breachRecordSchema>

/** The incremental evaluator's state as plain JSON (amounts in integer micro-units). */
export const incrementalStateSchema = z.object({
  version: z.literal(1),
  rules: rulebookSchema,
  status: z.enum(STATUSES),
  breach: breachRecordSchema.nullable(),
  passedAtMs: z.number().nullable(),
  startMs: z.number(),
  lastEventMs: z.number(),
  lastSnapshotMs: z.number(),
  balance: micros,
  equity: micros,
  highWater: micros,
  day: dayRecordSchema,
  pastDays: z.array(dayRecordSchema),
  bestPastDayProfit: micros.nullable(),
  totalClosedProfit: micros,
  tradingDayCount: z.number().int().min(0),
  /** the trading days and flatness as judged at the last snapshot (absent in older states) */
  judgedTradingDayCount: z.number().int().min(0).optional(),
  isJudgedFlat: z.boolean().optional(),
  openTrades: z.array(z.tuple([z.string(), z.number()])),
})
export type IncrementalState = z.output<typeof incrementalStateSchema>

/** The state's shape with its rulebook left to `prepareRules` (validated once per content). */
const stateAroundRulesSchema = incrementalStateSchema.extend({ rules: z.unknown() })

interface PreparedRules {
  readonly rules: Rulebook
  readonly calendar: DayCalendar
}

/**
 * Validated rulebooks and their day calendars, by content. Thousands of accounts share a handful
 * of rulebook versions: each is validated (zod, IANA zone lookup) and given a calendar once, not
 * once per account started or restored. The shared rulebook is frozen; the calendar only caches
 * reset instants. Bounded: cleared when it holds more than PREPARED_LIMIT distinct rulebooks.
 */
const prepared = new Map<string, PreparedRules>()
const PREPARED_LIMIT = 1_000

function prepareRules(input: unknown): PreparedRules {
  const key = JSON.stringify(input)
  const hit = key === undefined ? undefined : prepared.get(key)
  if (hit !== undefined) return hit
  const rules = deepFreeze(rulebookSchema.parse(input))
  const entry = { rules, calendar: createDayCalendar(rules.dayReset) }
  if (key !== undefined) {
    if (prepared.size >= PREPARED_LIMIT) prepared.clear()
    prepared.set(key, entry)
  }
  return entry
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner)
    Object.freeze(value)
  }
  return value
}

function emptyDay(): DayRecord {
  return {
    date: '',
    startMs: 0,
    endMs: 0,
    anchor: 0,
    highWaterAtStart: 0,
    minEquity: 0,
    hasSnapshot: false,
    closedProfit: 0,
    isTraded: false,
    isPaused: false,
  }
}

function microsOf(name: string, amount: number): number {
  const value = toMicros(amount)
  if (Number.isNaN(value)) throw new RangeError(amountError(name, amount))
  return value
}

function amountError(name: string, amount: number): string {
  return `${name} ${amount} is not an exact amount (at most 6 decimals, below 1e9)`
}

/** micro-units -> exact decimal */
function exact(value: number): Dec {
  return new Dec(value).dividedBy(MICROS_PER_UNIT)
}

function fromMicros(value: number): number {
  return value / MICROS_PER_UNIT
}

/** exact amount -> micro-units, rounded up */
function ceilMicros(value: Dec): number {
  return value.times(MICROS_PER_UNIT).ceil().toNumber()
}
