import { formatMoney, usd } from '../money'
import { formatFixed } from './decimal-text'
import { VOLUME_DECIMALS } from './volume-units'

const lots = (units: number): string => `${formatFixed(units, VOLUME_DECIMALS)} lots`

// Every user-facing message of trading, in one place: the server answers with these texts and
// the web terminal shows them, neither re-types them.
export const tradingMessages = {
  unknownSymbol: 'Unknown symbol.',
  marketClosed: 'The market is closed.',
  volumeFormat: 'Volume must be a positive number of lots with at most 2 decimals.',
  priceFormat: (digits: number): string =>
    `Price must be positive with at most ${digits} decimals.`,
  volumeBelowMinimum: (minimum: number): string => `The minimum volume is ${lots(minimum)}.`,
  volumeAboveMaximum: (maximum: number): string =>
    `The maximum volume per order is ${lots(maximum)}.`,
  volumeStep: (step: number): string => `Volume must be a multiple of ${lots(step)}.`,
  pendingPriceRequired: 'A pending order needs a price.',
  marketOrderPrice: 'A market order is filled at the market price; leave the price empty.',
  buyLimitPrice: (minimumDistance: string): string =>
    `A buy limit must be at least ${minimumDistance} below the ask.`,
  sellLimitPrice: (minimumDistance: string): string =>
    `A sell limit must be at least ${minimumDistance} above the bid.`,
  buyStopPrice: (minimumDistance: string): string =>
    `A buy stop must be at least ${minimumDistance} above the ask.`,
  sellStopPrice: (minimumDistance: string): string =>
    `A sell stop must be at least ${minimumDistance} below the bid.`,
  stopLossBelow: (minimumDistance: string): string =>
    `The stop loss of a buy must be at least ${minimumDistance} below the price.`,
  stopLossAbove: (minimumDistance: string): string =>
    `The stop loss of a sell must be at least ${minimumDistance} above the price.`,
  takeProfitAbove: (minimumDistance: string): string =>
    `The take profit of a buy must be at least ${minimumDistance} above the price.`,
  takeProfitBelow: (minimumDistance: string): string =>
    `The take profit of a sell must be at least ${minimumDistance} below the price.`,
  notEnoughMargin: (requiredCents: number, freeCents: number): string =>
    `Not enough free margin: this order needs ${formatMoney(usd(requiredCents))}, ` +
    `${formatMoney(usd(freeCents))} is free.`,
  closeVolumeAbovePosition: 'You cannot close more than the position holds.',
  leverageAboveMaximum: (maximum: number): string => `The maximum leverage is 1:${maximum}.`,
  leverageRange: (maximum: number): string =>
    `Leverage is 1:N with N a whole number from 1 to ${maximum}.`,
  leverageWithOpenTrades:
    'Close your positions and cancel your pending orders before changing the leverage.',
  leverageChanged: (leverage: number): string => `The account's leverage is now 1:${leverage}.`,
  tradingDisabled: 'Trading is disabled on this account.',
} as const
