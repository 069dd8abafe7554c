import { riskDeskBreachWindowHours, type LossRule, type RiskBreachRow } from '@tp/api'
import { desc, eq, gte, type SQL } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { breaches } from '../../db/schema'
import { loadAccountIdentities } from './rank-nearest-accounts'

// The live risk view's breaches (decision 0038): the stored evidence of each hard breach (the
// breaching instant, equity and balance, the floor touched, the positions it closed; written by
// the account lifecycle in one statement with the failed status), newest first, with who and
// what the account is.

const HOUR_MS = 3_600_000
/** at most this many rows, newest first */
const MAX_BREACHES = 500

export function breachWindowStart(ctx: AppContext): Date {
  return new Date(ctx.clock.now().getTime() - riskDeskBreachWindowHours * HOUR_MS)
}

/** Breaches at or after `since` (newest first), or the one breach of `accountId`. */
export async function listRecentBreaches(
  ctx: AppContext,
  filter: { since: Date } | { accountId: string },
): Promise<RiskBreachRow[]> {
  const where: SQL =
    'accountId' in filter
      ? eq(breaches.accountId, filter.accountId)
      : gte(breaches.tMs, filter.since.getTime())
  const rows = await ctx.db
    .select({
      accountId: breaches.accountId,
      rule: breaches.rule,
      tMs: breaches.tMs,
      balance: breaches.balance,
      equity: breaches.equity,
      floor: breaches.floor,
      openPositions: breaches.openPositions,
    })
    .from(breaches)
    .where(where)
    .orderBy(desc(breaches.tMs), desc(breaches.accountId))
    .limit(MAX_BREACHES)
  const identities = await loadAccountIdentities(
    ctx,
    rows.map((row) => row.accountId),
  )
  const list: RiskBreachRow[] = []
  for (const row of rows) {
    const identity = identities.get(row.accountId)
    if (!identity) continue
    list.push({
      ...identity,
      rule: row.rule as LossRule,
      t: new Date(row.tMs).toISOString(),
      balanceCents: row.balance,
      equityCents: row.equity,
      floorCents: Math.round(Number(row.floor) * 100),
      openPositions: Array.isArray(row.openPositions) ? row.openPositions.length : 0,
    })
  }
  return list
}
