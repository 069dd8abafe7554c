import { describe, expect, it } from 'vitest'
import { getPlanPolicy } from '../../src/plans'
import {
  checkFirmLeverage,
  checkFirmOrder,
  checkMarketHours,
  getInstrument,
  isWeekendCloseDue,
  tradingMessages,
  WEEKEND_CLOSE_LEAD_MS,
} from '../../src/trading'
import { at, lots, policy } from './support'

// The firm's rules, checked by the app before any trading platform sees an order (decision 0018).

const eurusd = getInstrument('EURUSD')
const btcusd = getInstrument('BTCUSD')
const wednesdayNoon = at('2026-03-04T17:00:00Z') // 12:00 New York
const saturdayNoon = at('2026-03-07T17:00:00Z')
const fridayClose = at('2026-03-06T22:00:00Z') // Friday 17:00 New York (EST)
const instantFunded = getPlanPolicy('instantFund.funded')

describe('checkFirmOrder', () => {
  it('refuses more than the plan’s 50 lots of forex, and accepts 50', () => {
    const context = { policy, tMs: wednesdayNoon }
    expect(checkFirmOrder(eurusd, { volume: lots('50') }, context)).toEqual([])
    expect(checkFirmOrder(eurusd, { volume: lots('51') }, context)).toEqual([
      {
        code: 'volume-above-maximum',
        field: 'volume',
        message: tradingMessages.volumeAboveMaximum(lots('50')),
      },
    ])
  })

  it('keeps the instrument’s own maximum for other classes (BTCUSD 10 lots)', () => {
    const issues = checkFirmOrder(btcusd, { volume: lots('10.01') }, { policy, tMs: saturdayNoon })
    expect(issues.map((issue) => issue.code)).toEqual(['volume-above-maximum'])
  })

  it('refuses an order while the market is closed, before the volume, naming both', () => {
    const issues = checkFirmOrder(eurusd, { volume: lots('51') }, { policy, tMs: saturdayNoon })
    expect(issues.map((issue) => `${issue.field}:${issue.code}`)).toEqual([
      'symbol:market-closed',
      'volume:volume-above-maximum',
    ])
    expect(issues[0]!.message).toBe(tradingMessages.marketClosed)
  })

  it('lets an account’s own scripted market trade at any hour', () => {
    const context = { policy, tMs: saturdayNoon, isOwnMarket: true }
    expect(checkFirmOrder(eurusd, { volume: lots('1') }, context)).toEqual([])
    expect(checkMarketHours(eurusd, saturdayNoon, { isOwnMarket: true })).toBeNull()
    expect(checkMarketHours(eurusd, saturdayNoon)?.code).toBe('market-closed')
    expect(checkMarketHours(btcusd, saturdayNoon)).toBeNull()
  })
})

describe('checkFirmLeverage', () => {
  it('allows 1:1 to the plan’s 1:50 in whole numbers', () => {
    expect(checkFirmLeverage(1, policy)).toBeNull()
    expect(checkFirmLeverage(50, policy)).toBeNull()
    expect(checkFirmLeverage(51, policy)).toMatchObject({
      field: 'leverage',
      message: 'The maximum leverage is 1:50.',
    })
    expect(checkFirmLeverage(0, policy)?.code).toBe('leverage')
    expect(checkFirmLeverage(12.5, policy)?.message).toBe(tradingMessages.leverageRange(50))
  })
})

describe('isWeekendCloseDue', () => {
  it('is due in the last minutes before the weekend close for plans without weekend holding', () => {
    expect(instantFunded.isWeekendHoldingAllowed).toBe(false)
    const justInside = fridayClose - WEEKEND_CLOSE_LEAD_MS
    expect(isWeekendCloseDue('EURUSD', justInside - 1, instantFunded)).toBe(false)
    expect(isWeekendCloseDue('EURUSD', justInside, instantFunded)).toBe(true)
    expect(isWeekendCloseDue('EURUSD', fridayClose - 1, instantFunded)).toBe(true)
    // at and after the close it is too late: the market is closed
    expect(isWeekendCloseDue('EURUSD', fridayClose, instantFunded)).toBe(false)
  })

  it('never for plans that hold over the weekend, nor for crypto', () => {
    expect(isWeekendCloseDue('EURUSD', fridayClose - 60_000, policy)).toBe(false)
    expect(isWeekendCloseDue('BTCUSD', fridayClose - 60_000, instantFunded)).toBe(false)
    expect(isWeekendCloseDue('XAUUSD', fridayClose - 60_000, instantFunded)).toBe(true)
  })
})
