// Trading maths and the market model of the simulated trading server (docs/decisions/0013).
// Prices are integer points, volumes integer hundredths of a lot, money integer USD cents.
export * from './instruments'
export { parseFixed, formatFixed, formatFixedTrimmed } from './decimal-text'
export {
  parsePrice,
  formatPrice,
  priceToNumber,
  parseVolume,
  formatVolume,
  volumeInputSchema,
  priceInputSchema,
} from './units'
export * from './quotes'
export { toUsdCents, flowOf, type Flow } from './conversion'
export { profitAt, positionProfit, pipValue, type PositionTerms } from './profit'
export {
  effectiveLeverage,
  isLeverageAllowed,
  requiredMargin,
  positionMargin,
  accountMargin,
} from './margin'
export { dealCommission, swapRate, swapCharge, rolloverNights, rolloversBetween } from './costs'
export * from './orders'
export {
  computeAccountFigures,
  figuresOf,
  isLevelAtOrBelow,
  positionFigures,
  checkMargin,
  type OpenPosition,
  type TradingAccount,
  type MarginPolicy,
  type LiveAccountFigures,
} from './account-figures'
export { openingDeal, checkCloseVolume, closePosition, type PositionClose } from './close-position'
export {
  checkFirmOrder,
  checkFirmLeverage,
  checkMarketHours,
  isWeekendCloseDue,
  WEEKEND_CLOSE_LEAD_MS,
  type FirmPolicy,
  type FirmCheckContext,
} from './firm-policy'
export { planStopOut, type StopOutClose, type StopOutPlan } from './stop-out'
export { tradingMessages } from './messages'
export { MARKET_TIME_ZONE, ROLLOVER_TIME, marketWallClock, type WallClock } from './market-time'
export type { TradingHours } from './trading-hours'
export {
  isMarketOpen,
  marketStatus,
  nextMarketOpen,
  nextMarketClose,
  nextWeekendClose,
  type MarketStatus,
} from './market-hours'
export * from './market-model'
export * from './bars'
export * from './scripted-path'
