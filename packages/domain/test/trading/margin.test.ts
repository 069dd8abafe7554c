import { describe, expect, it } from 'vitest'
import {
  accountMargin,
  effectiveLeverage,
  getInstrument,
  isLeverageAllowed,
  requiredMargin,
} from '../../src/trading'
import { book, lots, policy, position, price } from './support'

const noQuotes = book({})

describe('required margin, in USD cents', () => {
  it('EURUSD 1 lot at 1.08350 and 1:30 needs $3,611.67', () => {
    // 100,000 x 1.08350 / 30 = 3,611.6666.. -> 3,611.67
    const eurusd = getInstrument('EURUSD')
    expect(requiredMargin(eurusd, lots('1'), price('EURUSD', '1.08350'), 30, noQuotes)).toBe(
      361_167,
    )
  })

  it('EURUSD 1 lot at the plan maximum 1:50 needs $2,167.00', () => {
    // 100,000 x 1.08350 / 50 = 2,167.00
    const eurusd = getInstrument('EURUSD')
    expect(requiredMargin(eurusd, lots('1'), price('EURUSD', '1.08350'), 50, noQuotes)).toBe(
      216_700,
    )
  })

  it('USDJPY 1 lot at 1:30 needs $3,333.33 (100,000 dollars / 30)', () => {
    // 100,000 x 150.000 / 30 = 500,000 JPY; / 150.000 (debit at the bid) = 3,333.33
    const quotes = book({ USDJPY: ['150.000', '150.004'] })
    const usdjpy = getInstrument('USDJPY')
    expect(requiredMargin(usdjpy, lots('1'), price('USDJPY', '150.000'), 30, quotes)).toBe(333_333)
  })

  it('EURGBP margin is held in pounds and converted at the GBPUSD ask', () => {
    // 100,000 x 0.85430 / 30 = 2,847.6667 GBP; x 1.27004 = 3,616.6506 -> 3,616.65
    const quotes = book({ GBPUSD: ['1.27000', '1.27004'] })
    const eurgbp = getInstrument('EURGBP')
    expect(requiredMargin(eurgbp, lots('1'), price('EURGBP', '0.85430'), 30, quotes)).toBe(361_665)
  })

  it('caps metals and indices at 1:20 and crypto at 1:2 whatever the account leverage', () => {
    // gold: 100 oz x 2350.00 / 20 = 11,750.00
    expect(
      requiredMargin(getInstrument('XAUUSD'), lots('1'), price('XAUUSD', '2350.00'), 30, noQuotes),
    ).toBe(1_175_000)
    // US30: 1 x 39000.00 / 20 = 1,950.00
    expect(
      requiredMargin(getInstrument('US30'), lots('1'), price('US30', '39000.00'), 50, noQuotes),
    ).toBe(195_000)
    // BTCUSD: 1 x 65000.00 / 2 = 32,500.00
    expect(
      requiredMargin(getInstrument('BTCUSD'), lots('1'), price('BTCUSD', '65000.00'), 30, noQuotes),
    ).toBe(3_250_000)
  })

  it('uses the account leverage when it is below the class cap', () => {
    // gold at 1:10: 100 x 2350.00 / 10 = 23,500.00
    expect(effectiveLeverage(getInstrument('XAUUSD'), 10)).toBe(10)
    expect(
      requiredMargin(getInstrument('XAUUSD'), lots('1'), price('XAUUSD', '2350.00'), 10, noQuotes),
    ).toBe(2_350_000)
    expect(effectiveLeverage(getInstrument('EURUSD'), 50)).toBe(50)
  })

  it('allows account leverage up to the plan maximum (1:50) only', () => {
    expect(isLeverageAllowed(policy.leverage.standard, policy)).toBe(true)
    expect(isLeverageAllowed(50, policy)).toBe(true)
    expect(isLeverageAllowed(51, policy)).toBe(false)
    expect(isLeverageAllowed(0, policy)).toBe(false)
    expect(isLeverageAllowed(30.5, policy)).toBe(false)
  })
})

describe('margin of a hedging account', () => {
  it('holds the larger side of each symbol, not both', () => {
    const positions = [
      // buys: 2 x 100,000 x 1.08350 / 30 = 7,223.33
      position('EURUSD', 'buy', '2', '1.08350'),
      // sell: 100,000 x 1.08340 / 30 = 3,611.33, offset by the buys
      position('EURUSD', 'sell', '1', '1.08340'),
      // gold, another symbol: 0.1 x 100 x 2350.00 / 20 = 1,175.00
      position('XAUUSD', 'buy', '0.1', '2350.00'),
    ]
    expect(accountMargin(positions, 30, noQuotes)).toBe(722_333 + 117_500)
  })

  it('holds nothing without positions', () => {
    expect(accountMargin([], 30, noQuotes)).toBe(0)
  })
})
