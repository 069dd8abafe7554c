import type { PolicyViolation } from '@tp/api/policy-violations'
import { desc, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { policyViolations, type PolicyViolationRow } from '../../db/schema'
import { loadAccountFor } from '../access/access-policy'
import type { Caller } from '../access/authenticate'

export function toPolicyViolation(row: PolicyViolationRow): PolicyViolation {
  return {
    id: row.id,
    accountId: row.accountId,
    rule: row.rule,
    positionId: row.positionId,
    symbol: row.symbol,
    side: row.side,
    volume: row.volume / 100,
    limitVolume: row.limitVolume === null ? null : row.limitVolume / 100,
    tradeTime: row.tradeTime.toISOString(),
    action: row.action,
    createdAt: row.createdAt.toISOString(),
  }
}

/** An account's firm-policy violations (decision 0045), newest first: the owner's and admins' read. */
export async function listPolicyViolations(
  ctx: AppContext,
  caller: Caller,
  accountId: string,
): Promise<PolicyViolation[]> {
  const account = await loadAccountFor(ctx, caller, accountId, 'read')
  const rows = await ctx.db
    .select()
    .from(policyViolations)
    .where(eq(policyViolations.accountId, account.id))
    .orderBy(desc(policyViolations.createdAt))
    .limit(500)
  return rows.map(toPolicyViolation)
}
