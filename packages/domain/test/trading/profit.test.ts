import { describe, expect, it } from 'vitest'
import { getInstrument, pipValue, positionProfit, profitAt } from '../../src/trading'
import { book, lots, position, price } from './support'

const noQuotes = book({})

describe('profit of a position, in USD cents', () => {
  it('EURUSD 1 lot buy 1.08350 -> 1.08610 makes $260.00', () => {
    // (1.08610 - 1.08350) x 100,000 x 1 lot = 0.00260 x 100,000 = 260.00 USD
    const eurusd = getInstrument('EURUSD')
    const cents = profitAt(
      eurusd,
      'buy',
      lots('1'),
      price('EURUSD', '1.08350'),
      price('EURUSD', '1.08610'),
      noQuotes,
    )
    expect(cents).toBe(26_000)
  })

  it('marks a buy at the bid and a sell at the ask', () => {
    const quotes = book({ EURUSD: ['1.08610', '1.08612'] })
    // buy: (1.08610 - 1.08350) x 100,000 = +260.00
    expect(positionProfit(position('EURUSD', 'buy', '1', '1.08350'), quotes)).toBe(26_000)
    // sell: (1.08350 - 1.08612) x 100,000 = -262.00
    expect(positionProfit(position('EURUSD', 'sell', '1', '1.08350'), quotes)).toBe(-26_200)
  })

  it('USDJPY profit is converted at the USDJPY quote at closing time, a gain at the ask', () => {
    // buy 1 lot 150.000 -> bid 151.000: (151.000 - 150.000) x 100,000 = 100,000 JPY
    // 100,000 JPY / 151.003 (the ask: buying USD with the yen) = 662.2385 -> $662.24
    const quotes = book({ USDJPY: ['151.000', '151.003'] })
    expect(positionProfit(position('USDJPY', 'buy', '1', '150.000'), quotes)).toBe(66_224)
  })

  it('a USDJPY loss is converted at the bid, the side that costs the trader more', () => {
    // sell 1 lot 150.000 -> ask 151.003: (150.000 - 151.003) x 100,000 = -100,300 JPY
    // -100,300 JPY / 151.000 (the bid) = -664.2384 -> -$664.24
    const quotes = book({ USDJPY: ['151.000', '151.003'] })
    expect(positionProfit(position('USDJPY', 'sell', '1', '150.000'), quotes)).toBe(-66_424)
  })

  it('EURGBP profit is in pounds, converted through GBPUSD', () => {
    const quotes = book({ EURGBP: ['0.85730', '0.85738'], GBPUSD: ['1.27000', '1.27004'] })
    // buy 1 lot 0.85430 -> bid 0.85730: 0.00300 x 100,000 = 300 GBP; x 1.27000 (bid) = $381.00
    expect(positionProfit(position('EURGBP', 'buy', '1', '0.85430'), quotes)).toBe(38_100)
    // sell 1 lot 0.85438 -> ask 0.85738: -300 GBP x 1.27004 (ask) = -381.012 -> -$381.01
    expect(positionProfit(position('EURGBP', 'sell', '1', '0.85438'), quotes)).toBe(-38_101)
  })

  it('XAUUSD 1 lot is 100 ounces: a $1 move is $100', () => {
    // (2351.00 - 2350.00) x 100 oz = 100.00
    const quotes = book({ XAUUSD: ['2351.00', '2351.20'] })
    expect(positionProfit(position('XAUUSD', 'buy', '1', '2350.00'), quotes)).toBe(10_000)
  })

  it('US30 pays $1 per index point per lot', () => {
    const us30 = getInstrument('US30')
    // buy 1 lot 39000.00 -> 39125.50: 125.50 points x $1 = $125.50
    expect(
      profitAt(
        us30,
        'buy',
        lots('1'),
        price('US30', '39000.00'),
        price('US30', '39125.50'),
        noQuotes,
      ),
    ).toBe(12_550)
    // sell 0.5 lots 39125.50 -> 39000.00: 125.50 x 0.5 = $62.75
    expect(
      profitAt(
        us30,
        'sell',
        lots('0.5'),
        price('US30', '39125.50'),
        price('US30', '39000.00'),
        noQuotes,
      ),
    ).toBe(6_275)
  })

  it('BTCUSD rounds half a cent away from zero', () => {
    const btcusd = getInstrument('BTCUSD')
    // buy 0.10 BTC 65000.00 -> 64012.35: -987.65 x 0.1 = -98.765 -> -$98.77
    expect(
      profitAt(
        btcusd,
        'buy',
        lots('0.1'),
        price('BTCUSD', '65000.00'),
        price('BTCUSD', '64012.35'),
        noQuotes,
      ),
    ).toBe(-9_877)
    // and +98.765 -> +$98.77
    expect(
      profitAt(
        btcusd,
        'sell',
        lots('0.1'),
        price('BTCUSD', '65000.00'),
        price('BTCUSD', '64012.35'),
        noQuotes,
      ),
    ).toBe(9_877)
  })

  it('needs the conversion pair quoted', () => {
    const quotes = book({ EURGBP: ['0.85730', '0.85738'] })
    expect(() => positionProfit(position('EURGBP', 'buy', '1', '0.85430'), quotes)).toThrow(
      /GBPUSD/,
    )
  })
})

describe('pip value', () => {
  it('is $10 per lot of a USD-quoted pair, $0.10 per micro lot', () => {
    // 0.0001 x 100,000 = 10.00; x 0.01 lot = 0.10
    expect(pipValue(getInstrument('EURUSD'), lots('1'), noQuotes)).toBe(1_000)
    expect(pipValue(getInstrument('EURUSD'), lots('0.01'), noQuotes)).toBe(10)
  })

  it('is 1,000 yen per lot of USDJPY: $6.67 against the position, $6.66 for it', () => {
    const quotes = book({ USDJPY: ['149.950', '150.050'] })
    // 0.01 x 100,000 = 1,000 JPY; / 149.950 (debit at the bid) = 6.6689 -> 6.67
    expect(pipValue(getInstrument('USDJPY'), lots('1'), quotes)).toBe(667)
    // / 150.050 (credit at the ask) = 6.6644 -> 6.66
    expect(pipValue(getInstrument('USDJPY'), lots('1'), quotes, 'credit')).toBe(666)
  })

  it('is £10 per lot of EURGBP, in dollars at GBPUSD', () => {
    const quotes = book({ GBPUSD: ['1.27000', '1.27004'] })
    // 10 GBP x 1.27004 = 12.7004 -> 12.70
    expect(pipValue(getInstrument('EURGBP'), lots('1'), quotes)).toBe(1_270)
  })

  it('is $10 per lot of gold (pip 0.10) and $1 per lot of an index (pip 1.00)', () => {
    expect(pipValue(getInstrument('XAUUSD'), lots('1'), noQuotes)).toBe(1_000)
    expect(pipValue(getInstrument('US30'), lots('1'), noQuotes)).toBe(100)
  })
})
