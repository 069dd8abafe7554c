import { adminAccountMessages, type AdminAccountActionResponse } from '@tp/api'
import { checkFirmLeverage } from '@tp/domain'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradingAccounts } from '../../db/schema'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { policyOf } from '../trading/firm-checks'
import { tradingRejected, valueOf } from '../trading/trading-errors'
import { AppError } from '../../lib/errors'
import { recordAccountAction } from './manual-verdict'

/**
 * The risk desk sets an active account's leverage, with a reason: 1:1 up to the plan's maximum
 * (@tp/domain checkFirmLeverage, the same check as the owner's), refused above it (422); audited
 * with the old and new values (also while trading is disabled), the owner emailed.
 */
export async function changeAccountLeverage(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; reason: string; leverage: number },
): Promise<AdminAccountActionResponse> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'manage')
  // also while trading is disabled (the desk may lower leverage before enabling it again)
  const externalId = row.status === 'active' ? row.externalId : null
  if (!externalId) throw new AppError('ACCOUNT_NOT_TRADABLE')
  const issue = checkFirmLeverage(input.leverage, policyOf(row))
  if (issue) throw tradingRejected([issue])
  const platform = ctx.trading.platform
  // the platform takes a leverage change only while trading is on: turned on for the change and
  // off again at once; the app keeps refusing the owner's orders meanwhile (the row stays off)
  if (!row.isTradingEnabled) await platform.setTradingEnabled(externalId, true)
  try {
    valueOf(await platform.setLeverage(externalId, input.leverage))
  } finally {
    if (!row.isTradingEnabled) await platform.setTradingEnabled(externalId, false)
  }
  await ctx.db
    .update(tradingAccounts)
    .set({ leverage: input.leverage })
    .where(eq(tradingAccounts.id, row.id))
  await recordAccountAction(ctx, caller, row, {
    action: 'leverage',
    auditAction: 'account.leverage',
    reason: input.reason,
    details: { from: row.leverage, to: input.leverage },
    leverage: input.leverage,
  })
  return {
    accountId: row.id,
    status: row.status,
    leverage: input.leverage,
    message: adminAccountMessages.leverageChanged(input.leverage),
  }
}
