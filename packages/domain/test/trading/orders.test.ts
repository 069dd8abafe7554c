import { describe, expect, it } from 'vitest'
import {
  checkVolume,
  getInstrument,
  isPendingOrderTriggered,
  stopTriggeredAt,
  tradingMessages,
  validateOrder,
  volumeLimits,
  type OrderRequest,
} from '../../src/trading'
import { at, lots, policy, price, quote } from './support'

const eurusd = getInstrument('EURUSD')
const p = (text: string) => price('EURUSD', text)
const wednesdayNoon = at('2026-03-04T17:00:00Z')
// EURUSD stops level: 10 points (1 pip)
const market = quote('EURUSD', '1.08350', '1.08352')
const context = { quote: market, tMs: wednesdayNoon, policy }

const order = (overrides: Partial<OrderRequest>): OrderRequest => ({
  type: 'buy',
  volume: lots('1'),
  price: null,
  stopLoss: null,
  takeProfit: null,
  ...overrides,
})
const codes = (request: OrderRequest) =>
  validateOrder(eurusd, request, context).map((issue) => `${issue.field}:${issue.code}`)

describe('pending orders trigger on the price they fill at', () => {
  it('a buy limit at 1.08300 triggers when the ask falls to 1.08300', () => {
    expect(
      isPendingOrderTriggered('buy-limit', p('1.08300'), quote('EURUSD', '1.08299', '1.08301')),
    ).toBe(false)
    expect(
      isPendingOrderTriggered('buy-limit', p('1.08300'), quote('EURUSD', '1.08298', '1.08300')),
    ).toBe(true)
  })

  it('a buy stop at 1.08400 triggers when the ask rises to it', () => {
    expect(
      isPendingOrderTriggered('buy-stop', p('1.08400'), quote('EURUSD', '1.08398', '1.08399')),
    ).toBe(false)
    expect(
      isPendingOrderTriggered('buy-stop', p('1.08400'), quote('EURUSD', '1.08398', '1.08400')),
    ).toBe(true)
  })

  it('a sell limit at 1.08400 triggers when the bid rises to it, not the ask', () => {
    expect(
      isPendingOrderTriggered('sell-limit', p('1.08400'), quote('EURUSD', '1.08399', '1.08401')),
    ).toBe(false)
    expect(
      isPendingOrderTriggered('sell-limit', p('1.08400'), quote('EURUSD', '1.08400', '1.08402')),
    ).toBe(true)
  })

  it('a sell stop at 1.08300 triggers when the bid falls to it', () => {
    expect(
      isPendingOrderTriggered('sell-stop', p('1.08300'), quote('EURUSD', '1.08301', '1.08303')),
    ).toBe(false)
    expect(
      isPendingOrderTriggered('sell-stop', p('1.08300'), quote('EURUSD', '1.08300', '1.08302')),
    ).toBe(true)
  })
})

describe('stop loss and take profit trigger on the closing side', () => {
  const buyStops = { stopLoss: p('1.08300'), takeProfit: p('1.08500') }
  const sellStops = { stopLoss: p('1.08400'), takeProfit: p('1.08200') }

  it('a buy is stopped when the bid reaches its stop loss, even with the ask above', () => {
    expect(stopTriggeredAt('buy', buyStops, quote('EURUSD', '1.08301', '1.08303'))).toBeNull()
    expect(stopTriggeredAt('buy', buyStops, quote('EURUSD', '1.08300', '1.08302'))).toBe(
      'stop-loss',
    )
    expect(stopTriggeredAt('buy', buyStops, quote('EURUSD', '1.08500', '1.08502'))).toBe(
      'take-profit',
    )
    // the ask touching the take profit is not enough for a buy
    expect(stopTriggeredAt('buy', buyStops, quote('EURUSD', '1.08499', '1.08501'))).toBeNull()
  })

  it('a sell is stopped when the ask reaches its stop loss, even with the bid below', () => {
    expect(stopTriggeredAt('sell', sellStops, quote('EURUSD', '1.08398', '1.08399'))).toBeNull()
    expect(stopTriggeredAt('sell', sellStops, quote('EURUSD', '1.08398', '1.08400'))).toBe(
      'stop-loss',
    )
    expect(stopTriggeredAt('sell', sellStops, quote('EURUSD', '1.08198', '1.08200'))).toBe(
      'take-profit',
    )
    expect(stopTriggeredAt('sell', sellStops, quote('EURUSD', '1.08200', '1.08201'))).toBeNull()
  })

  it('a gap through the stop loss still triggers it', () => {
    expect(stopTriggeredAt('buy', buyStops, quote('EURUSD', '1.08100', '1.08102'))).toBe(
      'stop-loss',
    )
  })
})

