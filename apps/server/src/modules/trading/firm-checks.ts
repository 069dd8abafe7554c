import {
  checkFirmOrder,
  checkMarketHours,
  getPlanPolicy,
  type Instrument,
  type PlanKey,
  type PlanPolicy,
} from '@tp/domain'
import type { AppContext } from '../../context'
import type { TradingAccountRow } from '../../db/schema'
import { isScriptedMarket } from '../scenarios/scripted-market'
import { tradingRejected } from './trading-errors'

// The firm's rules (@tp/domain firm-policy, decision 0018) applied by the app before the trading
// platform is called, so that no adapter is trusted with them: a refusal here never reaches the
// platform.

/** The plan's policy the account was sold with (its rulebook version). */
export function policyOf(row: TradingAccountRow): Readonly<PlanPolicy> {
  return getPlanPolicy(row.planKey as PlanKey, row.rulebookVersion)
}

/** A new order: market open by the firm's calendar, volume within the plan's cap; 422 otherwise. */
export function assertFirmOrder(
  ctx: AppContext,
  row: TradingAccountRow,
  externalId: string,
  instrument: Instrument,
  volume: number,
): void {
  const issues = checkFirmOrder(
    instrument,
    { volume },
    {
      policy: policyOf(row),
      tMs: ctx.clock.now().getTime(),
      isOwnMarket: isScriptedMarket(ctx, externalId, instrument.symbol),
    },
  )
  if (issues.length > 0) throw tradingRejected(issues)
}

/** A trader's close: the position's market is open by the firm's calendar; 422 otherwise. */
export function assertMarketOpen(
  ctx: AppContext,
  externalId: string,
  instrument: Instrument,
): void {
  const issue = checkMarketHours(instrument, ctx.clock.now().getTime(), {
    isOwnMarket: isScriptedMarket(ctx, externalId, instrument.symbol),
  })
  if (issue) throw tradingRejected([issue])
}
