import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import {
  getRulebook,
  IncrementalEvaluator,
  type AccountSizeK,
  type PlanKey,
  type RulebookInput,
  type Verdict,
} from '@tp/domain'
import type { Database, Executor } from '../db/client'
import type { accountDays } from '../db/schema'
import {
  evaluationEvents,
  tradingAccounts,
  type EvaluationEventRow,
  type TradingAccountRow,
} from '../db/schema'
import type {
  AccountEvent,
  PlatformPosition,
  TradingPlatform,
} from '../integrations/trading-platform/trading-platform'
import type { Logger } from '../lib/logger'
import { rankNearestToBreach, type BreachDistance } from './nearest-to-breach'
import { StatementSize, writeInStatements, yieldToEventLoop } from './statement-size'

// Live risk: every equity change of every active account goes through the domain's incremental
// evaluator (docs/decisions/0014). What the evaluator is fed is written to an append-only ledger
// (evaluation_events), so replaying the ledger through `npm run engine -- evaluate` gives the
// live verdict again, by construction.
//
// Not every tick is fed: a snapshot is recorded when it can matter to a verdict or a meter (the
// balance moved, a trade opened or closed, equity made a new low of the day, equity left the
// evaluator's band: at or below a floor, or at or above what a rule reads upwards - a
// trailing-equity high-water mark, an equity profit target), plus one every 5 minutes while equity
// moves (the equity curve). Every other tick is provably irrelevant to the rules: it is inside the
// band and above the day's lowest recorded equity, at the same balance, with no trade event since
// the last record. The screen compares integers only (cents x 10,000 against the evaluator's
// micro-units, held per account slot in typed arrays); the exact engine judges what it lets
// through, so the verdict of the recorded snapshots is the verdict, and the same snapshots are
// what the ledger replays (docs/decisions/0023).
//
// A snapshot is taken at every day reset (the values in force at that instant), so each day's
// anchor is exact and stored with its floors (account_days). On a breach or a pass the monitor
// stops feeding the account and hands it to the lifecycle hooks at once, on the same tick.

export interface RiskHooks {
  /** a hard breach: called synchronously on the breaching tick (positions still as they were) */
  onBreach(
    account: MonitoredAccount,
    verdict: Verdict,
    positionsAtBreach: Promise<PlatformPosition[]>,
  ): void
  onPass(account: MonitoredAccount, verdict: Verdict): void
  /** recorded a snapshot or a trade: the account's meters changed */
  onMetersChanged(account: MonitoredAccount): void
}

export interface MonitoredAccount {
  readonly accountId: string
  readonly externalId: string
  readonly userId: string
  readonly planKey: PlanKey
  readonly rulebookVersion: string
  readonly initialBalance: number
  evaluator: IncrementalEvaluator
  seq: number
  isClosed: boolean
  /** the latest values the platform reported (cents) */
  balanceNow: number
  equityNow: number
  /** the latest recorded snapshot */
  recordedBalance: number
  recordedEquity: number
  recordedMs: number
  dayStartMs: number
  dayMinEquity: number
  /**
   * The lowest equity of the day seen since the last record, not yet recorded (its time, or null):
   * a new low above every floor changes no verdict until the day's row is read, so only the lowest
   * of a run of lows is recorded, before anything else is (decision 0023).
   */
  heldLowMs: number | null
  heldLowEquity: number
  hasTradeEventSinceRecord: boolean
  /**
   * A history is being booked at its past moments (the scenario driver): the clock's resets
   * must not be crossed until it is done, or past events would land on today.
   */
  isBackfilling: boolean
  /** the account's index in the monitor's numeric arrays (hot path) */
  readonly slot: number
}

/**
 * What the equity hot path reads and writes, per account slot, as plain numbers side by side in
 * one Float64Array (decisions 0023, 0027): the end of the evaluator's day and its equity band in
 * micro-units (`IncrementalEvaluator.equityBand`: the highest floor in force, -Infinity without
 * one; the equity a rule reads upwards, Infinity when none does), refreshed whenever the evaluator
 * is fed (the only times they can move); and the account's screen state (latest and recorded
 * values, the day's low, the held low, flags), which MonitoredAccount reads through accessors. An
 * equity event that is not recorded touches this record and nothing else: no account object, no
 * boxed number, no getter, no allocation.
 */
class HotFigures {
  static readonly STRIDE = 16
  values = new Float64Array(1_024 * HotFigures.STRIDE)
  private next = 0

  /** slots allocated so far (a forgotten account's slot stays, closed) */
  get count(): number {
    return this.next
  }

  allocate(): number {
    if ((this.next + 1) * HotFigures.STRIDE > this.values.length) {
      const grown = new Float64Array(this.values.length * 2)
      grown.set(this.values)
      this.values = grown
    }
    return this.next++
  }

  dayEndMs(slot: number): number {
    return this.values[slot * HotFigures.STRIDE + F_DAY_END_MS]!
  }

  refresh(account: MonitoredAccount): void {
    const { evaluator, slot } = account
    const band = evaluator.equityBand
    const at = slot * HotFigures.STRIDE
    this.values[at + F_DAY_END_MS] = evaluator.currentDay.endMs
    this.values[at + F_FLOOR] = band.floor
    this.values[at + F_CEILING] = band.ceiling
  }
}

/** the fields of a HotFigures record */
const F_DAY_END_MS = 0
const F_FLOOR = 1
const F_CEILING = 2
const F_IS_CLOSED = 3
const F_BALANCE_NOW = 4
const F_EQUITY_NOW = 5
const F_RECORDED_BALANCE = 6
const F_RECORDED_EQUITY = 7
const F_RECORDED_MS = 8
const F_DAY_MIN_EQUITY = 9
/** NaN: no held low */
const F_HELD_LOW_MS = 10
const F_HELD_LOW_EQUITY = 11
const F_HAS_TRADE_EVENT = 12
/** the platform's index of the account, once an event told it (-1: not yet) */
const F_PLATFORM_INDEX = 13

