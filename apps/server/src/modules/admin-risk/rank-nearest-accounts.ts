import { riskDeskSize, type RiskNearest, type RiskNearestRow } from '@tp/api'
import type { PlanKey, Stage } from '@tp/domain'
import { eq, inArray } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradingAccounts, users } from '../../db/schema'

// The live risk view's ranking (decision 0038): the risk monitor's open accounts nearest to a
// floor (risk/nearest-to-breach.ts, on demand from its evaluators), then who and what each of the
// few ranked accounts is, in one query by id.

export type AccountIdentity = Pick<
  RiskNearestRow,
  | 'accountId'
  | 'login'
  | 'platform'
  | 'planKey'
  | 'stage'
  | 'sizeK'
  | 'ownerId'
  | 'ownerEmail'
  | 'ownerName'
>

/** Who and what each account is (login, platform, plan, phase, owner), by id. */
export async function loadAccountIdentities(
  ctx: AppContext,
  accountIds: string[],
): Promise<Map<string, AccountIdentity>> {
  const found = new Map<string, AccountIdentity>()
  if (accountIds.length === 0) return found
  const rows = await ctx.db
    .select({
      accountId: tradingAccounts.id,
      login: tradingAccounts.login,
      platform: tradingAccounts.platform,
      planKey: tradingAccounts.planKey,
      stage: tradingAccounts.stage,
      sizeK: tradingAccounts.sizeK,
      ownerId: users.id,
      ownerEmail: users.email,
      ownerName: users.name,
    })
    .from(tradingAccounts)
    .innerJoin(users, eq(users.id, tradingAccounts.userId))
    .where(inArray(tradingAccounts.id, accountIds))
  for (const row of rows) {
    found.set(row.accountId, {
      ...row,
      planKey: row.planKey as PlanKey,
      stage: row.stage as Stage,
    })
  }
  return found
}

/** The `limit` open accounts nearest to a breach now, nearest first. */
export async function rankNearestAccounts(
  ctx: AppContext,
  limit: number = riskDeskSize,
): Promise<RiskNearest> {
  const at = ctx.clock.now().toISOString()
  const ranking = ctx.trading.risk.nearestToBreach(limit)
  const identities = await loadAccountIdentities(
    ctx,
    ranking.accounts.map((account) => account.accountId),
  )
  const accounts: RiskNearestRow[] = []
  for (const account of ranking.accounts) {
    const identity = identities.get(account.accountId)
    if (identity) accounts.push({ ...identity, ...account })
  }
  return { at, monitored: ranking.monitored, accounts }
}
