import { z } from 'zod'
import {
  assetClassTerms,
  getInstrument,
  instrumentSymbols,
  instrumentSymbolSchema,
  type AssetClass,
  type Instrument,
  type InstrumentSymbol,
} from './instruments'
import { DAY_MS, HOUR_MS, marketWallClock, type WallClock } from './market-time'
import type { Quote, Tick } from './quotes'
import { RandomStream, seedRandomState } from './random'
import { nextCloseDuring, nextOpenDuring } from './trading-hours'

/**
 * The simulated market: per instrument, a seeded stochastic price process producing ticks.
 *
 * Between two ticks the mid price moves by a relative step
 *   r = -kappa x (mid - anchor) / anchor x t + sigma x activity x sqrt(t) x Z  (+ a jump, crypto)
 * with t the open time since the last tick in years of that market's trading hours. The anchor
 * is a slower random walk (60% of sigma) that itself drifts back towards the catalogue's start
 * price (half-life 2 years), so prices stay plausible over years while intraday and daily
 * volatility match the instrument's annual figure. `activity` follows the New York clock: quiet
 * at the rollover and in Asia, busiest in the London/New York overlap (forex, metals) or the cash
 * session (indices); crypto is calmer at weekends. Time the market is closed adds a quarter of
 * its variance at the reopening tick: the weekend gap.
 *
 * Ticks come every mean interval x U(0.2, 1.8) / activity; the spread is the typical spread x
 * U(0.8, 1.2), wider at the rollover, in Asia, outside index cash hours and at crypto weekends.
 * Bid and ask are whole points: bid = round(mid x 10^digits - spread / 2), ask = bid + spread.
 *
 * The whole state is plain JSON (marketStateSchema). Advancing to t1 and then to t2 gives exactly
 * the ticks of advancing to t2 at once, so the server can store the state, restart, and carry
 * on with no gap and no jump. Closed markets produce no ticks.
 */

export const MARKET_STATE_VERSION = 1

const randomStateSchema = z.tuple([
  z.number().int().min(0).max(0xffffffff),
  z.number().int().min(0).max(0xffffffff),
  z.number().int().min(0).max(0xffffffff),
  z.number().int().min(0).max(0xffffffff),
])

export const instrumentModelStateSchema = z.object({
  symbol: instrumentSymbolSchema,
  /** mid price (a float: the process's own variable, never a traded price) */
  mid: z.number().positive(),
  anchor: z.number().positive(),
  /** the latest quote, points */
  bid: z.number().int().positive(),
  ask: z.number().int().positive(),
  lastTickMs: z.number().int(),
  nextTickMs: z.number().int(),
  /** how long the market is closed between the last tick and the next one */
  closedMs: z.number().int().nonnegative(),
  random: randomStateSchema,
})
export type InstrumentModelState = z.output<typeof instrumentModelStateSchema>

export const marketStateSchema = z.object({
  version: z.literal(MARKET_STATE_VERSION),
  seed: z.number().int().min(0).max(0xffffffff),
  instruments: z
    .array(instrumentModelStateSchema)
    .min(1)
    .refine((list) => new Set(list.map((item) => item.symbol)).size === list.length, {
      message: 'each symbol once',
    }),
})
export type MarketState = z.output<typeof marketStateSchema>

const ANCHOR_VOLATILITY_SHARE = 0.6
const MEAN_REVERSION_HALF_LIFE_TRADING_HOURS = 60 * 24
const ANCHOR_HALF_LIFE_YEARS = 2
/** share of the open-market variance a closed hour carries into the reopening price */
const CLOSED_VARIANCE_SHARE = 0.25
const MIN_TICK_INTERVAL_MS = 50

export interface CreateMarketStateInput {
  seed: number
  startMs: number
  /** default: every instrument of the catalogue */
  symbols?: readonly InstrumentSymbol[]
}

/** A fresh market at `startMs`, every instrument at its catalogue start price. */
export function createMarketState(input: CreateMarketStateInput): MarketState {
  const seed = input.seed >>> 0
  if (seed !== input.seed) throw new RangeError(`the seed is a 32-bit unsigned integer`)
  if (!Number.isSafeInteger(input.startMs)) throw new RangeError('startMs must be whole ms')
  const symbols = input.symbols ?? instrumentSymbols
  if (symbols.length === 0) throw new RangeError('a market needs at least one instrument')
  if (new Set(symbols).size !== symbols.length) throw new RangeError('symbols repeat')
  const instruments = symbols.map((symbol) => {
    const instrument = getInstrument(symbol)
    const mid = Number(instrument.model.startPrice)
    const random = new RandomStream(seedRandomState(seed, symbol))
    const spread = instrument.typicalSpreadPoints
    const bid = Math.round(mid * instrument.scale - spread / 2)
    const process = new InstrumentProcess(instrument, {
      symbol,
      mid,
      anchor: mid,
      bid,
      ask: bid + spread,
      lastTickMs: input.startMs,
      nextTickMs: input.startMs,
      closedMs: 0,
      random: random.state(),
    })
    process.scheduleAfter(input.startMs)
    return process.state()
  })
  return { version: MARKET_STATE_VERSION, seed, instruments }
}