/**
 * A judged account: its identity and evaluator on the object, its screen state in the monitor's
 * HotFigures record (slot), read and written through accessors.
 */
class Monitored implements MonitoredAccount {
  isBackfilling = false
  dayStartMs: number
  // accessors of the HotFigures record (NUMERIC_FIELDS, below)
  declare balanceNow: number
  declare equityNow: number
  declare recordedBalance: number
  declare recordedEquity: number
  declare recordedMs: number
  declare dayMinEquity: number
  declare heldLowEquity: number

  constructor(
    private readonly hot: HotFigures,
    readonly slot: number,
    readonly accountId: string,
    readonly externalId: string,
    readonly userId: string,
    readonly planKey: PlanKey,
    readonly rulebookVersion: string,
    readonly initialBalance: number,
    public evaluator: IncrementalEvaluator,
    public seq: number,
    values: { tMs: number; balance: number; equity: number },
  ) {
    this.dayStartMs = evaluator.currentDay.startMs
    this.isClosed = false
    this.balanceNow = this.recordedBalance = values.balance
    this.equityNow = this.recordedEquity = this.dayMinEquity = values.equity
    this.recordedMs = values.tMs
    this.heldLowMs = null
    this.heldLowEquity = 0
    this.hasTradeEventSinceRecord = false
    this.write(F_PLATFORM_INDEX, -1)
  }

  read(field: number): number {
    return this.hot.values[this.slot * HotFigures.STRIDE + field]!
  }

  write(field: number, value: number): void {
    this.hot.values[this.slot * HotFigures.STRIDE + field] = value
  }

  get isClosed(): boolean {
    return this.read(F_IS_CLOSED) !== 0
  }
  set isClosed(value: boolean) {
    this.write(F_IS_CLOSED, value ? 1 : 0)
  }
  get heldLowMs(): number | null {
    const value = this.read(F_HELD_LOW_MS)
    return Number.isNaN(value) ? null : value
  }
  set heldLowMs(value: number | null) {
    this.write(F_HELD_LOW_MS, value ?? NaN)
  }
  get hasTradeEventSinceRecord(): boolean {
    return this.read(F_HAS_TRADE_EVENT) !== 0
  }
  set hasTradeEventSinceRecord(value: boolean) {
    this.write(F_HAS_TRADE_EVENT, value ? 1 : 0)
  }
}

/** The plain numbers of a Monitored, each an accessor of its field in the HotFigures record. */
const NUMERIC_FIELDS = {
  balanceNow: F_BALANCE_NOW,
  equityNow: F_EQUITY_NOW,
  recordedBalance: F_RECORDED_BALANCE,
  recordedEquity: F_RECORDED_EQUITY,
  recordedMs: F_RECORDED_MS,
  dayMinEquity: F_DAY_MIN_EQUITY,
  heldLowEquity: F_HELD_LOW_EQUITY,
} as const
for (const [name, field] of Object.entries(NUMERIC_FIELDS)) {
  Object.defineProperty(Monitored.prototype, name, {
    get(this: Monitored) {
      return this.read(field)
    },
    set(this: Monitored, value: number) {
      this.write(field, value)
    },
  })
}

type LedgerRow = typeof evaluationEvents.$inferInsert

const FLUSH_INTERVAL_MS = Number(process.env.RISK_FLUSH_MS ?? 250)
/** accounts whose ledgers one startup query reads */
const LOAD_CHUNK = 2_000
const FLUSH_CHUNK = 5_000
/**
 * The time one statement of a flush may hold the database (on PGlite, every other query of the
 * app waits for it: 0006): each kind of write sizes its statements to it (StatementSize), within
 * the bounds below.
 */
const FLUSH_STATEMENT_TARGET_MS = Number(process.env.RISK_FLUSH_STATEMENT_MS ?? 10)
/** ledger rows per statement of a flush */
const FLUSH_STATEMENT_ROWS = { min: 100, initial: 500, max: 1_000 }
/** day rows per statement: an upsert of numeric columns, several times a ledger row */
const FLUSH_STATEMENT_DAYS = { min: 50, initial: 250, max: 500 }
/** checkpoints per statement: each is ~1 KB of JSON and an update of the account row */
const FLUSH_STATEMENT_CHECKPOINTS = { min: 10, initial: 50, max: 100 }
const sizeOf = (bounds: { min: number; initial: number; max: number }) =>
  new StatementSize(bounds, FLUSH_STATEMENT_TARGET_MS)
/** the longest the timer's crossing of a day reset runs before a turn of the event loop */
const CROSS_SLICE_MS = 10
/** accounts crossed between two looks at the clock */
const CROSS_CHECK_EVERY = 16
/** while equity moves, at least one snapshot every 5 minutes (the equity curve) */
const CURVE_INTERVAL_MS = 5 * 60_000
/** cents -> the evaluator's micro-units (an exact integer in a double) */
const MICROS_PER_CENT = 10_000
/** a held day low is recorded at the latest this long after it (event time, or the timer's now) */
const LOW_HOLD_MS = 60_000

export interface RiskMonitorOptions {
  db: Database
  platform: TradingPlatform
  logger: Logger
  now(): number
  hooks: RiskHooks
  /** the rulebook an account is judged by (default: its plan's, at its version) */
  rulesOf?: (row: TradingAccountRow) => RulebookInput
  /**
   * An account is judged from now on with the evaluator's rulebook (started, rebuilt at start, or
   * restarted on a re-based rulebook): the platform's equity alarm is set from it (decision 0048)
   */
  onTracked?: (account: MonitoredAccount) => void
}

