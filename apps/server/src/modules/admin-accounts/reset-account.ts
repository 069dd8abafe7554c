import { adminAccountMessages } from '@tp/api'
import type { AppContext } from '../../context'
import { AppError } from '../../lib/errors'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'

/**
 * A reset (a fresh start of the same evaluation) is refused: decisions.md fails an account at
 * once on a hard breach and keeps the rulebook it was sold with (docs/admin-account-policy.md).
 * The refusal names the rule; nothing changes and nothing is audited.
 */
export async function resetAccount(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; reason: string },
): Promise<never> {
  await loadAccountFor(ctx, caller, input.accountId, 'manage')
  throw new AppError('ACCOUNT_NOT_TRADABLE', { message: adminAccountMessages.resetRefused })
}
