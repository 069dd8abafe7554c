import type { AppContext } from '../../context'

/**
 * Whether the scenario driver plays this account's own price of `symbol`: a script is the
 * account's market and ignores market hours (decision 0013), so the firm's market-hours rule
 * (decision 0018) does not apply to it. Only with the scenario driver on, never in production.
 */
export function isScriptedMarket(ctx: AppContext, externalId: string, symbol: string): boolean {
  if (!ctx.env.SCENARIO_DRIVER) return false
  return ctx.trading.simulated?.isScripted(externalId, symbol) ?? false
}