export class RiskMonitor {
  private readonly byExternalId = new Map<string, MonitoredAccount>()
  /** the hot path's lookup: platform id -> slot (a number, no object to read) */
  private readonly slotByExternalId = new Map<string, number>()
  private readonly bySlot: MonitoredAccount[] = []
  /**
   * platform index (the equity event's `index`) -> slot, -1 when not known: checked against the
   * slot's record, so a stale entry (an account forgotten, tracked again) falls back to the map
   */
  private slotByPlatformIndex = new Int32Array(1_024).fill(-1)
  private readonly byAccountId = new Map<string, MonitoredAccount>()
  private readonly hot = new HotFigures()
  private pending: LedgerRow[] = []
  private pendingDays = new Map<string, (typeof accountDays.$inferInsert)[]>()
  /** each account's latest checkpoint, its state kept as JSON text from the moment it is taken */
  private pendingCheckpoints = new Map<string, { json: string; seq: number }>()
  private flushing: Promise<void> | null = null
  /** rows per statement of each kind of flush write, sized to FLUSH_STATEMENT_TARGET_MS */
  private readonly statementSizes = {
    rows: sizeOf(FLUSH_STATEMENT_ROWS),
    days: sizeOf(FLUSH_STATEMENT_DAYS),
    checkpoints: sizeOf(FLUSH_STATEMENT_CHECKPOINTS),
  }
  /** breach and pass transactions in flight: a flush lets them go first (writeVerdict) */
  private verdictWrites = 0
  private verdictsIdle: Promise<void> = Promise.resolve()
  private onVerdictsIdle: () => void = () => {}
  private timer: NodeJS.Timeout | null = null
  /** the timer's crossing of the resets in slices, while it runs */
  private timerCrossing: Promise<void> | null = null
  private isStopping = false
  private unsubscribe: (() => void) | null = null

  constructor(private readonly options: RiskMonitorOptions) {}

