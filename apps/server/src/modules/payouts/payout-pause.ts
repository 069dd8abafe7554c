import { payoutMessages } from '@tp/api/payouts'
import type { AppContext } from '../../context'
import { AppError } from '../../lib/errors'
import { findOpenPayout } from './payout-records'

/**
 * Firm policy, ahead of the trading platform: an account with a payout request under review
 * (requested until paid or rejected) takes no new orders. The trading use-cases ask this before
 * the platform is called.
 */
export async function assertNotPausedForPayout(ctx: AppContext, accountId: string): Promise<void> {
  const open = await findOpenPayout(ctx.db, accountId)
  if (open) {
    throw new AppError('ACCOUNT_NOT_TRADABLE', { message: payoutMessages.pausedForPayout })
  }
}
