import Decimal from 'decimal.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { roundDiv, roundMulDiv } from '../../src/trading/exact'
import {
  closePosition,
  computeAccountFigures,
  formatPrice,
  formatVolume,
  getInstrument,
  instruments,
  parsePrice,
  parseVolume,
  planStopOut,
  positionProfit,
  profitAt,
  scriptedTicks,
  toUsdCents,
  type Instrument,
  type OpenPosition,
  type Quote,
  type QuoteBook,
  type Side,
} from '../../src/trading'
import { policy } from './support'

const D = Decimal.clone({ precision: 80 })

/** An independent reference: the textbook formula in decimal.js, rounded half away from zero. */
function referenceProfitCents(
  instrument: Instrument,
  side: Side,
  volume: number,
  openPrice: number,
  closePrice: number,
  quotes: QuoteBook,
): Decimal {
  const move = new D(closePrice - openPrice)
    .times(side === 'buy' ? 1 : -1)
    .dividedBy(instrument.scale)
  const inProfitCurrency = move.times(volume).dividedBy(100).times(instrument.contractSize)
  let usd = inProfitCurrency
  const conversion = instrument.usdConversion
  if (conversion) {
    const pair = quotes.get(conversion.symbol)!
    const isGain = inProfitCurrency.gte(0)
    if (conversion.isDivide)
      usd = usd.dividedBy(new D(isGain ? pair.ask : pair.bid).dividedBy(conversion.scale))
    else usd = usd.times(new D(isGain ? pair.bid : pair.ask).dividedBy(conversion.scale))
  }
  return usd.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
}

const sideArbitrary = fc.constantFrom<Side>('buy', 'sell')
const instrumentArbitrary = fc.constantFrom(...instruments)
const volumeArbitrary = fc.integer({ min: 1, max: 5_000 })

/** A quote around the instrument's start price, within +-30%, with a spread of 0-50 points. */
function quoteArbitrary(instrument: Instrument): fc.Arbitrary<Quote> {
  const start = parsePrice(instrument, instrument.model.startPrice)!
  return fc
    .record({
      bid: fc.integer({ min: Math.floor(start * 0.7), max: Math.ceil(start * 1.3) }),
      spread: fc.integer({ min: 0, max: 50 }),
    })
    .map(({ bid, spread }) => ({ bid, ask: bid + spread }))
}

/** Quotes for every conversion pair. */
const conversionBookArbitrary: fc.Arbitrary<Map<string, Quote>> = fc
  .tuple(
    ...['USDJPY', 'USDCHF', 'USDCAD', 'GBPUSD', 'AUDUSD'].map((symbol) =>
      quoteArbitrary(getInstrument(symbol)).map((q) => [symbol, q] as const),
    ),
  )
  .map((entries) => new Map(entries))

describe('exact arithmetic', () => {
  it('rounds quotients half away from zero exactly, also beyond 2^53', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1e15, max: 1e15 }), fc.maxSafeInteger()),
        fc.integer({ min: 1, max: 1e12 }),
        (n, d) => {
          const expected = new D(n)
            .dividedBy(d)
            .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
            .toNumber()
          expect(roundDiv(n, d)).toBe(expected === 0 ? 0 : expected)
        },
      ),
    )
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 1, max: 1e6 }),
        (a, b, c, d) => {
          const expected = new D(a)
            .times(b)
            .times(c)
            .dividedBy(d)
            .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
          if (expected.abs().gt(Number.MAX_SAFE_INTEGER)) return
          expect(roundMulDiv(a, b, c, d)).toBe(expected.toNumber() || 0)
        },
      ),
    )
  })
})