  /** Subscribes to the platform and loads every active account (before the platform's catch-up). */
  async start(): Promise<void> {
    this.unsubscribe = this.options.platform.subscribe((externalId, event) =>
      this.onEvent(externalId, event),
    )
    const rows = await this.options.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.status, 'active'))
    // the ledgers after each checkpoint in a few queries (LOAD_CHUNK accounts each), not one each
    for (let i = 0; i < rows.length; i += LOAD_CHUNK) {
      const chunk = rows.slice(i, i + LOAD_CHUNK)
      const tails = await loadLedgerTails(this.options.db, chunk)
      for (const row of chunk) await this.load(row, tails.get(row.id) ?? [])
    }
    this.timer = setInterval(() => {
      if (this.timerCrossing) return
      this.timerCrossing = this.crossResetsInSlices(this.options.now())
        .then(() => {
          this.recordHeldLows(this.options.now() - LOW_HOLD_MS)
          void this.flush().catch(() => {})
        })
        .catch(() => {})
        .finally(() => (this.timerCrossing = null))
    }, FLUSH_INTERVAL_MS)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    this.unsubscribe?.()
    this.isStopping = true
    if (this.timer) clearInterval(this.timer)
    await this.timerCrossing
    this.recordHeldLows(Infinity)
    await this.flush()
  }

  /**
   * The timer's crossing of the resets due by `nowMs` (a reset is crossed on time even when no
   * tick comes; the day-reset job does it too): in slices of CROSS_SLICE_MS with a turn of the
   * event loop between them, so a reset of 10,000 accounts (a second or more of evaluator work)
   * never holds the API loop for more than a slice (decision 0050). An account not crossed yet
   * crosses on its own next event, before that event is judged, as always.
   */
  async crossResetsInSlices(nowMs: number, sliceMs = CROSS_SLICE_MS): Promise<number> {
    let from = 0
    let count = 0
    while (!this.isStopping) {
      const slice = this.crossResetsFrom(nowMs, from, performance.now() + sliceMs)
      count += slice.count
      from = slice.nextSlot
      if (from >= this.hot.count) break
      await yieldToEventLoop()
    }
    return count
  }

  /** Records every held day low seen at or before `untilMs` (Infinity: all of them). */
  recordHeldLows(untilMs: number): void {
    // a scan of the hot records, as crossResets (NaN, no held low, is never <= untilMs)
    const end = this.hot.count * HotFigures.STRIDE
    for (let at = 0, slot = 0; at < end; at += HotFigures.STRIDE, slot++) {
      const values = this.hot.values
      if (values[at + F_IS_CLOSED] === 0 && values[at + F_HELD_LOW_MS]! <= untilMs) {
        this.recordHeldLow(this.bySlot[slot]!)
      }
    }
  }

  get(accountId: string): MonitoredAccount | undefined {
    return this.byAccountId.get(accountId)
  }

  accounts(): IterableIterator<MonitoredAccount> {
    return this.byAccountId.values()
  }

  /**
   * The `limit` open accounts nearest to a floor, nearest first (the admin's live risk view,
   * decision 0038): computed on demand from the evaluators, read-only, nothing on the tick path.
   */
  nearestToBreach(limit: number): { monitored: number; accounts: BreachDistance[] } {
    return rankNearestToBreach(this.byAccountId.values(), limit)
  }

  /**
   * Starts judging a newly provisioned account: its first snapshot (the start) at `startMs`.
   * Written at once: the account's evaluation exists as soon as it can trade.
   */
  async track(
    row: TradingAccountRow,
    startMs: number,
    options: { isBackfilling?: boolean } = {},
  ): Promise<MonitoredAccount> {
    const existing = this.byAccountId.get(row.id)
    if (existing) return existing
    const balance = row.initialBalance
    const evaluator = IncrementalEvaluator.start(
      (this.options.rulesOf ?? rulesOf)(row),
      startMs,
      balance / 100,
      balance / 100,
    )
    const account = this.register(row, evaluator, 0, startMs, balance, balance)
    account.isBackfilling = options.isBackfilling ?? false
    this.options.onTracked?.(account)
    this.record(account, {
      kind: 'snapshot',
      accountId: row.id,
      seq: ++account.seq,
      tMs: startMs,
      balance,
      equity: balance,
    })
    await this.flush()
    return account
  }

  /**
   * Judges an active account if this monitor does not yet: from its ledger when it has one, else
   * from its start (an attempt that activated it died before its first snapshot was written).
   */
  async ensureTracked(row: TradingAccountRow): Promise<void> {
    if (row.status !== 'active' || this.byAccountId.has(row.id)) return
    await this.load(row)
  }

  /** The account's past is booked: the clock's resets apply to it again. */
  endBackfill(accountId: string): void {
    const account = this.byAccountId.get(accountId)
    if (account) account.isBackfilling = false
  }

  /** Crosses the day resets due by `nowMs` for every account (the day-reset job, and a timer). */
  crossResets(nowMs: number): number {
    return this.crossResetsFrom(nowMs, 0, Infinity).count
  }

  /**
   * Crosses the resets due by `nowMs` of the slots from `fromSlot` on, until the last slot or
   * until `deadline` (performance.now()) has passed: the accounts crossed, and the slot to go on
   * from (the slot count when every slot was scanned).
   */
  private crossResetsFrom(
    nowMs: number,
    fromSlot: number,
    deadline: number,
  ): { count: number; nextSlot: number } {
    // a scan of the hot records (every 250 ms over every slot: no account object unless due)
    let count = 0
    const end = this.hot.count * HotFigures.STRIDE
    for (let at = fromSlot * HotFigures.STRIDE, slot = fromSlot; at < end;) {
      const values = this.hot.values
      const isDue = values[at + F_IS_CLOSED] === 0 && nowMs >= values[at + F_DAY_END_MS]!
      at += HotFigures.STRIDE
      slot++
      if (!isDue) continue
      const account = this.bySlot[slot - 1]!
      if (account.isBackfilling) continue
      this.crossResetsOf(account, nowMs)
      count++
      if (count % CROSS_CHECK_EVERY === 0 && performance.now() >= deadline) {
        return { count, nextSlot: slot }
      }
    }
    return { count, nextSlot: this.hot.count }
  }

  /**
   * Writes everything recorded so far (ledger rows, day rows, checkpoints) in short statements
   * (each sized to take about FLUSH_STATEMENT_TARGET_MS), each committed on its own: a flush
   * of 10,000 accounts never holds the database (on PGlite, every other query) for the whole
   * batch. The order keeps what decision 0014 needs: ledger rows first, in the order they were
   * recorded (what is stored of an account is always a prefix of its ledger), then day rows, then
   * checkpoints (never stored ahead of the rows they cover). A failed statement puts back what
   * was not written yet; rows are keyed (account, seq) and inserted `on conflict do nothing`, so
   * each is stored exactly once.
   */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing
    if (
      this.pending.length === 0 &&
      this.pendingDays.size === 0 &&
      this.pendingCheckpoints.size === 0
    )
      return
    const rows = this.pending
    const days = [...this.pendingDays.values()].flat()
    const checkpoints = this.pendingCheckpoints
    this.pending = []
    this.pendingDays = new Map()
    this.pendingCheckpoints = new Map()
    const { db } = this.options
    let rowsWritten = 0
    const write = async () => {
      // before each statement, a breach or pass waiting to be stored goes first
      const before = () => this.verdictsIdle
      await writeInStatements(
        rows,
        this.statementSizes.rows,
        before,
        (chunk) => writeLedger(db, chunk),
        (count) => (rowsWritten += count),
      )
      await writeInStatements(days, this.statementSizes.days, before, (chunk) =>
        writeDays(db, chunk),
      )
      await writeInStatements([...checkpoints], this.statementSizes.checkpoints, before, (chunk) =>
        writeCheckpoints(db, chunk),
      )
    }
    this.flushing = write()
      .catch((error: unknown) => {
        this.options.logger.error({ err: error }, 'risk: ledger write failed; retrying')
        this.pending = [...rows.slice(rowsWritten), ...this.pending]
        for (const day of days) this.queueDay(day)
        for (const [id, checkpoint] of checkpoints) {
          if (!this.pendingCheckpoints.has(id)) this.pendingCheckpoints.set(id, checkpoint)
        }
        throw error
      })
      .finally(() => (this.flushing = null))
    await this.flushing
  }

  /**
   * Runs a breach's or pass's transaction ahead of the flush: while one is in flight, a flush
   * issues no new statement (it waits at most for the one statement it has running), so the
   * breaching tick is stored without queueing behind a whole buffer of ledger rows.
   */
  async writeVerdict<T>(write: () => Promise<T>): Promise<T> {
    if (this.verdictWrites++ === 0) {
      this.verdictsIdle = new Promise((resolve) => (this.onVerdictsIdle = resolve))
    }
    try {
      return await write()
    } finally {
      if (--this.verdictWrites === 0) this.onVerdictsIdle()
    }
  }

  /**
   * Takes an account's unwritten ledger rows out of the shared buffer, so the breach or pass
   * transaction writes them together with the verdict.
   */
  takePending(accountId: string): { rows: LedgerRow[]; days: (typeof accountDays.$inferInsert)[] } {
    // one pass over the buffer (it holds every account's rows since the last flush)
    const rows: LedgerRow[] = []
    const kept: LedgerRow[] = []
    for (const row of this.pending) (row.accountId === accountId ? rows : kept).push(row)
    this.pending = kept
    const days = this.pendingDays.get(accountId) ?? []
    this.pendingDays.delete(accountId)
    this.pendingCheckpoints.delete(accountId)
    return { rows, days }
  }

  /** Stops judging an account (it ended, or was suspended). */
  forget(accountId: string): void {
    const account = this.byAccountId.get(accountId)
    if (!account) return
    account.isClosed = true
    this.byAccountId.delete(accountId)
    this.byExternalId.delete(account.externalId)
    this.slotByExternalId.delete(account.externalId)
  }

  // ---- events ---------------------------------------------------------------------------------

  private onEvent(externalId: string, event: AccountEvent): void {
    if (event.type === 'equity') {
      this.onEquity(externalId, event.index, event.tMs, event.balance, event.equity)
      return
    }
    const account = this.byExternalId.get(externalId)
    if (account === undefined || account.isClosed) return
    switch (event.type) {
      case 'position-opened': {
        this.crossResetsOf(account, event.tMs)
        if (account.heldLowMs !== null) this.recordHeldLow(account)
        const { position } = event
        const tMs = this.tradeTime(account, event.tMs)
        account.evaluator.tradeOpened(position.id, tMs)
        this.hot.refresh(account)
        account.hasTradeEventSinceRecord = true
        this.record(account, {
          kind: 'trade-open',
          accountId: account.accountId,
          seq: ++account.seq,
          tMs,
          tradeId: position.id,
          symbol: position.symbol,
          side: position.side,
          volume: position.volume,
          openPrice: position.openPrice,
        })
        break
      }
      case 'position-closed': {
        if (event.totals === null) break
        this.crossResetsOf(account, event.tMs)
        if (account.heldLowMs !== null) this.recordHeldLow(account)
        const totals = event.totals
        const tMs = this.tradeTime(account, event.tMs)
        const net = totals.profit + totals.swap + totals.commission
        account.evaluator.tradeClosed(totals.positionId, tMs, net / 100)
        this.hot.refresh(account)
        account.hasTradeEventSinceRecord = true
        this.record(account, {
          kind: 'trade-close',
          accountId: account.accountId,
          seq: ++account.seq,
          tMs,
          tradeId: totals.positionId,
          symbol: totals.symbol,
          side: totals.side,
          volume: totals.volume,
          openPrice: totals.openPrice,
          closePrice: totals.closePrice,
          profit: totals.profit,
          commission: totals.commission,
          swap: totals.swap,
        })
        break
      }
      default:
        break
    }
  }

  /**
   * The hot path (every concerned account on every tick): the screen on the account's HotFigures
   * record alone; the account object is read only when something is recorded.
   */
  private onEquity(
    externalId: string,
    index: number | undefined,
    tMs: number,
    balance: number,
    equity: number,
  ): void {
    let values = this.hot.values
    let slot = index === undefined ? -1 : (this.slotByPlatformIndex[index] ?? -1)
    if (
      slot < 0 ||
      values[slot * HotFigures.STRIDE + F_PLATFORM_INDEX] !== index ||
      values[slot * HotFigures.STRIDE + F_IS_CLOSED] !== 0
    ) {
      // not known by its index yet (or no longer what it was): by its id, then remembered
      const found = this.slotByExternalId.get(externalId)
      if (found === undefined) return
      slot = found
      if (index !== undefined) this.rememberIndex(index, slot)
    }
    const at = slot * HotFigures.STRIDE
    if (values[at + F_IS_CLOSED] !== 0) return
    if (tMs >= values[at + F_DAY_END_MS]!) {
      this.crossResetsOf(this.bySlot[slot]!, tMs)
      values = this.hot.values
    }
    values[at + F_BALANCE_NOW] = balance
    values[at + F_EQUITY_NOW] = equity
    const equityMicros = equity * MICROS_PER_CENT
    if (
      values[at + F_HAS_TRADE_EVENT] !== 0 ||
      balance !== values[at + F_RECORDED_BALANCE] ||
      // outside the evaluator's band (integers: cents x 10,000 against micro-units)
      equityMicros <= values[at + F_FLOOR]! ||
      equityMicros >= values[at + F_CEILING]! ||
      (tMs - values[at + F_RECORDED_MS]! >= CURVE_INTERVAL_MS &&
        equity !== values[at + F_RECORDED_EQUITY])
    ) {
      this.recordSnapshot(this.bySlot[slot]!, tMs)
      return
    }
    const heldLowMs = values[at + F_HELD_LOW_MS]!
    if (Number.isNaN(heldLowMs)) {
      // a new low of the day inside the band: held, only the lowest of a run is recorded
      if (equity < values[at + F_DAY_MIN_EQUITY]!) {
        values[at + F_HELD_LOW_MS] = tMs
        values[at + F_HELD_LOW_EQUITY] = equity
      }
    } else if (equity < values[at + F_HELD_LOW_EQUITY]!) {
      values[at + F_HELD_LOW_MS] = tMs
      values[at + F_HELD_LOW_EQUITY] = equity
    } else if (tMs - heldLowMs >= LOW_HOLD_MS) {
      this.recordHeldLow(this.bySlot[slot]!)
    }
  }

  private rememberIndex(index: number, slot: number): void {
    if (!Number.isSafeInteger(index) || index < 0) return
    if (index >= this.slotByPlatformIndex.length) {
      const grown = new Int32Array(Math.max(index + 1, this.slotByPlatformIndex.length * 2)).fill(
        -1,
      )
      grown.set(this.slotByPlatformIndex)
      this.slotByPlatformIndex = grown
    }
    this.slotByPlatformIndex[index] = slot
    this.hot.values[slot * HotFigures.STRIDE + F_PLATFORM_INDEX] = index
  }

  /** Records the tick now in force (after the day low it may hold: the ledger is in time order). */
  private recordSnapshot(account: MonitoredAccount, tMs: number): void {
    if (account.heldLowMs !== null) this.recordHeldLow(account)
    this.recordValues(account, tMs, account.balanceNow, account.equityNow)
  }

  /** The held day low, at its own time (the balance has not moved since: that is recorded). */
  private recordHeldLow(account: MonitoredAccount): void {
    const tMs = account.heldLowMs!
    account.heldLowMs = null
    this.recordValues(account, tMs, account.recordedBalance, account.heldLowEquity)
  }

  private recordValues(account: MonitoredAccount, tMs: number, balance: number, equity: number) {
    const evaluator = account.evaluator
    const { lastEventMs, lastSnapshotMs } = evaluator.timeline
    const t = Math.max(tMs, lastEventMs, lastSnapshotMs + 1)
    evaluator.snapshot(t, balance / 100, equity / 100)
    this.hot.refresh(account)
    this.noteSnapshot(account, t, balance, equity)
    this.record(account, {
      kind: 'snapshot',
      accountId: account.accountId,
      seq: ++account.seq,
      tMs: t,
      balance,
      equity,
    })
    this.afterRecord(account)
  }

  /** One snapshot at each reset crossed before `tMs`, with the values in force then. */
  private crossResetsOf(account: MonitoredAccount, tMs: number): void {
    const evaluator = account.evaluator
    // the held low belongs to the day ending (it came before any reset still to cross)
    if (account.heldLowMs !== null && tMs >= evaluator.currentDay.endMs) this.recordHeldLow(account)
    while (
      !account.isClosed &&
      evaluator.status === 'active' &&
      tMs >= evaluator.currentDay.endMs
    ) {
      const resetMs = evaluator.currentDay.endMs
      const balance = account.balanceNow
      const equity = account.equityNow
      evaluator.snapshot(resetMs, balance / 100, equity / 100)
      this.hot.refresh(account)
      this.noteSnapshot(account, resetMs, balance, equity)
      this.record(account, {
        kind: 'snapshot',
        accountId: account.accountId,
        seq: ++account.seq,
        tMs: resetMs,
        balance,
        equity,
      })
      this.storeDays(account)
      this.pendingCheckpoints.set(account.accountId, {
        json: JSON.stringify(evaluator.toState()),
        seq: account.seq,
      })
      this.afterRecord(account)
    }
  }

  private noteSnapshot(account: MonitoredAccount, tMs: number, balance: number, equity: number) {
    const dayStartMs = account.evaluator.currentDay.startMs
    if (dayStartMs !== account.dayStartMs) {
      account.dayStartMs = dayStartMs
      account.dayMinEquity = equity
    } else {
      account.dayMinEquity = Math.min(account.dayMinEquity, equity)
    }
    account.recordedBalance = balance
    account.recordedEquity = equity
    account.recordedMs = tMs
    account.hasTradeEventSinceRecord = false
  }

  private afterRecord(account: MonitoredAccount): void {
    const evaluator = account.evaluator
    if (evaluator.status === 'failed') {
      account.isClosed = true
      const positions = this.options.platform.listPositions(account.externalId)
      this.options.hooks.onBreach(account, evaluator.verdict(), positions)
    } else if (evaluator.status === 'passed') {
      account.isClosed = true
      this.options.hooks.onPass(account, evaluator.verdict())
    }
    this.options.hooks.onMetersChanged(account)
  }

  /** Trades are fed in time order and after the account's start (the engine's rules). */
  private tradeTime(account: MonitoredAccount, tMs: number): number {
    const times = account.evaluator.timeline
    return Math.max(tMs, times.lastEventMs, times.startMs + 1)
  }

  private record(account: MonitoredAccount, row: LedgerRow): void {
    this.pending.push(row)
    if (row.kind !== 'snapshot') this.options.hooks.onMetersChanged(account)
  }

  private storeDays(account: MonitoredAccount): void {
    for (const day of account.evaluator.recentDays(2)) {
      this.queueDay(dayRow(account.accountId, day))
    }
  }

  private queueDay(day: typeof accountDays.$inferInsert): void {
    const list = this.pendingDays.get(day.accountId) ?? []
    this.pendingDays.set(day.accountId, [...list.filter((d) => d.date !== day.date), day])
  }

  // ---- loading --------------------------------------------------------------------------------

  private register(
    row: TradingAccountRow,
    evaluator: IncrementalEvaluator,
    seq: number,
    tMs: number,
    balance: number,
    equity: number,
  ): MonitoredAccount {
    const slot = this.hot.allocate()
    const account = new Monitored(
      this.hot,
      slot,
      row.id,
      row.externalId!,
      row.userId,
      row.planKey as PlanKey,
      row.rulebookVersion,
      row.initialBalance,
      evaluator,
      seq,
      { tMs, balance, equity },
    )
    this.hot.refresh(account)
    this.byAccountId.set(row.id, account)
    this.byExternalId.set(account.externalId, account)
    this.slotByExternalId.set(account.externalId, slot)
    this.bySlot[slot] = account
    return account
  }

  /**
   * Rebuilds an account's evaluator: the last checkpoint, then the ledger after it (`tail`, when
   * the caller loaded it in bulk; else read here).
   */
  private async load(row: TradingAccountRow, tail?: EvaluationEventRow[]): Promise<void> {
    const events =
      tail ??
      (await this.options.db
        .select()
        .from(evaluationEvents)
        .where(
          and(
            eq(evaluationEvents.accountId, row.id),
            gt(evaluationEvents.seq, checkpointSeqOf(row)),
          ),
        )
        .orderBy(asc(evaluationEvents.seq)))
    let evaluator: IncrementalEvaluator
    let first: EvaluationEventRow | undefined
    let rest = events
    if (row.evaluatorState) {
      evaluator = IncrementalEvaluator.restore(row.evaluatorState)
    } else {
      ;[first, ...rest] = events
      if (!first && row.startedAt) {
        // activated, then the process died (or the start failed) before the start was written
        await this.track(row, row.startedAt.getTime())
        return
      }
      if (!first || first.kind !== 'snapshot') {
        this.options.logger.error(
          { accountId: row.id },
          'risk: active account without a start snapshot',
        )
        return
      }
      evaluator = IncrementalEvaluator.start(
        (this.options.rulesOf ?? rulesOf)(row),
        first.tMs,
        first.balance! / 100,
        first.equity! / 100,
      )
    }
    const seq = row.evaluatorState ? row.evaluatorSeq : first!.seq
    const state = evaluator.timeline
    const balance = Math.round(evaluator.balanceNow * 100)
    const equity = Math.round(evaluator.equityNow * 100)
    const account = this.register(row, evaluator, seq, state.lastSnapshotMs, balance, equity)
    for (const event of rest) replay(account, event)
    this.hot.refresh(account)
    // the platform's values now, for the next reset snapshot and meters
    try {
      const info = await this.options.platform.getAccountInfo(account.externalId)
      account.balanceNow = info.balance
      account.equityNow = info.equity
    } catch (error) {
      this.options.logger.warn(
        { err: error, accountId: row.id },
        'risk: account not on the platform',
      )
    }
    if (evaluator.status === 'failed') {
      account.isClosed = true
      this.options.hooks.onBreach(
        account,
        evaluator.verdict(),
        this.options.platform.listPositions(account.externalId),
      )
    } else if (evaluator.status === 'passed') {
      account.isClosed = true
      this.options.hooks.onPass(account, evaluator.verdict())
    } else {
      this.options.onTracked?.(account)
    }
  }
}