describe('volume limits', () => {
  it('allows forex up to the plan maximum of 50 lots per order', () => {
    expect(policy.maxLotsPerForexOrder).toBe(50)
    expect(volumeLimits(eurusd, policy)).toEqual({ min: 1, step: 1, max: 5_000 })
    expect(checkVolume(eurusd, lots('50'), policy)).toBeNull()
    expect(checkVolume(eurusd, lots('50.01'), policy)).toEqual({
      code: 'volume-above-maximum',
      field: 'volume',
      message: 'The maximum volume per order is 50.00 lots.',
    })
  })

  it('follows the plan: a policy of 20 lots caps forex at 20', () => {
    expect(checkVolume(eurusd, lots('20.01'), { maxLotsPerForexOrder: 20 })?.code).toBe(
      'volume-above-maximum',
    )
  })

  it('caps other classes by the instrument, not the forex rule', () => {
    expect(checkVolume(getInstrument('XAUUSD'), lots('20'), policy)).toBeNull()
    expect(checkVolume(getInstrument('XAUUSD'), lots('20.01'), policy)?.code).toBe(
      'volume-above-maximum',
    )
    expect(checkVolume(getInstrument('BTCUSD'), lots('10.01'), policy)?.code).toBe(
      'volume-above-maximum',
    )
  })

  it('refuses nothing at all and fractions of the step', () => {
    expect(checkVolume(eurusd, 0, policy)?.message).toBe(tradingMessages.volumeBelowMinimum(1))
    expect(checkVolume(eurusd, 0.5, policy)?.code).toBe('volume-step')
  })
})

describe('order validation', () => {
  it('accepts a market buy with stops on the right side, a pip away from the bid', () => {
    // buy closes at the bid 1.08350: stop loss <= 1.08340, take profit >= 1.08360
    expect(codes(order({ stopLoss: p('1.08340'), takeProfit: p('1.08360') }))).toEqual([])
    expect(codes(order({ stopLoss: p('1.08341'), takeProfit: p('1.08359') }))).toEqual([
      'stopLoss:stop-loss',
      'takeProfit:take-profit',
    ])
  })

  it("measures a market sell's stops from the ask", () => {
    // sell closes at the ask 1.08352: stop loss >= 1.08362, take profit <= 1.08342
    expect(
      codes(order({ type: 'sell', stopLoss: p('1.08362'), takeProfit: p('1.08342') })),
    ).toEqual([])
    expect(
      codes(order({ type: 'sell', stopLoss: p('1.08340'), takeProfit: p('1.08400') })),
    ).toEqual(['stopLoss:stop-loss', 'takeProfit:take-profit'])
  })

  it('places limits on the better side and stops on the worse side, a pip away', () => {
    expect(codes(order({ type: 'buy-limit', price: p('1.08342') }))).toEqual([])
    expect(codes(order({ type: 'buy-limit', price: p('1.08343') }))).toEqual([
      'price:pending-price',
    ])
    expect(codes(order({ type: 'sell-limit', price: p('1.08360') }))).toEqual([])
    expect(codes(order({ type: 'sell-limit', price: p('1.08359') }))).toEqual([
      'price:pending-price',
    ])
    expect(codes(order({ type: 'buy-stop', price: p('1.08362') }))).toEqual([])
    expect(codes(order({ type: 'buy-stop', price: p('1.08361') }))).toEqual(['price:pending-price'])
    expect(codes(order({ type: 'sell-stop', price: p('1.08340') }))).toEqual([])
    expect(codes(order({ type: 'sell-stop', price: p('1.08341') }))).toEqual([
      'price:pending-price',
    ])
  })

  it("measures a pending order's stops from its own price", () => {
    // buy limit at 1.08200: stop loss <= 1.08190 even though the market is at 1.0835
    expect(
      codes(order({ type: 'buy-limit', price: p('1.08200'), stopLoss: p('1.08190') })),
    ).toEqual([])
    expect(
      codes(order({ type: 'buy-limit', price: p('1.08200'), stopLoss: p('1.08195') })),
    ).toEqual(['stopLoss:stop-loss'])
  })

  it("explains the distance in the price's own terms", () => {
    const [issue] = validateOrder(
      eurusd,
      order({ type: 'buy-limit', price: p('1.08351') }),
      context,
    )
    expect(issue?.message).toBe('A buy limit must be at least 0.0001 below the ask.')
  })

  it('needs a price for pending orders and refuses one for market orders', () => {
    expect(codes(order({ type: 'sell-stop' }))).toEqual(['price:price-required'])
    expect(codes(order({ price: p('1.08350') }))).toEqual(['price:price-not-allowed'])
  })

  it('refuses every order while the market is closed', () => {
    const saturday = { ...context, tMs: at('2026-03-07T12:00:00Z') }
    const issues = validateOrder(eurusd, order({ volume: lots('60') }), saturday)
    expect(issues.map((issue) => issue.code)).toEqual(['market-closed', 'volume-above-maximum'])
    expect(issues[0]?.message).toBe(tradingMessages.marketClosed)
  })
})
