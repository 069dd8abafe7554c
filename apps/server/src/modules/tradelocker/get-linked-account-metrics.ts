import type { LinkedAccount } from '@tp/api/tradelocker'
import type { AccountMetrics } from '@tp/domain/analytics'
import { computeStatementMetrics } from '@tp/domain/analytics'
import type { AccountSizeK } from '@tp/domain/plans'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradeLockerLinks } from '../../db/schema'
import { loadLinkedAccountFor } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { toLinkedAccount } from './tradelocker-links'

/**
 * A linked TradeLocker account on the metrics page: its imported trades' analytics and rule
 * what-if at an account size, by the same computation as a saved statement (owner or admin).
 */
export async function getLinkedAccountMetrics(
  ctx: AppContext,
  caller: Caller,
  linkedAccountId: string,
  sizeK: AccountSizeK,
): Promise<{ account: LinkedAccount; metrics: AccountMetrics }> {
  const row = await loadLinkedAccountFor(ctx, caller, linkedAccountId)
  const [link] = await ctx.db
    .select({ server: tradeLockerLinks.server, accountType: tradeLockerLinks.accountType })
    .from(tradeLockerLinks)
    .where(eq(tradeLockerLinks.id, row.linkId))
  return {
    account: toLinkedAccount(row, link!),
    metrics: computeStatementMetrics(row.trades, sizeK),
  }
}
