import { describe, expect, it } from 'vitest'
import { checkCloseVolume, closePosition, getInstrument, openingDeal } from '../../src/trading'
import { book, lots, position, quote } from './support'

describe('opening a position', () => {
  it('buys at the ask and pays the opening commission', () => {
    const deal = openingDeal(
      getInstrument('EURUSD'),
      'buy',
      lots('2'),
      quote('EURUSD', '1.08350', '1.08352'),
    )
    expect(deal).toEqual({ price: 108_352, commission: -700 })
  })

  it('sells at the bid', () => {
    const deal = openingDeal(
      getInstrument('US30'),
      'sell',
      lots('1'),
      quote('US30', '39000.00', '39002.00'),
    )
    expect(deal).toEqual({ price: 3_900_000, commission: 0 })
  })
})

describe('partial close', () => {
  const quotes = book({ EURUSD: ['1.08610', '1.08612'] })

  it("realises the closed part's profit, swap share and commission; the rest stays open", () => {
    // 1 lot long at 1.08350 holding -21.60 of swap; close 0.40 at the bid 1.08610:
    //   profit 0.00260 x 40,000 = 104.00; swap -21.60 x 0.4 = -8.64; commission 0.4 x 3.50 = -1.40
    const open = position('EURUSD', 'buy', '1', '1.08350', -2_160, 'p1')
    const close = closePosition(open, lots('0.4'), quotes)
    expect(close).toEqual({
      volume: 40,
      closePrice: 108_610,
      profit: 10_400,
      swap: -864,
      commission: -140,
      balanceChange: 9_396, // 104.00 - 8.64 - 1.40 = 93.96
      remaining: { ...open, volume: 60, swap: -1_296 },
    })
  })

  it('never loses a cent of swap to rounding', () => {
    // -7.21 x 0.33 = -2.3793 -> -2.38 now, -4.83 left: -7.21 in all
    const open = position('EURUSD', 'buy', '1', '1.08350', -721)
    const first = closePosition(open, lots('0.33'), quotes)
    const rest = closePosition(first.remaining!, lots('0.67'), quotes)
    expect([first.swap, rest.swap]).toEqual([-238, -483])
    expect(rest.remaining).toBeNull()
  })

  it('closes a sell at the ask', () => {
    // sell 1 lot at 1.08350; ask 1.08612: -0.00262 x 100,000 = -262.00
    const close = closePosition(position('EURUSD', 'sell', '1', '1.08350'), lots('1'), quotes)
    expect(close.closePrice).toBe(108_612)
    expect(close.profit).toBe(-26_200)
    expect(close.remaining).toBeNull()
  })

  it('refuses to close more than the position holds', () => {
    const eurusd = getInstrument('EURUSD')
    expect(checkCloseVolume(eurusd, lots('1'), lots('1.01'))?.code).toBe('close-volume')
    expect(checkCloseVolume(eurusd, lots('1'), 0)?.code).toBe('volume-step')
    expect(() =>
      closePosition(position('EURUSD', 'buy', '1', '1.08350'), lots('2'), quotes),
    ).toThrow('You cannot close more than the position holds.')
  })
})
