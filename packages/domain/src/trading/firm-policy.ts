import type { PlanPolicy } from '../plans'
import type { Instrument } from './instruments'
import { isLeverageAllowed } from './margin'
import { nextWeekendClose } from './market-hours'
import { tradingMessages } from './messages'
import { checkVolume, tradingIssue, type TradingIssue } from './orders'
import { isOpenDuring } from './trading-hours'

// The firm's own trading rules (docs/decisions/0018): what the plan allows, checked by the app
// before an order reaches any trading platform, so every adapter (the simulated server, MetaApi,
// an MT5 server) gets them. The platform's own checks (margin, stops level, pending prices, its
// symbol sessions) stay the platform's; these never depend on it.
//
//   market hours   no order, and no close by the trader, while the instrument's market is closed
//                  by the firm's calendar (market-hours.ts)
//   volume         the instrument's minimum, step and maximum; forex at most the plan's
//                  maxLotsPerForexOrder (decisions.md: 50 lots)
//   leverage       1:N with N a whole number from 1 to the plan's maximum (1:50)
//   weekend        plans without weekend holding (Instant Funding) have their positions in a
//                  market closing for the weekend closed in the last minutes before it does

export type FirmPolicy = Pick<
  PlanPolicy,
  'maxLotsPerForexOrder' | 'leverage' | 'isWeekendHoldingAllowed'
>

export interface FirmCheckContext {
  readonly policy: Pick<PlanPolicy, 'maxLotsPerForexOrder'>
  readonly tMs: number
  /**
   * The account trades this symbol at a price of its own that ignores market hours (a scenario
   * script in development, decision 0013): the market-hours rule does not apply to it.
   */
  readonly isOwnMarket?: boolean
}

function marketClosedIssue(): TradingIssue {
  return tradingIssue('market-closed', 'symbol', tradingMessages.marketClosed)
}

/** The market is open for this instrument now by the firm's calendar; null when it is. */
export function checkMarketHours(
  instrument: Instrument,
  tMs: number,
  options: { isOwnMarket?: boolean } = {},
): TradingIssue | null {
  if (options.isOwnMarket === true || isOpenDuring(instrument.hours, tMs)) return null
  return marketClosedIssue()
}

/**
 * The firm's problems with a new order, in the order a ticket shows them: the market closed,
 * then the volume (minimum, step, the instrument's maximum or, for forex, the plan's cap).
 */
export function checkFirmOrder(
  instrument: Instrument,
  order: { readonly volume: number },
  context: FirmCheckContext,
): TradingIssue[] {
  const issues: TradingIssue[] = []
  const hoursIssue = checkMarketHours(instrument, context.tMs, context)
  if (hoursIssue) issues.push(hoursIssue)
  const volumeIssue = checkVolume(instrument, order.volume, context.policy)
  if (volumeIssue) issues.push(volumeIssue)
  return issues
}

/** The leverage a trader may choose under the plan: 1:1 up to its maximum, whole numbers. */
export function checkFirmLeverage(
  leverage: number,
  policy: Pick<PlanPolicy, 'leverage'>,
): TradingIssue | null {
  if (isLeverageAllowed(leverage, policy)) return null
  const message =
    Number.isSafeInteger(leverage) && leverage > policy.leverage.max
      ? tradingMessages.leverageAboveMaximum(policy.leverage.max)
      : tradingMessages.leverageRange(policy.leverage.max)
  return tradingIssue('leverage', 'leverage', message)
}

/** Plans without weekend holding: how long before the weekend close positions are closed. */
export const WEEKEND_CLOSE_LEAD_MS = 5 * 60_000

/**
 * Whether a position in `symbol` held under `policy` must be closed now: the plan does not allow
 * weekend holding and the symbol's market closes for the weekend within `leadMs` (markets that
 * never close, crypto, are held). Outside that window, false: a job that runs late, after the
 * close, leaves the position to the market's reopening rather than guessing.
 */
export function isWeekendCloseDue(
  symbol: string,
  tMs: number,
  policy: Pick<PlanPolicy, 'isWeekendHoldingAllowed'>,
  leadMs: number = WEEKEND_CLOSE_LEAD_MS,
): boolean {
  if (policy.isWeekendHoldingAllowed) return false
  const closeMs = nextWeekendClose(symbol, tMs)
  return closeMs !== null && closeMs > tMs && closeMs - tMs <= leadMs
}
