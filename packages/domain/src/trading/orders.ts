import { z } from 'zod'
import type { PlanPolicy } from '../plans'
import { formatFixedTrimmed } from './decimal-text'
import type { Instrument } from './instruments'
import { tradingMessages } from './messages'
import type { Quote, Side } from './quotes'
import { isOpenDuring } from './trading-hours'
import { VOLUME_UNITS_PER_LOT } from './volume-units'

export const orderTypes = [
  'buy',
  'sell',
  'buy-limit',
  'sell-limit',
  'buy-stop',
  'sell-stop',
] as const
export type OrderType = (typeof orderTypes)[number]
export const orderTypeSchema = z.enum(orderTypes)

export const pendingOrderTypes = ['buy-limit', 'sell-limit', 'buy-stop', 'sell-stop'] as const
export type PendingOrderType = (typeof pendingOrderTypes)[number]

export function isPendingOrderType(type: OrderType): type is PendingOrderType {
  return type !== 'buy' && type !== 'sell'
}

export function sideOfOrder(type: OrderType): Side {
  return type === 'buy' || type === 'buy-limit' || type === 'buy-stop' ? 'buy' : 'sell'
}

/**
 * Whether a pending order triggers at this quote. Buys trigger on the ask (the price they fill
 * at), sells on the bid: a buy limit when the ask falls to its price or below, a buy stop when
 * the ask rises to it or above; a sell limit when the bid rises to it, a sell stop when the bid
 * falls to it. The order then fills at that quote's price, which a gap can make better than a
 * limit's price and worse than a stop's.
 */
export function isPendingOrderTriggered(
  type: PendingOrderType,
  price: number,
  quote: Quote,
): boolean {
  switch (type) {
    case 'buy-limit':
      return quote.ask <= price
    case 'buy-stop':
      return quote.ask >= price
    case 'sell-limit':
      return quote.bid >= price
    case 'sell-stop':
      return quote.bid <= price
  }
}

export interface Stops {
  /** points; null when not set */
  readonly stopLoss: number | null
  readonly takeProfit: number | null
}

export type StopTrigger = 'stop-loss' | 'take-profit'

/**
 * Which protective level this quote reaches, on the price the position closes at: a buy's on the
 * bid (stop loss at or below it, take profit at or above), a sell's on the ask. The position
 * closes at that quote's price (a gap fills a stop loss worse than its level).
 */
export function stopTriggeredAt(side: Side, stops: Stops, quote: Quote): StopTrigger | null {
  const { stopLoss, takeProfit } = stops
  if (side === 'buy') {
    if (stopLoss !== null && quote.bid <= stopLoss) return 'stop-loss'
    if (takeProfit !== null && quote.bid >= takeProfit) return 'take-profit'
  } else {
    if (stopLoss !== null && quote.ask >= stopLoss) return 'stop-loss'
    if (takeProfit !== null && quote.ask <= takeProfit) return 'take-profit'
  }
  return null
}

export type TradingIssueField =
  'symbol' | 'volume' | 'price' | 'stopLoss' | 'takeProfit' | 'account' | 'leverage'
export type TradingIssueCode =
  | 'market-closed'
  | 'volume-below-minimum'
  | 'volume-above-maximum'
  | 'volume-step'
  | 'price-required'
  | 'price-not-allowed'
  | 'pending-price'
  | 'stop-loss'
  | 'take-profit'
  | 'not-enough-margin'
  | 'close-volume'
  | 'unknown-symbol'
  | 'trading-disabled'
  | 'leverage'

export interface TradingIssue {
  readonly code: TradingIssueCode
  readonly field: TradingIssueField
  readonly message: string
}

export interface VolumeLimits {
  /** volume units (hundredths of a lot) */
  readonly min: number
  readonly step: number
  readonly max: number
}

export type VolumePolicy = Pick<PlanPolicy, 'maxLotsPerForexOrder'>

/** Volume limits of one order: forex's maximum is the plan's (decisions.md: 50 lots). */
export function volumeLimits(instrument: Instrument, policy: VolumePolicy): VolumeLimits {
  return {
    min: instrument.volumeMin,
    step: instrument.volumeStep,
    max: instrument.volumeMax ?? policy.maxLotsPerForexOrder * VOLUME_UNITS_PER_LOT,
  }
}

export function checkVolume(
  instrument: Instrument,
  volume: number,
  policy: VolumePolicy,
): TradingIssue | null {
  const limits = volumeLimits(instrument, policy)
  if (!Number.isSafeInteger(volume) || volume % limits.step !== 0) {
    return tradingIssue('volume-step', 'volume', tradingMessages.volumeStep(limits.step))
  }
  if (volume < limits.min) {
    return tradingIssue(
      'volume-below-minimum',
      'volume',
      tradingMessages.volumeBelowMinimum(limits.min),
    )
  }
  if (volume > limits.max) {
    return tradingIssue(
      'volume-above-maximum',
      'volume',
      tradingMessages.volumeAboveMaximum(limits.max),
    )
  }
  return null
}

