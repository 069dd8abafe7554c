import { and, desc, eq, lt, sql } from 'drizzle-orm'
import {
  aggregateTimeframe,
  applyTickToBar,
  barOpenTime,
  createMarketState,
  MarketModel,
  marketStateSchema,
  type Bar,
  type MarketState,
  type Quote,
  type Tick,
  type Timeframe,
} from '@tp/domain'
import type { Database } from '../../../db/client'
import { simBars, simMarket } from '../../../db/schema'
import type { Clock } from '../../../lib/clock'
import type { Logger } from '../../../lib/logger'

// Prices of the simulated server: the domain's seeded market model (decision 0013) advanced to
// the clock every 100 ms, its state saved every few seconds so a restart continues the same
// paths with no gap, and every tick's bid folded into 1-minute bars, stored so charts have
// history. On the very first start the model begins some hours in the past and is run up to now
// (backfill), so a fresh install already has charts. "manual" mode (tests) never advances on its
// own: quotes move only by pushTick / advanceTo, so a test decides every price.

export type MarketFeedMode = 'live' | 'manual'

export interface MarketFeedOptions {
  db: Database
  clock: Clock
  logger: Logger
  seed: number
  backfillHours: number
  mode: MarketFeedMode
  /** every tick, in time order, after the feed's own books are updated */
  onTick(tick: Tick): void
  /** rollover instants (17:00 New York) crossed by the market's time, in order */
  onRollover(rolloverMs: number, tMs: number): void
  rolloversBetween(fromMs: number, toMs: number): number[]
}

const SAVE_INTERVAL_MS = 5_000
const ADVANCE_INTERVAL_MS = 100
const BAR_INSERT_CHUNK = 2_000
const MINUTES: Record<Timeframe, number> = { M1: 1, M5: 5, M15: 15, H1: 60, H4: 240, D1: 1_440 }
const MAX_MINUTE_ROWS = 60_000
const MINUTE_MS = 60_000
/** Bar requests (symbol, timeframe, limit, minute of `before`) kept; all dropped when full. */
const MAX_CACHED_BAR_REQUESTS = 512

type SymbolBar = Bar & { symbol: string }

/**
 * The closed minutes of one bars request, valid while the symbol's minute in progress and the
 * stored bars (barsGeneration) are the ones it was made with: only the open bar moves in between.
 */
interface ClosedBars {
  /** open time of the minute in progress left out (null: the symbol had none) */
  readonly minuteMs: number | null
  readonly generation: number
  /** the closed minutes before `before`, oldest first */
  readonly minutes: readonly Bar[]
  /** the same aggregated to the request's timeframe */
  readonly aggregated: readonly Bar[]
  /** whether the database's row limit was reached (the oldest bar may be cut) */
  readonly isRowLimitReached: boolean
}

export class MarketFeed {
  private model!: MarketModel
  private readonly latest = new Map<string, Tick>()
  private readonly currentBars = new Map<string, Bar>()
  private closedBars: SymbolBar[] = []
  /** closed bars being written by a save (still in memory until the database has them) */
  private savingBars: SymbolBar[] = []
  /** changes whenever bars move from memory to the database */
  private barsGeneration = 0
  private readonly barsCache = new Map<string, ClosedBars>()
  private lastRolloverMs = 0
  /** the next rollover after lastRolloverMs (cached: computing it takes time-zone maths) */
  private nextRolloverMs = -Infinity
  private timer: NodeJS.Timeout | null = null
  private lastSaveMs = 0
  private saving: Promise<void> | null = null
  private isStopped = false

  constructor(private readonly options: MarketFeedOptions) {}

  /** Loads (or creates and backfills) the market; quotes are ready, nothing moves yet. */
  async load(): Promise<void> {
    const nowMs = this.options.clock.now().getTime()
    const [row] = await this.options.db.select().from(simMarket).where(eq(simMarket.id, 1))
    if (row) {
      this.model = new MarketModel(marketStateSchema.parse(row.state))
      this.setLastRollover(row.lastRolloverMs)
    } else {
      const startMs = nowMs - Math.round(this.options.backfillHours * 3_600_000)
      this.model = new MarketModel(createMarketState({ seed: this.options.seed, startMs }))
      this.setLastRollover(nowMs)
      // the past: bars only (no account exists yet)
      this.model.advance(nowMs, (tick) => this.recordTick(tick))
      await this.save(nowMs, true)
    }
    for (const instrument of this.model.state().instruments) {
      const { symbol, bid, ask, lastTickMs } = instrument
      if (!this.latest.has(symbol)) this.latest.set(symbol, { symbol, bid, ask, tMs: lastTickMs })
    }
    if (row) await this.loadOpenBars()
  }

