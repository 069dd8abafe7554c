// Test support: trades in the engine's format with only what a scenario cares about.
import type { Trade } from '../../src/trades/trade'

let nextId = 1

export function closedTrade(
  fields: Partial<Trade> & { openTime: string; closeTime: string },
): Trade {
  return {
    id: String(nextId++),
    symbol: 'EURUSD',
    side: 'buy',
    volume: 1,
    openPrice: 1.1,
    closePrice: 1.1,
    profit: 0,
    commission: 0,
    swap: 0,
    ...fields,
  }
}

export const NEW_YORK = 'America/New_York'
/** the product's trading day: 17:00 New York (decisions.md) */
export const FOREX_DAY = { timeZone: NEW_YORK, time: '17:00' }
