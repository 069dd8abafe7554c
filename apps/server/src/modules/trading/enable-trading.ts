import { messages, type RiskActionInput, type RiskActionResponse } from '@tp/api'
import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradingAccounts } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { recordRiskAction } from './risk-action'

/**
 * The risk desk (an admin, with a reason) enables trading again on an account it disabled. Only
 * an active account: one that ended (breach, pass, suspension, refund) stays read-only. The row
 * first (conditionally on the account still being active), then the platform. Audited; the owner
 * is emailed.
 */
export async function enableTrading(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string } & RiskActionInput,
): Promise<RiskActionResponse> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'manage')
  if (!row.externalId || row.status !== 'active') throw new AppError('ACCOUNT_NOT_TRADABLE')
  const answer = {
    accountId: row.id,
    isTradingEnabled: true,
    closed: [],
    cancelledOrders: 0,
    message: messages.trading.riskEnabled,
  }
  if (row.isTradingEnabled) return answer
  const [updated] = await ctx.db
    .update(tradingAccounts)
    .set({ isTradingEnabled: true })
    .where(and(eq(tradingAccounts.id, row.id), eq(tradingAccounts.status, 'active')))
    .returning({ id: tradingAccounts.id })
  if (!updated) throw new AppError('ACCOUNT_NOT_TRADABLE')
  await ctx.trading.platform.setTradingEnabled(row.externalId, true)
  await recordRiskAction(ctx, caller, row, 'enable-trading', {
    reason: input.reason,
    closedPositions: 0,
    cancelledOrders: 0,
  })
  ctx.trading.hub.accountChanged(row.id)
  return answer
}