  /** Catches up with the clock (ticks missed while stopped move the books as live) and runs. */
  run(): void {
    if (this.options.mode === 'live') {
      this.advanceTo(this.options.clock.now().getTime())
      this.timer = setInterval(() => this.tick(), ADVANCE_INTERVAL_MS)
      this.timer.unref()
    }
    this.options.logger.info(
      `simulated market: ${this.latest.size} instruments, ${this.options.mode} prices`,
    )
  }

  async stop(): Promise<void> {
    if (this.isStopped) return
    this.isStopped = true
    if (this.timer) clearInterval(this.timer)
    await this.saving
    await this.save(this.options.clock.now().getTime(), true)
  }

  quotes(): ReadonlyMap<string, Tick> {
    return this.latest
  }

  quote(symbol: string): Quote | undefined {
    return this.latest.get(symbol)
  }

  /**
   * Runs the model up to `toMs`: every tick goes to the books and to onTick, in time order, and
   * each rollover crossed is applied at its moment (after the ticks before it).
   */
  advanceTo(toMs: number): void {
    if (toMs >= this.nextRollover()) {
      for (const rolloverMs of this.options.rolloversBetween(this.lastRolloverMs, toMs)) {
        this.model.advance(rolloverMs, (tick) => this.handleTick(tick))
        this.options.onRollover(rolloverMs, rolloverMs)
        this.setLastRollover(rolloverMs)
      }
    }
    this.model.advance(toMs, (tick) => this.handleTick(tick))
  }

  /** A tick from outside the model (tests, the global scenario driver). */
  pushTick(tick: Tick): void {
    this.handleTick(tick)
    this.crossRollovers(tick.tMs)
  }

  /**
   * Bars of a timeframe opening before `beforeMs`, oldest first, at most `limit`. The closed
   * minutes are cached per request (symbol, timeframe, limit, minute of `beforeMs`) until the
   * symbol's minute changes or bars are saved; the minute in progress is added as it is now.
   */
  async bars(
    symbol: string,
    timeframe: Timeframe,
    beforeMs: number,
    limit: number,
  ): Promise<Bar[]> {
    // bars open on whole minutes: those before `beforeMs` are those before the next minute
    const key = `${symbol}|${timeframe}|${limit}|${Math.ceil(beforeMs / MINUTE_MS)}`
    let closed = this.barsCache.get(key)
    if (
      closed === undefined ||
      closed.minuteMs !== (this.currentBars.get(symbol)?.tMs ?? null) ||
      closed.generation !== this.barsGeneration
    ) {
      closed = await this.loadClosedBars(symbol, timeframe, beforeMs, limit)
      if (this.barsCache.size >= MAX_CACHED_BAR_REQUESTS) this.barsCache.clear()
      this.barsCache.set(key, closed)
    }
    // synchronous from here: the minute in progress is the one `closed` left out
    const current = this.currentBars.get(symbol)
    let aggregated: readonly Bar[] = closed.aggregated
    if (current && current.tMs < beforeMs) {
      const lastClosed = closed.minutes.at(-1)
      if (lastClosed !== undefined && lastClosed.tMs >= current.tMs) {
        // not the newest minute (never in time order; kept exact anyway)
        const minutes = [...closed.minutes.filter((bar) => bar.tMs !== current.tMs), current]
        minutes.sort((a, b) => a.tMs - b.tMs)
        aggregated = timeframe === 'M1' ? minutes : aggregateTimeframe(minutes, timeframe)
      } else {
        aggregated = withMinute(closed.aggregated, current, timeframe)
      }
    }
    // the oldest bar may be cut by the row limit: drop it when the limit was reached
    const complete =
      closed.isRowLimitReached && aggregated.length > 1 ? aggregated.slice(1) : aggregated
    return complete.slice(-limit)
  }

