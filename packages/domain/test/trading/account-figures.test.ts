import { describe, expect, it } from 'vitest'
import {
  checkMargin,
  computeAccountFigures,
  positionFigures,
  tradingMessages,
} from '../../src/trading'
import { book, policy, position } from './support'

describe('account figures', () => {
  it('equity is balance + floating profit + swap; free margin is equity - margin', () => {
    const account = {
      balance: 10_000_000, // $100,000.00
      leverage: 30,
      positions: [position('EURUSD', 'buy', '1', '1.08350', -720)],
    }
    const figures = computeAccountFigures(account, book({ EURUSD: ['1.08610', '1.08612'] }), policy)
    expect(figures).toEqual({
      balance: 10_000_000,
      floatingProfit: 26_000, // +260.00
      swap: -720, // -7.20
      equity: 10_025_280, // 100,252.80
      margin: 361_167, // 100,000 x 1.08350 / 30 = 3,611.67
      freeMargin: 9_664_113, // 96,641.13
      marginLevelPercent: 2775.8, // 100,252.80 / 3,611.67 = 27.758017..
      isMarginCall: false,
      isStopOut: false,
    })
  })

  it('has no margin level without positions', () => {
    const figures = computeAccountFigures(
      { balance: 500_000, leverage: 30, positions: [] },
      book({}),
      policy,
    )
    expect(figures.marginLevelPercent).toBeNull()
    expect(figures.equity).toBe(500_000)
    expect(figures.freeMargin).toBe(500_000)
    expect(figures.isStopOut).toBe(false)
  })

  it('calls margin at 80% exactly, not a cent before', () => {
    // $10,000; 2 lots EURUSD hold 722,333 cents; 80% of that is 577,866.4 cents of equity
    const account = {
      balance: 1_000_000,
      leverage: 30,
      positions: [position('EURUSD', 'buy', '2', '1.08350')],
    }
    // bid 1.06240: -2,110 points x 200 = -4,220.00 -> equity 5,780.00 = 80.02%
    const above = computeAccountFigures(account, book({ EURUSD: ['1.06240', '1.06242'] }), policy)
    expect(above.marginLevelPercent).toBe(80.02)
    expect(above.isMarginCall).toBe(false)
    // bid 1.06239: -4,222.00 -> equity 5,778.00 = 79.99%
    const below = computeAccountFigures(account, book({ EURUSD: ['1.06239', '1.06241'] }), policy)
    expect(below.marginLevelPercent).toBe(79.99)
    expect(below.isMarginCall).toBe(true)
    expect(below.isStopOut).toBe(false)
  })

  it('stops out at a margin level of exactly 50%', () => {
    // $10,000; 1 lot gold at 2350.00 holds 100 x 2350 / 20 = 11,750.00; 50% is 5,875.00
    const account = {
      balance: 1_000_000,
      leverage: 30,
      positions: [position('XAUUSD', 'buy', '1', '2350.00')],
    }
    // bid 2308.75: -41.25 x 100 oz = -4,125.00 -> equity 5,875.00 = 50.00%
    const at50 = computeAccountFigures(account, book({ XAUUSD: ['2308.75', '2308.95'] }), policy)
    expect(at50.marginLevelPercent).toBe(50)
    expect(at50.isStopOut).toBe(true)
    const justAbove = computeAccountFigures(
      account,
      book({ XAUUSD: ['2308.76', '2308.96'] }),
      policy,
    )
    expect(justAbove.marginLevelPercent).toBe(50.01)
    expect(justAbove.isStopOut).toBe(false)
  })

  it("reports one position's profit and margin for the terminal", () => {
    const quotes = book({ USDJPY: ['151.000', '151.003'] })
    expect(positionFigures(position('USDJPY', 'buy', '1', '150.000'), 30, quotes)).toEqual({
      profit: 66_224, // 100,000 JPY / 151.003
      margin: 331_126, // 100,000 x 150.000 / 30 = 500,000 JPY / 151.000 = 3,311.258 -> 3,311.26
    })
  })
})

describe('margin check before a fill', () => {
  const quotes = book({ EURUSD: ['1.08350', '1.08352'] })

  it('fills while the free margin after the order and its commission stays positive', () => {
    // $3,700: one lot needs 100,000 x 1.08352 / 30 = 3,611.73 and $3.50 commission
    const account = { balance: 370_000, leverage: 30, positions: [] }
    const order = position('EURUSD', 'buy', '1', '1.08352')
    expect(checkMargin(account, order, -350, quotes, policy)).toBeNull()
  })

  it('refuses an order the free margin cannot hold, saying how much it needs', () => {
    const account = { balance: 300_000, leverage: 30, positions: [] }
    const order = position('EURUSD', 'buy', '1', '1.08352')
    expect(checkMargin(account, order, -350, quotes, policy)).toEqual({
      code: 'not-enough-margin',
      field: 'account',
      message: tradingMessages.notEnoughMargin(361_173, 300_000),
    })
    expect(tradingMessages.notEnoughMargin(361_173, 300_000)).toBe(
      'Not enough free margin: this order needs $3,611.73, $3,000.00 is free.',
    )
  })

  it('lets a hedge in for free: the smaller side of a symbol holds no margin', () => {
    const account = {
      balance: 370_000,
      leverage: 30,
      positions: [position('EURUSD', 'buy', '1', '1.08352')],
    }
    const hedge = position('EURUSD', 'sell', '1', '1.08350')
    expect(checkMargin(account, hedge, -350, quotes, policy)).toBeNull()
    const another = position('EURUSD', 'buy', '1', '1.08352')
    expect(checkMargin(account, another, -350, quotes, policy)?.code).toBe('not-enough-margin')
  })
})
