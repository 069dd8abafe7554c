import { adminAccountMessages, type AdminAccountActionResponse } from '@tp/api'
import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradingAccounts } from '../../db/schema'
import { computeMeters } from '../../risk/meters'
import { dayRow, writeDays, writeLedger } from '../../risk/risk-monitor'
import type { Caller } from '../access/authenticate'
import {
  engineStatusOf,
  MANUAL_FAIL,
  loadUndecidedAccount,
  recordAccountAction,
} from './manual-verdict'

/**
 * The risk desk fails an active account by hand (docs/admin-account-policy.md): what a breach
 * does minus the evidence (no rule was broken): trading disabled, pending orders cancelled,
 * positions closed at market, the evaluation ended with its ledger, status failed; the engine's
 * verdict of that moment is audited beside the override and the owner emailed the reason.
 */
export async function failAccount(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; reason: string },
): Promise<AdminAccountActionResponse> {
  const loaded = await loadUndecidedAccount(ctx, caller, input.accountId)
  if (loaded.decided) return loaded.decided
  const { row, externalId, monitored, answer } = loaded
  const engineStatus = await engineStatusOf(ctx, row)
  const platform = ctx.trading.platform
  const stopping = [
    platform.setTradingEnabled(externalId, false),
    platform.cancelAllOrders(externalId),
    platform.closeAllPositions(externalId, 'risk'),
  ]
  const nowMs = ctx.clock.now().getTime()
  const { rows, days } = ctx.trading.risk.takePending(row.id)
  const meters = computeMeters(
    monitored.evaluator,
    monitored.equityNow,
    monitored.balanceNow,
    nowMs,
  )
  const finalDay = monitored.evaluator.verdict().days.at(-1)
  const [failed] = await ctx.trading.risk.writeVerdict(() =>
    ctx.db.transaction(async (tx) => {
      await writeLedger(tx, rows)
      await writeDays(tx, [...days, ...(finalDay ? [dayRow(row.id, finalDay)] : [])])
      return tx
        .update(tradingAccounts)
        .set({
          status: 'failed',
          isTradingEnabled: false,
          endedAt: new Date(nowMs),
          finalMeters: meters,
          evaluatorState: monitored.evaluator.toState(),
          evaluatorSeq: monitored.seq,
        })
        .where(and(eq(tradingAccounts.id, row.id), eq(tradingAccounts.status, 'active')))
        .returning({ id: tradingAccounts.id })
    }),
  )
  ctx.trading.risk.forget(row.id)
  await Promise.allSettled(stopping)
  if (!failed) return answer(adminAccountMessages.alreadyDecided)
  ctx.trading.hub.accountEvent(row.id, 'trading-disabled', adminAccountMessages.failedManually)
  await recordAccountAction(ctx, caller, row, {
    action: 'fail',
    auditAction: MANUAL_FAIL,
    reason: input.reason,
    details: { engineStatus },
  })
  return answer(adminAccountMessages.failedManually, 'failed')
}