  /**
   * The same bars as `bars`, computed afresh from the database and memory (no cache): what the
   * cache must always agree with (tests).
   */
  async barsWithoutCache(
    symbol: string,
    timeframe: Timeframe,
    beforeMs: number,
    limit: number,
  ): Promise<Bar[]> {
    const rowsWanted = Math.min(limit * MINUTES[timeframe], MAX_MINUTE_ROWS)
    const stored = await this.storedMinutes(symbol, beforeMs, rowsWanted)
    const minutes = this.minutesBefore(symbol, beforeMs, stored)
    const current = this.currentBars.get(symbol)
    if (current && current.tMs < beforeMs) minutes.set(current.tMs, current)
    const ordered = [...minutes.values()].sort((a, b) => a.tMs - b.tMs)
    const aggregated = timeframe === 'M1' ? ordered : aggregateTimeframe(ordered, timeframe)
    const complete =
      stored.length === rowsWanted && aggregated.length > 1 ? aggregated.slice(1) : aggregated
    return complete.slice(-limit)
  }

  // ---- internals ------------------------------------------------------------------------------

  /** The closed minutes of a bars request: the database's, then memory's; not the open one. */
  private async loadClosedBars(
    symbol: string,
    timeframe: Timeframe,
    beforeMs: number,
    limit: number,
  ): Promise<ClosedBars> {
    const generation = this.barsGeneration
    const rowsWanted = Math.min(limit * MINUTES[timeframe], MAX_MINUTE_ROWS)
    const stored = await this.storedMinutes(symbol, beforeMs, rowsWanted)
    // synchronous from here: memory as it is when the answer is made
    const minutes = this.minutesBefore(symbol, beforeMs, stored)
    const minuteMs = this.currentBars.get(symbol)?.tMs ?? null
    if (minuteMs !== null) minutes.delete(minuteMs)
    const ordered = [...minutes.values()].sort((a, b) => a.tMs - b.tMs)
    return {
      minuteMs,
      generation,
      minutes: ordered,
      aggregated: timeframe === 'M1' ? ordered : aggregateTimeframe(ordered, timeframe),
      isRowLimitReached: stored.length === rowsWanted,
    }
  }

  private async storedMinutes(symbol: string, beforeMs: number, rowsWanted: number) {
    return this.options.db
      .select()
      .from(simBars)
      .where(and(eq(simBars.symbol, symbol), lt(simBars.tMs, beforeMs)))
      .orderBy(desc(simBars.tMs))
      .limit(rowsWanted)
  }

  /** Stored minutes (newest first) and the closed ones in memory, by open time. */
  private minutesBefore(symbol: string, beforeMs: number, stored: readonly Bar[]) {
    const minutes = new Map<number, Bar>()
    for (let i = stored.length - 1; i >= 0; i--) minutes.set(stored[i]!.tMs, stored[i]!)
    for (const bars of [this.savingBars, this.closedBars]) {
      for (const bar of bars) {
        if (bar.symbol === symbol && bar.tMs < beforeMs) minutes.set(bar.tMs, bar)
      }
    }
    return minutes
  }

  private tick(): void {
    if (this.isStopped) return
    const nowMs = this.options.clock.now().getTime()
    try {
      this.advanceTo(nowMs)
    } catch (error) {
      this.options.logger.error({ err: error }, 'simulated market: tick failed')
    }
    if (nowMs - this.lastSaveMs >= SAVE_INTERVAL_MS && this.saving === null) {
      this.saving = this.save(nowMs, false)
        .catch((error: unknown) =>
          this.options.logger.error({ err: error }, 'simulated market: save failed'),
        )
        .finally(() => (this.saving = null))
    }
  }

  /** The newest stored bar of each symbol, so the minute in progress at a restart continues. */
  private async loadOpenBars(): Promise<void> {
    const rows = await this.options.db.execute<{
      symbol: string
      t_ms: string
      open: string
      high: string
      low: string
      close: string
      tick_volume: number
    }>(sql`select distinct on (symbol) * from sim_bars order by symbol, t_ms desc`)
    for (const row of rows.rows) {
      this.currentBars.set(row.symbol, {
        tMs: Number(row.t_ms),
        open: Number(row.open),
        high: Number(row.high),
        low: Number(row.low),
        close: Number(row.close),
        tickVolume: Number(row.tick_volume),
      })
    }
  }