/** The ledger seq a restart replays after: the checkpoint's, or 0 (the whole ledger). */
function checkpointSeqOf(row: TradingAccountRow): number {
  return row.evaluatorState ? row.evaluatorSeq : 0
}

/**
 * The ledger rows after each account's checkpoint, for many accounts in one query, grouped by
 * account in seq order (what `load` reads for one account).
 */
export async function loadLedgerTails(
  db: Executor,
  rows: TradingAccountRow[],
): Promise<Map<string, EvaluationEventRow[]>> {
  const tails = new Map<string, EvaluationEventRow[]>()
  if (rows.length === 0) return tails
  const after = new Map(rows.map((row) => [row.id, checkpointSeqOf(row)]))
  const found = await db
    .select({ event: evaluationEvents })
    .from(evaluationEvents)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, evaluationEvents.accountId))
    .where(
      and(
        inArray(
          evaluationEvents.accountId,
          rows.map((row) => row.id),
        ),
        gt(
          evaluationEvents.seq,
          sql`case when ${tradingAccounts.evaluatorState} is null then 0 else ${tradingAccounts.evaluatorSeq} end`,
        ),
      ),
    )
    .orderBy(asc(evaluationEvents.accountId), asc(evaluationEvents.seq))
  for (const { event } of found) {
    // the checkpoint as read with the account rows (the same, unless one was written since)
    if (event.seq <= after.get(event.accountId)!) continue
    const tail = tails.get(event.accountId)
    if (tail) tail.push(event)
    else tails.set(event.accountId, [event])
  }
  return tails
}