describe('profit properties', () => {
  it('equals the decimal.js textbook formula for every instrument, side, volume and quote', () => {
    fc.assert(
      fc.property(
        instrumentArbitrary.chain((instrument) =>
          fc.record({
            instrument: fc.constant(instrument),
            side: sideArbitrary,
            volume: volumeArbitrary,
            open: quoteArbitrary(instrument),
            close: quoteArbitrary(instrument),
            rates: conversionBookArbitrary,
          }),
        ),
        ({ instrument, side, volume, open, close, rates }) => {
          const openPrice = side === 'buy' ? open.ask : open.bid
          const closePrice = side === 'buy' ? close.bid : close.ask
          const expected = referenceProfitCents(
            instrument,
            side,
            volume,
            openPrice,
            closePrice,
            rates,
          )
          expect(profitAt(instrument, side, volume, openPrice, closePrice, rates)).toBe(
            expected.toNumber() || 0,
          )
        },
      ),
      { numRuns: 2_000 },
    )
  })

  it('is antisymmetric: a sell makes exactly what the buy loses between the same prices', () => {
    // with a single conversion rate (zero-spread conversion quotes) the two are exact opposites
    fc.assert(
      fc.property(
        instrumentArbitrary,
        volumeArbitrary,
        fc.integer({ min: 1, max: 1e7 }),
        fc.integer({ min: 1, max: 1e7 }),
        (instrument, volume, a, b) => {
          const rates = new Map([
            ['USDJPY', { bid: 150_000, ask: 150_000 }],
            ['USDCHF', { bid: 88_000, ask: 88_000 }],
            ['USDCAD', { bid: 136_000, ask: 136_000 }],
            ['GBPUSD', { bid: 127_000, ask: 127_000 }],
            ['AUDUSD', { bid: 66_000, ask: 66_000 }],
          ])
          const buy = profitAt(instrument, 'buy', volume, a, b, rates)
          const sell = profitAt(instrument, 'sell', volume, a, b, rates)
          expect(buy + sell).toBe(0)
        },
      ),
    )
  })

  it('never pays a perfectly hedged pair: with a conversion spread, buy + sell <= 0', () => {
    fc.assert(
      fc.property(
        instrumentArbitrary,
        volumeArbitrary,
        fc.integer({ min: 1, max: 1e7 }),
        fc.integer({ min: 1, max: 1e7 }),
        conversionBookArbitrary,
        (instrument, volume, a, b, rates) => {
          expect(
            profitAt(instrument, 'buy', volume, a, b, rates) +
              profitAt(instrument, 'sell', volume, a, b, rates),
          ).toBeLessThanOrEqual(0)
        },
      ),
    )
  })

  it('a round trip at one quote costs exactly the spread', () => {
    fc.assert(
      fc.property(
        instrumentArbitrary.chain((instrument) =>
          fc.tuple(
            fc.constant(instrument),
            quoteArbitrary(instrument),
            sideArbitrary,
            volumeArbitrary,
            conversionBookArbitrary,
          ),
        ),
        ([instrument, quote, side, volume, rates]) => {
          const openPrice = side === 'buy' ? quote.ask : quote.bid
          const closePrice = side === 'buy' ? quote.bid : quote.ask
          const spreadCost = toUsdCents(
            instrument,
            (quote.ask - quote.bid) * volume,
            1,
            'debit',
            rates,
          )
          const profit = profitAt(instrument, side, volume, openPrice, closePrice, rates)
          expect(profit).toBe(-spreadCost || 0)
          expect(profit).toBeLessThanOrEqual(0)
        },
      ),
    )
  })

  it('closing in parts realises what closing at once does, to within a cent per part', () => {
    fc.assert(
      fc.property(
        instrumentArbitrary.chain((instrument) =>
          fc.tuple(
            fc.constant(instrument),
            quoteArbitrary(instrument),
            quoteArbitrary(instrument),
            sideArbitrary,
            fc.integer({ min: 2, max: 5_000 }),
            fc.integer({ min: -100_000, max: 100_000 }),
            conversionBookArbitrary,
          ),
        ),
        fc.integer({ min: 1, max: 4_999 }),
        ([instrument, open, now, side, volume, swap, rates], part) => {
          fc.pre(part < volume)
          const quotes = new Map(rates).set(instrument.symbol, now)
          const position: OpenPosition = {
            id: 'x',
            symbol: instrument.symbol,
            side,
            volume,
            openPrice: side === 'buy' ? open.ask : open.bid,
            swap,
          }
          const whole = closePosition(position, volume, quotes)
          const first = closePosition(position, part, quotes)
          const rest = closePosition(first.remaining!, volume - part, quotes)
          expect(first.swap + rest.swap).toBe(whole.swap)
          expect(Math.abs(first.profit + rest.profit - whole.profit)).toBeLessThanOrEqual(1)
          expect(
            Math.abs(first.commission + rest.commission - whole.commission),
          ).toBeLessThanOrEqual(1)
          expect(first.remaining!.volume + part).toBe(volume)
        },
      ),
    )
  })
})

