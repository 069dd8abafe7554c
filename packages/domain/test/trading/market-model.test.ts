import { describe, expect, it } from 'vitest'
import {
  advanceMarket,
  createMarketState,
  getInstrument,
  isMarketOpen,
  MarketModel,
  marketStateSchema,
  type Tick,
} from '../../src/trading'
import { at } from './support'

const monday = at('2026-03-02T12:00:00Z')
const HOUR = 3_600_000

function ticksOf(
  seed: number,
  symbols: Parameters<typeof createMarketState>[0]['symbols'],
  hours: number,
) {
  const state = createMarketState({ seed, startMs: monday, symbols })
  return new MarketModel(state).ticksUntil(monday + hours * HOUR)
}

describe('market model determinism', () => {
  it('gives the same ticks for the same seed, and different ones for another seed', () => {
    const first = ticksOf(7, ['EURUSD', 'BTCUSD'], 1)
    const again = ticksOf(7, ['EURUSD', 'BTCUSD'], 1)
    const other = ticksOf(8, ['EURUSD', 'BTCUSD'], 1)
    expect(first.length).toBeGreaterThan(1_000)
    expect(again).toEqual(first)
    expect(other).not.toEqual(first)
  })

  it('continues identically from a state stored as JSON, as across a server restart', () => {
    const symbols = ['EURUSD', 'XAUUSD', 'US30', 'ETHUSD'] as const
    const start = createMarketState({ seed: 99, startMs: monday, symbols })
    const straight = new MarketModel(start).ticksUntil(monday + 2 * HOUR)

    const beforeRestart = advanceMarket(start, monday + 37 * 60_000 + 123)
    const stored = JSON.stringify(beforeRestart.state)
    const restored = marketStateSchema.parse(JSON.parse(stored))
    const afterRestart = new MarketModel(restored).ticksUntil(monday + 2 * HOUR)

    expect([...beforeRestart.ticks, ...afterRestart]).toEqual(straight)
  })

  it('prices an instrument the same whichever other instruments the market holds', () => {
    const alone = ticksOf(5, ['GBPJPY'], 1)
    const withOthers = ticksOf(5, undefined, 1).filter((tick) => tick.symbol === 'GBPJPY')
    expect(withOthers).toEqual(alone)
  })

  it('never changes the state it was given', () => {
    const state = createMarketState({ seed: 1, startMs: monday, symbols: ['EURUSD'] })
    const copy = structuredClone(state)
    advanceMarket(state, monday + HOUR)
    expect(state).toEqual(copy)
  })
})

describe('market model ticks', () => {
  const ticks = ticksOf(11, undefined, 3)

  it('come in time order with whole-point quotes, the ask above the bid', () => {
    const outOfOrder = ticks.filter((tick, i) => i > 0 && tick.tMs < ticks[i - 1]!.tMs)
    const badQuotes = ticks.filter(
      (tick) =>
        !Number.isInteger(tick.bid) ||
        !Number.isInteger(tick.ask) ||
        tick.ask <= tick.bid ||
        tick.bid <= 0,
    )
    expect(ticks.length).toBeGreaterThan(100_000)
    expect(outOfOrder).toEqual([])
    expect(badQuotes).toEqual([])
  })

  it("keep each spread near the instrument's typical spread in the London session", () => {
    // 12:00-15:00 UTC is 07:00-10:00 New York: no spread widening for forex and metals
    for (const symbol of ['EURUSD', 'GBPJPY', 'XAUUSD'] as const) {
      const typical = getInstrument(symbol).typicalSpreadPoints
      const spreads = ticks
        .filter((tick) => tick.symbol === symbol)
        .map((tick) => tick.ask - tick.bid)
      expect(Math.min(...spreads)).toBeGreaterThanOrEqual(Math.floor(typical * 0.8))
      expect(Math.max(...spreads)).toBeLessThanOrEqual(Math.ceil(typical * 1.2))
    }
  })

  it('tick every instrument about as often as its catalogue says', () => {
    const count = (symbol: string) => ticks.filter((tick) => tick.symbol === symbol).length
    // 3 hours; EURUSD every ~0.7 s / activity (1.1 to 1.4 in these hours): 3 * 3600 / 0.55 ~ 19,600
    expect(count('EURUSD')).toBeGreaterThan(12_000)
    expect(count('EURUSD')).toBeLessThan(25_000)
    expect(count('EURGBP')).toBeLessThan(count('EURUSD'))
  })
})