/** A verdict's day as stored (exact decimals). */
export function dayRow(
  accountId: string,
  day: Verdict['days'][number],
): typeof accountDays.$inferInsert {
  return {
    accountId,
    date: day.date,
    anchor: String(day.anchor),
    dailyFloor: day.dailyFloor === null ? null : String(day.dailyFloor),
    maxFloor: day.maxFloor === null ? null : String(day.maxFloor),
    minEquity: String(day.minEquity),
    closedProfit: String(day.closedProfit),
    traded: day.traded,
    paused: day.paused,
  }
}

/** Feeds a stored ledger row to the evaluator, keeping the monitor's bookkeeping as live. */
function replay(account: MonitoredAccount, event: EvaluationEventRow): void {
  const evaluator = account.evaluator
  account.seq = event.seq
  if (event.kind === 'snapshot') {
    evaluator.snapshot(event.tMs, event.balance! / 100, event.equity! / 100)
    const dayStartMs = evaluator.currentDay.startMs
    if (dayStartMs !== account.dayStartMs) {
      account.dayStartMs = dayStartMs
      account.dayMinEquity = event.equity!
    } else account.dayMinEquity = Math.min(account.dayMinEquity, event.equity!)
    account.recordedBalance = account.balanceNow = event.balance!
    account.recordedEquity = account.equityNow = event.equity!
    account.recordedMs = event.tMs
    account.hasTradeEventSinceRecord = false
  } else if (event.kind === 'trade-open') {
    evaluator.tradeOpened(event.tradeId!, event.tMs)
    account.hasTradeEventSinceRecord = true
  } else {
    evaluator.tradeClosed(
      event.tradeId!,
      event.tMs,
      (event.profit! + event.commission! + event.swap!) / 100,
    )
    account.hasTradeEventSinceRecord = true
  }
}

