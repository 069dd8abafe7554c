import { describe, expect, it } from 'vitest'
import {
  formatPrice,
  formatVolume,
  getInstrument,
  parsePrice,
  parseVolume,
  priceInputSchema,
  tradingMessages,
  volumeInputSchema,
} from '../../src/trading'

const eurusd = getInstrument('EURUSD')
const usdjpy = getInstrument('USDJPY')

describe('prices in points', () => {
  it('parses decimal prices exactly, padding missing decimals', () => {
    expect(parsePrice(eurusd, '1.08350')).toBe(108_350)
    expect(parsePrice(eurusd, '1.0835')).toBe(108_350)
    expect(parsePrice(eurusd, 1.0835)).toBe(108_350)
    expect(parsePrice(usdjpy, '151.003')).toBe(151_003)
    expect(parsePrice(getInstrument('BTCUSD'), '65000')).toBe(6_500_000)
  })

  it('refuses more decimals than the instrument quotes, and non-positive prices', () => {
    expect(parsePrice(eurusd, '1.083501')).toBeNull()
    expect(parsePrice(eurusd, '1.083500')).toBe(108_350)
    expect(parsePrice(eurusd, '0')).toBeNull()
    expect(parsePrice(eurusd, '-1.2')).toBeNull()
    expect(parsePrice(eurusd, '1e3')).toBeNull()
    expect(parsePrice(eurusd, '')).toBeNull()
  })

  it("formats with the instrument's digits", () => {
    expect(formatPrice(eurusd, 108_350)).toBe('1.08350')
    expect(formatPrice(usdjpy, 99_000)).toBe('99.000')
    expect(formatPrice(getInstrument('US30'), 3_900_050)).toBe('39000.50')
    expect(formatPrice(eurusd, 5)).toBe('0.00005')
  })
})

describe('volumes in hundredths of a lot', () => {
  it('parses and formats lots', () => {
    expect(parseVolume('0.01')).toBe(1)
    expect(parseVolume(2.5)).toBe(250)
    expect(parseVolume('50')).toBe(5_000)
    expect(formatVolume(1)).toBe('0.01')
    expect(formatVolume(5_000)).toBe('50.00')
  })

  it('refuses fractions of a hundredth and nothing at all', () => {
    expect(parseVolume('0.015')).toBeNull()
    expect(parseVolume('0')).toBeNull()
    expect(parseVolume('abc')).toBeNull()
  })

  it("validates what a trader types, with the terminal's messages", () => {
    expect(volumeInputSchema.parse('0.25')).toBe(25)
    expect(volumeInputSchema.safeParse('0.255').error?.issues[0]?.message).toBe(
      tradingMessages.volumeFormat,
    )
    expect(priceInputSchema(eurusd).parse('1.1')).toBe(110_000)
    expect(priceInputSchema(eurusd).safeParse('1.100001').error?.issues[0]?.message).toBe(
      'Price must be positive with at most 5 decimals.',
    )
  })
})