describe('market hours in the model', () => {
  it('makes no tick while a market is closed, and resumes after the weekend', () => {
    const friday = at('2026-03-06T20:00:00Z')
    const state = createMarketState({
      seed: 3,
      startMs: friday,
      symbols: ['EURUSD', 'XAUUSD', 'BTCUSD'],
    })
    const ticks = new MarketModel(state).ticksUntil(at('2026-03-09T02:00:00Z'))
    expect(ticks.filter((tick) => !isMarketOpen(tick.symbol, tick.tMs))).toEqual([])

    const weekend = (tick: Tick) =>
      tick.tMs >= at('2026-03-06T22:00:00Z') && tick.tMs < at('2026-03-08T21:00:00Z')
    expect(ticks.filter((tick) => tick.symbol === 'EURUSD' && weekend(tick))).toEqual([])
    expect(
      ticks.filter((tick) => tick.symbol === 'BTCUSD' && weekend(tick)).length,
    ).toBeGreaterThan(100_000)
    // forex resumes at Sunday 17:00 EDT, gold an hour later
    const firstAfter = (symbol: string) =>
      ticks.find((tick) => tick.symbol === symbol && tick.tMs >= at('2026-03-07T00:00:00Z'))!.tMs
    expect(firstAfter('EURUSD') - at('2026-03-08T21:00:00Z')).toBeLessThan(10_000)
    expect(firstAfter('XAUUSD') - at('2026-03-08T22:00:00Z')).toBeLessThan(10_000)
    expect(firstAfter('XAUUSD')).toBeGreaterThanOrEqual(at('2026-03-08T22:00:00Z'))
  })

  it('starts a market created at the weekend at the next open', () => {
    const saturday = at('2026-03-07T12:00:00Z')
    const state = createMarketState({ seed: 3, startMs: saturday, symbols: ['US30'] })
    expect(state.instruments[0]!.nextTickMs).toBeGreaterThanOrEqual(at('2026-03-08T22:00:00Z'))
    expect(advanceMarket(state, at('2026-03-08T21:59:59Z')).ticks).toEqual([])
  })
})

describe('market model volatility', () => {
  // annualised volatility of hourly returns over a trading week, for one seed: deterministic
  function realisedAnnualVolatility(symbol: 'EURUSD' | 'BTCUSD', hoursPerYear: number): number {
    const model = new MarketModel(
      createMarketState({ seed: 2026, startMs: at('2026-03-01T23:00:00Z'), symbols: [symbol] }),
    )
    const mids: number[] = []
    for (let hour = 1; hour <= 5 * 24; hour++) {
      model.advance(at('2026-03-01T23:00:00Z') + hour * HOUR, () => {})
      const { bid, ask } = model.quotes().get(symbol)!
      mids.push((bid + ask) / 2)
    }
    const returns = mids.slice(1).map((mid, i) => Math.log(mid / mids[i]!))
    const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length
    const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1)
    return Math.sqrt(variance * hoursPerYear)
  }

  it('moves EURUSD about 7% a year and BTCUSD about 55%', () => {
    const eurusd = realisedAnnualVolatility('EURUSD', 120 * 52)
    const btcusd = realisedAnnualVolatility('BTCUSD', 24 * 365)
    expect(eurusd).toBeGreaterThan(0.04)
    expect(eurusd).toBeLessThan(0.11)
    expect(btcusd).toBeGreaterThan(0.35)
    expect(btcusd).toBeLessThan(0.9)
  })
})

describe('market state', () => {
  it('refuses a state that is not one', () => {
    const state = createMarketState({ seed: 1, startMs: monday, symbols: ['EURUSD'] })
    expect(() => new MarketModel({ ...state, version: 2 } as never)).toThrow()
    expect(
      () =>
        new MarketModel({ ...state, instruments: [...state.instruments, ...state.instruments] }),
    ).toThrow(/each symbol once/)
    expect(() => createMarketState({ seed: -1, startMs: monday })).toThrow(/seed/)
  })
})