export function rulesOf(row: Pick<TradingAccountRow, 'planKey' | 'rulebookVersion' | 'sizeK'>) {
  return getRulebook(row.planKey as PlanKey, row.rulebookVersion, row.sizeK as AccountSizeK)
}

/**
 * Ledger rows in one statement per chunk: arrays unnested by the database (a multi-row VALUES of
 * thousands of rows costs more to build than to run).
 */
async function writeLedger(tx: Executor, rows: LedgerRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += FLUSH_CHUNK) {
    await tx.execute(ledgerInsert(rows.slice(i, i + FLUSH_CHUNK)))
  }
}

/**
 * One insert of ledger rows (arrays unnested by the database), for a flush statement or as part
 * of a verdict's single statement.
 */
export function ledgerInsert(chunk: LedgerRow[]): SQL {
  const column = <K extends keyof LedgerRow>(key: K) =>
    sql.param(chunk.map((row) => row[key] ?? null))
  if (chunk.every((row) => row.kind === 'snapshot')) {
    // the common statement: snapshots only, five columns (the trade columns stay null), each an
    // array literal built in one pass: uuids and integers need no quoting, so the driver's
    // per-element escaping is skipped (decision 0050)
    const [ids, seqs, times, balances, equities] = snapshotColumns(chunk)
    return sql`
      insert into evaluation_events (account_id, seq, kind, t_ms, balance_cents, equity_cents)
      select id, seq, 'snapshot'::evaluation_event_kind, t_ms, balance, equity from unnest(
        ${ids}::uuid[], ${seqs}::int[], ${times}::bigint[], ${balances}::bigint[],
        ${equities}::bigint[]) as r(id, seq, t_ms, balance, equity)
      on conflict do nothing`
  }
  return sql`
    insert into evaluation_events (account_id, seq, kind, t_ms, balance_cents, equity_cents,
      trade_id, symbol, side, volume_units, open_price_points, close_price_points,
      profit_cents, commission_cents, swap_cents)
    select * from unnest(
      ${column('accountId')}::uuid[], ${column('seq')}::int[],
      ${column('kind')}::evaluation_event_kind[], ${column('tMs')}::bigint[],
      ${column('balance')}::bigint[], ${column('equity')}::bigint[], ${column('tradeId')}::text[],
      ${column('symbol')}::text[], ${column('side')}::text[], ${column('volume')}::int[],
      ${column('openPrice')}::bigint[], ${column('closePrice')}::bigint[],
      ${column('profit')}::bigint[], ${column('commission')}::bigint[], ${column('swap')}::bigint[])
    on conflict do nothing`
}

