import { describe, expect, it } from 'vitest'
import {
  dealCommission,
  getInstrument,
  rolloverNights,
  rolloversBetween,
  swapCharge,
} from '../../src/trading'
import { at, book, lots } from './support'

const noQuotes = book({})

describe('commission per deal', () => {
  it('charges forex and metals $3.50 per lot per side, indices and crypto nothing', () => {
    expect(dealCommission(getInstrument('EURUSD'), lots('1'))).toBe(-350)
    expect(dealCommission(getInstrument('XAUUSD'), lots('2'))).toBe(-700)
    expect(dealCommission(getInstrument('US30'), lots('5'))).toBe(0)
    expect(dealCommission(getInstrument('BTCUSD'), lots('1'))).toBe(0)
  })

  it('rounds a fraction of a cent half away from zero', () => {
    // 0.01 lot x $3.50 = 3.5 cents -> 4; 0.03 lot = 10.5 -> 11; 0.02 lot = 7
    expect(dealCommission(getInstrument('EURUSD'), lots('0.01'))).toBe(-4)
    expect(dealCommission(getInstrument('EURUSD'), lots('0.03'))).toBe(-11)
    expect(dealCommission(getInstrument('EURUSD'), lots('0.02'))).toBe(-7)
  })
})

describe('swap', () => {
  it('EURUSD long pays 7.2 points a night: $7.20 per lot, $21.60 on a triple Wednesday', () => {
    // -7.2 x 0.00001 x 100,000 = -7.20; x 3 = -21.60
    const eurusd = getInstrument('EURUSD')
    expect(swapCharge(eurusd, 'buy', lots('1'), 1, noQuotes)).toBe(-720)
    expect(swapCharge(eurusd, 'buy', lots('1'), 3, noQuotes)).toBe(-2_160)
    // short earns 2.1 points: +2.10 a night, +6.30 on Wednesday
    expect(swapCharge(eurusd, 'sell', lots('1'), 3, noQuotes)).toBe(630)
  })

  it('USDJPY long earns yen, converted as a credit at the USDJPY ask', () => {
    // 14.5 x 0.001 x 100,000 = 1,450 JPY a night; x 3 = 4,350 JPY; / 150.004 = 28.9992 -> 29.00
    const quotes = book({ USDJPY: ['150.000', '150.004'] })
    expect(swapCharge(getInstrument('USDJPY'), 'buy', lots('1'), 3, quotes)).toBe(2_900)
  })

  it('charges forex 1 + 1 + 3 + 1 + 1 = 7 nights over a week of rollovers, none at the weekend', () => {
    const eurusd = getInstrument('EURUSD')
    // Monday 2 March 2026 17:00 EST ... Sunday 8 March 17:00 EDT
    const week = rolloversBetween(at('2026-03-02T21:00:00Z'), at('2026-03-08T21:00:00Z'))
    expect(week.map((t) => new Date(t).toISOString())).toEqual([
      '2026-03-02T22:00:00.000Z', // Monday 17:00 EST
      '2026-03-03T22:00:00.000Z',
      '2026-03-04T22:00:00.000Z', // Wednesday
      '2026-03-05T22:00:00.000Z',
      '2026-03-06T22:00:00.000Z', // Friday
      '2026-03-07T22:00:00.000Z', // Saturday
      '2026-03-08T21:00:00.000Z', // Sunday 17:00 EDT: clocks went forward that morning
    ])
    expect(week.map((t) => rolloverNights(eurusd, t))).toEqual([1, 1, 3, 1, 1, 0, 0])
    expect(swapCharge(eurusd, 'buy', lots('1'), 7, noQuotes)).toBe(-5_040)
  })

  it('charges indices triple on Friday and crypto one night every day, weekends included', () => {
    const us30 = getInstrument('US30')
    const btcusd = getInstrument('BTCUSD')
    const wednesday = at('2026-03-04T22:00:00Z')
    const friday = at('2026-03-06T22:00:00Z')
    const saturday = at('2026-03-07T22:00:00Z')
    expect([wednesday, friday, saturday].map((t) => rolloverNights(us30, t))).toEqual([1, 3, 0])
    expect([wednesday, friday, saturday].map((t) => rolloverNights(btcusd, t))).toEqual([1, 1, 1])
    // US30 long -760 points x $0.01 = -7.60 a night; Friday -22.80
    expect(swapCharge(us30, 'buy', lots('1'), 3, noQuotes)).toBe(-2_280)
    // BTCUSD long -3560 points x $0.01 = -35.60 on a Saturday
    expect(swapCharge(btcusd, 'buy', lots('1'), rolloverNights(btcusd, saturday), noQuotes)).toBe(
      -3_560,
    )
  })

  it('is no rollover at any other instant', () => {
    expect(rolloverNights(getInstrument('BTCUSD'), at('2026-03-04T21:59:59Z'))).toBe(0)
    expect(rolloversBetween(at('2026-03-04T22:00:00Z'), at('2026-03-05T21:59:59Z'))).toEqual([])
  })
})
