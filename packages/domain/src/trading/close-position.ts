import type { OpenPosition } from './account-figures'
import { dealCommission } from './costs'
import { roundDiv } from './exact'
import { getInstrument, type Instrument } from './instruments'
import { tradingMessages } from './messages'
import { tradingIssue, type TradingIssue } from './orders'
import { profitAt } from './profit'
import {
  closingPrice,
  openingPrice,
  quoteOf,
  type Quote,
  type QuoteBook,
  type Side,
} from './quotes'

/** The opening deal of a market order (or a triggered pending order) at this quote. */
export function openingDeal(
  instrument: Instrument,
  side: Side,
  volume: number,
  quote: Quote,
): { price: number; commission: number } {
  return { price: openingPrice(side, quote), commission: dealCommission(instrument, volume) }
}

/** What closing (part of) a position realises, in USD cents; `remaining` is what stays open. */
export interface PositionClose {
  readonly volume: number
  /** points */
  readonly closePrice: number
  readonly profit: number
  /** the closed part's share of the accumulated swap */
  readonly swap: number
  /** the closing deal's commission (negative) */
  readonly commission: number
  /** profit + swap + commission: what the balance changes by */
  readonly balanceChange: number
  readonly remaining: OpenPosition | null
}

/** Whether `volume` can be closed from a position: at most what it holds, in the instrument's steps. */
export function checkCloseVolume(
  instrument: Instrument,
  positionVolume: number,
  volume: number,
): TradingIssue | null {
  if (!Number.isSafeInteger(volume) || volume <= 0 || volume % instrument.volumeStep !== 0) {
    return tradingIssue('volume-step', 'volume', tradingMessages.volumeStep(instrument.volumeStep))
  }
  if (volume > positionVolume) {
    return tradingIssue('close-volume', 'volume', tradingMessages.closeVolumeAbovePosition)
  }
  return null
}

/**
 * Closes `volume` of a position at the current quote (a buy at the bid, a sell at the ask). The
 * closed part realises its profit, a share of the accumulated swap pro rata to volume (rounded to
 * the cent; the rest stays with the open part, so no cent is lost) and the closing commission.
 * The open part keeps its open price. Throws on a volume checkCloseVolume refuses.
 */
export function closePosition(
  position: OpenPosition,
  volume: number,
  quotes: QuoteBook,
): PositionClose {
  const instrument = getInstrument(position.symbol)
  const problem = checkCloseVolume(instrument, position.volume, volume)
  if (problem) throw new RangeError(problem.message)
  const closePrice = closingPrice(position.side, quoteOf(quotes, position.symbol))
  const profit = profitAt(instrument, position.side, volume, position.openPrice, closePrice, quotes)
  const isFull = volume === position.volume
  const swap = isFull ? position.swap : roundDiv(position.swap * volume, position.volume)
  const commission = dealCommission(instrument, volume)
  return {
    volume,
    closePrice,
    profit,
    swap,
    commission,
    balanceChange: profit + swap + commission,
    remaining: isFull
      ? null
      : { ...position, volume: position.volume - volume, swap: position.swap - swap },
  }
}
