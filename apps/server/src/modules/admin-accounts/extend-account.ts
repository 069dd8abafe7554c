import { adminAccountMessages, type AdminAccountActionResponse } from '@tp/api'
import { getPlanPolicy, type PlanKey } from '@tp/domain'
import type { AppContext } from '../../context'
import { AppError } from '../../lib/errors'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { recordAccountAction } from './manual-verdict'

/** The audit action the inactivity sweep (risk/day-reset-job.ts) reads as a fresh start. */
export const EXTEND_ACTION = 'account.extend'

/**
 * The risk desk extends an active account's inactivity window (docs/admin-account-policy.md):
 * the plan's days without a trade (decisions.md: 30) count from now. The audit entry is the
 * record the sweep reads; the owner is emailed. A suspended account is not reinstated.
 */
export async function extendAccount(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; reason: string },
): Promise<AdminAccountActionResponse> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'manage')
  if (row.status !== 'active') {
    throw new AppError('ACCOUNT_NOT_TRADABLE', { message: adminAccountMessages.extendNotActive })
  }
  const { inactivityDays } = getPlanPolicy(row.planKey as PlanKey, row.rulebookVersion)
  await recordAccountAction(ctx, caller, row, {
    action: 'extend',
    auditAction: EXTEND_ACTION,
    reason: input.reason,
    details: { inactivityDays },
  })
  return {
    accountId: row.id,
    status: row.status,
    leverage: row.leverage,
    message: adminAccountMessages.extended,
  }
}