/**
 * A running market. It copies the state it is given (the caller's object is never changed) and
 * hands out copies with `state()`.
 */
export class MarketModel {
  private readonly processes: InstrumentProcess[]
  private readonly seed: number

  constructor(state: MarketState) {
    const parsed = marketStateSchema.parse(state)
    this.seed = parsed.seed
    this.processes = parsed.instruments.map(
      (instrument) => new InstrumentProcess(getInstrument(instrument.symbol), instrument),
    )
  }

  /**
   * Every tick with a time up to and including `toMs`, in time order (ties in catalogue order of
   * the state), each passed to `onTick` as it is made. Returns how many there were.
   */
  advance(toMs: number, onTick: (tick: Tick) => void): number {
    let count = 0
    for (;;) {
      let next: InstrumentProcess | null = null
      for (const process of this.processes) {
        if (process.nextTickMs <= toMs && (next === null || process.nextTickMs < next.nextTickMs)) {
          next = process
        }
      }
      if (next === null) return count
      onTick(next.tick())
      count++
    }
  }

  /** advance() collecting the ticks. */
  ticksUntil(toMs: number): Tick[] {
    const ticks: Tick[] = []
    this.advance(toMs, (tick) => ticks.push(tick))
    return ticks
  }

  /** The latest quote of every modelled symbol. */
  quotes(): Map<string, Quote> {
    return new Map(this.processes.map((process) => [process.symbol, process.quote()]))
  }

  state(): MarketState {
    return {
      version: MARKET_STATE_VERSION,
      seed: this.seed,
      instruments: this.processes.map((process) => process.state()),
    }
  }
}

/** Pure form: the ticks up to `toMs` and the state after them. */
export function advanceMarket(
  state: MarketState,
  toMs: number,
): { state: MarketState; ticks: Tick[] } {
  const model = new MarketModel(state)
  const ticks = model.ticksUntil(toMs)
  return { state: model.state(), ticks }
}

class InstrumentProcess {
  readonly symbol: InstrumentSymbol
  nextTickMs: number
  private readonly instrument: Instrument
  private readonly assetClass: AssetClass
  private readonly sigma: number
  private readonly msPerYear: number
  private readonly kappa: number
  private readonly anchorKappa: number
  private readonly startPrice: number
  private readonly random: RandomStream
  private mid: number
  private anchor: number
  private bid: number
  private ask: number
  private lastTickMs: number
  private closedMs: number
  /** derived from the clock alone, so not part of the state: the market is open until then */
  private openUntilMs = -Infinity

  constructor(instrument: Instrument, state: InstrumentModelState) {
    const terms = assetClassTerms[instrument.assetClass]
    this.instrument = instrument
    this.symbol = instrument.symbol
    this.assetClass = instrument.assetClass
    this.sigma = instrument.model.annualVolatilityPercent / 100
    this.msPerYear = terms.tradingHoursPerYear * HOUR_MS
    this.kappa = (Math.LN2 * terms.tradingHoursPerYear) / MEAN_REVERSION_HALF_LIFE_TRADING_HOURS
    this.anchorKappa = Math.LN2 / ANCHOR_HALF_LIFE_YEARS
    this.startPrice = Number(instrument.model.startPrice)
    this.random = new RandomStream(state.random)
    this.mid = state.mid
    this.anchor = state.anchor
    this.bid = state.bid
    this.ask = state.ask
    this.lastTickMs = state.lastTickMs
    this.nextTickMs = state.nextTickMs
    this.closedMs = state.closedMs
  }

  quote(): Quote {
    return { bid: this.bid, ask: this.ask }
  }

  state(): InstrumentModelState {
    return {
      symbol: this.symbol,
      mid: this.mid,
      anchor: this.anchor,
      bid: this.bid,
      ask: this.ask,
      lastTickMs: this.lastTickMs,
      nextTickMs: this.nextTickMs,
      closedMs: this.closedMs,
      random: this.random.state(),
    }
  }

