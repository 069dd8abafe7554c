import { and, eq, inArray } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradingAccounts, type TradingAccountRow } from '../../db/schema'
import type { CloseReason } from '../../integrations/trading-platform/trading-platform'
import { computeMeters } from '../../risk/meters'

/** What ending an account did: the row as it ended, and what was closed on the platform. */
export type EndedAccount = {
  row: TradingAccountRow
  closedPositions: number
  cancelledOrders: number
  /** cents, after the closes */
  balance: number
}

/**
 * Ends an account that is still trading (inactivity, a refunded order): the live evaluator stops
 * judging it first (the evaluation ends here, as at a breach or a pass), then, through the trading
 * platform, trading is disabled, pending orders cancelled and positions closed at market with
 * `closeReason`; the row keeps the end (status, time, final meters). Null when the account was not
 * active or provisioning any more (someone ended it first).
 */
export async function endAccount(
  ctx: AppContext,
  accountId: string,
  ending: { status: 'suspended' | 'closed'; closeReason: CloseReason; nowMs: number },
): Promise<EndedAccount | null> {
  const endable: TradingAccountRow['status'][] = ['active', 'provisioning']
  const [current] = await ctx.db
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.id, accountId), inArray(tradingAccounts.status, endable)))
  if (!current) return null
  const monitored = ctx.trading.risk.get(accountId)
  // stop judging it and write what it was fed, before anything is closed
  ctx.trading.risk.forget(accountId)
  await ctx.trading.risk.flush()
  const platform = ctx.trading.platform
  let cancelledOrders = 0
  let closedPositions = 0
  let figures = monitored ? { equity: monitored.equityNow, balance: monitored.balanceNow } : null
  if (current.externalId) {
    await platform.setTradingEnabled(current.externalId, false)
    cancelledOrders = (await platform.cancelAllOrders(current.externalId)).length
    closedPositions = (await platform.closeAllPositions(current.externalId, ending.closeReason))
      .length
    const info = await platform.getAccountInfo(current.externalId)
    figures = { equity: info.equity, balance: info.balance }
  }
  const [row] = await ctx.db
    .update(tradingAccounts)
    .set({
      status: ending.status,
      isTradingEnabled: false,
      endedAt: new Date(ending.nowMs),
      provisioningLeaseUntil: null,
      ...(monitored && figures
        ? {
            finalMeters: computeMeters(
              monitored.evaluator,
              figures.equity,
              figures.balance,
              ending.nowMs,
            ),
            evaluatorState: monitored.evaluator.toState(),
            evaluatorSeq: monitored.seq,
          }
        : {}),
    })
    .where(and(eq(tradingAccounts.id, accountId), inArray(tradingAccounts.status, endable)))
    .returning()
  if (!row) return null
  ctx.logger.info(
    {
      accountId,
      status: ending.status,
      reason: ending.closeReason,
      closedPositions,
      cancelledOrders,
    },
    'account ended',
  )
  return {
    row,
    closedPositions,
    cancelledOrders,
    balance: figures?.balance ?? row.initialBalance,
  }
}
