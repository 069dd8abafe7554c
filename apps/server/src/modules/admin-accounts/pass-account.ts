import { adminAccountMessages, type AdminAccountActionResponse } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { recordPass } from '../accounts/account-lifecycle'
import {
  engineStatusOf,
  MANUAL_PASS,
  loadUndecidedAccount,
  recordAccountAction,
} from './manual-verdict'

/**
 * The risk desk passes an active account by hand (docs/admin-account-policy.md): the same
 * lifecycle path as the engine's pass (recordPass: read-only, next stage provisioned, certificate,
 * email), with the engine's verdict of that moment audited beside the override. A second click
 * finds the account passed and changes nothing: the next stage is provisioned once.
 */
export async function passAccount(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; reason: string },
): Promise<AdminAccountActionResponse> {
  const loaded = await loadUndecidedAccount(ctx, caller, input.accountId)
  if (loaded.decided) return loaded.decided
  const { row, externalId, monitored, answer } = loaded
  const engineStatus = await engineStatusOf(ctx, row)
  const verdict = {
    ...monitored.evaluator.verdict(),
    status: 'passed' as const,
    passedAt: ctx.clock.now().toISOString(),
  }
  const platform = ctx.trading.platform
  const stopping = [
    platform.setTradingEnabled(externalId, false),
    platform.cancelAllOrders(externalId),
    platform.closeAllPositions(externalId, 'pass'),
  ]
  const isRecorded = await recordPass(ctx, monitored, verdict, stopping)
  if (!isRecorded) return answer(adminAccountMessages.alreadyDecided, 'passed')
  await recordAccountAction(ctx, caller, row, {
    action: 'pass',
    auditAction: MANUAL_PASS,
    reason: input.reason,
    details: { engineStatus },
  })
  return answer(adminAccountMessages.passedManually, 'passed')
}
