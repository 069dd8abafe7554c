import { messages, type RiskActionInput, type RiskActionResponse } from '@tp/api'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradingAccounts } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { recordRiskAction } from './risk-action'

/**
 * The risk desk (an admin, with a reason) disables trading on an active account: on the
 * platform, then on the row (what the owner's terminal shows); pending orders are cancelled so
 * none fills while trading is off; open positions stay. Audited; the owner is told live and by
 * email. Disabling an account already disabled changes nothing.
 */
export async function disableTrading(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string } & RiskActionInput,
): Promise<RiskActionResponse> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'manage')
  if (!row.externalId || row.status !== 'active') throw new AppError('ACCOUNT_NOT_TRADABLE')
  const message = messages.trading.riskDisabled(input.reason)
  if (!row.isTradingEnabled) {
    return { accountId: row.id, isTradingEnabled: false, closed: [], cancelledOrders: 0, message }
  }
  const platform = ctx.trading.platform
  await platform.setTradingEnabled(row.externalId, false)
  const cancelled = await platform.cancelAllOrders(row.externalId)
  await ctx.db
    .update(tradingAccounts)
    .set({ isTradingEnabled: false })
    .where(eq(tradingAccounts.id, row.id))
  await recordRiskAction(ctx, caller, row, 'disable-trading', {
    reason: input.reason,
    closedPositions: 0,
    cancelledOrders: cancelled.length,
  })
  ctx.trading.hub.accountEvent(row.id, 'trading-disabled', message)
  return {
    accountId: row.id,
    isTradingEnabled: false,
    closed: [],
    cancelledOrders: cancelled.length,
    message,
  }
}
