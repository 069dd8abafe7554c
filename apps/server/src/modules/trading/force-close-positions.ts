import { messages, type RiskActionInput, type RiskActionResponse } from '@tp/api'
import type { AppContext } from '../../context'
import { AppError } from '../../lib/errors'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { recordRiskAction } from './risk-action'
import { toClosedTradeDto } from './trading-dto'

/**
 * The risk desk (an admin, with a reason) closes every position of an account at market, whatever
 * the hours (closing deals with reason 'risk'), after cancelling its pending orders so none
 * fills meanwhile. Audited; the owner is told live and by email.
 */
export async function forceClosePositions(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string } & RiskActionInput,
): Promise<RiskActionResponse> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'manage')
  if (!row.externalId || row.status === 'provisioning') throw new AppError('ACCOUNT_NOT_TRADABLE')
  const platform = ctx.trading.platform
  const cancelled = await platform.cancelAllOrders(row.externalId)
  const closed = await platform.closeAllPositions(row.externalId, 'risk')
  const info = await platform.getAccountInfo(row.externalId)
  await recordRiskAction(ctx, caller, row, 'close-all', {
    reason: input.reason,
    closedPositions: closed.length,
    cancelledOrders: cancelled.length,
    details: {
      tickets: closed.map((trade) => trade.id),
      result: closed.reduce((sum, t) => sum + t.profit + t.swap + t.commission, 0),
      balance: info.balance,
    },
  })
  const message = messages.trading.riskClosedAll(closed.length, input.reason)
  ctx.trading.hub.accountEvent(row.id, 'position-closed', message)
  return {
    accountId: row.id,
    isTradingEnabled: row.isTradingEnabled && row.status === 'active',
    closed: closed.map(toClosedTradeDto),
    cancelledOrders: cancelled.length,
    message,
  }
}