/**
 * The array literals (`{a,b,...}`) of a snapshot chunk's columns: account id, seq, time, balance,
 * equity. Every value is a uuid or an integer (a missing one is NULL), so none needs quoting.
 */
function snapshotColumns(chunk: LedgerRow[]): [string, string, string, string, string] {
  let ids = ''
  let seqs = ''
  let times = ''
  let balances = ''
  let equities = ''
  for (let i = 0; i < chunk.length; i++) {
    const row = chunk[i]!
    const comma = i === 0 ? '' : ','
    ids += comma + row.accountId
    seqs += comma + integerLiteral(row.seq)
    times += comma + integerLiteral(row.tMs)
    balances += comma + integerLiteral(row.balance)
    equities += comma + integerLiteral(row.equity)
  }
  return [`{${ids}}`, `{${seqs}}`, `{${times}}`, `{${balances}}`, `{${equities}}`]
}

function integerLiteral(value: number | null | undefined): string {
  if (value === null || value === undefined) return 'NULL'
  if (!Number.isSafeInteger(value)) throw new Error(`risk: ledger value ${value} is not an integer`)
  return String(value)
}

/** Day rows, upserted in one statement per chunk (at a reset every account has two). */
async function writeDays(tx: Executor, rows: (typeof accountDays.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += FLUSH_CHUNK) {
    await tx.execute(daysUpsert(rows.slice(i, i + FLUSH_CHUNK)))
  }
}

/** One upsert of day rows (for a flush statement or as part of a verdict's single statement). */
export function daysUpsert(rows: (typeof accountDays.$inferInsert)[]): SQL {
  // one row per day: the latest written wins (an upsert may not touch a row twice)
  const chunk = [...new Map(rows.map((day) => [`${day.accountId}/${day.date}`, day])).values()]
  const column = <K extends keyof (typeof chunk)[number]>(key: K) =>
    sql.param(chunk.map((day) => day[key] ?? null))
  return sql`
    insert into account_days (account_id, date, anchor, daily_floor, max_floor, min_equity,
      closed_profit, traded, paused)
    select * from unnest(
      ${column('accountId')}::uuid[], ${column('date')}::text[], ${column('anchor')}::numeric[],
      ${column('dailyFloor')}::numeric[], ${column('maxFloor')}::numeric[],
      ${column('minEquity')}::numeric[], ${column('closedProfit')}::numeric[],
      ${column('traded')}::boolean[], ${column('paused')}::boolean[])
    on conflict (account_id, date) do update set anchor = excluded.anchor,
      daily_floor = excluded.daily_floor, max_floor = excluded.max_floor,
      min_equity = excluded.min_equity, closed_profit = excluded.closed_profit,
      traded = excluded.traded, paused = excluded.paused`
}

/**
 * Evaluator checkpoints, one statement per chunk, sent as one JSON text of `[{id, seq, state}]`
 * (decision 0050): each state is kept as its JSON text from the moment it is taken (a string per
 * account instead of an object graph until the flush), joined here, instead of a string per state
 * that the driver then escaped element by element into a jsonb[] literal.
 */
async function writeCheckpoints(
  tx: Executor,
  checkpoints: [string, { json: string; seq: number }][],
): Promise<void> {
  for (let i = 0; i < checkpoints.length; i += FLUSH_CHUNK) {
    const chunk = checkpoints.slice(i, i + FLUSH_CHUNK)
    let json = ''
    for (const [id, checkpoint] of chunk) {
      if (!Number.isSafeInteger(checkpoint.seq)) throw new Error('risk: checkpoint seq')
      const item = `{"id":${JSON.stringify(id)},"seq":${checkpoint.seq},"state":${checkpoint.json}}`
      json += json === '' ? item : `,${item}`
    }
    await tx.execute(sql`
      update trading_accounts as a
      set evaluator_state = c.state, evaluator_seq = c.seq
      from jsonb_to_recordset(${`[${json}]`}::jsonb) as c(id uuid, state jsonb, seq int)
      where a.id = c.id`)
  }
}

export { writeDays, writeLedger }