/** The closest a pending price, stop loss or take profit may be to its reference, in points. */
export function minimumStopDistance(instrument: Instrument): number {
  return Math.max(instrument.stopsLevelPoints, 1)
}

/** "0.0001" style text of the minimum distance, for messages. */
function distanceText(instrument: Instrument): string {
  return formatFixedTrimmed(minimumStopDistance(instrument), instrument.digits)
}

/**
 * Where a pending order may be placed against the current quote (MetaTrader's stops level):
 * limits on the better side of the market, stops on the worse side, at least the minimum
 * distance away.
 */
export function checkPendingPrice(
  instrument: Instrument,
  type: PendingOrderType,
  price: number,
  quote: Quote,
): TradingIssue | null {
  const distance = minimumStopDistance(instrument)
  const text = distanceText(instrument)
  switch (type) {
    case 'buy-limit':
      return price <= quote.ask - distance
        ? null
        : tradingIssue('pending-price', 'price', tradingMessages.buyLimitPrice(text))
    case 'sell-limit':
      return price >= quote.bid + distance
        ? null
        : tradingIssue('pending-price', 'price', tradingMessages.sellLimitPrice(text))
    case 'buy-stop':
      return price >= quote.ask + distance
        ? null
        : tradingIssue('pending-price', 'price', tradingMessages.buyStopPrice(text))
    case 'sell-stop':
      return price <= quote.bid - distance
        ? null
        : tradingIssue('pending-price', 'price', tradingMessages.sellStopPrice(text))
  }
}

/**
 * Stop loss and take profit on the correct side of `reference` and at least the minimum distance
 * from it. The reference is the price the position would close at now (bid for a buy, ask for a
 * sell) for market orders and open positions, and the order's price for pending orders.
 */
export function checkStops(
  instrument: Instrument,
  side: Side,
  stops: Stops,
  reference: number,
): TradingIssue[] {
  const distance = minimumStopDistance(instrument)
  const text = distanceText(instrument)
  const issues: TradingIssue[] = []
  const { stopLoss, takeProfit } = stops
  if (side === 'buy') {
    if (stopLoss !== null && stopLoss > reference - distance) {
      issues.push(tradingIssue('stop-loss', 'stopLoss', tradingMessages.stopLossBelow(text)))
    }
    if (takeProfit !== null && takeProfit < reference + distance) {
      issues.push(tradingIssue('take-profit', 'takeProfit', tradingMessages.takeProfitAbove(text)))
    }
  } else {
    if (stopLoss !== null && stopLoss < reference + distance) {
      issues.push(tradingIssue('stop-loss', 'stopLoss', tradingMessages.stopLossAbove(text)))
    }
    if (takeProfit !== null && takeProfit > reference - distance) {
      issues.push(tradingIssue('take-profit', 'takeProfit', tradingMessages.takeProfitBelow(text)))
    }
  }
  return issues
}

/** An order as the maths sees it: prices in points, volume in hundredths of a lot. */
export interface OrderRequest extends Stops {
  readonly type: OrderType
  readonly volume: number
  /** the pending order's price; null for market orders */
  readonly price: number | null
}

export interface OrderContext {
  readonly quote: Quote
  readonly tMs: number
  readonly policy: VolumePolicy
}

/**
 * Every problem with an order at this moment, in the order a ticket shows them: market hours,
 * volume, price, stops. Margin depends on the account and is checked by checkMargin
 * (account-figures.ts) when the order fills.
 */
export function validateOrder(
  instrument: Instrument,
  order: OrderRequest,
  context: OrderContext,
): TradingIssue[] {
  const issues: TradingIssue[] = []
  if (!isOpenDuring(instrument.hours, context.tMs)) {
    issues.push(tradingIssue('market-closed', 'symbol', tradingMessages.marketClosed))
  }
  const volumeIssue = checkVolume(instrument, order.volume, context.policy)
  if (volumeIssue) issues.push(volumeIssue)

  const side = sideOfOrder(order.type)
  if (isPendingOrderType(order.type)) {
    if (order.price === null) {
      issues.push(tradingIssue('price-required', 'price', tradingMessages.pendingPriceRequired))
      return issues
    }
    const priceIssue = checkPendingPrice(instrument, order.type, order.price, context.quote)
    if (priceIssue) issues.push(priceIssue)
    issues.push(...checkStops(instrument, side, order, order.price))
  } else {
    if (order.price !== null) {
      issues.push(tradingIssue('price-not-allowed', 'price', tradingMessages.marketOrderPrice))
    }
    const reference = side === 'buy' ? context.quote.bid : context.quote.ask
    issues.push(...checkStops(instrument, side, order, reference))
  }
  return issues
}

export function tradingIssue(
  code: TradingIssueCode,
  field: TradingIssueField,
  message: string,
): TradingIssue {
  return { code, field, message }
}
