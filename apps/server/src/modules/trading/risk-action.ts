import type { AppContext } from '../../context'
import type { TradingAccountRow } from '../../db/schema'
import { sendEmailJob } from '../../jobs/send-email'
import type { Caller } from '../access/authenticate'
import { recordAudit } from '../access/access-policy'
import { riskActionEmail, type RiskAction } from '../accounts/account-emails'
import { findUserById } from '../users/find-user'

// What every admin risk action (force-close-positions, disable-trading, enable-trading) leaves
// behind: an audit row with the admin, the reason and what was done, and an email to the owner
// naming the reason.

export async function recordRiskAction(
  ctx: AppContext,
  caller: Caller,
  row: TradingAccountRow,
  action: RiskAction,
  outcome: {
    reason: string
    closedPositions: number
    cancelledOrders: number
    details?: Record<string, unknown>
  },
): Promise<void> {
  await recordAudit(ctx, {
    actor: caller,
    action: `account.${action}`,
    targetType: 'trading-account',
    targetId: row.id,
    reason: outcome.reason,
    details: {
      login: row.login,
      closedPositions: outcome.closedPositions,
      cancelledOrders: outcome.cancelledOrders,
      ...outcome.details,
    },
  })
  ctx.logger.info(
    { accountId: row.id, action, actorUserId: caller.userId },
    'risk action on a trading account',
  )
  const owner = await findUserById(ctx.db, row.userId)
  if (!owner) return
  await ctx.jobs.enqueue(
    sendEmailJob,
    riskActionEmail(owner.email, {
      action,
      stage: row.stage,
      login: row.login ?? '',
      reason: outcome.reason,
      closedPositions: outcome.closedPositions,
      cancelledOrders: outcome.cancelledOrders,
      appUrl: ctx.env.APP_URL,
    }),
  )
}
