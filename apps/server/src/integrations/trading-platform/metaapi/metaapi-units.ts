import { findInstrument, parseFixed, type Side } from '@tp/domain'
import type {
  CloseReason,
  PlatformClosedTrade,
  PlatformDeal,
  PlatformPosition,
} from '../trading-platform'
import type { MetaApiDeal, MetaApiPosition } from './metaapi-wire'

// MetaApi's decimals to the port's integers (decision 0013): prices in points of the symbol's
// digits (the instrument catalogue; an unknown symbol: 5 digits, 3 for a JPY cross), volumes in
// hundredths of a lot, money in cents. A float from the wire is first printed with the unit's
// decimals (toFixed), then read exactly: nothing is computed in floats.

const FALLBACK_DIGITS = 5

export function digitsOf(symbol: string): number {
  const instrument = findInstrument(symbol)
  if (instrument) return instrument.digits
  return /JPY/i.test(symbol) ? 3 : FALLBACK_DIGITS
}

function fixed(value: number, digits: number): number {
  const units = parseFixed(value.toFixed(digits), digits)
  if (units === null) throw new RangeError(`not a finite amount: ${value}`)
  return units
}

export const toCents = (value: number | null | undefined): number => fixed(value ?? 0, 2)
export const toVolume = (lots: number | null | undefined): number => fixed(lots ?? 0, 2)
export const toPoints = (symbol: string, price: number): number => fixed(price, digitsOf(symbol))
/** lots for MetaApi's trade requests */
export const toLots = (volume: number): number => volume / 100

export const timeMs = (iso: string): number => {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? 0 : ms
}

export function toPosition(position: MetaApiPosition): PlatformPosition {
  const { symbol } = position
  return {
    id: position.id,
    symbol,
    side: position.type === 'POSITION_TYPE_BUY' ? 'buy' : 'sell',
    volume: toVolume(position.volume),
    openPrice: toPoints(symbol, position.openPrice),
    openTimeMs: timeMs(position.time),
    stopLoss: position.stopLoss ? toPoints(symbol, position.stopLoss) : null,
    takeProfit: position.takeProfit ? toPoints(symbol, position.takeProfit) : null,
    currentPrice: position.currentPrice ? toPoints(symbol, position.currentPrice) : null,
    profit: toCents(position.unrealizedProfit ?? position.profit),
    swap: toCents(position.swap),
    commission: toCents(position.commission),
    margin: toCents(position.margin),
  }
}

const reasons: Record<string, CloseReason> = {
  DEAL_REASON_SL: 'stop-loss',
  DEAL_REASON_TP: 'take-profit',
  DEAL_REASON_SO: 'stop-out',
}

export function dealEntry(deal: MetaApiDeal): PlatformDeal['entry'] {
  if (deal.type !== 'DEAL_TYPE_BUY' && deal.type !== 'DEAL_TYPE_SELL') return 'balance'
  return deal.entryType === 'DEAL_ENTRY_IN' ? 'in' : 'out'
}

export function toDeal(deal: MetaApiDeal): PlatformDeal {
  const entry = dealEntry(deal)
  const symbol = deal.symbol ?? null
  const profit = toCents(deal.profit)
  if (entry === 'balance' || !symbol) {
    return {
      id: deal.id,
      entry: 'balance',
      positionId: null,
      symbol: null,
      type: 'balance',
      volume: null,
      price: null,
      timeMs: timeMs(deal.time),
      profit,
      swap: toCents(deal.swap),
      commission: toCents(deal.commission),
      reason: profit < 0 ? 'withdrawal' : 'deposit',
    }
  }
  return {
    id: deal.id,
    entry,
    positionId: deal.positionId ?? null,
    symbol,
    type: deal.type === 'DEAL_TYPE_BUY' ? 'buy' : 'sell',
    volume: toVolume(deal.volume),
    price: deal.price !== undefined ? toPoints(symbol, deal.price) : null,
    timeMs: timeMs(deal.time),
    profit,
    swap: toCents(deal.swap),
    commission: toCents(deal.commission),
    reason: entry === 'in' ? 'open' : (reasons[deal.reason ?? ''] ?? 'client'),
  }
}

/**
 * A closing deal with its position's opening deal as the port's closed trade: the position's
 * side is the opposite of the closing deal's direction.
 */
export function toClosedTrade(
  closing: PlatformDeal,
  opening: PlatformDeal | undefined,
): PlatformClosedTrade | null {
  if (closing.entry !== 'out' || !closing.symbol || closing.type === 'balance') return null
  const side: Side = closing.type === 'buy' ? 'sell' : 'buy'
  const closePrice = closing.price ?? 0
  return {
    id: closing.id,
    positionId: closing.positionId ?? closing.id,
    symbol: closing.symbol,
    side,
    volume: closing.volume ?? 0,
    openPrice: opening?.price ?? closePrice,
    closePrice,
    openTimeMs: opening?.timeMs ?? closing.timeMs,
    closeTimeMs: closing.timeMs,
    profit: closing.profit,
    swap: closing.swap,
    commission: closing.commission + (opening?.commission ?? 0),
    reason:
      closing.reason === 'open' || closing.reason === 'deposit' || closing.reason === 'withdrawal'
        ? 'client'
        : closing.reason,
  }
}