describe('account properties', () => {
  const positionArbitrary = (index: number) =>
    instrumentArbitrary.chain((instrument) =>
      fc.record({
        id: fc.constant(`p${index}`),
        symbol: fc.constant(instrument.symbol as string),
        side: sideArbitrary,
        volume: fc.integer({ min: 1, max: 500 }),
        openPrice: quoteArbitrary(instrument).map((q) => q.bid),
        swap: fc.integer({ min: -50_000, max: 10_000 }),
      }),
    )
  const accountArbitrary = fc.record({
    balance: fc.integer({ min: 0, max: 50_000_000 }),
    leverage: fc.constantFrom(1, 10, 30, 50),
    positions: fc
      .array(fc.nat(), { maxLength: 12 })
      .chain((ids) => fc.tuple(...ids.map((_, i) => positionArbitrary(i)))),
  })
  /** a current quote for every symbol */
  const marketArbitrary = fc
    .tuple(...instruments.map((instrument) => quoteArbitrary(instrument)))
    .map((list) => new Map(list.map((q, i) => [instruments[i]!.symbol as string, q])))

  it('equity = balance + Σ floating profit + Σ swap, and free margin = equity - margin', () => {
    fc.assert(
      fc.property(accountArbitrary, marketArbitrary, (account, quotes) => {
        const figures = computeAccountFigures(account, quotes, policy)
        const floating = account.positions.reduce(
          (sum, position) => sum + positionProfit(position, quotes),
          0,
        )
        const swap = account.positions.reduce((sum, position) => sum + position.swap, 0)
        expect(figures.equity).toBe(account.balance + floating + swap)
        expect(figures.freeMargin).toBe(figures.equity - figures.margin)
        if (figures.margin > 0) {
          expect(
            Math.abs(figures.marginLevelPercent! - (figures.equity / figures.margin) * 100),
          ).toBeLessThanOrEqual(0.005 + 1e-9)
        }
      }),
    )
  })

  it('a stop-out closes losers first and leaves the account above the stop-out level or flat', () => {
    fc.assert(
      fc.property(accountArbitrary, marketArbitrary, (account, quotes) => {
        const plan = planStopOut(account, quotes, policy)
        expect(plan.figures.isStopOut && plan.account.positions.length > 0).toBe(false)
        const results = plan.closes.map((close) => close.profit + close.swap)
        expect(results).toEqual([...results].sort((a, b) => a - b))
        const closedVolume = plan.closes.reduce((sum, close) => sum + close.volume, 0)
        const keptVolume = plan.account.positions.reduce(
          (sum, position) => sum + position.volume,
          0,
        )
        expect(closedVolume + keptVolume).toBe(
          account.positions.reduce((sum, position) => sum + position.volume, 0),
        )
        const balanceChange = plan.closes.reduce((sum, close) => sum + close.balanceChange, 0)
        expect(plan.account.balance).toBe(account.balance + balanceChange)
      }),
    )
  })
})

describe('boundary round trips', () => {
  it('prices and volumes survive formatting and parsing', () => {
    fc.assert(
      fc.property(
        instrumentArbitrary,
        fc.integer({ min: 1, max: 1e10 }),
        fc.integer({ min: 1, max: 1e6 }),
        (instrument, points, volume) => {
          expect(parsePrice(instrument, formatPrice(instrument, points))).toBe(points)
          expect(parseVolume(formatVolume(volume))).toBe(volume)
        },
      ),
    )
  })

  it('a scripted path stays between its waypoints and hits each one', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gap: fc.integer({ min: 1, max: 20_000 }),
            bid: fc.integer({ min: 50_000, max: 200_000 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 100, max: 5_000 }),
        (steps, tickIntervalMs) => {
          let offset = 0
          const waypoints = steps.map((step) => ({
            offsetMs: (offset += step.gap),
            price: formatPrice(getInstrument('EURUSD'), step.bid),
          }))
          const ticks = scriptedTicks({ symbol: 'EURUSD', waypoints, tickIntervalMs }, 0)
          for (const step of waypoints)
            expect(ticks.find((tick) => tick.tMs === step.offsetMs)?.bid).toBe(
              parsePrice(getInstrument('EURUSD'), step.price),
            )
          for (let i = 1; i < waypoints.length; i++) {
            const low = Math.min(steps[i - 1]!.bid, steps[i]!.bid)
            const high = Math.max(steps[i - 1]!.bid, steps[i]!.bid)
            const between = ticks.filter(
              (tick) => tick.tMs > waypoints[i - 1]!.offsetMs && tick.tMs < waypoints[i]!.offsetMs,
            )
            expect(between.every((tick) => tick.bid >= low && tick.bid <= high)).toBe(true)
          }
        },
      ),
    )
  })
})