  private handleTick(tick: Tick): void {
    this.recordTick(tick)
    this.options.onTick(tick)
  }

  private recordTick(tick: Tick): void {
    this.latest.set(tick.symbol, tick)
    const bar = this.currentBars.get(tick.symbol) ?? null
    const next = applyTickToBar(bar, tick)
    if (bar !== null && next.tMs !== bar.tMs) this.closedBars.push({ ...bar, symbol: tick.symbol })
    this.currentBars.set(tick.symbol, next)
  }

  private crossRollovers(toMs: number): void {
    if (toMs < this.nextRollover()) return
    for (const rolloverMs of this.options.rolloversBetween(this.lastRolloverMs, toMs)) {
      this.options.onRollover(rolloverMs, Math.max(rolloverMs, toMs))
      this.setLastRollover(rolloverMs)
    }
  }

  private nextRollover(): number {
    if (this.nextRolloverMs === -Infinity) {
      // rollovers come daily: the first one within the next 8 days
      const [next] = this.options.rolloversBetween(
        this.lastRolloverMs,
        this.lastRolloverMs + 8 * 86_400_000,
      )
      this.nextRolloverMs = next ?? Infinity
    }
    return this.nextRolloverMs
  }

  private setLastRollover(rolloverMs: number): void {
    this.lastRolloverMs = rolloverMs
    this.nextRolloverMs = -Infinity
  }

  /** Closed bars, the model's state and the last rollover; with `isFinal` the open bars too. */
  private async save(nowMs: number, isFinal: boolean): Promise<void> {
    this.lastSaveMs = nowMs
    const bars = this.closedBars
    this.closedBars = []
    this.savingBars = bars
    const toWrite: SymbolBar[] = isFinal
      ? [...bars, ...[...this.currentBars].map(([symbol, bar]) => ({ ...bar, symbol }))]
      : bars
    const state: MarketState = this.model.state()
    try {
      for (let i = 0; i < toWrite.length; i += BAR_INSERT_CHUNK) {
        const chunk = toWrite.slice(i, i + BAR_INSERT_CHUNK).map((bar) => ({
          symbol: bar.symbol,
          tMs: bar.tMs,
          open: bar.open,
          high: bar.high,
          low: bar.low,
          close: bar.close,
          tickVolume: bar.tickVolume,
        }))
        await this.options.db
          .insert(simBars)
          .values(chunk)
          .onConflictDoUpdate({
            target: [simBars.symbol, simBars.tMs],
            set: {
              open: sql`excluded.open`,
              high: sql`excluded.high`,
              low: sql`excluded.low`,
              close: sql`excluded.close`,
              tickVolume: sql`excluded.tick_volume`,
            },
          })
      }
      await this.options.db
        .insert(simMarket)
        .values({ id: 1, state, lastRolloverMs: this.lastRolloverMs })
        .onConflictDoUpdate({
          target: simMarket.id,
          set: { state, lastRolloverMs: this.lastRolloverMs, savedAt: new Date(nowMs) },
        })
    } catch (error) {
      // keep the bars for the next save
      this.closedBars = [...bars, ...this.closedBars]
      throw error
    } finally {
      this.savingBars = []
      this.barsGeneration++
    }
  }
}

/** Aggregated bars with the newest minute folded in (as aggregateTimeframe would), a new array. */
function withMinute(aggregated: readonly Bar[], minute: Bar, timeframe: Timeframe): Bar[] {
  if (timeframe === 'M1') return [...aggregated, minute]
  const openMs = barOpenTime(timeframe, minute.tMs)
  const last = aggregated.at(-1)
  if (last === undefined || last.tMs !== openMs) return [...aggregated, { ...minute, tMs: openMs }]
  return [
    ...aggregated.slice(0, -1),
    {
      tMs: last.tMs,
      open: last.open,
      high: Math.max(last.high, minute.high),
      low: Math.min(last.low, minute.low),
      close: minute.close,
      tickVolume: last.tickVolume + minute.tickVolume,
    },
  ]
}