  /** Moves the price to the next tick's time, emits the tick, schedules the one after. */
  tick(): Tick {
    const tMs = this.nextTickMs
    const clock = marketWallClock(tMs)
    const activity = sessionActivity(this.assetClass, clock)
    const openYears = (tMs - this.lastTickMs - this.closedMs) / this.msPerYear
    const closedYears = this.closedMs / this.msPerYear
    const variance =
      this.sigma *
      this.sigma *
      (openYears * activity * activity + closedYears * CLOSED_VARIANCE_SHARE)

    let step =
      -this.kappa * ((this.mid - this.anchor) / this.anchor) * openYears +
      Math.sqrt(variance) * this.random.normal()
    const { jumpsPerDay, jumpPercent } = this.instrument.model
    if (jumpsPerDay > 0) {
      const jumpChance = (jumpsPerDay * (tMs - this.lastTickMs - this.closedMs)) / DAY_MS
      if (this.random.uniform() < jumpChance) step += (jumpPercent / 100) * this.random.normal()
    }
    this.mid *= 1 + step
    this.anchor *=
      1 +
      ANCHOR_VOLATILITY_SHARE * this.sigma * Math.sqrt(openYears) * this.random.normal() -
      this.anchorKappa * ((this.anchor - this.startPrice) / this.startPrice) * openYears

    const spreadFactor = sessionSpreadFactor(this.assetClass, clock)
    const spread = Math.max(
      1,
      Math.round(
        this.instrument.typicalSpreadPoints * spreadFactor * (0.8 + 0.4 * this.random.uniform()),
      ),
    )
    this.bid = Math.max(1, Math.round(this.mid * this.instrument.scale - spread / 2))
    this.ask = this.bid + spread
    this.lastTickMs = tMs
    this.scheduleAfter(tMs)
    return { symbol: this.symbol, tMs, bid: this.bid, ask: this.ask }
  }

  /** Draws the time of the next tick after `tMs`, skipping any closure in between. */
  scheduleAfter(tMs: number): void {
    const activity = sessionActivity(this.assetClass, marketWallClock(tMs))
    const interval = Math.max(
      MIN_TICK_INTERVAL_MS,
      Math.round(
        (this.instrument.model.meanTickIntervalMs * (0.2 + 1.6 * this.random.uniform())) / activity,
      ),
    )
    let next = tMs + interval
    let closedMs = 0
    const hours = this.instrument.hours
    if (tMs >= this.openUntilMs) this.openUntilMs = nextCloseDuring(hours, tMs) ?? Infinity
    // a closure starts before the candidate: the tick moves past the reopening by as much as it
    // was due after the close (a closure is hours long, the interval seconds)
    while (this.openUntilMs <= next) {
      const closesAt = this.openUntilMs
      const reopensAt = nextOpenDuring(hours, closesAt)
      closedMs += reopensAt - closesAt
      next = reopensAt + (next - closesAt)
      this.openUntilMs = nextCloseDuring(hours, reopensAt) ?? Infinity
    }
    this.nextTickMs = next
    this.closedMs = closedMs
  }
}

/** How busy a market is at this hour, relative to its average (see the model's description). */
function sessionActivity(assetClass: AssetClass, { weekday, minuteOfDay }: WallClock): number {
  const hour = minuteOfDay / 60
  switch (assetClass) {
    case 'forex':
    case 'metal':
      if (hour >= 17 && hour < 19) return 0.5
      if (hour >= 19 || hour < 3) return 0.7
      if (hour < 8) return 1.1
      if (hour < 12) return 1.4
      return 0.9
    case 'index':
      return hour >= 9.5 && hour < 16 ? 1.5 : 0.6
    case 'crypto':
      if (weekday >= 6) return 0.7
      return hour >= 8 && hour < 17 ? 1.2 : 0.9
  }
}

function sessionSpreadFactor(assetClass: AssetClass, { weekday, minuteOfDay }: WallClock): number {
  const hour = minuteOfDay / 60
  switch (assetClass) {
    case 'forex':
      if (hour >= 17 && hour < 17.5) return 3
      return hour >= 19 || hour < 3 ? 1.3 : 1
    case 'metal':
      if (hour >= 18 && hour < 18.5) return 2
      return hour >= 19 || hour < 3 ? 1.3 : 1
    case 'index':
      return hour >= 9.5 && hour < 16 ? 1 : 1.5
    case 'crypto':
      return weekday >= 6 ? 1.5 : 1
  }
}
